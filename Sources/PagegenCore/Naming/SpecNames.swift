import PagegenYAML

/// Every Swift identifier generated from one spec — types, properties, cases,
/// functions, argument labels, internal parameter names, coding keys — decided in
/// one place, with the rules of each position, and checked for clashes after
/// conversion.
///
/// The validator reports ``problems`` (what `pagegen lint` prints); the translator
/// builds code with the names, so a spec that lints generates code whose names
/// compile. Where a name is taken and renaming it is safe (a nested type, a case, an
/// internal parameter name), the name is renamed by a fixed rule; where a rename would
/// change what the user writes (a property, an argument label, a function), the
/// clash is a problem, at the spec's line and column, with a hint.
///
/// The rules:
/// - Generated code names every type it does not declare by its module
///   (`Swift.String`, `Foundation.URL`, `PagegenRuntime.Page`), so a model may be
///   called `Page` or `Result`; the modules themselves (`Swift`, `Foundation`,
///   `PagegenRuntime`, and the config's imports) cannot name a model or namespace.
/// - The client is `Client` in a namespace and `<Name>Client` outside one; when a model
///   has that name, the client in a namespace is `<Name>Client`.
/// - Nested types — a model's enums, the client's parameter enums, the client's
///   `Operations` — take `Value` (`Operations_` for `Operations`) until free of the
///   models, the modules and each other: a field `type` gives the enum `TypeValue`;
///   `Operations` and `Credentials` become `ClientOperations` and `ClientCredentials`.
/// - Enum cases say in words what their value has that another's spelling lacks: a
///   value `unknown` is the case `unknownValue` (beside `unknown(String)`), and `-name`
///   is `nameDescending` beside `name`. Internal parameter names take `Value`: a
///   parameter `self` is `self selfValue`.
struct SpecNames: Sendable {
    /// The modules generated code names types through, besides the config's imports.
    static let modules = ["Swift", "Foundation", "PagegenRuntime"]
    /// The client's members that an endpoint's functions must not take.
    static let clientMembers = ["runtime", "defaultBaseURL", "throttle"]
    /// Local names the templates declare inside generated functions; a parameter's
    /// internal name never takes one (nor `self`).
    static let templateLocals = ["parameters", "loader", "loaderPageSize"]

    /// The namespace, if any.
    var namespace: String?
    /// The client type.
    var client: String
    /// The enum nested in the client that holds the endpoint descriptors.
    var operations: String
    /// The struct nested in the client that holds what a credential provider gives,
    /// for a spec with `auth:`.
    var credentialsType: String?
    /// The struct nested in the client that holds the URLs of the named servers, for a
    /// spec with `servers:`.
    var serversType: String?
    /// The properties of ``serversType``, one per server, in spec order.
    var servers: [SwiftIdentifier] = []
    /// The models, by their spec name.
    var models: [String: ModelNames] = [:]
    /// The endpoints, by their spec name.
    var endpoints: [String: EndpointNames] = [:]
    /// The client initializer's credential parameters, one per auth scheme argument.
    var credentials: [ParameterNames] = []
    /// What cannot be generated as the spec says, in spec order.
    var problems: [NamingProblem] = []

    /// How code refers to the model named `name` in the spec.
    func modelReference(_ name: String) -> String {
        models[name]?.reference ?? name
    }
}

/// The Swift names of one model.
struct ModelNames: Sendable {
    /// The declared type name (with the config's prefix).
    var type: String
    /// How other code refers to it: qualified with the namespace when there is one.
    var reference: String
    /// The stored properties, in field order.
    var properties: [SwiftIdentifier]
    /// The memberwise initializer's internal parameter names, in field order.
    var initializerNames: [SwiftIdentifier]
    /// The enums of inline-enum fields, by field position.
    var enums: [Int: EnumNames]
    /// How the model is identified, if it is.
    var identity: IdentityNames?
}

