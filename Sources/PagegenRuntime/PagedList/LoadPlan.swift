/// Which pages a ``PagedList`` asks for, and when: the requests in flight and the
/// pages that failed, where the user looks (the visible rows, a fling's target, the
/// rows the list started with), the prefetch demands, the walk of a cursor list's
/// frontier, and what a refresh still waits for.
///
/// The plan reads the ``RowModel`` and never changes it: an input that changes rows
/// (`LoadPlan+Inputs`) returns ``RowAction``s, which the list's transaction applies to
/// the row model in order, handing what came of them to ``resume(after:_:)`` (the steps
/// in `LoadPlan+Steps`), which may return more, until the input ends by planning anew
/// (`LoadPlan+Planning`): the plan cancels requests for pages that moved out of reach
/// and starts loads for the pages the row model says have rows to load, nearest to the
/// focus first, within the concurrency limit. It answers with ``commands`` (start or
/// cancel a request) for a ``PageLoadRunner`` to carry out; it never waits and runs
/// nothing itself. An answer goes through the plan, which asks the rows to place it.
///
/// Invariants (``invariantViolations()`` checks them): those of its ``PageRequests``
/// (one request in flight per page and per key at most, within the concurrency limit);
/// before the list opens nothing is in flight; between two transactions no step is
/// pending.
struct LoadPlan: Sendable {
    /// Where the list is in its life.
    enum Phase: Sendable, Equatable {
        /// Not started.
        case idle
        /// Waiting for the window endpoint to say where to start.
        case locating
        /// Loading pages.
        case open
    }

    /// Work for the runner.
    typealias Command = PageRequests.Command

    // MARK: Configuration

    let options: PagedListOptions
    /// True when the loader has a window endpoint.
    let hasWindow: Bool
    /// The item the first page is fetched around (``PageLoader/focusItem``).
    let focusItem: ItemIdentity?

    // MARK: State

    var phase = Phase.idle
    /// The requests in flight, the pages' failures, and the commands for the runner.
    var requests = PageRequests()
    /// The pages to load first, together: those the rows the list starts with need.
    var startSlots = 0...0
    /// The row the list started at.
    var focusRow: Int?
    /// The rows the list started with, until the UI reports the visible rows.
    var startRows: Range<Int>?
    /// The rows on screen.
    var visible: Range<Int>?
    /// Where a fling will stop, until the visible rows get there, the scroll stops
    /// short of it, or a drag begins.
    var settleTarget: Range<Int>?
    /// The way the user last scrolled: 1 down, -1 up.
    var direction = 1
    /// Rows the UI asked to prefetch, with how far from the focus each may get
    /// before the demand lapses.
    var demands: [Int: Int] = [:]
    /// Cursor and link lists: every key the frontier walked, to end a list whose next
    /// key repeats one instead of looping.
    var walkedKeys: Set<PageKey> = []
    /// Cursor and link lists, during a refresh or a check for newer items: the block at
    /// the top to load, wherever the user is. For a check, the row model's head (an
    /// empty block at the top with a key); for a refresh, that head, or the first page
    /// itself, loaded again.
    var headToLoad: Int?
    /// True while the head's request is a check for newer items
    /// (``PagedList/loadNewerItems()``), whose answer waits off the rows while the
    /// user is far from the top.
    var checkingNewer = false
    /// A check for newer items asked for while the head was loading: another follows.
    var checkNewerAgain = false
    /// The row of the focus item, once the first page showed it, until the list sets
    /// its anchor there.
    var foundFocus: Int?
    /// True while a refresh has not reloaded the rows on screen.
    var refreshing = false
    var windowFailure: APIError?
    /// What is left of the input under way, after the rows changed: run in order by
    /// ``resume(after:_:)``.
    var pending: [PlanStep] = []

    init(hasWindow: Bool, options: PagedListOptions, focusItem: ItemIdentity? = nil) {
        self.hasWindow = hasWindow
        self.options = options
        self.focusItem = focusItem
    }

    /// The row of the focus item the first page showed, once: the list sets its anchor
    /// there.
    mutating func takeFoundFocus() -> Int? {
        defer { foundFocus = nil }
        return foundFocus
    }

    /// The commands since the last call; the list starts again empty.
    mutating func takeCommands() -> [Command] { requests.takeCommands() }

    /// Bumped when a request starts, ends, fails or is cancelled, or a refresh ends.
    var activity: Int { requests.activity }

    /// Answers that arrived for requests no longer in flight, and were ignored.
    var ignoredResponses: Int { requests.ignoredResponses }

    // MARK: Where the user looks

    /// The number of rows the list shows: none before it starts.
    func count<Rows: PlannedRows>(_ model: Rows) -> Int {
        phase == .idle ? 0 : model.count
    }

    /// True when the list shows its loading row.
    func hasTrailingRow<Rows: PlannedRows>(_ model: Rows) -> Bool {
        phase != .idle && model.hasTrailingRow
    }

    /// ``PagedListOptions/prefetchDistance`` in rows.
    func prefetchRows<Rows: PlannedRows>(_ model: Rows) -> Int { model.rows(in: options.prefetchDistance) }

    /// ``PagedListOptions/dropHysteresis`` in rows.
    func hysteresisRows<Rows: PlannedRows>(_ model: Rows) -> Int { model.rows(in: options.dropHysteresis) }

    /// The rows loading revolves around: where a fling will stop, else the visible
    /// rows, else the rows the list started with; inside the count once there is one.
    func focusRange<Rows: PlannedRows>(_ model: Rows) -> Range<Int> {
        let raw: Range<Int>
        if let settleTarget {
            raw = settleTarget
        } else if let visible {
            raw = visible
        } else if let startRows {
            raw = startRows
        } else {
            let row = focusRow ?? 0
            raw = row..<row + 1
        }
        let rowCount = count(model)
        guard rowCount > 0 else { return raw }
        let lower = min(max(0, raw.lowerBound), rowCount - 1)
        return lower..<max(lower + 1, min(raw.upperBound, rowCount))
    }

    /// Rows moved: the rows the plan remembers (on screen, the fling's target, prefetch
    /// demands, the focus) follow their content; `newRow` says where a row went.
    mutating func follow(_ newRow: (Int) -> Int) {
        func follow(_ range: Range<Int>?) -> Range<Int>? {
            guard let range else { return nil }
            let lower = newRow(range.lowerBound)
            return lower..<lower + range.count
        }
        visible = follow(visible)
        settleTarget = follow(settleTarget)
        startRows = follow(startRows)
        if let focusRow { self.focusRow = newRow(focusRow) }
        if !demands.isEmpty {
            var moved: [Int: Int] = [:]
            for (row, allowed) in demands { moved[newRow(row)] = allowed }
            demands = moved
        }
    }

    // MARK: Failures

    /// Records a failed load of page `slot`; its rows are to show `error`.
    mutating func fail<Item>(_ slot: Int, with error: APIError) -> [RowAction<Item>] {
        requests.fail(slot, with: error)
        return [.showFailure(error, slot: slot)]
    }

    /// Forgets the failure of page `slot`, if any: its rows are to show placeholders
    /// again.
    mutating func clearFailure<Item>(_ slot: Int) -> [RowAction<Item>] {
        guard requests.clearFailure(of: slot) else { return [] }
        return [.showFailure(nil, slot: slot)]
    }
}
