import Foundation

/// How one endpoint pages: which parameters select a page, where the items, the
/// total and the next page are in a response, and what ends the list.
///
/// Generated code holds one static `Paging` per paged endpoint and hands it to
/// ``ClientRuntime/page(_:_:paging:at:size:)``. `Response` is the decoded body;
/// `Item` is the element of the list. For generated code only (`@_spi(Generated)`),
/// with ``Parameter`` and ``PageSize``.
@_spi(Generated) public struct Paging<Response: Sendable, Item: Sendable>: Sendable {
    /// How a page is addressed.
    public enum Style: Sendable {
        /// Page numbers, starting at `first` (0 or 1): `?page=2`.
        case pageNumber(Parameter, first: Int)
        /// Item offsets, starting at `first` (0 or 1): `?offset=60`. Offsets advance by
        /// the number of items received, not the number asked for.
        case offset(Parameter, first: Int)
        /// An opaque cursor sent in `parameter`, read from the response by `next`
        /// (and, for going back, sent in `previousParameter`, read by `previous`).
        case cursor(
            Parameter, next: CursorSource,
            previousParameter: Parameter? = nil, previous: CursorSource? = nil)
        /// A URL to the next page, followed exactly as given.
        case link(next: LinkSource, previous: LinkSource? = nil)
    }

    /// Where a cursor comes from.
    public enum CursorSource: Sendable {
        /// A field of the body (Slack `response_metadata.next_cursor`, Reddit `data.after`).
        case body(@Sendable (Response) -> String?)
        /// A field of the last item of the page (Stripe `starting_after` = last id);
        /// for `previous`, of the first item (`ending_before` = first id).
        case item(@Sendable (Item) -> String)
        /// A response header field (`X-Next-Cursor`).
        case header(String)
    }

    /// Where a link to another page comes from.
    public enum LinkSource: Sendable {
        /// A field of the body (Spotify `next`, App Store Connect `links.next`).
        case body(@Sendable (Response) -> String?)
        /// The RFC 8288 `Link` header's `rel="next"` (or, for `previous`, `rel="prev"`/`"previous"`).
        case linkHeader
    }

    /// Where a count (the total, the number of pages, the next page's number) comes from.
    public enum TotalSource: Sendable {
        /// A field of the body.
        case body(@Sendable (Response) -> Int?)
        /// A response header field, such as `X-Total-Count` or `X-WP-TotalPages`.
        case header(String)
    }

    /// The style.
    public var style: Style
    /// The page size parameter, if the API takes one.
    public var size: PageSize?
    /// The items of a response; nil (a missing items path) is an empty page.
    public var items: @Sendable (Response) -> [Item]?
    /// The total number of items, if the API says.
    public var total: TotalSource?
    /// True when `total` is an estimate that must not end the list.
    public var totalIsEstimate: Bool
    /// The total number of pages, if the API says.
    public var totalPages: TotalSource?
    /// For page numbers: the number of the next page, where the API says it
    /// (GitLab's `X-Next-Page`); an empty, null or missing one ends the list.
    public var nextPage: TotalSource?
    /// For cursors: the parameter that carries the number of items before the page
    /// asked for (Reddit's `count`), sent with every page but the first.
    public var count: Parameter?
    /// For cursors: the parameter that asks for the page around an item (Discord's
    /// `around`), sent with the item's id for a ``PageKey/around(_:)`` key.
    public var around: Parameter?
    /// A has-more flag (Stripe `has_more`): false ends the list.
    public var hasMore: (@Sendable (Response) -> Bool?)?
    /// An is-last flag (`last: true`): true ends the list.
    public var isLast: (@Sendable (Response) -> Bool?)?
    /// A page shorter than the requested size ends the list. Off by default: some
    /// APIs (Slack) serve short pages before the end.
    public var shortPageEnds: Bool
    /// Whether next links to another origin may be followed (without credentials).
    public var allowsForeignLinks: Bool

    /// Creates a paging description.
    public init(
        style: Style,
        size: PageSize? = nil,
        items: @escaping @Sendable (Response) -> [Item]?,
        total: TotalSource? = nil,
        totalIsEstimate: Bool = false,
        totalPages: TotalSource? = nil,
        nextPage: TotalSource? = nil,
        count: Parameter? = nil,
        around: Parameter? = nil,
        hasMore: (@Sendable (Response) -> Bool?)? = nil,
        isLast: (@Sendable (Response) -> Bool?)? = nil,
        shortPageEnds: Bool = false,
        allowsForeignLinks: Bool = false
    ) {
        self.style = style
        self.size = size
        self.items = items
        self.total = total
        self.totalIsEstimate = totalIsEstimate
        self.totalPages = totalPages
        self.nextPage = nextPage
        self.count = count
        self.around = around
        self.hasMore = hasMore
        self.isLast = isLast
        self.shortPageEnds = shortPageEnds
        self.allowsForeignLinks = allowsForeignLinks
    }

    /// The key of the first page.
    public var firstKey: PageKey {
        switch style {
        case .pageNumber(_, let first): .number(first)
        case .offset(_, let first): .offset(first)
        case .cursor, .link: .first
        }
    }

    /// True for styles where any page can be fetched directly by its position.
    public var isIndexAddressed: Bool {
        switch style {
        case .pageNumber, .offset: true
        case .cursor, .link: false
        }
    }

    /// The key of the zero-based `pageIndex`-th page of `pageSize` items, for index-addressed styles.
    public func key(forPageIndex pageIndex: Int, pageSize: Int) -> PageKey? {
        switch style {
        case .pageNumber(_, let first): .number(first + pageIndex)
        case .offset(_, let first): .offset(first + pageIndex * pageSize)
        case .cursor, .link: nil
        }
    }
}

/// Where a parameter goes.
@_spi(Generated) public enum ParameterLocation: String, Sendable, Hashable {
    /// A query item.
    case query
    /// A header field.
    case header
    /// A field of the JSON body.
    case body
}

/// A paging parameter: its name and where it is sent.
@_spi(Generated) public struct Parameter: Sendable, Hashable {
    /// The name on the wire.
    public var name: String
    /// Where it is sent.
    public var location: ParameterLocation
    /// A format for the value, with `{value}` standing for it (`batchSize={value}`); nil sends the value alone.
    public var format: String?

    /// Creates a parameter.
    public init(_ name: String, in location: ParameterLocation = .query, format: String? = nil) {
        self.name = name
        self.location = location
        self.format = format
    }

    /// The value as sent, after the format.
    func formatted(_ value: String) -> String {
        format?.replacingOccurrences(of: "{value}", with: value) ?? value
    }
}

/// The page size an endpoint takes: its parameter, default and bounds.
@_spi(Generated) public struct PageSize: Sendable, Hashable {
    /// The parameter, or nil where the API takes none (the size is then fixed by the server).
    public var parameter: Parameter?
    /// The size used when the caller gives none.
    public var defaultValue: Int
    /// The smallest size the API accepts.
    public var minimum: Int
    /// The largest size the API accepts, if it says.
    public var maximum: Int?

    /// Creates a page size description.
    public init(_ parameter: Parameter?, default defaultValue: Int, minimum: Int = 1, maximum: Int? = nil) {
        self.parameter = parameter
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
    }

    /// Checks `value` against the bounds.
    func validate(_ value: Int) throws(APIError) {
        if value < minimum {
            throw APIError(.invalidRequest("page size \(value) is below the minimum of \(minimum)"))
        }
        if let maximum, value > maximum {
            throw APIError(.invalidRequest("page size \(value) is above the maximum of \(maximum)"))
        }
    }
}
