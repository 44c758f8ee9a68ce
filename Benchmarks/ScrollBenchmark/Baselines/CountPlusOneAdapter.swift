/// The most common tutorial approach: `numberOfRows` is the items loaded plus one
/// "loading" row; when that row is displayed, the next page is fetched (one at a
/// time, guarded by an `isLoading` flag). No prefetching, no placeholders, every
/// page kept.
@MainActor
final class CountPlusOneAdapter: ScrollAdapter {
    private let server: SimulatedServer
    private var loaded = 0
    private var hasMore = true
    private var isLoading = false

    init(server: SimulatedServer) {
        self.server = server
    }

    var count: Int { loaded + (hasMore && (loaded > 0 || isLoading) ? 1 : 0) }
    func hasContent(row: Int) -> Bool { row < loaded }
    var heldItems: Int { loaded }

    func holds(_ key: RequestKey) -> Bool {
        guard case .page(let index) = key else { return false }
        return index * server.catalog.pageSize < loaded
    }

    func start(atRows rows: Range<Int>) { loadNextPage() }

    func willDisplay(row: Int) {
        if row == loaded { loadNextPage() }
    }

    func didScroll(visible: Range<Int>, offset: Double) {}
    func prefetch(rows: [Int]) {}
    func cancelPrefetch(rows: [Int]) {}
    func willEndDragging(targetRows: Range<Int>) {}

    private func loadNextPage() {
        guard hasMore, !isLoading else { return }
        isLoading = true
        let index = loaded / server.catalog.pageSize
        server.send(.page(index)) { [self] in
            let page = server.catalog.page(index)
            loaded += page.items.count
            hasMore = !page.isLast
            isLoading = false
        }
    }
}
