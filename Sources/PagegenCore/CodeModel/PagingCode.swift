/// What a paged endpoint adds: its paging descriptor, and how its functions address pages.
public struct PagingCode: Sendable {
    /// The Swift type of one item.
    public var itemType: SwiftType
    /// The Swift type of the response body.
    public var responseType: SwiftType
    /// How a page is addressed.
    public var style: PagingStyleCode
    /// The page size, if the spec gives one.
    public var size: PageSizeCode?
    /// The items of a response: `{ $0.items }`.
    public var items: Closure
    /// Where the total comes from.
    public var total: SourceCode?
    /// True when the total is an estimate.
    public var totalIsEstimate: Bool
    /// Where the total number of pages comes from.
    public var totalPages: SourceCode?
    /// Where the next page's number comes from, for page numbers the API gives.
    public var nextPage: SourceCode?
    /// The parameter that carries the number of items before a cursor page.
    public var count: PagingParameterCode?
    /// The parameter that asks for the page around an item.
    public var around: PagingParameterCode?
    /// A has-more flag.
    public var hasMore: Closure?
    /// An is-last flag.
    public var isLast: Closure?
    /// True when a short page ends the list.
    public var shortPageEnds: Bool
    /// True when next links may lead to another origin.
    public var allowsForeignLinks: Bool
    /// The page to fetch, from the page argument: `.number(page)`.
    public var key: PageKeyCode
    /// The identity of an item, `{ $0.id }`, when items have one.
    public var identity: Closure?
    /// Set when a window endpoint opens this list.
    public var window: WindowCode?

    /// The arguments of the `PagegenRuntime.Paging` descriptor, in order, those with
    /// their defaults left out.
    public var arguments: ArgumentList {
        let arguments: [(String, (any SwiftExpression)?)] = [
            ("style", style), ("size", size), ("items", items), ("total", total), ("totalIsEstimate", totalIsEstimate ? true : nil),
            ("totalPages", totalPages), ("nextPage", nextPage), ("count", count), ("around", around), ("hasMore", hasMore),
            ("isLast", isLast),
            ("shortPageEnds", shortPageEnds ? true : nil), ("allowsForeignLinks", allowsForeignLinks ? true : nil),
        ]
        return ArgumentList(arguments.compactMap { label, value in value.map { ArgumentCode(label: label, value: $0) } })
    }
}

extension PagingCode: TemplateValue {
    static let vocabulary = Vocabulary<PagingCode>([
        .init("itemType", "the type of one item (SwiftType)") { $0.itemType },
        .init("responseType", "the response body's type (SwiftType)") { $0.responseType },
        .init("style", "how a page is addressed: `.pageNumber(PagegenRuntime.Parameter(\"page\"), first: 1)`") { $0.style },
        .init("size", "the page size: `PagegenRuntime.PageSize(…)`, if the spec gives one") { $0.size },
        .init("items", "the items of a response: `{ $0.items }`") { $0.items },
        .init("total", "where the total comes from: `.body({ $0.total })`, `.header(\"X-Total-Count\")`") { $0.total },
        .init("totalIsEstimate", "true when the total is an estimate") { $0.totalIsEstimate },
        .init("totalPages", "where the number of pages comes from: `.body({ $0.totalPages })`, `.header(\"X-WP-TotalPages\")`") {
            $0.totalPages
        },
        .init("nextPage", "where the next page's number comes from: `.header(\"X-Next-Page\")`") { $0.nextPage },
        .init("count", "the parameter that carries the number of items before a cursor page: `PagegenRuntime.Parameter(\"count\")`") {
            $0.count
        },
        .init("around", "the parameter that asks for the page around an item: `PagegenRuntime.Parameter(\"around\")`") { $0.around },
        .init("hasMore", "a has-more flag: `{ $0.hasMore }`") { $0.hasMore },
        .init("isLast", "an is-last flag: `{ $0.last }`") { $0.isLast },
        .init("shortPageEnds", "true when a short page ends the list") { $0.shortPageEnds },
        .init("allowsForeignLinks", "true when next links may lead to another origin") { $0.allowsForeignLinks },
        .init("key", "the page to fetch, from the page argument: `.number(page)`, `.offset(offset)`, `page`") { $0.key },
        .init("identity", "the identity of an item: `{ $0.id }`, when items have one") { $0.identity },
        .init("window", "the list factory of a window endpoint that opens this list (WindowCode)") { $0.window },
        .init("arguments", "the paging descriptor's arguments in order, those left at their defaults left out (ArgumentList)") {
            $0.arguments
        },
    ])
}

