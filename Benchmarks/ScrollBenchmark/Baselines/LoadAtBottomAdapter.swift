/// The other common tutorial approach: in `scrollViewDidScroll`, when the bottom of
/// the viewport comes within 200 points of the end of the content, fetch the next
/// page (one at a time). Rows are 44 points high; the viewport is 12 rows. The row
/// count is the items loaded; a spinner sits in the footer, not in a row.
@MainActor
final class LoadAtBottomAdapter: ScrollAdapter {
    static let rowHeight = 44.0
    static let threshold = 200.0

    private let server: SimulatedServer
    private let viewportRows: Int
    private var loaded = 0
    private var hasMore = true
    private var isLoading = false

    init(server: SimulatedServer, viewportRows: Int = 12) {
        self.server = server
        self.viewportRows = viewportRows
    }

    var count: Int { loaded }
    func hasContent(row: Int) -> Bool { row < loaded }
    var heldItems: Int { loaded }

    func holds(_ key: RequestKey) -> Bool {
        guard case .page(let index) = key else { return false }
        return index * server.catalog.pageSize < loaded
    }

    func start(atRows rows: Range<Int>) { loadNextPage() }
    func willDisplay(row: Int) {}

    func didScroll(visible: Range<Int>, offset: Double) {
        let viewportBottom = (offset + Double(viewportRows)) * Self.rowHeight
        let contentHeight = Double(loaded) * Self.rowHeight
        if viewportBottom >= contentHeight - Self.threshold { loadNextPage() }
    }

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
