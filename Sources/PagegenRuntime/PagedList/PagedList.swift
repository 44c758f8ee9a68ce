import Foundation

/// A paged list as a table view, collection view or SwiftUI `List` sees it: a row
/// count, what each row shows, a few calls that say where the user looks, and the
/// app's own changes to the items.
///
/// ```swift
/// let list = PagedList(client.productsLoader(categoryID: "42"))
/// list.start(atRow: 5_000)                   // or start(), or startFromWindow()
/// list.onChange = { change in tableView.apply(change) }
///
/// // UITableViewDataSource
/// list.count                                 // rows
/// list[indexPath.row]                        // .item / .placeholder / .loading / .failed
/// // UITableViewDataSourcePrefetching
/// list.prefetch(rows: indexPaths.map(\.row))
/// list.cancelPrefetch(rows: indexPaths.map(\.row))
/// // UIScrollViewDelegate
/// list.setVisibleRows(visible)               // scrollViewDidScroll
/// list.willBeginDragging()                   // scrollViewWillBeginDragging
/// list.willSettle(atRows: target)            // scrollViewWillEndDragging
/// // The app's changes
/// list.update(product)                       // or insert(_:at:), remove(id:), move(id:to:)
/// try await list.apply(.modify(id: 7) { $0.isFavorite = true }) { try await client.favorite(7).get() }
/// ```
///
/// When the API gives a total, ``count`` is that total from the first response on
/// and rows not loaded yet are ``ListRow/placeholder``s; otherwise it is the rows
/// loaded plus one ``ListRow/loading`` row. Pages within
/// ``PagedListOptions/prefetchDistance`` of the visible rows load ahead, nearest
/// first, a few at a time; requests for pages the user scrolled away from are
/// cancelled, and an answer that comes after all the same is never applied. Pages
/// far from the visible rows go back to placeholders to stay under
/// ``PagedListOptions/maxLoadedItems``.
///
/// Rows change under the user: the app inserts, removes, moves and edits items, and
/// the server's list moves between page loads. Pages are placed by item identity, so
/// an item shows on one row only, and every change is reported as an exact
/// ``ListChange`` (rows deleted, inserted, moved, reloaded) with the row the user
/// reads, its ``ListChange/anchor``, so that the visible content can stay still.
///
/// Every entry point may be called at any time, as often as the UI likes: a page
/// is never requested twice at once, and a call made while loading is never lost.
///
/// The list lives on the main actor. Loads run off it (in a ``PageLoadRunner``,
/// by default one task per request) and their results are applied on it. The list
/// is `Observable` where Observation is available, so SwiftUI views that read it
/// update by themselves.
@MainActor
public final class PagedList<Item: Sendable> {
    /// What loads the pages.
    public let loader: PageLoader<Item>
    /// How the list loads.
    public let options: PagedListOptions
    /// Called with every change, on the main actor, before the change streams get it.
    public var onChange: ((ListChange) -> Void)?
    /// Called with the new load states whenever a request starts, ends, fails or is
    /// cancelled, on the main actor (for UIKit spinners; SwiftUI observes
    /// ``loadStates`` instead).
    public var onLoadStatesChange: ((LoadStates) -> Void)?

    let runner: any PageLoadRunner<Item>
    let clock: ListClock
    /// The rows: where each item is, by identity.
    var model: RowModel<Item>
    /// Which pages to ask for, and when.
    var plan: LoadPlan
    /// What the screen must do: each input's change, and the anchor.
    var recorder = ChangeRecorder()
    var subscribers: [Int: AsyncStream<ListChange>.Continuation] = [:]
    private var nextSubscriber = 0
    var appearedRows: Set<Int> = []
    var isDispatching = false
    var deferred: [(id: Int, result: PageLoadResult<Item>)] = []
    /// The Observation registrar, where the platform has one.
    let registrar: Any? = makeObservationRegistrar()
    /// Bumped whenever a row's content changes, for observers of rows.
    var contentVersion = 0
    let keyPaths = ObservedKeyPaths<Item>()
    /// True while the plan's page requests are answered from the loader's store.
    var answeringFromStore = false
    /// While answering from the store: pages the server just sent, which answer in the
    /// store's place (a store that cannot be written did not keep them).
    var revalidatedPages: [PageKey: Page<Item>] = [:]
    /// The stored pages on screen since launch, and when each was stored.
    var storedPagesShown: [PageKey: Date] = [:]
    /// Stored pages being read back by the client that decodes them (a
    /// swift-openapi-generator client's, replayed); the revalidation waits for them, so
    /// that no request goes out before the stored rows show.
    var storedPagesReading = 0
    var storedState: StoredContent?
    var revalidation: Task<Void, Never>?
    /// The number of newer items fetched and waiting off the rows (see
    /// ``loadNewerItems()``): show them with ``showNewerItems()`` (a "3 new messages"
    /// button), or they show when the user comes to the newest end. Observable.
    public private(set) var newerItemCount: Int {
        get {
            observeAccess(keyPaths.newerItemCount)
            return heldNewerItems
        }
        set { heldNewerItems = newValue }
    }
    /// ``newerItemCount``'s value, read without observing it.
    var heldNewerItems = 0
    /// The anchor row last kept in the store, and the write that keeps the latest.
    var keptAnchorRow: Int?
    var anchorWrite: Task<Void, Never>?

