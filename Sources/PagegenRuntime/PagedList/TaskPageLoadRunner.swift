/// The default ``PageLoadRunner``: each request runs in its own task, off the main
/// actor, and its answer is handed back on the main actor. ``cancel(_:)`` cancels
/// the task, which cancels the HTTP request under it.
@MainActor
public final class TaskPageLoadRunner<Item: Sendable>: PageLoadRunner {
    private var tasks: [Int: Task<Void, Never>] = [:]

    /// Creates a runner.
    public init() {}

    deinit {
        for task in tasks.values { task.cancel() }
    }

    /// Starts a task that runs `request` off the main actor.
    public func start(
        _ request: PageLoadRequest,
        loader: PageLoader<Item>,
        completion: @escaping @MainActor (PageLoadResult<Item>) -> Void
    ) {
        tasks[request.id] = Task { [weak self] in
            let result = await Self.run(request, loader: loader)
            guard !Task.isCancelled else { return }
            self?.tasks[request.id] = nil
            completion(result)
        }
    }

    /// Cancels the task of `request`.
    public func cancel(_ request: PageLoadRequest) {
        tasks.removeValue(forKey: request.id)?.cancel()
    }

    /// The number of tasks running, for tests.
    var runningCount: Int { tasks.count }

    /// Loads off the main actor: decoding a page never blocks the UI.
    @concurrent
    private nonisolated static func run(_ request: PageLoadRequest, loader: PageLoader<Item>) async -> PageLoadResult<Item> {
        switch request.target {
        case .page(let key):
            return .page(await loader.load(key))
        case .window:
            guard let window = loader.window else {
                return .window(.failure(APIError(.invalidRequest("the list has no window endpoint"))))
            }
            return .window(await window())
        }
    }
}
