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
    /// The endpoints whose functions the file being rendered holds, in spec order:
    /// all of them, unless the client takes several files.
    public var endpoints: [EndpointCode]
    /// Every endpoint, in spec order: the members of the `Operations` enum, which the
    /// client's first file declares.
    public var allEndpoints: [EndpointCode]
    /// The struct nested in the client that holds the named servers' URLs, for a spec
    /// with `servers:`.
    public var serversType: String?
    /// The named servers, in spec order.
    public var servers: [ServerCode] = []

    /// True when the spec names servers besides the base URL.
    public var hasServers: Bool { serversType != nil }
    /// The spec's `store:` bound, as a `PagegenRuntime.StoreLimits(…)` expression.
    public var storeLimits: String? = nil

    /// The initializer's credential parameters, such as `token: Swift.String? = nil`.
    public var credentialParameters: ParameterList { credentialsType?.parameters ?? ParameterList([]) }
    /// Enumerations of parameters, declared in the client.
    public var parameterEnums: [EnumCode] { endpoints.flatMap(\.enums) }

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

extension ClientCode: TemplateValue {
    static let vocabulary = Vocabulary<ClientCode>([
        .init("name", "the declared type name") { $0.name },
        .init("reference", "how extensions name it: `CatalogAPI.Client`") { $0.reference },
        .init("operations", "the enum nested in the client that holds the descriptors") { $0.operations },
        .init("allEndpoints", "every endpoint, in every file (EndpointCode): the `Operations` enum's members") { $0.allEndpoints },
        .init("specName", "the spec's `name:`") { $0.specName },
        .init("docLines", "the doc comment, a line each") { $0.docLines },
        .init("baseURL", "the base URL, as a string literal (StringLiteral)") { $0.baseURL },
        .init("credentialParameters", "the initializer's credential parameters (ParameterList)") { $0.credentialParameters },
        .init(
            "credentialsType",
            "the struct nested in the client that holds what a credential provider gives, for an API with credentials (CredentialsCode)"
        ) { $0.credentialsType },
        .init("hasCredentials", "true when the API declares an auth scheme") { $0.hasCredentials },
        .init("headers", "fixed API-wide header fields (HeaderCode)") { $0.headers },
        .init("hasHeaders", "true when there are fixed headers") { $0.hasHeaders },
        .init("throttle", "where responses say how long to wait: `.body([\"backoff\"], scope: .endpoint)`, `.header(\"Retry-After\")`") {
            $0.throttle
        },
        .init("hasThrottle", "true when the spec has `throttle:`") { $0.hasThrottle },
        .init("dateFormat", "the spec's date format, a `PagegenRuntime.DateFormat`: `.iso8601`, `.iso8601(zone: .local)`") {
            $0.dateFormat
        },
        .init("bodyError", "the check for errors inside successful responses, if declared") { $0.bodyError },
        .init("endpoints", "the endpoints whose functions the file holds (EndpointCode)") { $0.endpoints },
        .init("parameterEnums", "the enums of inline-enum parameters, declared in the client (EnumCode)") { $0.parameterEnums },
        .init("hasParameterEnums", "true when there is a parameter enum") { $0.hasParameterEnums },
        .init("hasPaging", "true when an endpoint pages (by any style)") { $0.hasPaging },
        .init("storeLimits", "the spec's `store:` bound: `PagegenRuntime.StoreLimits(maxItems: 50_000)`") { $0.storeLimits },
        .init("serversType", "the struct nested in the client that holds the named servers' URLs: `Servers`, if the spec names servers") {
            $0.serversType
        },
        .init("servers", "the named servers (ServerCode)") { $0.servers },
        .init("hasServers", "true when the spec has `servers:`") { $0.hasServers },
    ])
}

/// A named server of the API: a property of the client's `Servers`.
public struct ServerCode: Sendable {
    /// The property's name: `uploads`.
    public var name: SwiftIdentifier
    /// The name in the spec, which endpoints give the runtime (StringLiteral).
    public var specName: StringLiteral
    /// The URL the spec gives, the property's default.
    public var url: StringLiteral
}

