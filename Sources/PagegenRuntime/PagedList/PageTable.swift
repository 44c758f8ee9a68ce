/// The state of a ``PagedList`` as a deterministic, synchronous state machine:
/// which pages are loaded, stale, failed or in flight, where the user looks, and
/// what to load next.
///
/// The list's public methods feed it inputs (``setVisible(_:)``, ``prefetch(_:)``,
/// ``receive(_:_:)``…); it answers with ``commands`` (start or cancel a request)
/// for a ``PageLoadRunner`` to carry out, and notes the rows that changed. It never
/// waits and never runs anything itself, so tests and simulations drive it
/// step by step.
///
/// Pages are numbered from zero. For index-addressed loaders (page number,
/// offset) page `n` holds rows `n * pageSize ..< (n + 1) * pageSize` and any page
/// can be requested. For cursor and link loaders the pages form a ``PageChain``
/// learned by walking; the page after the known ones is the *frontier*.
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
        /// The page it loads; nil for the window request.
        var slot: Int?
    }

    // MARK: Configuration

    let pageSize: Int
    let keyForPageIndex: (@Sendable (Int) -> PageKey)?
    let identity: (@Sendable (Item) -> AnyHashable)?
    let hasWindow: Bool
    let options: PagedListOptions
    /// True when any page can be requested by its index.
    let isIndexed: Bool

    // MARK: State

    var phase = Phase.idle
    var slots: [Int: PageSlot<Item>] = [:]
    var chain: PageChain
    /// The list's length as the API last said, if it did.
    var total: Int?
    var totalIsEstimate = false
    /// Rows known to exist: the end of the farthest page loaded.
    var knownRows = 0
    /// True once the last page was loaded: `knownRows` is the list's length.
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
    /// Items held in memory, stale ones included.
    var heldItems = 0
    /// The row that holds each item identity.
    var owners: [ItemIdentity: Int] = [:]
    /// During a refresh: the pages on screen whose replacement has not arrived.
    var refreshing: Set<Int>?
    var windowFailure: APIError?

    // MARK: Output

    var commands: [Command] = []
    var changes = ChangeAccumulator()
    /// Bumped when a request starts, ends, fails or is cancelled.
    var activity = 0
    /// Answers that arrived for requests no longer in flight, and were ignored.
    var ignoredResponses = 0

    init(loader: PageLoader<Item>, options: PagedListOptions) {
        pageSize = max(0, loader.pageSize)
        keyForPageIndex = loader.keyForPageIndex
        identity = loader.identity
        hasWindow = loader.window != nil
        self.options = options
        isIndexed = loader.keyForPageIndex != nil && loader.pageSize > 0
        chain = PageChain(first: loader.firstKey)
    }
}