/// How a model is identified.
struct IdentityNames: Sendable {
    /// The path of the identity from the model.
    var path: ResponsePath
    /// True when the model conforms to `Identifiable`: its `id` property is the
    /// identity, or no property is named `id` and ``declaresID``.
    var isIdentifiable: Bool
    /// True when the model gets a computed `id` that reads the identity.
    var declaresID: Bool
}

/// The names of a string enum: its type and a case per value.
struct EnumNames: Sendable {
    /// The type name (nested where it is declared).
    var type: String
    /// The cases, in value order.
    var cases: [SwiftIdentifier]
    /// Each case's doc comment: its value, when its name took words to be told apart.
    var caseDocLines: [[String]]

    init(type: String, values: [String]) {
        self.type = type
        let cases = ModelNamer.cases(values)
        self.cases = cases.map(\.name)
        caseDocLines = cases.map(\.docLines)
    }
}

/// A function parameter's argument label and the name it has inside the function.
struct ParameterNames: Sendable, Hashable {
    /// The argument label.
    var label: SwiftIdentifier
    /// The name inside the function (the label, unless that would hide something).
    var name: SwiftIdentifier
}

/// The Swift names of one endpoint.
struct EndpointNames: Sendable {
    /// The functions: the endpoint's own, and for a paged endpoint `…Pages`, `all…`,
    /// `…Loader` and `…List`.
    var function: SwiftIdentifier
    var pages: SwiftIdentifier
    var all: SwiftIdentifier
    var loader: SwiftIdentifier
    var list: SwiftIdentifier
    /// For a window endpoint: the list factory named after it.
    var windowList: WindowListNames?
    /// The members of `Operations` for this endpoint.
    var endpointDescriptor: SwiftIdentifier
    var parametersBuilder: SwiftIdentifier
    var pagingDescriptor: SwiftIdentifier
    /// The endpoint's own parameters, in function order (path, body, query, header).
    var parameters: [EndpointParameter]
    /// The page argument: `page` (page numbers, cursors, links) or `offset`.
    var page: ParameterNames?
    /// The page size argument, for APIs that take a size.
    var size: ParameterNames?
    /// For `ids` paging: how many items a page fetches.
    var pageSize: ParameterNames?
    /// For a list that opens around an item (`around:`): the item's identity.
    var around: ParameterNames? = nil
}

/// One of an endpoint's own parameters.
struct EndpointParameter: Sendable {
    /// Where it goes.
    var location: Location
    /// What the spec says of it; nil for the body.
    var spec: ParameterSpec?
    /// Its type: the parameter's, or the body's.
    var type: TypeReference
    /// Where the spec declares it.
    var mark: Mark
    /// Its names.
    var names: ParameterNames
    /// The enum of an inline-enum parameter, declared in the client.
    var enumeration: EnumNames?

    /// Where a parameter goes.
    enum Location: String, Sendable {
        case path, body, query, header
    }
}

/// The list factory of a window endpoint, which takes the window endpoint's
/// arguments and the list's.
struct WindowListNames: Sendable {
    /// The function.
    var function: SwiftIdentifier
    /// Its parameters: the window endpoint's, then the list's (one the window endpoint
    /// already takes with the same label and type is shared), then the list's size.
    var parameters: [WindowParameter]

    /// A parameter of the window list: whose it is, and its names in this function.
    struct WindowParameter: Sendable {
        /// True for an argument of the window endpoint.
        var forWindow: Bool
        /// True for an argument of the list's endpoint (both, when shared).
        var forList: Bool
        /// The index in the owning endpoint's ``EndpointNames/parameters``; nil for the size.
        var index: Int?
        /// The list endpoint's index when shared with the window's parameter.
        var listIndex: Int?
        /// The names in this function.
        var names: ParameterNames
    }
}

extension EndpointSpec {
    /// The parameters in the order the generated functions take them, with where each goes.
    var orderedParameters: [(location: EndpointParameter.Location, spec: ParameterSpec?)] {
        pathParameters.map { (.path, $0) }
            + (body == nil ? [] : [(.body, nil)])
            + queryParameters.map { (.query, $0) }
            + headerParameters.map { (.header, $0) }
    }
}
