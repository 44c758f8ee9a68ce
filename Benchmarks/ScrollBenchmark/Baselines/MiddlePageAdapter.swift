/// The "start anywhere" article approach: load the page holding the start row
/// first (its response gives the total, so the row count is the total), then load
/// pages as rows need them: the pages of prefetched rows in `prefetchRowsAt`, and
/// the page of any row displayed without its page (in `cellForRowAt`). A page is
/// never requested twice; requests are not cancelled; every page is kept.
@MainActor
final class MiddlePageAdapter: ScrollAdapter {
    private let server: SimulatedServer
    private var total: Int?
    private var loaded: Set<Int> = []
    private var loading: Set<Int> = []

    init(server: SimulatedServer) {
        self.server = server
    }

    private var pageSize: Int { server.catalog.pageSize }
    var count: Int { total ?? 0 }
    func hasContent(row: Int) -> Bool { loaded.contains(row / pageSize) }
    var heldItems: Int { loaded.count * pageSize }

    func holds(_ key: RequestKey) -> Bool {
        guard case .page(let index) = key else { return false }
        return loaded.contains(index)
    }

    func start(atRows rows: Range<Int>) { load(rows.lowerBound / pageSize) }
    func willDisplay(row: Int) { load(row / pageSize) }
    func didScroll(visible: Range<Int>, offset: Double) {}

    func prefetch(rows: [Int]) {
        for page in Set(rows.map { $0 / pageSize }).sorted() { load(page) }
    }

    func cancelPrefetch(rows: [Int]) {}
    func willEndDragging(targetRows: Range<Int>) {}

    private func load(_ page: Int) {
        guard !loaded.contains(page), !loading.contains(page) else { return }
        loading.insert(page)
        server.send(.page(page)) { [self] in
            loading.remove(page)
            loaded.insert(page)
            total = server.catalog.page(page).total
        }
    }
}