    /// A list over `loader` that runs each request in its own task.
    public convenience init(_ loader: PageLoader<Item>, options: PagedListOptions = PagedListOptions()) {
        self.init(loader, options: options, runner: TaskPageLoadRunner<Item>())
    }

    /// A list over `loader` whose requests `runner` runs (a simulation's virtual
    /// clock, a test's manual control), and whose edits ahead of the server lapse on
    /// `clock` (``PagedListOptions/editTimeout``).
    public init(
        _ loader: PageLoader<Item>, options: PagedListOptions = PagedListOptions(), runner: any PageLoadRunner<Item>,
        clock: some Clock<Duration> = ContinuousClock()
    ) {
        self.loader = loader
        self.options = options
        self.runner = runner
        self.clock = ListClock(clock)
        self.model = RowModel(loader: loader)
        self.plan = LoadPlan(hasWindow: loader.window != nil, options: options, focusItem: loader.focusIdentity)
    }

    deinit {
        for subscriber in subscribers.values { subscriber.finish() }
    }

    // MARK: What the UI reads

    /// The number of rows: the total when known, else the rows loaded plus one
    /// loading row (none once the end is loaded). Zero until the first response.
    public var count: Int {
        observeAccess(keyPaths.count)
        return plan.count(model)
    }

    /// What `row` shows. Rows outside `0..<count` read as ``ListRow/placeholder``.
    public subscript(row: Int) -> ListRow<Item> {
        self.row(at: row)
    }

    /// What `row` shows. Rows outside `0..<count` read as ``ListRow/placeholder``.
    public func row(at row: Int) -> ListRow<Item> {
        observeAccess(keyPaths.content)
        return plan.phase == .idle ? .placeholder : model.row(at: mirror.row(row))
    }

    /// The stable, unique identifier of `row`, for a diffable data source.
    public func rowID(at row: Int) -> ListRowID {
        observeAccess(keyPaths.content)
        return model.rowID(at: mirror.row(row))
    }

    /// Every row as it is now, as a collection of identifiable elements (for
    /// SwiftUI's `List` and `ForEach`). A value: it does not change afterwards.
    public var rows: PagedListRows<Item> {
        observeAccess(keyPaths.count)
        observeAccess(keyPaths.content)
        return PagedListRows(model: model, rowCount: plan.count(model), isMirrored: mirror.isMirrored)
    }

    /// What is loading, failed or done, in each direction.
    public var loadStates: LoadStates {
        observeAccess(keyPaths.loadStates)
        return mirror.loadStates(plan.loadStates(model))
    }

    /// While the rows on screen are the ones the loader's store kept (the list
    /// started from them, see ``start()``), how old they are and whether the server
    /// could be asked about them; nil once the server confirmed or replaced them, and
    /// for a list without a store. Offline, it holds the error, and the rows stay.
    public var storedContent: StoredContent? {
        observeAccess(keyPaths.storedContent)
        return storedState
    }

    /// The row the list started at: the one ``start(atRow:)`` named, the one the
    /// window endpoint named, the stored anchor row ``start()`` opened a store's rows
    /// at, or the row of the item the first page was fetched around
    /// (``PageLoader/focusItem``; nil when that page does not hold it). Nil for a list
    /// that ``start()`` opened at its first page: nothing was named, and the app shows
    /// the list's start (the bottom, with ``PagedListOptions/RowOrder/firstPageAtBottom``).
    /// Scroll it into view once ``count`` covers it.
    public var focusRow: Int? {
        observeAccess(keyPaths.focusRow)
        return plan.focusRow.map(mirror.row)
    }

    /// The rows last reported on screen (following their content when rows come or
    /// go above them); empty before the first report.
    public var visibleRows: Range<Int> {
        plan.visible.map(mirror.rows) ?? 0..<0
    }

    /// The row the user reads: the first row fully on screen, as
    /// ``setVisibleRows(_:firstFullyVisible:)`` last said, following its item since
    /// (or, when that item went, its nearest surviving neighbour). Nil before the
    /// first report.
    public var anchorRow: Int? {
        recorder.anchorRow.map(mirror.row)
    }

    /// The row of the item with identity `id`, when it is loaded.
    public func row(ofItem id: some Hashable) -> Int? {
        model.row(of: ItemIdentity.of(id)).map(mirror.row)
    }

    /// At the end of a transaction: ``newerItemCount`` follows the newer items held.
    func updateNewerItemCount() {
        let count = model.holdsNewerItems ? model.heldNewerCount : 0
        guard count != heldNewerItems else { return }
        newerItemCount = count
        observeMutation(keyPaths.newerItemCount)
    }

    /// The number of items held in memory.
    public var loadedItemCount: Int {
        model.heldItems
    }

    /// A stream of every change from now on. Each call makes a new stream; it ends
    /// when the list is gone or the stream's task is cancelled.
    public func changes() -> AsyncStream<ListChange> {
        let (stream, continuation) = AsyncStream<ListChange>.makeStream()
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[id] = nil }
        }
        return stream
    }

    // MARK: For tests

    /// Answers ignored because their request was cancelled or superseded.
    var ignoredResponses: Int { plan.ignoredResponses }

    /// The number of requests in flight.
    var requestsInFlight: Int { plan.requests.flights.count }
}
