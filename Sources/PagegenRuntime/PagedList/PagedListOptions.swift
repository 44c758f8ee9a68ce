/// How a ``PagedList`` loads ahead, how many requests it keeps in flight, and how
/// many items it holds.
///
/// The defaults suit a phone-sized list of 20–100-item pages:
///
/// ```swift
/// var options = PagedListOptions()
/// options.prefetchDistance = .pages(2)   // load further ahead on slow networks
/// options.maxLoadedItems = 500           // hold fewer items (large models)
/// let list = PagedList(loader, options: options)
/// ```
public struct PagedListOptions: Sendable, Hashable {
    /// Which way the pages run on screen.
    public enum RowOrder: Sendable, Hashable {
        /// The first page at the top, the pages after it below (a feed, a catalog):
        /// row 0 is the first item the server sends.
        case firstPageAtTop
        /// The first page at the bottom, the pages after it above: a chat whose API
        /// serves the newest message first opens at that message, at the bottom, and
        /// loads older ones upward as the user scrolls up. Every row the list takes or
        /// gives (rows, changes, the anchor, the focus) counts from the top of the
        /// screen, so row `count - 1` is the first item the server sends; before the
        /// first page arrives, when there is no count yet, ``PagedList/start(atRows:)``
        /// counts its rows from the bottom. ``LoadStates/prepend`` is then the pages
        /// above the visible rows (the server's later pages) and ``LoadStates/append``
        /// those below.
        case firstPageAtBottom
    }

    /// A distance along the list, in rows or in pages of the loader's page size.
    public enum Distance: Sendable, Hashable {
        /// A number of rows.
        case rows(Int)
        /// A number of pages of the loader's page size.
        case pages(Int)

        /// The distance in rows, for pages of `pageSize` rows.
        func rows(pageSize: Int) -> Int {
            switch self {
            case .rows(let rows): max(0, rows)
            case .pages(let pages): max(0, pages) * max(1, pageSize)
            }
        }
    }

    /// How far beyond the visible rows pages are loaded ahead, in both directions.
    /// Default: one page.
    public var prefetchDistance: Distance
    /// How much further than ``prefetchDistance`` a page may move away from the
    /// visible rows before its request is cancelled, so that a small scroll back and
    /// forth does not cancel and re-send the same page. Default: one page.
    public var dropHysteresis: Distance
    /// The most page requests in flight at once, for loaders that address pages by
    /// number or offset. Cursor and link loaders, which can only walk from page to
    /// page, keep at most one request per direction. Default: 3.
    public var maxConcurrentLoads: Int
    /// The most items held in memory. Pages farthest from the visible rows go back
    /// to placeholders to stay under it; the row count does not change. Never less
    /// than the visible rows and the prefetch distance need. Default: 1,000.
    public var maxLoadedItems: Int
    /// How long an edit applied ahead of the server
    /// (``PagedList/apply(_:confirmedWhen:commit:)``) is kept over the pages that load
    /// after its call returned, when no server copy confirms it: then the server's copy
    /// shows. Measured on the list's clock. Default: 30 seconds.
    public var editTimeout: Duration
    /// Which way the pages run on screen. Default: ``RowOrder/firstPageAtTop``.
    public var order: RowOrder

    /// Creates options; every parameter has the default described on its property.
    public init(
        prefetchDistance: Distance = .pages(1),
        dropHysteresis: Distance = .pages(1),
        maxConcurrentLoads: Int = 3,
        maxLoadedItems: Int = 1_000,
        editTimeout: Duration = .seconds(30),
        order: RowOrder = .firstPageAtTop
    ) {
        self.prefetchDistance = prefetchDistance
        self.dropHysteresis = dropHysteresis
        self.maxConcurrentLoads = maxConcurrentLoads
        self.maxLoadedItems = maxLoadedItems
        self.editTimeout = editTimeout
        self.order = order
    }
}
