import PagegenRuntime

/// The real ``PagedList``, driven as the docs say a table view drives it, with its
/// requests run on the simulated server.
@MainActor
final class PagedListAdapter: ScrollAdapter {
    let list: PagedList<SimItem>
    private let settles: Bool
    private let pageSize: Int

    init(server: SimulatedServer, settles: Bool, options: PagedListOptions = PagedListOptions()) {
        self.settles = settles
        self.pageSize = server.catalog.pageSize
        list = PagedList(server.catalog.loader, options: options, runner: VirtualRunner(server: server))
    }

    var count: Int { list.count }
    func hasContent(row: Int) -> Bool { list[row].isItem }
    var heldItems: Int { list.loadedItemCount }

    func holds(_ key: RequestKey) -> Bool {
        guard case .page(let index) = key else { return false }
        return list[index * pageSize].isItem
    }

    func start(atRows rows: Range<Int>) {
        if rows.lowerBound == 0 { list.start() } else { list.start(atRows: rows) }
    }

    func willDisplay(row: Int) {}

    func didScroll(visible: Range<Int>, offset: Double) {
        if visible != list.visibleRows { list.setVisibleRows(visible) }
    }

    func prefetch(rows: [Int]) { list.prefetch(rows: rows) }
    func cancelPrefetch(rows: [Int]) { list.cancelPrefetch(rows: rows) }

    func willEndDragging(targetRows: Range<Int>) {
        if settles { list.willSettle(atRows: targetRows) }
    }

    func willBeginDragging() {
        list.willBeginDragging()
    }
}
