/// The client type, its initializer and its endpoints.
public struct ClientCode: Sendable {
    /// The declared type name.
    public var name: String
    /// How extensions name it: with its namespace, when there is one.
    public var reference: String
    /// The enum nested in the client that holds the endpoint descriptors.
    public var operations: String
    /// The spec's `name:`.
    public var specName: String
    /// The doc comment, a line each (without `///`).
    public var docLines: [String]
    /// The base URL.
    public var baseURL: StringLiteral
    /// The initializer's credential parameters, such as `token: Swift.String? = nil`.
    public var credentialParameters: [ParameterCode]
    /// The struct that holds what a credential provider gives, for an API with credentials.
    public var credentialsType: CredentialsCode?
    /// Fixed API-wide header fields.
    public var headers: [HeaderCode]
    /// Where responses say how long to wait before the next request.
    public var throttle: [ThrottleHintCode]
    /// The spec-wide date format: `.iso8601`, `.iso8601(zone: .local)`.
    public var dateFormat: DateFormatCode
    /// The check for errors inside successful responses, if the spec declares one.
    public var bodyError: BodyErrorCode?
    /// The endpoints, in spec order.
    public var endpoints: [EndpointCode]
    /// Enumerations of parameters, declared in the client.
    public var parameterEnums: [EnumCode]

    /// True when the API declares an auth scheme.
    public var hasCredentials: Bool { credentialsType != nil }
    /// True when the API has fixed headers.
    public var hasHeaders: Bool { !headers.isEmpty }
    /// True when responses say how long to wait.
    public var hasThrottle: Bool { !throttle.isEmpty }
    /// True when some parameter is an enumeration.
    public var hasParameterEnums: Bool { !parameterEnums.isEmpty }
    /// True when some endpoint pages (by any style, `ids` included).
    public var hasPaging: Bool { endpoints.contains { $0.paging != nil || $0.idList != nil } }
}

/// The struct nested in the client that holds the values of its credentials, which a
/// credential provider gives: `Credentials(token: "…")`.
public struct CredentialsCode: Sendable {
    /// The type's name: `Credentials`.
    public var name: String
    /// Its properties, one per credential argument of the client's initializer.
    public var fields: [CredentialFieldCode]
    /// The runtime's credentials, built from the properties.
    public var credentials: [CredentialCode]
}

/// A property of the client's `Credentials`: `token: Swift.String?`.
public struct CredentialFieldCode: Sendable {
    /// The property's name.
    public var name: SwiftIdentifier
    /// The initializer's parameter for it, `token: Swift.String? = nil`.
    public var parameter: ParameterCode
}

/// A header field with a fixed value.
public struct HeaderCode: Sendable {
    /// The field name.
    public var name: StringLiteral
    /// The value.
    public var value: StringLiteral
}

/// One endpoint: its functions, parameters and descriptors.
public struct EndpointCode: Sendable {
    /// The function's name.
    public var name: SwiftIdentifier
    /// The endpoint's name in the spec, for the descriptor and messages.
    public var specName: StringLiteral
    /// The HTTP method.
    public var method: StringLiteral
    /// The path template.
    public var path: StringLiteral
    /// The endpoint's descriptor: `PagegenRuntime.Endpoint(name:method:path:…)`.
    public var descriptor: EndpointDescriptorCode
    /// The doc comment, a line each (without `///`).
    public var docLines: [String]
    /// The endpoint's own parameters, in order: path, body, query, header.
    public var parameters: [ParameterCode]
    /// Header fields with fixed values.
    public var headers: [HeaderCode]
    /// The Swift type of the response body.
    public var returnType: SwiftType
    /// What the one-call function returns: the response, or `PagegenRuntime.Page<Item>`.
    public var resultType: SwiftType
    /// The page argument of a paged endpoint (`page` or `offset`).
    public var pageParameter: ParameterCode?
    /// The page size argument, when the API takes a size.
    public var sizeParameter: ParameterCode?
    /// For `ids` paging: how many items a page fetches.
    public var pageSizeParameter: ParameterCode?
    /// The one-call function's parameters: the endpoint's, then the page and size.
    public var functionParameters: [ParameterCode]
    /// The `…Pages`, `all…` and `…Loader` functions' parameters: the endpoint's, then the size.
    public var sequenceParameters: [ParameterCode]
    /// The `…List` function's parameters: those of the sequences, then `options`.
    public var listParameters: [ParameterCode]
    /// The member of `Operations` holding the endpoint's descriptor.
    public var endpointDescriptor: SwiftIdentifier
    /// The member of `Operations` that builds the request parameters.
    public var parametersBuilder: SwiftIdentifier
    /// The member of `Operations` holding the paging descriptor.
    public var pagingDescriptor: SwiftIdentifier
    /// The `…Pages` function's name.
    public var pages: SwiftIdentifier
    /// The `all…` function's name.
    public var all: SwiftIdentifier
    /// The `…Loader` function's name.
    public var loader: SwiftIdentifier
    /// The `…List` function's name.
    public var list: SwiftIdentifier
    /// Enumerations of this endpoint's parameters.
    public var enums: [EnumCode]
    /// Set for an endpoint with `paging:` other than `ids`.
    public var paging: PagingCode?
    /// Set for an endpoint with `ids` paging.
    public var idList: IDListCode?
    /// True when `Operations` has the endpoint's ``parametersBuilder``: the request
    /// takes parameters or fixed headers, or another endpoint's list calls it. Without
    /// one, calls pass the endpoint's descriptor alone.
    public var hasParametersBuilder = false
    /// The arguments every runtime call for the endpoint starts with: its descriptor
    /// (`Operations.listUsersEndpoint`), then, with a ``parametersBuilder``, its call
    /// with the endpoint's parameters (`Operations.listUsersParameters(role: role)`).
    public var requestArguments = ""

    /// True when the request takes parameters or fixed headers.
    public var hasRequestParameters: Bool { !parameters.isEmpty || !headers.isEmpty }
    /// True for an endpoint with `paging:` other than `ids`.
    public var isPaged: Bool { paging != nil }
    /// True for an endpoint with `ids` paging.
    public var isIDList: Bool { idList != nil }
}