extension ServerCode: TemplateValue {
    static let vocabulary = Vocabulary<ServerCode>([
        .init("name", "the property's name (SwiftIdentifier)") { $0.name },
        .init("specName", "the server's name in the spec, as endpoints name it (StringLiteral)") { $0.specName },
        .init("url", "the URL the spec gives, the property's default (StringLiteral)") { $0.url },
    ])
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

    /// The initializer's parameters, a property each: `token: Swift.String? = nil`.
    public var parameters: ParameterList { ParameterList(fields.map(\.parameter)) }
}

extension CredentialsCode: TemplateValue {
    static let vocabulary = Vocabulary<CredentialsCode>([
        .init("name", "the type's name: `Credentials` (`ClientCredentials` when a model has that name)") { $0.name },
        .init("fields", "its properties, one per credential argument of the initializer (CredentialFieldCode)") { $0.fields },
        .init("parameters", "its initializer's parameters, a property each: `token: Swift.String? = nil` (ParameterList)") {
            $0.parameters
        },
        .init(
            "credentials", "the runtime's credentials, built from the properties: `self.token.map { PagegenRuntime.Credential.bearer($0) }`"
        ) { $0.credentials },
    ])
}

/// A property of the client's `Credentials`: `token: Swift.String?`.
public struct CredentialFieldCode: Sendable {
    /// The initializer's parameter for it, `token: Swift.String? = nil`.
    public var parameter: ParameterCode

    /// The property's name: the parameter's label.
    public var name: SwiftIdentifier { parameter.names.label }
}

extension CredentialFieldCode: TemplateValue {
    static let vocabulary = Vocabulary<CredentialFieldCode>([
        .init("name", "the property's name (SwiftIdentifier)") { $0.name },
        .init("parameter", "the initializer's parameter for it: `token: Swift.String? = nil` (ParameterCode)") { $0.parameter },
    ])
}

/// A header field with a fixed value.
public struct HeaderCode: Sendable {
    /// The field name.
    public var name: StringLiteral
    /// The value.
    public var value: StringLiteral
}

extension HeaderCode: TemplateValue {
    static let vocabulary = Vocabulary<HeaderCode>([
        .init("name", "the field name (StringLiteral)") { $0.name },
        .init("value", "the value (StringLiteral)") { $0.value },
    ])
}

/// One endpoint: its functions, parameters and descriptors.
public struct EndpointCode: Sendable {
    /// The function's name.
    public var name: SwiftIdentifier
    /// The endpoint's descriptor: `PagegenRuntime.Endpoint(name:method:path:…)`.
    public var descriptor: EndpointDescriptorCode
    /// The doc comment, a line each (without `///`).
    public var docLines: [String]
    /// The endpoint's own parameters, in order: path, body, query, header.
    public var parameters: ParameterList
    /// Header fields with fixed values.
    public var headers: [HeaderCode]
    /// The Swift type of the response body.
    public var returnType: SwiftType
    /// The page argument of a paged endpoint (`page` or `offset`).
    public var pageParameter: ParameterCode?
    /// The page size argument, when the API takes a size.
    public var sizeParameter: ParameterCode?
    /// For `ids` paging: how many items a page fetches.
    public var pageSizeParameter: ParameterCode?
    /// For a list that opens around an item: `around: Swift.String? = nil`, the item's identity.
    public var aroundParameter: ParameterCode?
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
    /// The arguments every runtime call for the endpoint starts with: its descriptor
    /// (`Operations.listUsersEndpoint`), then, with a ``parametersBuilder``, its call
    /// with the endpoint's parameters (`Operations.listUsersParameters(role: role)`).
    public var requestArguments: RequestArgumentsCode
    /// How the answer is read: JSON, text, bytes or nothing.
    public var response: ResponseCode = .json
    /// `@available(*, deprecated, message: "…")` for a deprecated endpoint's functions.
    public var availability: AvailabilityCode?

