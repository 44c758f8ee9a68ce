/// Stage 3's output: everything the templates need, with Swift names and types
/// already decided. Templates read it by property name (via `Mirror`), so names
/// here are the template vocabulary.
public struct CodeModel: Sendable {
    /// The spec file's base name, for the header line.
    public var specFile: String
    /// The prefix of the generated file names.
    public var fileStem: String
    /// `public`, `package` or `internal`.
    public var access: String
    /// Modules to import besides Foundation and PagegenRuntime.
    public var imports: [String]
    /// The namespace enum, if any.
    public var namespace: String?
    /// The models.
    public var models: [ModelCode]
    /// The client.
    public var client: ClientCode
    /// Which parts to emit.
    public var emitModels: Bool
    /// Which parts to emit.
    public var emitClient: Bool
    /// Which parts to emit.
    public var emitPaging: Bool
    /// Which parts to emit.
    public var emitLists: Bool
}

/// A model as a Swift struct (or a final class, when it contains itself).
public struct ModelCode: Sendable {
    /// The Swift name.
    public var name: String
    /// The doc comment, a line each (without `///`).
    public var docLines: [String]
    /// `struct` or `final class`.
    public var kind: String
    /// True for a `final class`.
    public var isClass: Bool
    /// The conformance list, such as `Decodable, Sendable, Identifiable`.
    public var conformances: String
    /// The stored properties, in spec order.
    public var fields: [FieldCode]
    /// The enumerations declared inside.
    public var enums: [EnumCode]
    /// True when there is at least one field.
    public var hasFields: Bool
    /// The computed `id` for Identifiable when the identity is not a field named `id`.
    public var identityProperty: IdentityCode?
    /// True when the model is sent in a body.
    public var isEncodable: Bool
    /// True when a date field has its own format, so decoding is written out.
    public var customCoding: Bool
    /// True when a JSON name differs from its Swift name, or coding is written out.
    public var needsCodingKeys: Bool
}

/// The computed `id` of a model whose identity is another field.
public struct IdentityCode: Sendable {
    /// The Swift type.
    public var type: String
    /// The expression that reads the identity from `self`.
    public var expression: String
}

/// A stored property of a model.
public struct FieldCode: Sendable {
    /// The Swift name, in backticks when it is a keyword.
    public var swiftName: String
    /// The name on the wire.
    public var jsonName: String
    /// The name on the wire as a Swift string literal.
    public var jsonNameLiteral: String
    /// The Swift type.
    public var type: String
    /// The doc comment, a line each (without `///`).
    public var docLines: [String]
    /// True when the JSON name differs from the Swift name (a CodingKeys raw value is needed).
    public var needsRawKey: Bool
    /// True for an optional field.
    public var isOptional: Bool
    /// `= nil` for optionals in the memberwise init.
    public var initDefault: String
    /// The memberwise init's parameter: `name: Type = nil`, or `self self_: URL` for a keyword.
    public var initParameter: String
    /// The memberwise init's assignment: `self.name = name`.
    public var initAssignment: String
    /// For `customCoding`: how the field is decoded and encoded.
    public var decodeLine: String
    /// The statement that encodes the field, for written-out coding.
    public var encodeLine: String
}

/// A string enumeration with an `unknown(String)` case.
public struct EnumCode: Sendable {
    /// The Swift name.
    public var name: String
    /// The cases, in spec order.
    public var cases: [EnumCaseCode]
}

/// One case of an enumeration.
public struct EnumCaseCode: Sendable {
    /// The Swift name, in backticks when it is a keyword.
    public var swiftName: String
    /// The value on the wire as a Swift string literal.
    public var rawLiteral: String
}

/// The client type and its endpoints.
public struct ClientCode: Sendable {
    /// The Swift name.
    public var name: String
    /// The spec's `name:`.
    public var specName: String
    /// The doc comment, a line each (without `///`).
    public var docLines: [String]
    /// The base URL as a Swift string literal.
    public var baseURLLiteral: String
    /// Initializer parameters for credentials, such as `token: String? = nil`.
    public var credentialParameters: [String]
    /// Expressions that build the `[Credential]`, one per scheme.
    public var credentialExpressions: [String]
    /// True when the API declares an auth scheme.
    public var hasCredentials: Bool
    /// Fixed API-wide headers as `HTTPHeaderField(…)` expressions.
    public var headerExpressions: [String]
    /// True when the API has fixed headers.
    public var hasHeaders: Bool
    /// The spec-wide date format, as a `DateFormat` case (`.iso8601`).
    public var dateFormat: String
    /// A closure expression for declared in-body errors, if any.
    public var bodyErrorExpression: String?
    /// The endpoints, in spec order.
    public var endpoints: [EndpointCode]
    /// Enumerations of parameters, declared in the client.
    public var parameterEnums: [EnumCode]
    /// True when some parameter is an enumeration.
    public var hasParameterEnums: Bool
}

