/// What the simulated table view talks to: one list implementation, PagedList or
/// one of the approaches it is compared with. The calls are the ones UIKit makes.
@MainActor
protocol ScrollAdapter: AnyObject {
    /// `tableView(_:numberOfRowsInSection:)`.
    var count: Int { get }
    /// True when `row` shows its item (not a placeholder, spinner or error).
    func hasContent(row: Int) -> Bool
    /// True when the app holds what `key` fetches.
    func holds(_ key: RequestKey) -> Bool
    /// Items held in memory.
    var heldItems: Int { get }
    /// The app opens the list wanting to show `rows` (`row` at the top of a full screen).
    func start(atRows rows: Range<Int>)
    /// `tableView(_:cellForRowAt:)` / `willDisplay`: `row` comes on screen.
    func willDisplay(row: Int)
    /// `scrollViewDidScroll`: `visible` rows are on screen; `offset` is the
    /// content offset in rows.
    func didScroll(visible: Range<Int>, offset: Double)
    /// `tableView(_:prefetchRowsAt:)`.
    func prefetch(rows: [Int])
    /// `tableView(_:cancelPrefetchingForRowsAt:)`.
    func cancelPrefetch(rows: [Int])
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: the scroll
    /// will stop showing `targetRows`.
    func willEndDragging(targetRows: Range<Int>)
    /// `scrollViewWillBeginDragging(_:)`: the user touched the scroll view.
    func willBeginDragging()
}

extension ScrollAdapter {
    /// The approaches PagedList is compared with do nothing when a drag begins.
    func willBeginDragging() {}
}

/// The implementations compared.
enum Implementation: CaseIterable {
    case pagedList
    case pagedListWithoutSettle
    case countPlusOne
    case loadAtBottom
    case perRowPrefetch
    case middlePage

    var name: String {
        switch self {
        case .pagedList: "PagedList"
        case .pagedListWithoutSettle: "PagedList, no willSettle"
        case .countPlusOne: "count+1, load at last row"
        case .loadAtBottom: "load within 200 pt of bottom"
        case .perRowPrefetch: "per-row prefetch"
        case .middlePage: "middle page + page prefetch"
        }
    }

    var isPagedList: Bool { self == .pagedList || self == .pagedListWithoutSettle }

    @MainActor
    func make(server: SimulatedServer) -> any ScrollAdapter {
        switch self {
        case .pagedList: PagedListAdapter(server: server, settles: true)
        case .pagedListWithoutSettle: PagedListAdapter(server: server, settles: false)
        case .countPlusOne: CountPlusOneAdapter(server: server)
        case .loadAtBottom: LoadAtBottomAdapter(server: server)
        case .perRowPrefetch: PerRowPrefetchAdapter(server: server)
        case .middlePage: MiddlePageAdapter(server: server)
        }
    }
}