    /// The runtime function that sends a request and reads its answer: `send`,
    /// `sendForText`, `sendForBinary` or `sendForNoContent`.
    public var sendFunction: String { response.sendFunction }
    /// True when the answer is JSON decoded as ``returnType`` (`send(…, as: T.self)`).
    public var decodesJSON: Bool { response == .json }

    /// The endpoint's name in the spec, for the descriptor and messages.
    public var specName: StringLiteral { descriptor.name }
    /// The HTTP method.
    public var method: StringLiteral { descriptor.method }
    /// The path template.
    public var path: StringLiteral { descriptor.path }
    /// What the one-call function returns: the response, or `PagegenRuntime.Page<Item>`.
    public var resultType: SwiftType { paging.map { .generic("PagegenRuntime.Page", [$0.itemType]) } ?? returnType }
    /// The one-call function's parameters: the endpoint's, then the page and size.
    public var functionParameters: ParameterList {
        ParameterList(parameters.parameters + [pageParameter, sizeParameter].compactMap { $0 })
    }
    /// The `…Pages` and `all…` functions' parameters: the endpoint's, then the size.
    public var sequenceParameters: ParameterList {
        ParameterList(parameters.parameters + [sizeParameter ?? pageSizeParameter].compactMap { $0 })
    }
    /// The `…Loader` function's parameters: those of the sequences, then the item to
    /// open around, when the list can open around one.
    public var loaderParameters: ParameterList {
        ParameterList(sequenceParameters.parameters + [aroundParameter].compactMap { $0 })
    }
    /// The `…List` function's parameters: those of the loader, then `options`.
    public var listParameters: ParameterList { ParameterList(loaderParameters.parameters + [ParameterCode.listOptions]) }
    /// True when `Operations` has the endpoint's ``parametersBuilder``: the request
    /// takes parameters or fixed headers, or another endpoint's list calls it. Without
    /// one, calls pass the endpoint's descriptor alone.
    public var hasParametersBuilder: Bool { requestArguments.parameters != nil }
    /// True when the request takes parameters or fixed headers.
    public var hasRequestParameters: Bool { !parameters.isEmpty || !headers.isEmpty }
    /// True for an endpoint with `paging:` other than `ids`.
    public var isPaged: Bool { paging != nil }
    /// True for an endpoint with `ids` paging.
    public var isIDList: Bool { idList != nil }
}