/// One endpoint: its descriptor, parameters and the functions generated for it.
public struct EndpointCode: Sendable {
    /// The name other names are built from (`products` → `productsPages`).
    public var name: String
    /// The function's name, in backticks when it is a keyword.
    public var functionName: String
    /// Enumerations of this endpoint's parameters.
    public var enums: [EnumCode]
    /// The doc comment, a line each (without `///`).
    public var docLines: [String]
    /// The `Endpoint(…)` descriptor expression.
    public var endpointExpression: String
    /// Declarations of the function parameters other than paging ones.
    public var parameters: [ParameterCode]
    /// Statements filling a `RequestParameters` named `parameters`.
    public var fillStatements: [String]
    /// `categoryID: categoryID, sort: sort` — passing the parameters on.
    public var forwardArguments: String
    /// `categoryID: String, sort: String? = nil` — the parameter list.
    public var parameterList: String
    /// The Swift type of the response body.
    public var returnType: String
    /// The async function's parameter list, page parameters included.
    public var signature: String
    /// The same, followed by `, ` when not empty, for the completion-handler variant.
    public var completionSignature: String
    /// Passes every parameter of ``signature`` on.
    public var callArguments: String
    /// `Product` or `Page<Product>`.
    public var resultType: String
    /// The runtime call that does the work.
    public var call: String
    /// True when the request takes parameters.
    public var hasFillStatements: Bool
    /// Set for paged endpoints.
    public var paging: PagingCode?
    /// True for an endpoint with `paging:` other than `ids`.
    public var isPaged: Bool
    /// Set for `ids` paging.
    public var idList: IDListCode?
    /// True for an endpoint with `ids` paging.
    public var isIDList: Bool
}

/// A function parameter.
public struct ParameterCode: Sendable {
    /// `name: Type = default`.
    public var declaration: String
}

/// What a paged endpoint adds: the paging descriptor and the page parameters.
public struct PagingCode: Sendable {
    /// The Swift type of one item.
    public var itemType: String
    /// The Swift type of the response body.
    public var responseType: String
    /// The `Paging<Response, Item>(…)` descriptor expression.
    public var pagingExpression: String
    /// `page: Int = 1` or `offset: Int = 0` or `page: PageKey = .first`.
    public var pageParameter: String
    /// `.number(page)` and the like.
    public var keyExpression: String
    /// `perPage: Int = 30`, when the API takes a size.
    public var sizeParameter: String?
    /// `perPage`, or `nil` when there is no size parameter.
    public var sizeArgument: String
    /// The `…Pages` function's name.
    public var pagesName: String
    /// The `all…` function's name.
    public var allName: String
    /// The `…List` function's name.
    public var listName: String
    /// `{ AnyHashable($0.id) }`, or `nil` when items have no identity.
    public var identityExpression: String
    /// True when items have an identity.
    public var hasIdentity: Bool
    /// The parameter list of the `…Pages` and `all…` functions.
    public var sequenceParameterList: String
    /// Passes every parameter of ``sequenceParameterList`` on.
    public var sequenceForwardArguments: String
    /// ``sequenceParameterList`` followed by `, ` when not empty.
    public var sequenceParameterPrefix: String
    /// Set when a window endpoint opens this list.
    public var window: WindowCode?
}

/// A window endpoint that says where a list starts.
public struct WindowCode: Sendable {
    /// The endpoint's Swift name.
    public var endpointName: String
    /// The Swift type of the response body.
    public var responseType: String
    /// A closure from the response to a `WindowStart`.
    public var startExpression: String
    /// The list factory's name, after the window endpoint: `numbersWindowList`.
    public var listName: String
    /// The window endpoint's parameters, followed by `, ` when not empty.
    public var parameterPrefix: String
    /// Passes the parameters on.
    public var forwardArguments: String
}

/// `ids` paging: the id endpoint and the endpoint that fetches one item.
public struct IDListCode: Sendable {
    /// The Swift type of one item.
    public var itemType: String
    /// The Swift type of one id.
    public var idType: String
    /// The Swift name of the endpoint that fetches one item.
    public var itemEndpointName: String
    /// The label of that endpoint's id parameter.
    public var itemPathParameter: String
    /// How many items a page fetches by default.
    public var pageSize: Int
    /// The `…Pages` function's name.
    public var pagesName: String
    /// The `all…` function's name.
    public var allName: String
    /// The `…List` function's name.
    public var listName: String
    /// `{ AnyHashable($0.id) }`, or `nil` when items have no identity.
    public var identityExpression: String
    /// True when items have an identity.
    public var hasIdentity: Bool
    /// The parameter list of the `…Pages`, `all…` and `…Loader` functions.
    public var sequenceParameterList: String
    /// Passes every parameter of ``sequenceParameterList`` on.
    public var sequenceForwardArguments: String
    /// ``sequenceParameterList`` followed by `, ` when not empty.
    public var sequenceParameterPrefix: String
}
