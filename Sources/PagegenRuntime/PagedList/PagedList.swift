/// A paged list as a table view, collection view or SwiftUI `List` sees it: a row
/// count, what each row shows, and a few calls that say where the user looks.
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
    /// Called after every change, on the main actor, before the change streams get it.
    public var onChange: ((PagedListChange) -> Void)?
    /// Called with the new load states whenever a request starts, ends, fails or is
    /// cancelled, on the main actor (for UIKit spinners; SwiftUI observes
    /// ``loadStates`` instead).
    public var onLoadStatesChange: ((LoadStates) -> Void)?

    private let runner: any PageLoadRunner<Item>
    private var table: PageTable<Item>
    private var subscribers: [Int: AsyncStream<PagedListChange>.Continuation] = [:]
    private var nextSubscriber = 0
    private var appearedRows: Set<Int> = []
    private var isDispatching = false
    private var deferred: [(id: Int, result: PageLoadResult<Item>)] = []
    /// The Observation registrar, where the platform has one.
    let registrar: Any? = makeObservationRegistrar()
    /// Bumped whenever a row's content changes, for observers of rows.
    private(set) var contentVersion = 0
    private let keyPaths = ObservedKeyPaths<Item>()

    /// A list over `loader` that runs each request in its own task.
    public convenience init(_ loader: PageLoader<Item>, options: PagedListOptions = PagedListOptions()) {
        self.init(loader, options: options, runner: TaskPageLoadRunner<Item>())
    }

    /// A list over `loader` whose requests `runner` runs: a simulation's virtual
    /// clock, a test's manual control.
    public init(_ loader: PageLoader<Item>, options: PagedListOptions = PagedListOptions(), runner: any PageLoadRunner<Item>) {
        self.loader = loader
        self.options = options
        self.runner = runner
        self.table = PageTable(loader: loader, options: options)
    }

    deinit {
        for subscriber in subscribers.values { subscriber.finish() }
    }

    // MARK: What the UI reads

    /// The number of rows: the total when known, else the rows loaded plus one
    /// loading row (none once the end is loaded). Zero until the first response.
    public var count: Int {
        observeAccess(keyPaths.count)
        return table.count
    }

    /// What `row` shows. Rows outside `0..<count` read as ``ListRow/placeholder``.
    public subscript(row: Int) -> ListRow<Item> {
        self.row(at: row)
    }

    /// What `row` shows. Rows outside `0..<count` read as ``ListRow/placeholder``.
    public func row(at row: Int) -> ListRow<Item> {
        observeAccess(keyPaths.content)
        return table.row(at: row)
    }

    /// The stable, unique identifier of `row`, for a diffable data source.
    public func rowID(at row: Int) -> ListRowID {
        observeAccess(keyPaths.content)
        return table.rowID(at: row)
    }

    /// Every row as it is now, as a collection of identifiable elements (for
    /// SwiftUI's `List` and `ForEach`). A value: it does not change afterwards.
    public var rows: PagedListRows<Item> {
        observeAccess(keyPaths.count)
        observeAccess(keyPaths.content)
        return PagedListRows(table: table)
    }

    /// What is loading, failed or done, in each direction.
    public var loadStates: LoadStates {
        observeAccess(keyPaths.loadStates)
        return table.loadStates
    }

    /// The row the list started at: the one ``start(atRow:)`` named, or the one the
    /// window endpoint named. Scroll it into view once ``count`` covers it.
    public var focusRow: Int? {
        observeAccess(keyPaths.focusRow)
        return table.focusRow
    }

    /// The rows last reported on screen; empty before the first report.
    public var visibleRows: Range<Int> {
        table.visible ?? 0..<0
    }

    /// The number of items held in memory.
    public var loadedItemCount: Int {
        table.heldItems
    }

    /// A stream of every change from now on. Each call makes a new stream; it ends
    /// when the list is gone or the stream's task is cancelled.
    public func changes() -> AsyncStream<PagedListChange> {
        let (stream, continuation) = AsyncStream<PagedListChange>.makeStream()
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.subscribers[id] = nil }
        }
        return stream
    }

    // MARK: What the UI calls

    /// Starts at the top. Harmless once started.
    public func start() {
        perform { $0.start() }
    }

    /// Starts at `row`: the page holding it loads first, alone, then the pages
    /// around it. Cursor and link loaders, which cannot jump, walk there from the
    /// top. Once started, moves the focus to `row` (as a jump would).
    public func start(atRow row: Int) {
        perform { $0.start(atRow: row) }
    }

    /// Starts with `rows` on screen (the first of them at the top, ``focusRow``):
    /// every page they need loads first, all at once, so that the whole screen fills
    /// after one round trip, then the pages around them. Cursor and link loaders walk
    /// there from the top. Once started, moves the focus there (as a jump would).
    public func start(atRows rows: Range<Int>) {
        perform { $0.start(atRows: rows) }
    }

    /// Asks the loader's window endpoint where to start (the page, the total and
    /// the row to focus, see ``focusRow``), then starts there. Without a window
    /// endpoint, starts at the top. Harmless once started.
    public func startFromWindow() {
        perform { $0.startFromWindow() }
    }

    /// Reports the rows on screen (from `scrollViewDidScroll`, or
    /// `indexPathsForVisibleRows`). Loads what they and the prefetch distance need,
    /// cancels requests for pages that moved out of reach. Empty ranges are ignored.
    ///
    /// The same rows reported again mean the scroll rests there: a fling target
    /// (``willSettle(atRows:)``) it stopped short of is dropped, and the rows on
    /// screen load.
    public func setVisibleRows(_ rows: Range<Int>) {
        perform { $0.setVisible(rows) }
    }

    /// For SwiftUI: `row` appeared (`onAppear`). Updates ``visibleRows``.
    public func didAppear(row: Int) {
        appearedRows.insert(row)
        reportAppearedRows()
    }

    /// For SwiftUI: `row` disappeared (`onDisappear`). Updates ``visibleRows``.
    public func didDisappear(row: Int) {
        appearedRows.remove(row)
        reportAppearedRows()
    }

    /// `tableView(_:prefetchRowsAt:)`: the UI will show these rows soon; their
    /// pages load (if not loaded or loading). A demand lasts until its page loads,
    /// it is cancelled, or the visible rows move away from it.
    public func prefetch(rows: some Sequence<Int>) {
        perform { $0.prefetch(rows) }
    }

    /// `tableView(_:cancelPrefetchingForRowsAt:)`: the UI no longer expects these
    /// rows. A request only they wanted is cancelled; one the visible rows still
    /// need keeps going.
    public func cancelPrefetch(rows: some Sequence<Int>) {
        perform { $0.cancelPrefetch(rows) }
    }

    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: the
    /// scroll will come to rest showing `rows`. Their pages load first; requests
    /// for pages the fling passes by are cancelled and not sent, until the visible
    /// rows reach `rows`, the scroll rests short of them (the same visible rows
    /// reported again), a drag begins (``willBeginDragging()``), or the next call.
    public func willSettle(atRows rows: Range<Int>) {
        perform { $0.willSettle(rows) }
    }

    /// `scrollViewWillBeginDragging(_:)`: the user touched the scroll view. A fling
    /// announced with ``willSettle(atRows:)`` stops where it is when caught, so its
    /// target is dropped and the rows on screen load at once, while the finger is
    /// still down.
    public func willBeginDragging() {
        perform { $0.beginDragging() }
    }

    /// Sends the failed requests again: exactly the pages that failed (the ones
    /// still near the visible rows now; the others become placeholders and load
    /// when reached), or the window request. Requests in flight are left alone.
    public func retry() {
        perform { $0.retry() }
    }

    /// Reloads the list: the pages on screen first, then those around them.
    /// Loaded rows stay on screen until their replacement arrives, and items keep
    /// their identifiers across it (rows are matched by item identity). Pages far
    /// from the visible rows go back to placeholders. Before ``start()``, starts;
    /// while a refresh is under way, does nothing more.
    public func refresh() {
        perform { $0.refresh() }
    }

    // MARK: Running the table

    /// Applies one input to the table, runs the commands it gives, and tells
    /// observers what changed.
    private func perform(_ input: (inout PageTable<Item>) -> Void) {
        let countBefore = table.count
        let activityBefore = table.activity
        let focusBefore = table.focusRow
        table.changes.begin(count: countBefore)
        input(&table)
        let countAfter = table.count
        let change = table.changes.end(count: countAfter)
        let commands = table.commands
        table.commands.removeAll(keepingCapacity: true)

        isDispatching = true
        for command in commands {
            switch command {
            case .start(let request):
                runner.start(request, loader: loader) { [weak self] result in
                    self?.receive(request.id, result)
                }
            case .cancel(let request):
                runner.cancel(request)
            }
        }
        isDispatching = false

        if countBefore != countAfter { observeMutation(keyPaths.count) }
        if change != nil {
            contentVersion &+= 1
            observeMutation(keyPaths.content)
        }
        let loadStatesChanged = table.activity != activityBefore || countBefore != countAfter
        if loadStatesChanged { observeMutation(keyPaths.loadStates) }
        if table.focusRow != focusBefore { observeMutation(keyPaths.focusRow) }
        if let change {
            onChange?(change)
            for subscriber in subscribers.values { subscriber.yield(change) }
        }
        if loadStatesChanged, let onLoadStatesChange { onLoadStatesChange(table.loadStates) }
        if !deferred.isEmpty {
            let next = deferred.removeFirst()
            receive(next.id, next.result)
        }
    }

    /// An answer from the runner.
    private func receive(_ id: Int, _ result: PageLoadResult<Item>) {
        if isDispatching {
            deferred.append((id, result))
            return
        }
        perform { $0.receive(id, result) }
    }

    private func reportAppearedRows() {
        guard let lower = appearedRows.min(), let upper = appearedRows.max() else { return }
        setVisibleRows(lower..<upper + 1)
    }

    /// Answers ignored because their request was cancelled or superseded, for tests.
    var ignoredResponses: Int { table.ignoredResponses }

    /// The number of requests in flight, for tests.
    var requestsInFlight: Int { table.flights.count }
}
