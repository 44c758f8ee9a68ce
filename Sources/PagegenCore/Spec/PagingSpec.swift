import PagegenYAML

/// How a paged endpoint pages, as its `paging:` block says.
public struct PagingSpec: Sendable, Hashable {
    /// Where the `paging:` block starts.
    public var mark: Mark
    /// The style and its parameters.
    public var style: Style
    /// The page size.
    public var size: SizeSpec?
    /// The path of the item array in the response; nil when the body is the array.
    public var items: Located<ResponsePath>?
    /// Where the total number of items comes from.
    public var total: TotalSpec?
    /// Where the total number of pages comes from.
    public var totalPages: TotalSpec?
    /// For `page` paging: where the number of the next page comes from (GitLab's
    /// `X-Next-Page`), when the API says it.
    public var nextPage: TotalSpec?
    /// For `cursor` paging: the parameter that carries the number of items before the
    /// page asked for (Reddit's `count`).
    public var count: PagingParameter?
    /// For `cursor` paging with `prev:`: the parameter that asks for the page around an
    /// item, sent with the item's identity (Discord's `around`).
    public var around: PagingParameter?
    /// The path of a has-more flag.
    public var hasMore: Located<ResponsePath>?
    /// The path of an is-last flag.
    public var isLast: Located<ResponsePath>?
    /// Whether a page shorter than the requested size ends the list.
    public var shortPageEnds: Bool
    /// Whether next links to another origin may be followed (without credentials).
    public var allowForeignLinks: Bool

    /// How many items a page of an `ids` list fetches when its `size:` does not say.
    public static let defaultIDListPageSize = 30

    /// The names on the wire of the parameters the paging block declares: the page,
    /// offset or cursors, the size, the count and the item to open around.
    public var parameterNames: [String] {
        var names: [String] = []
        switch style {
        case .pageNumber(let parameter, _), .offset(let parameter, _): names.append(parameter.name.value)
        case .cursor(let next, let previous): names += [next.parameter.name.value] + (previous.map { [$0.parameter.name.value] } ?? [])
        case .link, .ids: break
        }
        if let size = size?.parameter { names.append(size.name.value) }
        if let count { names.append(count.name.value) }
        if let around { names.append(around.name.value) }
        return names
    }

    /// The paging styles.
    public enum Style: Sendable, Hashable {
        /// `page: { param, first }`
        case pageNumber(PagingParameter, first: Int)
        /// `offset: { param, first }`
        case offset(PagingParameter, first: Int)
        /// `cursor: { param, from | fromItem | fromHeader }`, with an optional `prev:`.
        case cursor(CursorSpec, previous: CursorSpec?)
        /// `next: { from: path }` or `next: link`, with an optional `prev:`.
        case link(LinkSpec, previous: LinkSpec?)
        /// `ids: { item: endpoint }`: the response is a list of ids; each is fetched with the item endpoint.
        case ids(item: Located<String>)

        /// The style's name in the spec.
        public var keyword: String {
            switch self {
            case .pageNumber: "page"
            case .offset: "offset"
            case .cursor: "cursor"
            case .link: "next"
            case .ids: "ids"
            }
        }
    }
}

/// A parameter that carries a page, cursor or size.
public struct PagingParameter: Sendable, Hashable {
    /// The name on the wire.
    public var name: Located<String>
    /// `query` (default), `header` or `body`.
    public var location: String
    /// A format with `{value}` in it, such as `batchSize={value}`.
    public var format: String?
}

/// Where a cursor comes from.
public struct CursorSpec: Sendable, Hashable {
    /// Where it goes.
    public var parameter: PagingParameter
    /// Where it comes from.
    public var source: Source

    /// Where a cursor comes from.
    public enum Source: Sendable, Hashable {
        /// A field of the body.
        case body(Located<ResponsePath>)
        /// A field of the last item (first item, going back).
        case item(Located<ResponsePath>)
        /// A response header field.
        case header(Located<String>)
    }
}

/// Where a link to another page comes from.
public enum LinkSpec: Sendable, Hashable {
    /// A field of the body.
    case body(Located<ResponsePath>)
    /// The RFC 8288 Link header.
    case linkHeader(Mark)
}

/// The page size: parameter, default and bounds.
public struct SizeSpec: Sendable, Hashable {
    /// Where it goes; nil when the API takes no size.
    public var parameter: PagingParameter?
    /// The default size.
    public var defaultValue: Located<Int>
    /// The smallest size.
    public var minimum: Int?
    /// The largest size.
    public var maximum: Int?
}

/// Where a count comes from: the total, the number of pages, the next page's number.
public enum TotalSpec: Sendable, Hashable {
    /// A field of the body; `estimate` when it is only an estimate (totals only).
    case body(Located<ResponsePath>, estimate: Bool)
    /// A response header field.
    case header(Located<String>)
}

/// An endpoint that answers where a list should start: `window: { for: numbers, page: first_page, … }`.
public struct WindowSpec: Sendable, Hashable {
    /// Where the `window:` block starts.
    public var mark: Mark
    /// The paged endpoint this is a window into.
    public var list: Located<String>
    /// The path of the page to start at.
    public var page: Located<ResponsePath>
    /// The path of the page size, if the response gives it.
    public var size: Located<ResponsePath>?
    /// The path of the total number of items, if the response gives it.
    public var total: Located<ResponsePath>?
    /// The path of the row to focus (an index into the whole list), if the response gives it.
    public var focus: Located<ResponsePath>?
}
