import PagegenCore

/// The spec the importer writes, before it is written out as YAML: what the document
/// says in the spec language's terms, and the notes to carry as comments.
struct ImportedSpec {
    var name: String
    var namespace: String?
    var description: String?
    var baseURL: String
    /// Named servers besides `baseURL`, for the endpoints that name their own.
    var servers: [ImportedServer] = []
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

/// A named server: `uploads: https://uploads.github.com`.
struct ImportedServer {
    var name: String
    var url: String
    /// Notes about it, written above it.
    var comments: [String] = []
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
    var deprecated = false
    var fields: [ImportedField] = []
    /// The shapes of a model merged from alternatives: the fields each always sends
    /// among those the model lets be left out (`alternatives:`).
    var alternatives: [[String]] = []
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
    /// The schema's description: the property's doc comment, and read by the paging inference.
    var description: String?
    var deprecated = false
    /// What the document says the field may be besides a value: left out where it is
    /// not `required`, null where it is `nullable` (or its types list `null`).
    var presence: FieldPresence = .required
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
    /// How a list or an object is sent: `form` (the default), `deepObject`,
    /// `spaceDelimited`, `pipeDelimited`; nil for the default.
    var style: String?
    /// `explode: true` for a list or object sent in the `form` style one item per value.
    var explode = false
    /// How a `deepObject`'s lists are written (`brackets`), when not `indexed`.
    var arrays: String?
}

/// A request body.
struct ImportedBody {
    enum Kind {
        /// JSON of any type: `body: Model`, `body: { json: "[Label]" }`.
        case json(TypeReference)
        /// `application/x-www-form-urlencoded`: a model, its lists written as `arrays` says.
        case form(String, arrays: String?)
        /// `multipart/form-data`: a model whose `File` fields are files.
        case multipart(String)
        /// Bytes or text of one media type.
        case raw(String)
    }

    var kind: Kind
    var optional = false
    /// True for a JSON merge patch (`application/merge-patch+json`, RFC 7396): a key
    /// left out leaves a value as it is, `null` removes it.
    var isMergePatch = false

    /// The model sent as JSON, for paging parameters in the body.
    var jsonModel: String? {
        if case .json(.named(let model)) = kind { return model }
        return nil
    }
}

/// What an endpoint returns, besides JSON of its `returns` type.
enum ImportedResponse {
    /// JSON of the endpoint's `returns` type.
    case json
    /// Text of a media type, read in its charset.
    case text(String)
    /// Bytes of a media type.
    case binary(String)
    /// No body: a 204, or a success the document gives no content.
    case nothing
}

/// One endpoint.
struct ImportedEndpoint {
    var name: String
    var summary: String?
    /// The operation's description, less what the summary already says.
    var description: String?
    var deprecated = false
    var method: String
    var path: String
    /// The named server it is sent to, when not `baseURL`'s.
    var server: String?
    var pathParameters: [ImportedParameter] = []
    var query: [ImportedParameter] = []
    var header: [ImportedParameter] = []
    var body: ImportedBody?
    var returns: TypeReference
    var response: ImportedResponse = .json
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
    /// The parameter that asks for the page around an item (`around:`), with `previous`.
    var around: Parameter?
    var size: Size?
    var items: ResponsePath?
    var total: Total?
    var totalPages: ResponsePath?
    var hasMore: ResponsePath?
    var last: ResponsePath?
    /// Notes about the paging, written above the block.
    /// A page shorter than the size asked for ends the list (`shortPageEnds: true`).
    var shortPageEnds = false
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
        if let around { names.append(around.name) }
        if let size = size?.parameter { names.append(size.name) }
        return names
    }
}