extension EndpointCode: TemplateValue {
    static let vocabulary = Vocabulary<EndpointCode>([
        .init("name", "the function's name (SwiftIdentifier)") { $0.name },
        .init("specName", "the endpoint's name in the spec (StringLiteral)") { $0.specName },
        .init("method", "the HTTP method (StringLiteral)") { $0.method },
        .init("path", "the path template (StringLiteral)") { $0.path },
        .init(
            "descriptor",
            "the endpoint's descriptor: `PagegenRuntime.Endpoint(name: …, method: …, path: …)`, with the path parameters that may be empty and whether requests may be sent twice, when the spec says"
        ) { $0.descriptor },
        .init("docLines", "the doc comment, a line each") { $0.docLines },
        .init("parameters", "the endpoint's own parameters: path, body, query, header (ParameterList)") { $0.parameters },
        .init("headers", "fixed header fields of this endpoint (HeaderCode)") { $0.headers },
        .init("hasRequestParameters", "true when the request has parameters or fixed headers") { $0.hasRequestParameters },
        .init(
            "hasParametersBuilder",
            "true when `Operations` declares `parametersBuilder`: the request has parameters or fixed headers, or another endpoint's list (a window, an `ids` list's items) calls it; without one, a call passes no parameters"
        ) { $0.hasParametersBuilder },
        .init(
            "requestArguments",
            "the arguments every runtime call for the endpoint starts with: `Operations.listUsersEndpoint`, then, with a parameters builder, `Operations.listUsersParameters(role: role)`"
        ) { $0.requestArguments },
        .init("returnType", "the response body's type (SwiftType)") { $0.returnType },
        .init("resultType", "what the one-call function returns: the response, or `PagegenRuntime.Page<Item>`") { $0.resultType },
        .init("pageParameter", "the page argument of a paged endpoint: `page` or `offset` (ParameterCode)") { $0.pageParameter },
        .init("sizeParameter", "the page size argument, when the API takes a size (ParameterCode)") { $0.sizeParameter },
        .init("pageSizeParameter", "for `ids` paging: how many items a page fetches (ParameterCode)") { $0.pageSizeParameter },
        .init("functionParameters", "the one-call function's parameters: the endpoint's, the page, the size (ParameterList)") {
            $0.functionParameters
        },
        .init("sequenceParameters", "the `…Pages` and `all…` functions' parameters: the endpoint's, the size (ParameterList)") {
            $0.sequenceParameters
        },
        .init(
            "aroundParameter", "for a list that opens around an item: `around: Swift.String? = nil`, its identity (ParameterCode)"
        ) { $0.aroundParameter },
        .init("loaderParameters", "the `…Loader` function's: those of the sequences, then `around`, if any (ParameterList)") {
            $0.loaderParameters
        },
        .init("listParameters", "the `…List` function's: those of the loader, then `options` (ParameterList)") { $0.listParameters },
        .init("endpointDescriptor", "the member of `Operations` holding the endpoint's descriptor") { $0.endpointDescriptor },
        .init("parametersBuilder", "the member of `Operations` that builds the request parameters") { $0.parametersBuilder },
        .init("pagingDescriptor", "the member of `Operations` holding the paging descriptor") { $0.pagingDescriptor },
        .init("pages", "the `…Pages` function's name") { $0.pages },
        .init("all", "the `all…` function's name") { $0.all },
        .init("loader", "the `…Loader` function's name") { $0.loader },
        .init("list", "the `…List` function's name") { $0.list },
        .init("enums", "the enums of this endpoint's parameters (EnumCode)") { $0.enums },
        .init("paging", "for a paged endpoint (not `ids`): its paging (PagingCode)") { $0.paging },
        .init("isPaged", "true when `paging` is set") { $0.isPaged },
        .init("idList", "for `ids` paging: the item endpoint (IDListCode)") { $0.idList },
        .init("isIDList", "true when `idList` is set") { $0.isIDList },
        .init("response", "how the answer is read: `json`, `text`, `binary` or `nothing`") { $0.response },
        .init("sendFunction", "the runtime function that sends and reads: `send`, `sendForText`, `sendForBinary`, `sendForNoContent`") {
            $0.sendFunction
        },
        .init("decodesJSON", "true when the answer is JSON decoded as `returnType` (`send(…, as: T.self)`)") { $0.decodesJSON },
        .init(
            "availability", "`@available(*, deprecated, message: \"…\")` for a deprecated endpoint's functions, if it is (AvailabilityCode)"
        ) {
            $0.availability
        },
    ])
}

/// How an endpoint's answer is read.
public enum ResponseCode: String, Sendable, Hashable, CustomStringConvertible {
    /// JSON, decoded.
    case json
    /// Text in its charset.
    case text
    /// Bytes with their media type.
    case binary
    /// Nothing: success is the status.
    case nothing

    /// Its name: `json`, `text`, `binary`, `nothing`.
    public var description: String { rawValue }

    /// The runtime function that sends and reads it.
    var sendFunction: String {
        switch self {
        case .json: "send"
        case .text: "sendForText"
        case .binary: "sendForBinary"
        case .nothing: "sendForNoContent"
        }
    }
}

/// `@available(*, deprecated)`, with the spec's message when it gives one.
public struct AvailabilityCode: Sendable, Hashable, CustomStringConvertible {
    /// What to use instead, as a string literal.
    public var message: StringLiteral?

    /// The attribute.
    public var description: String {
        message.map { "@available(*, deprecated, message: \($0))" } ?? "@available(*, deprecated)"
    }
}
