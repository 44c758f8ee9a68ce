import PagegenRuntime

/// Runs a ``PagedList``'s requests on the simulated server and its virtual clock,
/// instead of in tasks: the list under test is the real one, only time is simulated.
@MainActor
final class VirtualRunner: PageLoadRunner {
    typealias Item = SimItem

    private let server: SimulatedServer
    private var serverIDs: [Int: Int] = [:]

    init(server: SimulatedServer) {
        self.server = server
    }

    func start(
        _ request: PageLoadRequest,
        loader: PageLoader<SimItem>,
        completion: @escaping @MainActor (PageLoadResult<SimItem>) -> Void
    ) {
        guard case .page = request.target, let index = request.pageIndex else {
            completion(.window(.failure(APIError(.invalidRequest("no window in this simulation")))))
            return
        }
        let catalog = server.catalog
        serverIDs[request.id] = server.send(.page(index)) { [weak self] in
            self?.serverIDs[request.id] = nil
            completion(.page(.success(catalog.page(index))))
        }
    }

    func cancel(_ request: PageLoadRequest) {
        if let id = serverIDs.removeValue(forKey: request.id) { server.cancel(id) }
    }
}
