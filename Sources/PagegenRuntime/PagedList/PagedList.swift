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

    private let runner: any PageLoadRunner<Item>
    private let clock: ListClock
    private var table: PageTable<Item>
    private var subscribers: [Int: AsyncStream<ListChange>.Continuation] = [:]
    private var nextSubscriber = 0
    private var appearedRows: Set<Int> = []
    private var isDispatching = false
    private var deferred: [(id: Int, result: PageLoadResult<Item>)] = []
    /// The Observation registrar, where the platform has one.
    let registrar: Any? = makeObservationRegistrar()
    /// Bumped whenever a row's content changes, for observers of rows.
    private(set) var contentVersion = 0
    private let keyPaths = ObservedKeyPaths<Item>()
    /// True while the table's page requests are answered from the loader's store.
    private var answeringFromStore = false
    /// While answering from the store: pages the server just sent, which answer in the
    /// store's place (a store that cannot be written did not keep them).
    private var revalidatedPages: [PageKey: Page<Item>] = [:]
    /// The stored pages on screen since launch, and when each was stored.
    private var storedPagesShown: [PageKey: Date] = [:]
    private var storedState: StoredContent?
    private var revalidation: Task<Void, Never>?
    /// The anchor row last kept in the store, and the write that keeps the latest.
    private var keptAnchorRow: Int?
    private var anchorWrite: Task<Void, Never>?

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

    /// While the rows on screen are the ones the loader's store kept (the list
    /// started from them, see ``start()``), how old they are and whether the server
    /// could be asked about them; nil once the server confirmed or replaced them, and
    /// for a list without a store. Offline, it holds the error, and the rows stay.
    public var storedContent: StoredContent? {
        observeAccess(keyPaths.storedContent)
        return storedState
    }

    /// The row the list started at: the one ``start(atRow:)`` named, or the one the
    /// window endpoint named. Scroll it into view once ``count`` covers it.
    public var focusRow: Int? {
        observeAccess(keyPaths.focusRow)
        return table.focusRow
    }

    /// The rows last reported on screen (following their content when rows come or
    /// go above them); empty before the first report.
    public var visibleRows: Range<Int> {
        table.visible ?? 0..<0
    }

    /// The row the user reads: the first row fully on screen, as
    /// ``setVisibleRows(_:firstFullyVisible:)`` last said, following its item since
    /// (or, when that item went, its nearest surviving neighbour). Nil before the
    /// first report.
    public var anchorRow: Int? {
        table.anchorRow
    }

    /// The row of the item with identity `id`, when it is loaded.
    public func row(ofItem id: some Hashable) -> Int? {
        table.rows.row(of: ItemIdentity.of(id))
    }

    /// The number of items held in memory.
    public var loadedItemCount: Int {
        table.rows.heldItems
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

    // MARK: What the UI calls

    /// Starts at the top, or, with a store (``PageLoader/stored``), where the user
    /// left the list: the stored rows show at once, at the stored anchor row, before
    /// any request, and are then revalidated in the background (conditional requests:
    /// unchanged pages cost no decoding, changed ones replace their rows by identity,
    /// the row the user reads staying still). Harmless once started.
    public func start() {
        guard let stored = loader.stored, table.phase == .idle else {
            return perform { $0.start() }
        }
        var anchor = 0
        do throws(PageStoreError) {
            anchor = try stored.store.state(of: stored.id)?.anchorRow ?? 0
        } catch {
            stored.configuration.onError?(error)
        }
        keptAnchorRow = anchor
        answeringFromStore = true
        perform { $0.start(atRow: anchor) }
        answeringFromStore = false
        if !storedPagesShown.isEmpty { revalidateStoredRows() }
    }

    /// Tells the list that the network is back (from an `NWPathMonitor` path update,
    /// say): stored rows the server could not be asked about are revalidated, and
    /// failed pages are requested again (``retry()``).
    public func networkDidBecomeAvailable() {
        if storedState?.failure != nil { revalidateStoredRows() }
        retry()
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
    /// `indexPathsForVisibleRows`) and the first of them fully on screen (by default
    /// the first row): the *anchor*, the row whose content the list keeps still when
    /// rows come or go above it (see ``ListChange/anchor``). Loads what the rows and
    /// the prefetch distance need, cancels requests for pages that moved out of reach.
    /// Empty ranges are ignored.
    ///
    /// The same rows reported again mean the scroll rests there: a fling target
    /// (``willSettle(atRows:)``) it stopped short of is dropped, and the rows on
    /// screen load.
    public func setVisibleRows(_ rows: Range<Int>, firstFullyVisible: Int? = nil) {
        perform { $0.setVisible(rows, anchor: firstFullyVisible) }
        keepAnchorRow()
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
    /// Loaded rows stay on screen until their replacement arrives; items keep their
    /// rows and identifiers (pages are matched by item identity), and what the server
    /// inserted or removed above the anchor row comes as rows inserted or deleted
    /// above it, with ``ListChange/anchor`` saying where the anchor went. Pages far
    /// from the visible rows go back to placeholders. A cursor list also checks its
    /// head for new items (the first page's previous key, or the first page again).
    /// Before ``start()``, starts; while a refresh is under way, does nothing more.
    public func refresh() {
        perform { $0.refresh() }
    }

    // MARK: The app's changes

    /// Replaces the loaded item that has `item`'s identity with `item`, on its row.
    /// Returns false when no loaded row holds it (a page that loads later brings the
    /// server's copy).
    @discardableResult
    public func update(_ item: Item) -> Bool {
        perform { $0.update(item) }
    }

    /// Removes the item with identity `id` from its row; the rows after it move up
    /// and the total goes down by one. Returns the item, or nil when it is not loaded.
    @discardableResult
    public func remove(id: some Hashable) -> Item? {
        perform { $0.remove(ItemIdentity.of(id)) }
    }

    /// Inserts `item` so that it ends on `row` (0 through the rows); the rows from
    /// there move down and the total goes up by one.
    ///
    /// A local change says what the server now holds: a page that loads later and
    /// does not have the item takes it away again. To show an item before the server
    /// has it, use ``apply(_:confirmedWhen:commit:)``.
    /// - Throws: ``ListEditError`` when the row is outside the list, the item is in
    ///   the list already, or the list's items have no identity.
    public func insert(_ item: Item, at row: Int) throws(ListEditError) {
        try perform { (table) throws(ListEditError) in try table.insert(item, at: .row(row)) }
    }

    /// Inserts `item` on the row before the item with identity `id`.
    /// - Throws: ``ListEditError/notLoaded(_:)`` when that item is not loaded, and
    ///   the errors of ``insert(_:at:)``.
    public func insert(_ item: Item, before id: some Hashable) throws(ListEditError) {
        try perform { (table) throws(ListEditError) in try table.insert(item, at: .before(ItemIdentity.of(id))) }
    }

    /// Inserts `item` on the row after the item with identity `id`.
    /// - Throws: ``ListEditError/notLoaded(_:)`` when that item is not loaded, and
    ///   the errors of ``insert(_:at:)``.
    public func insert(_ item: Item, after id: some Hashable) throws(ListEditError) {
        try perform { (table) throws(ListEditError) in try table.insert(item, at: .after(ItemIdentity.of(id))) }
    }

    /// Moves the item with identity `id` so that it ends on `row`; reported as a move.
    /// - Throws: ``ListEditError`` when the item is not loaded or the row is outside
    ///   the list.
    public func move(id: some Hashable, to row: Int) throws(ListEditError) {
        try perform { (table) throws(ListEditError) in try table.move(ItemIdentity.of(id), to: .row(row)) }
    }

    /// Moves the item with identity `id` to the row before the item with identity `other`.
    /// - Throws: ``ListEditError`` when either item is not loaded.
    public func move(id: some Hashable, before other: some Hashable) throws(ListEditError) {
        try perform { (table) throws(ListEditError) in try table.move(ItemIdentity.of(id), to: .before(ItemIdentity.of(other))) }
    }

    /// Moves the item with identity `id` to the row after the item with identity `other`.
    /// - Throws: ``ListEditError`` when either item is not loaded.
    public func move(id: some Hashable, after other: some Hashable) throws(ListEditError) {
        try perform { (table) throws(ListEditError) in try table.move(ItemIdentity.of(id), to: .after(ItemIdentity.of(other))) }
    }

    /// Applies `edit` at once and runs `commit`, the call that makes it on the server.
    ///
    /// The edit shows on its row (and is reported) before `commit` starts. If `commit`
    /// throws, the edit is undone (reported too) and the error rethrown. If it
    /// returns, the edit stays over every page that loads, refreshes included, until
    /// `confirmedWhen` says a page's copy of the item shows it, or until
    /// ``PagedListOptions/editTimeout`` passes on the list's clock; then the server's
    /// copy shows. So a page loaded before the server caught up never flashes the old
    /// value. Without `confirmedWhen`, an insertion is confirmed by a page that holds
    /// the item, a removal by a page that holds a neighbour of it without it, and a
    /// change lasts until the time-out.
    /// - Throws: ``ListEditError`` when the edit cannot be made (then `commit` is not
    ///   called), or what `commit` throws.
    public func apply(
        _ edit: ListEdit<Item>, confirmedWhen: (@Sendable (Item) -> Bool)? = nil,
        commit: @Sendable () async throws -> Void
    ) async throws {
        let serial = try perform { (table) throws(ListEditError) in try table.begin(edit, isConfirmed: confirmedWhen) }
        do {
            try await commit()
        } catch {
            perform { $0.rollBack(serial) }
            throw error
        }
        let clock = self.clock
        let timeout = options.editTimeout
        perform { $0.commit(serial, deadline: clock.now() + timeout) }
        Task { [weak self] in
            try? await clock.sleep(timeout)
            self?.perform { $0.expireEdits(at: clock.now()) }
        }
    }

    // MARK: Running the table

    /// Applies one input to the table, runs the commands it gives, and tells
    /// observers what changed.
    @discardableResult
    private func perform<Result, Failure: Error>(_ input: (inout PageTable<Item>) throws(Failure) -> Result) throws(Failure) -> Result {
        let countBefore = table.count
        let activityBefore = table.activity
        let focusBefore = table.focusRow
        table.begin()
        let result: Result
        do {
            result = try input(&table)
        } catch {
            _ = table.end()
            throw error
        }
        let change = table.end()
        let countAfter = table.count
        let commands = table.commands
        table.commands.removeAll(keepingCapacity: true)

        isDispatching = true
        for command in commands {
            switch command {
            case .start(let request):
                if answeringFromStore, case .page(let key) = request.target {
                    if let page = revalidatedPages[key] {
                        deferred.append((request.id, .page(.success(page))))
                        continue
                    }
                    if let found = loader.stored?.page(at: key) {
                        storedPagesShown[key] = found.storedAt
                        deferred.append((request.id, .page(.success(found.page))))
                        continue
                    }
                }
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
        return result
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

    // MARK: The store

    /// Asks the server about the stored pages on screen, in the background.
    private func revalidateStoredRows() {
        guard let stored = loader.stored, !storedPagesShown.isEmpty else { return }
        revalidation?.cancel()
        setStoredState(StoredContent(storedAt: storedPagesShown.values.min() ?? Date(), isRevalidating: true, failure: nil))
        let keys = Array(storedPagesShown.keys)
        revalidation = Task { [weak self] in
            let result = await stored.revalidatePages(keys)
            guard !Task.isCancelled else { return }
            self?.finishRevalidation(result)
        }
    }

    private func finishRevalidation(_ result: Result<(revalidation: StoreRevalidation, changed: [PageKey: Page<Item>]), APIError>) {
        switch result {
        case .success(let revalidation):
            if !revalidation.changed.isEmpty {
                // The refresh takes the changed pages as the server sent them, and the
                // others from the store, placing their items by identity with the
                // anchor still.
                answeringFromStore = true
                revalidatedPages = revalidation.changed
                perform { $0.refresh() }
                answeringFromStore = false
                revalidatedPages = [:]
            }
            storedPagesShown.removeAll()
            setStoredState(nil)
        case .failure(let error):
            var state = storedState
            state?.isRevalidating = false
            state?.failure = error
            setStoredState(state)
        }
    }

    private func setStoredState(_ state: StoredContent?) {
        guard state != storedState else { return }
        storedState = state
        observeMutation(keyPaths.storedContent)
        onLoadStatesChange?(table.loadStates)
    }

    /// Keeps the anchor row in the store when it moved, the writes in order.
    private func keepAnchorRow() {
        guard let stored = loader.stored, let row = table.anchorRow, row != keptAnchorRow else { return }
        keptAnchorRow = row
        let previous = anchorWrite
        anchorWrite = Task.detached {
            await previous?.value
            do throws(PageStoreError) {
                try await stored.store.setAnchorRow(row, of: stored.id)
            } catch {
                stored.configuration.onError?(error)
            }
        }
    }

    /// Answers ignored because their request was cancelled or superseded, for tests.
    var ignoredResponses: Int { table.ignoredResponses }

    /// The number of requests in flight, for tests.
    var requestsInFlight: Int { table.flights.count }

    /// The rows as blocks, for tests.
    var rowBlocks: [RowList<Item>.Block] { table.rows.blocks }
}
