/// Everything a paging adapter needs to load the pages of one list: the first
/// page, a way to load any page by its key, and, for styles that allow it, a way
/// to address a page by its position.
///
/// Generated code makes one per call of a `…Pages`, `all…` or `…List` function;
/// ``PageSequence``, ``ItemSequence`` and the list adapter consume it.
public struct PageLoader<Item: Sendable>: Sendable {
    /// The number of items a page holds (the last page may hold fewer).
    public var pageSize: Int
    /// The key of the page a list starts with.
    public var firstKey: PageKey
    /// For page-number and offset styles: the key of the zero-based `n`-th page.
    /// Nil for cursor and link styles, which can only walk from page to page.
    public var keyForPageIndex: (@Sendable (Int) -> PageKey)?
    /// Loads the page at a key.
    public var load: @Sendable (PageKey) async -> Result<Page<Item>, APIError>
    /// The identity of an item, for de-duplication and list identity; nil when the
    /// model has no identifying field.
    public var identity: (@Sendable (Item) -> AnyHashable)?
    /// For lists with a window endpoint: loads the page to start at.
    public var window: (@Sendable () async -> Result<WindowStart, APIError>)?

    /// Creates a loader.
    public init(
        pageSize: Int,
        firstKey: PageKey,
        keyForPageIndex: (@Sendable (Int) -> PageKey)? = nil,
        identity: (@Sendable (Item) -> AnyHashable)? = nil,
        window: (@Sendable () async -> Result<WindowStart, APIError>)? = nil,
        load: @escaping @Sendable (PageKey) async -> Result<Page<Item>, APIError>
    ) {
        self.pageSize = pageSize
        self.firstKey = firstKey
        self.keyForPageIndex = keyForPageIndex
        self.identity = identity
        self.window = window
        self.load = load
    }
}

/// Where a window endpoint says a list starts: the page, the page size, the total,
/// and the row to focus.
public struct WindowStart: Sendable, Hashable {
    /// The zero-based index of the page to show first.
    public var pageIndex: Int
    /// The page size the API uses.
    public var pageSize: Int
    /// The number of items in the whole list, if known.
    public var total: Int?
    /// The zero-based row to focus, if the window names one.
    public var focusRow: Int?

    /// Creates a window start.
    public init(pageIndex: Int, pageSize: Int, total: Int? = nil, focusRow: Int? = nil) {
        self.pageIndex = pageIndex
        self.pageSize = pageSize
        self.total = total
        self.focusRow = focusRow
    }
}

extension ClientRuntime {
    /// A loader over a paged endpoint, for the sequences and the list adapter.
    @_spi(Generated) public func loader<Response: Decodable & Sendable, Item: Sendable>(
        _ endpoint: Endpoint,
        _ parameters: RequestParameters,
        paging: Paging<Response, Item>,
        size: Int? = nil,
        identity: (@Sendable (Item) -> AnyHashable)? = nil
    ) -> PageLoader<Item> {
        let pageSize = size ?? paging.size?.defaultValue ?? 0
        let keyForPageIndex: (@Sendable (Int) -> PageKey)? = paging.isIndexAddressed && pageSize > 0
            ? { @Sendable index in paging.key(forPageIndex: index, pageSize: pageSize) ?? paging.firstKey }
            : nil
        return PageLoader(
            pageSize: pageSize, firstKey: paging.firstKey, keyForPageIndex: keyForPageIndex,
            identity: identity
        ) { key in
            await page(endpoint, parameters, paging: paging, at: key, size: size)
        }
    }
}
