/// The state of a ``PagedList`` as a deterministic, synchronous state machine:
/// its rows, which pages are loading or failed, where the user looks, and what to
/// load next.
///
/// The list's public methods feed it inputs (``setVisible(_:anchor:)``,
/// ``prefetch(_:)``, ``receive(_:_:)``, the local edits…); it answers with
/// ``commands`` (start or cancel a request) for a ``PageLoadRunner`` to carry out,
/// and records every row it changes, so that each input ends in one exact
/// ``ListChange``. It never waits and never runs anything itself, so tests and
/// simulations drive it step by step.
///
/// The rows are a ``RowList``: loaded items and holes (rows not loaded). For
/// index-addressed loaders (page number, offset) a row's number is the list's best
/// estimate of the item's position on the server, so page `n` is requested for rows
/// `n * pageSize ..< (n + 1) * pageSize`; when the server's list moves, pages are
/// placed by item identity and the holes above are resized to keep that estimate
/// (see `PageTable+Placing`). For cursor and link loaders each page is a block of its
/// own, loaded by its key; the block after the last page is the *frontier*.
struct PageTable<Item: Sendable>: Sendable {
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
    enum Command: Sendable {
        /// Send a request.
        case start(PageLoadRequest)
        /// Cancel a request.
        case cancel(PageLoadRequest)
    }

    /// A request in flight.
    struct Flight: Sendable {
        var request: PageLoadRequest
        /// The page it loads (a page index, or a cursor page's block serial); nil for
        /// the window request.
        var slot: Int?
        /// The key it asked for.
        var key: PageKey?
    }

    // MARK: Configuration

    let pageSize: Int
    let keyForPageIndex: (@Sendable (Int) -> PageKey)?
    let hasWindow: Bool
    let options: PagedListOptions
    /// True when any page can be requested by its index.
    let isIndexed: Bool
    /// Offset lists: each page starts at the last item of the page before (pages of
    /// the loader's size, `pageSize` apart, one less), so that two neighbouring pages
    /// share an item and a shift between their loads shows (see `PageTable+Placing`).
    let overlapsPages: Bool
    let firstKey: PageKey

    // MARK: State

    var phase = Phase.idle
    var rows: RowList<Item>
    var slots: [Int: PageSlot] = [:]
    /// The pages loaded since the last refresh (dropped pages leave it).
    var loads: [Int: PageLoadRecord] = [:]
    /// The list's length as the API last said, if it did (adjusted by local edits).
    var total: Int?
    var totalIsEstimate = false
    /// True once the last page was loaded.
    var endReached = false
    /// True once the first page arrived.
    var hasContent = false
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
    var flights: [Int: Flight] = [:]
    var nextRequestID = 1
    /// Cursor and link lists: the block after the last page loaded.
    var frontier: Int?
    /// Cursor and link lists: every key the frontier walked, to end a list whose next
    /// key repeats one instead of looping.
    var walkedKeys: Set<PageKey> = []
    /// Cursor and link lists, during a refresh: the head to load (an empty block at
    /// the top with the first page's previous key, or the first page itself).
    var head: Int?
    /// Refreshes so far; a page loaded in the current one is fresh.
    var generation = 0
    /// Pages to load again because a neighbour loaded since may have missed items at
    /// their boundary (the server's list moved between the two loads): offset lists,
    /// when the neighbour does not share its item; page numbers, when a page lands
    /// right above an older one once items were seen moving down.
    var boundaryReloads: Set<Int> = []
    /// Index-addressed lists: true once a page showed items moving down the server's
    /// list between loads (an item already on an earlier page's rows, or a larger total).
    var itemsMovedDown = false
    /// True while a refresh has not reloaded the rows on screen.
    var refreshing = false
    var windowFailure: APIError?
    /// The failure the loading row shows, and the page whose load failed.
    var trailingFailure: (slot: Int, error: APIError)?
    /// The first row the user reads, and the item on it.
    var anchorRow: Int?
    var anchorID: ItemIdentity?
    /// Edits applied ahead of the server, until it shows them.
    var edits = PendingEdits<Item>()

    // MARK: Output

    var commands: [Command] = []
    /// Bumped when a request starts, ends, fails or is cancelled.
    var activity = 0
    /// Answers that arrived for requests no longer in flight, and were ignored.
    var ignoredResponses = 0
    /// What the current transaction started from.
    var transaction = Transaction()

    /// What a transaction needs to remember from its start.
    struct Transaction: Sendable {
        var trailingRow = false
        var anchorRow: Int?
        /// The rows of the ``RowList`` (the loading row left out).
        var rowCount = 0
    }

    init(loader: PageLoader<Item>, options: PagedListOptions) {
        if loader.identity != nil, let overlapping = Self.overlappingOffsets(loader) {
            pageSize = loader.pageSize - 1
            keyForPageIndex = overlapping
            overlapsPages = true
        } else {
            pageSize = max(0, loader.pageSize)
            keyForPageIndex = loader.keyForPageIndex
            overlapsPages = false
        }
        hasWindow = loader.window != nil
        self.options = options
        isIndexed = loader.keyForPageIndex != nil && loader.pageSize > 0
        firstKey = loader.firstKey
        rows = RowList(identity: loader.identity)
    }

    /// For a loader whose pages are at offsets `pageSize` apart: keys `pageSize - 1`
    /// apart, so that each page of `pageSize` items starts at the last item of the page
    /// before. Nil for page numbers, cursors and links (the API decides where their
    /// pages start), and for pages of fewer than three items.
    private static func overlappingOffsets(_ loader: PageLoader<Item>) -> (@Sendable (Int) -> PageKey)? {
        let size = loader.pageSize
        guard size >= 3, loader.window == nil, let key = loader.keyForPageIndex, case .offset(let first) = key(0),
            case .offset(let second) = key(1), second - first == size
        else { return nil }
        return { index in .offset(first + index * (size - 1)) }
    }
}
