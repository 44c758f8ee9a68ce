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
    public var arguments: [ArgumentCode] {
        var arguments = [ArgumentCode(label: "style", value: style.description)]
        if let size { arguments.append(ArgumentCode(label: "size", value: size.description)) }
        arguments.append(ArgumentCode(label: "items", value: items.description))
        if let total { arguments.append(ArgumentCode(label: "total", value: total.description)) }
        if totalIsEstimate { arguments.append(ArgumentCode(label: "totalIsEstimate", value: "true")) }
        if let totalPages { arguments.append(ArgumentCode(label: "totalPages", value: totalPages.description)) }
        if let nextPage { arguments.append(ArgumentCode(label: "nextPage", value: nextPage.description)) }
        if let count { arguments.append(ArgumentCode(label: "count", value: count.description)) }
        if let hasMore { arguments.append(ArgumentCode(label: "hasMore", value: hasMore.description)) }
        if let isLast { arguments.append(ArgumentCode(label: "isLast", value: isLast.description)) }
        if shortPageEnds { arguments.append(ArgumentCode(label: "shortPageEnds", value: "true")) }
        if allowsForeignLinks { arguments.append(ArgumentCode(label: "allowsForeignLinks", value: "true")) }
        return arguments
    }
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
    public var parameters: [ParameterCode]
    /// The arguments the window endpoint's request is built from.
    public var windowArguments: [ArgumentCode]
    /// The arguments the list's loader is made with.
    public var listArguments: [ArgumentCode]
}

/// `ids` paging: the id list endpoint and the endpoint that fetches one item.
public struct IDListCode: Sendable {
    /// The Swift type of one item.
    public var itemType: SwiftType
    /// What the item endpoint answers: the item, or nil.
    public var itemResultType: SwiftType
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
}