/// The list factory of a window endpoint that opens this list.
public struct WindowCode: Sendable {
    /// The function's name, after the window endpoint: `numbersWindowList`.
    public var function: SwiftIdentifier
    /// The window endpoint's function, for the doc comment.
    public var endpointName: SwiftIdentifier
    /// The window endpoint's members of `Operations`.
    public var endpointDescriptor: SwiftIdentifier
    /// The window endpoint's member of `Operations` that builds the request parameters.
    public var parametersBuilder: SwiftIdentifier
    /// The Swift type of the window endpoint's response.
    public var responseType: SwiftType
    /// Where the answer says the list starts.
    public var start: WindowStartCode
    /// The function's parameters: the window endpoint's, the list's, the size, `options`.
    public var parameters: ParameterList
    /// The arguments the window endpoint's request is built from.
    public var windowArguments: ArgumentList
    /// The arguments the list's loader is made with.
    public var listArguments: ArgumentList

    /// True when the answer does not say the page size: ``start`` reads the size of
    /// the list's loader, `loaderPageSize`, which the function declares.
    public var needsLoaderPageSize: Bool { start.pageSize == nil }
}

extension WindowCode: TemplateValue {
    static let vocabulary = Vocabulary<WindowCode>([
        .init("function", "the list factory's name, after the window endpoint: `numbersWindowList`") { $0.function },
        .init("endpointName", "the window endpoint's function (SwiftIdentifier)") { $0.endpointName },
        .init("endpointDescriptor", "the window endpoint's member of `Operations` holding its descriptor") { $0.endpointDescriptor },
        .init("parametersBuilder", "the window endpoint's member of `Operations` that builds its parameters") { $0.parametersBuilder },
        .init("responseType", "the window endpoint's response type (SwiftType)") { $0.responseType },
        .init("start", "where the answer says the list starts: `PagegenRuntime.WindowStart(…)` from `$0`") { $0.start },
        .init("parameters", "the factory's parameters: the window endpoint's, the list's, the size, `options` (ParameterList)") {
            $0.parameters
        },
        .init("windowArguments", "the arguments the window endpoint's request is built from (ArgumentList)") { $0.windowArguments },
        .init("listArguments", "the arguments the list's loader is made with (ArgumentList)") { $0.listArguments },
        .init(
            "needsLoaderPageSize",
            "true when the answer does not say the page size: `start` then reads `loaderPageSize`, which the factory declares from its loader (`let loaderPageSize = loader.pageSize`)"
        ) { $0.needsLoaderPageSize },
    ])
}

/// `ids` paging: the id list endpoint and the endpoint that fetches one item.
public struct IDListCode: Sendable {
    /// The Swift type of one item.
    public var itemType: SwiftType
    /// The Swift type of one id.
    public var idType: SwiftType
    /// The item endpoint's function, for the doc comment.
    public var itemEndpointName: SwiftIdentifier
    /// The item endpoint's members of `Operations`.
    public var itemEndpointDescriptor: SwiftIdentifier
    /// The item endpoint's member of `Operations` that builds the request parameters.
    public var itemParametersBuilder: SwiftIdentifier
    /// The label of the item endpoint's id parameter.
    public var itemLabel: String
    /// The identity of an item, when items have one.
    public var identity: Closure?

    /// What the item endpoint answers: the item, or nil.
    public var itemResultType: SwiftType { .optional(itemType) }
}

extension IDListCode: TemplateValue {
    static let vocabulary = Vocabulary<IDListCode>([
        .init("itemType", "the type of one item (SwiftType)") { $0.itemType },
        .init("itemResultType", "what the item endpoint answers: the item or nil (SwiftType)") { $0.itemResultType },
        .init("idType", "the type of one id (SwiftType)") { $0.idType },
        .init("itemEndpointName", "the item endpoint's function (SwiftIdentifier)") { $0.itemEndpointName },
        .init("itemEndpointDescriptor", "the item endpoint's member of `Operations` holding its descriptor") { $0.itemEndpointDescriptor },
        .init("itemParametersBuilder", "the item endpoint's member of `Operations` that builds its parameters") {
            $0.itemParametersBuilder
        },
        .init("itemLabel", "the label of the item endpoint's id parameter") { $0.itemLabel },
        .init("identity", "the identity of an item, when items have one") { $0.identity },
    ])
}
