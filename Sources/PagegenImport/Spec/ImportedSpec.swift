import PagegenCore

/// The spec the importer writes, before it is written out as YAML: what the document
/// says in the spec language's terms, and the notes to carry as comments.
struct ImportedSpec {
    var name: String
    var namespace: String?
    var description: String?
    var baseURL: String
    var auth: [AuthScheme] = []
    var dates: DateFormatName = .iso8601
    var errors: ImportedErrors?
    var models: [ImportedModel] = []
    var endpoints: [ImportedEndpoint] = []
    /// Comment lines above everything: where the spec came from.
    var header: [String] = []
    /// Comments above `baseURL`, and above `auth`.
    var topComments: [String] = []
    var authComments: [String] = []
}

/// `errors: { flag, message }`.
struct ImportedErrors {
    var flag: String?
    var message: String
    var comment: String
}

/// One model.
struct ImportedModel {
    var name: String
    var description: String?
    var fields: [ImportedField] = []
    /// Notes about the model, written above it.
    var comments: [String] = []
}

/// One field of a model, by its JSON name.
struct ImportedField {
    var name: String
    var type: TypeReference
    /// How a `Date` field is written, when the document says.
    var dates: DateFormatName?
    /// Its Swift name, when its own would be another field's.
    var swiftName: String?
    /// The schema's `format`, for the paging inference (`uri` marks a link).
    var format: String?
    /// The schema's description, for the paging inference.
    var description: String?
}

/// A query, header or path parameter.
struct ImportedParameter {
    var name: String
    var type: TypeReference
    /// The argument's default, written in the spec.
    var defaultValue: String?
    /// Its Swift name, when its own is taken.
    var swiftName: String?
    /// The document's default, for paging sizes (an optional parameter's default is
    /// the server's and is not written).
    var documentDefault: String?
    /// The schema's bounds and example, for paging sizes.
    var minimum: Double?
    var maximum: Double?
    var example: String?
    var description: String?
    var deprecated = false
}

/// One endpoint.
struct ImportedEndpoint {
    var name: String
    var summary: String?
    var method: String
    var path: String
    var pathParameters: [ImportedParameter] = []
    var query: [ImportedParameter] = []
    var header: [ImportedParameter] = []
    var body: String?
    var returns: TypeReference
    var paging: ImportedPaging?
    /// Notes about the endpoint, written above it.
    var comments: [String] = []
    /// The operation it came from, for notes.
    var pointer: JSONPointer
}

/// `paging:`, in the spec language's terms.
struct ImportedPaging {
    /// Where a paging parameter goes.
    enum Location: String {
        case query, header, body
    }

    /// A page, offset, cursor or size parameter.
    struct Parameter {
        var name: String
        var location: Location = .query
    }

    /// Where the next (or previous) cursor comes from.
    enum CursorSource {
        case body(ResponsePath)
        case item(ResponsePath)
        case header(String)
    }

    /// The paging style.
    enum Style {
        case page(Parameter, first: Int)
        case offset(Parameter, first: Int)
        case cursor(Parameter, CursorSource)
        case link
        case next(ResponsePath)
    }

    /// How the size is sent.
    struct Size {
        var parameter: Parameter?
        var defaultValue: Int
        var minimum: Int?
        var maximum: Int?
    }

    /// How the total is known.
    enum Total {
        case path(ResponsePath)
        case header(String)
    }

    var style: Style
    var previous: Style?
    var size: Size?
    var items: ResponsePath?
    var total: Total?
    var totalPages: ResponsePath?
    var hasMore: ResponsePath?
    var last: ResponsePath?
    /// Notes about the paging, written above the block.
    var comments: [String] = []

    /// The names of the request parameters the paging block declares.
    var parameterNames: [String] {
        var names: [String] = []
        for style in [style] + (previous.map { [$0] } ?? []) {
            switch style {
            case .page(let parameter, _), .offset(let parameter, _), .cursor(let parameter, _): names.append(parameter.name)
            case .link, .next: break
            }
        }
        if let size = size?.parameter { names.append(size.name) }
        return names
    }
}
