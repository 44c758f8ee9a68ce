/// UITableViewDataSourcePrefetching as the prefetching articles (and Apple's
/// sample) write it: a first request learns the count; then every row has its own
/// request: started in `prefetchRowsAt` (or in `cellForRowAt` if the row was not
/// prefetched), cancelled in `cancelPrefetchingForRowsAt`, never two at once for
/// the same row. Every fetched row is cached.
@MainActor
final class PerRowPrefetchAdapter: ScrollAdapter {
    private let server: SimulatedServer
    private var total: Int?
    private var cache: Set<Int> = []
    private var fetches: [Int: Int] = [:]
    private var firstPageRequested = false

    init(server: SimulatedServer) {
        self.server = server
    }

    var count: Int { total ?? 0 }
    func hasContent(row: Int) -> Bool { cache.contains(row) }
    var heldItems: Int { cache.count }

    func holds(_ key: RequestKey) -> Bool {
        switch key {
        case .row(let row): cache.contains(row)
        case .page: firstPageRequested && total != nil
        }
    }

    func start(atRows rows: Range<Int>) {
        guard !firstPageRequested else { return }
        firstPageRequested = true
        server.send(.page(0)) { [self] in
            let page = server.catalog.page(0)
            total = page.total
            for offset in page.items.indices { cache.insert(offset) }
        }
    }

    func willDisplay(row: Int) { fetch(row) }
    func didScroll(visible: Range<Int>, offset: Double) {}

    func prefetch(rows: [Int]) {
        for row in rows { fetch(row) }
    }

    func cancelPrefetch(rows: [Int]) {
        for row in rows {
            if let id = fetches.removeValue(forKey: row) { server.cancel(id) }
        }
    }

    func willEndDragging(targetRows: Range<Int>) {}

    private func fetch(_ row: Int) {
        guard total != nil, !cache.contains(row), fetches[row] == nil else { return }
        fetches[row] = server.send(.row(row)) { [self] in
            fetches[row] = nil
            cache.insert(row)
        }
    }
}
