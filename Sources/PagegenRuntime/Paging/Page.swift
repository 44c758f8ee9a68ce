/// One page of a paged list: its items, where it is, and where its neighbours are.
public struct Page<Item: Sendable>: Sendable {
    /// The items of this page, in the server's order. May be empty.
    public var items: [Item]
    /// Where this page is.
    public var key: PageKey
    /// The page after this one, or nil at the end of the list.
    public var next: PageKey?
    /// The page before this one, or nil at the start (or when the API cannot go back).
    public var previous: PageKey?
    /// The key that asks, later, for what comes before this page: ``previous``, or,
    /// where the list starts at this page for now (a short page of newer messages,
    /// where a short page ends the list), the key the API makes from the page all the
    /// same. A check for newer items (``PagedList/loadNewerItems()``) asks with it, so
    /// that it asks from the newest item it has. Nil when the API cannot go back.
    public var newerItemsKey: PageKey?
    /// The number of items in the whole list, when the API says.
    public var total: Int?
    /// True when ``total`` is an estimate: it sizes placeholders but never ends the list.
    public var totalIsEstimate: Bool
    /// The number of pages in the whole list, when the API says.
    public var totalPages: Int?
    /// The zero-based position of the first item in the whole list, for styles that know it.
    public var firstRow: Int?
    /// The response head the page came with.
    public var response: HTTPResponse

    /// Creates a page.
    public init(
        items: [Item], key: PageKey, next: PageKey?, previous: PageKey? = nil, newerItemsKey: PageKey? = nil,
        total: Int? = nil, totalIsEstimate: Bool = false, totalPages: Int? = nil, firstRow: Int? = nil,
        response: HTTPResponse = HTTPResponse(statusCode: 200)
    ) {
        self.items = items
        self.key = key
        self.next = next
        self.previous = previous
        self.newerItemsKey = newerItemsKey ?? previous
        self.total = total
        self.totalIsEstimate = totalIsEstimate
        self.totalPages = totalPages
        self.firstRow = firstRow
        self.response = response
    }

    /// True when there is no page after this one.
    public var isLast: Bool { next == nil }
}
