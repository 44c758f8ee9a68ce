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
    public var name: String
    public var docLines: [String]
    /// `struct` or `final class`.
    public var kind: String
    public var isClass: Bool
    public var conformances: String
    public var fields: [FieldCode]
    public var enums: [EnumCode]
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
    public var type: String
    public var expression: String
}

/// A stored property of a model.
public struct FieldCode: Sendable {
    public var swiftName: String
    public var jsonName: String
    public var jsonNameLiteral: String
    public var type: String
    public var docLines: [String]
    /// True when the JSON name differs from the Swift name (a CodingKeys raw value is needed).
    public var needsRawKey: Bool
    public var isOptional: Bool
    /// `= nil` for optionals in the memberwise init.
    public var initDefault: String
    /// The memberwise init's parameter: `name: Type = nil`, or `self self_: URL` for a keyword.
    public var initParameter: String
    /// The memberwise init's assignment: `self.name = name`.
    public var initAssignment: String
    /// For `customCoding`: how the field is decoded and encoded.
    public var decodeLine: String
    public var encodeLine: String
}

/// A string enumeration with an `unknown(String)` case.
public struct EnumCode: Sendable {
    public var name: String
    public var cases: [EnumCaseCode]
}

/// One case of an enumeration.
public struct EnumCaseCode: Sendable {
    public var swiftName: String
    public var rawLiteral: String
}

/// The client type and its endpoints.
public struct ClientCode: Sendable {
    public var name: String
    public var specName: String
    public var docLines: [String]
    public var baseURLLiteral: String
    /// Initializer parameters for credentials, such as `token: String? = nil`.
    public var credentialParameters: [String]
    /// Expressions that build the `[Credential]`, one per scheme.
    public var credentialExpressions: [String]
    public var hasCredentials: Bool
    /// Fixed API-wide headers as `HTTPHeaderField(…)` expressions.
    public var headerExpressions: [String]
    public var hasHeaders: Bool
    public var dateFormat: String
    /// A closure expression for declared in-body errors, if any.
    public var bodyErrorExpression: String?
    public var endpoints: [EndpointCode]
    /// Enumerations of parameters, declared in the client.
    public var parameterEnums: [EnumCode]
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
    public var docLines: [String]
    public var endpointExpression: String
    /// Declarations of the function parameters other than paging ones.
    public var parameters: [ParameterCode]
    /// Statements filling a `RequestParameters` named `parameters`.
    public var fillStatements: [String]
    /// `categoryID: categoryID, sort: sort` — passing the parameters on.
    public var forwardArguments: String
    /// `categoryID: String, sort: String? = nil` — the parameter list.
    public var parameterList: String
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
    public var hasFillStatements: Bool
    /// Set for paged endpoints.
    public var paging: PagingCode?
    public var isPaged: Bool
    /// Set for `ids` paging.
    public var idList: IDListCode?
    public var isIDList: Bool
}

/// A function parameter.
public struct ParameterCode: Sendable {
    public var declaration: String
}

/// What a paged endpoint adds: the paging descriptor and the page parameters.
public struct PagingCode: Sendable {
    public var itemType: String
    public var responseType: String
    public var pagingExpression: String
    /// `page: Int = 1` or `offset: Int = 0` or `page: PageKey = .first`.
    public var pageParameter: String
    /// `.number(page)` and the like.
    public var keyExpression: String
    /// `perPage: Int = 30`, when the API takes a size.
    public var sizeParameter: String?
    /// `perPage`, or `nil` when there is no size parameter.
    public var sizeArgument: String
    public var pagesName: String
    public var allName: String
    public var listName: String
    public var identityExpression: String
    public var hasIdentity: Bool
    /// The parameter list of the `…Pages` and `all…` functions.
    public var sequenceParameterList: String
    public var sequenceForwardArguments: String
    /// ``sequenceParameterList`` followed by `, ` when not empty.
    public var sequenceParameterPrefix: String
    /// Set when a window endpoint opens this list.
    public var window: WindowCode?
}

/// A window endpoint that says where a list starts.
public struct WindowCode: Sendable {
    public var endpointName: String
    public var responseType: String
    public var startExpression: String
    /// The list factory's name, after the window endpoint: `numbersWindowList`.
    public var listName: String
    /// The window endpoint's parameters, followed by `, ` when not empty.
    public var parameterPrefix: String
    public var forwardArguments: String
}

/// `ids` paging: the id endpoint and the endpoint that fetches one item.
public struct IDListCode: Sendable {
    public var itemType: String
    public var idType: String
    public var itemEndpointName: String
    public var itemPathParameter: String
    public var pageSize: Int
    public var pagesName: String
    public var allName: String
    public var listName: String
    public var identityExpression: String
    public var hasIdentity: Bool
    /// The parameter list of the `…Pages`, `all…` and `…Loader` functions.
    public var sequenceParameterList: String
    public var sequenceForwardArguments: String
    public var sequenceParameterPrefix: String
}
