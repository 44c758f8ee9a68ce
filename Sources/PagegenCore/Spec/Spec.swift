import Foundation
import PagegenYAML

/// One API as a spec describes it: the loader's output and the validator's input.
public struct Spec: Sendable, Hashable {
    /// The file it was read from, as the user named it.
    public var file: String
    /// The spec language version (`pagegen: 1`).
    public var version: Int
    /// The API's name, such as `Catalog` (the client becomes `CatalogClient`).
    public var name: Located<String>
    /// A namespace enum all generated types go into, if any.
    public var namespace: Located<String>?
    /// A description for the client's doc comment.
    public var description: String?
    /// The default base URL.
    public var baseURL: Located<String>
    /// The API's other servers by name (`servers:`), which endpoints name in `server:`.
    public var servers: [ServerSpec] = []
    /// How requests authenticate.
    public var auth: [AuthScheme]
    /// Header fields sent with every request.
    public var headers: [FixedHeader]
    /// How dates are written unless a field says otherwise.
    public var dateFormat: DateFormatName
    /// The zone of ISO 8601 dates written without one, unless a field says otherwise
    /// (`zone:`); nil is UTC.
    public var dateZone: Located<ZoneName>?
    /// Where responses say how long to wait before the next request (`throttle:`).
    public var throttle: [ThrottleSpec]
    /// An error the API reports inside a successful response, if declared.
    public var bodyError: BodyErrorSpec?
    /// How much an app's page store keeps at most (`store:`), if the spec says.
    public var store: StoreSpec? = nil
    /// The models, in spec order.
    public var models: [ModelSpec] {
        didSet { modelIndex = Self.firstIndex(of: models, by: \.name.value) }
    }
    /// The endpoints, in spec order.
    public var endpoints: [EndpointSpec] {
        didSet { endpointIndex = Self.firstIndex(of: endpoints, by: \.name.value) }
    }
    /// Where the first model and endpoint of each name are, so that looking one up
    /// does not walk the list (the generator looks up models for every type it meets).
    private var modelIndex: [String: Int]
    private var endpointIndex: [String: Int]

    init(
        file: String, version: Int, name: Located<String>, namespace: Located<String>?, description: String?,
        baseURL: Located<String>, auth: [AuthScheme], headers: [FixedHeader], dateFormat: DateFormatName,
        dateZone: Located<ZoneName>? = nil, throttle: [ThrottleSpec] = [],
        bodyError: BodyErrorSpec?, models: [ModelSpec], endpoints: [EndpointSpec], servers: [ServerSpec] = []
    ) {
        self.file = file
        self.version = version
        self.name = name
        self.namespace = namespace
        self.description = description
        self.baseURL = baseURL
        self.servers = servers
        self.auth = auth
        self.headers = headers
        self.dateFormat = dateFormat
        self.dateZone = dateZone
        self.throttle = throttle
        self.bodyError = bodyError
        self.models = models
        self.endpoints = endpoints
        modelIndex = Self.firstIndex(of: models, by: \.name.value)
        endpointIndex = Self.firstIndex(of: endpoints, by: \.name.value)
    }

    /// The model named `name`, if any.
    public func model(named name: String) -> ModelSpec? {
        modelIndex[name].map { models[$0] }
    }

    /// The endpoint named `name`, if any.
    public func endpoint(named name: String) -> EndpointSpec? {
        endpointIndex[name].map { endpoints[$0] }
    }

    /// The server named `name`, if any.
    public func server(named name: String) -> ServerSpec? {
        servers.first { $0.name.value == name }
    }

    private static func firstIndex<Element>(of elements: [Element], by name: (Element) -> String) -> [String: Int] {
        var index: [String: Int] = [:]
        for (offset, element) in elements.enumerated() where index[name(element)] == nil {
            index[name(element)] = offset
        }
        return index
    }
}

/// A date format name as written in a spec.
public enum DateFormatName: String, Sendable, Hashable, CaseIterable {
    /// ISO 8601 text.
    case iso8601
    /// Seconds since 1970.
    case unixSeconds
    /// Milliseconds since 1970.
    case unixMilliseconds
}

/// The zone of ISO 8601 dates written without one, as a spec writes it.
public enum ZoneName: Sendable, Hashable, CustomStringConvertible {
    /// `UTC` (also `GMT`, `Z`).
    case utc
    /// `local`: the zone of the device the client runs on.
    case local
    /// An IANA zone: `Europe/Berlin`.
    case identifier(String)
    /// A fixed offset, in seconds east of UTC: `+02:00`.
    case offset(seconds: Int)

    /// As a spec writes it.
    public var description: String {
        switch self {
        case .utc: "UTC"
        case .local: "local"
        case .identifier(let name): name
        case .offset(let seconds):
            String(format: "%@%02d:%02d", seconds < 0 ? "-" : "+", abs(seconds) / 3600, abs(seconds) % 3600 / 60)
        }
    }
}

/// Where a response says how long to wait before the next request: one entry of
/// `throttle:`.
public struct ThrottleSpec: Sendable, Hashable {
    /// Where the entry starts.
    public var mark: Mark
    /// Where the value is.
    public var source: Source
    /// What the value means.
    public var value: Value
    /// A header that counts the requests left: the wait applies when it is 0.
    public var remaining: Located<String>?
    /// Which requests wait.
    public var scope: Scope

    /// Where the value is.
    public enum Source: Sendable, Hashable {
        /// A number in the body (`from: backoff`), read in the raw JSON of every response.
        case body(Located<ResponsePath>)
        /// A response header (`header: Retry-After`).
        case header(Located<String>)
    }

    /// What the value means (`as:`).
    public enum Value: String, Sendable, Hashable, CaseIterable {
        /// A number of seconds to wait (or, in a header, an HTTP date).
        case seconds
        /// A time, in seconds since 1970.
        case unixSeconds
    }

    /// Which requests wait (`scope:`).
    public enum Scope: String, Sendable, Hashable, CaseIterable {
        /// Every request of the client.
        case client
        /// The requests to the endpoint whose response asked.
        case endpoint
    }
}

/// How a request authenticates.
public enum AuthScheme: Sendable, Hashable {
    /// `Authorization: Bearer <token>`.
    case bearer
    /// HTTP Basic.
    case basic
    /// An API key in a header field.
    case headerKey(String)
    /// An API key in a query item.
    case queryKey(String)
}

/// A header field with a fixed value.
public struct FixedHeader: Sendable, Hashable {
    /// The field name.
    public var name: String
    /// The value.
    public var value: String
}

/// An error reported inside an HTTP 200 body, such as Slack's `{"ok": false, "error": "…"}`.
public struct BodyErrorSpec: Sendable, Hashable {
    /// The path of a flag that is false on error (`ok`), if the API has one.
    public var flag: Located<ResponsePath>?
    /// The path of the error's message or code (`error`).
    public var message: Located<ResponsePath>
}

/// A model: a JSON object with typed fields.
public struct ModelSpec: Sendable, Hashable {
    /// The model's name, as written (a Swift type name).
    public var name: Located<String>
    /// A description for the doc comment.
    public var description: String?
    /// The fields, in spec order.
    public var fields: [FieldSpec]
    /// The path of the identifying field, when it is not `id` (`objectID`, `sys.id`).
    public var identity: Located<ResponsePath>?
    /// Whether the API marks the model deprecated (`deprecated:`).
    public var deprecation: Deprecation? = nil
    /// The shapes the JSON takes, one at a time (`alternatives:`): each names the
    /// fields, among those that may be left out, that its shape always sends. A value
    /// has the fields of one shape, and none that only another names.
    public var alternatives: [[Located<String>]] = []

    /// The field with the JSON name `name`, if any.
    public func field(named name: String) -> FieldSpec? {
        fields.first { $0.name.value == name }
    }
}

/// A field of a model.
public struct FieldSpec: Sendable, Hashable {
    /// The JSON name, as on the wire.
    public var name: Located<String>
    /// The type.
    public var type: Located<TypeReference>
    /// How a date field is written, when it differs from the spec's default.
    public var dateFormat: DateFormatName?
    /// The zone of a date field's ISO 8601 text written without one, when it differs
    /// from the spec's.
    public var zone: Located<ZoneName>?
    /// A description for the doc comment.
    public var description: String?
    /// The property's name in Swift, when the spec gives one (`swiftName:`).
    public var swiftName: Located<String>?
    /// Whether the API marks the field deprecated (`deprecated:`).
    public var deprecation: Deprecation? = nil
    /// `nullable:` as written: whether the field may be null, told apart from being
    /// left out. Nil lets the type say (`T?`: absent or null, not told apart).
    public var nullable: Located<Bool>? = nil

    /// What the field may be on the wire besides a value.
    public var presence: FieldPresence {
        switch (type.value.isOptional, nullable?.value) {
        case (false, _): .required
        case (true, nil): .absentOrNull
        case (true, false): .absent
        case (true, true): isAlwaysSent ? .null : .absentNullOrValue
        }
    }

    /// True for a field written `{ type: T, nullable: true }`: always sent, may be null.
    /// Its ``type`` is `T?`, which is what a Swift property of it is.
    public var isAlwaysSent: Bool = false
}

/// What a field may be on the wire besides a value: left out, null, or either.
public enum FieldPresence: String, Sendable, Hashable {
    /// Always sent with a value (`T`).
    case required
    /// Left out or null, the two not told apart (`T?`): a Swift `Optional`.
    case absentOrNull
    /// May be left out, never null (`{ type: T?, nullable: false }`): a Swift `Optional`.
    case absent
    /// Always sent, may be null (`{ type: T, nullable: true }`): a Swift `Optional`
    /// that encodes nil as `null`.
    case null
    /// Left out, null or a value, each told apart (`{ type: T?, nullable: true }`):
    /// a `PagegenRuntime.Nullable`.
    case absentNullOrValue

    /// True when the key may be missing.
    public var mayBeAbsent: Bool { self == .absentOrNull || self == .absent || self == .absentNullOrValue }
    /// True when the value may be `null`.
    public var mayBeNull: Bool { self == .absentOrNull || self == .null || self == .absentNullOrValue }
}

/// A parameter of an endpoint: path, query or header.
public struct ParameterSpec: Sendable, Hashable {
    /// The name on the wire (`category_id`, `$top`, `page[size]`).
    public var name: Located<String>
    /// The type.
    public var type: Located<TypeReference>
    /// A default value, as text.
    public var defaultValue: String?
    /// A description for the doc comment.
    public var description: String?
    /// For a path parameter: an empty value is sent (`allowEmpty: true`) instead of
    /// failing the call (an empty segment usually names another resource).
    public var allowsEmpty: Bool = false
    /// The argument's label in Swift, when the spec gives one (`swiftName:`).
    public var swiftName: Located<String>?
    /// Whether the API marks the parameter deprecated (`deprecated:`).
    public var deprecation: Deprecation? = nil
    /// How a query parameter that is a list or an object is written (`style:`); nil
    /// is `form`.
    public var style: Located<QueryStyleName>? = nil
    /// Whether a `form` list repeats its name for each value (`explode:`); nil is false.
    public var explode: Located<Bool>? = nil
    /// How lists inside a `deepObject` parameter are written (`arrays:`).
    public var arrays: Located<ArrayStyleName>? = nil
}

/// One endpoint.
public struct EndpointSpec: Sendable, Hashable {
    /// The endpoint's name (the client function's name).
    public var name: Located<String>
    /// The HTTP method, upper-case.
    public var method: String
    /// The path template relative to the base URL.
    public var path: Located<String>
    /// A summary for the doc comment: its first line.
    public var summary: String?
    /// A longer description for the doc comment, after the summary.
    public var description: String? = nil
    /// Whether the API marks the endpoint deprecated (`deprecated:`).
    public var deprecation: Deprecation? = nil
    /// The named server the endpoint is sent to (`server:`); nil is the base URL.
    public var server: Located<String>? = nil
    /// Path parameters.
    public var pathParameters: [ParameterSpec]
    /// Query parameters.
    public var queryParameters: [ParameterSpec]
    /// Header parameters.
    public var headerParameters: [ParameterSpec]
    /// Header fields with fixed values.
    public var headers: [FixedHeader]
    /// The body, if the endpoint sends one.
    public var body: BodySpec?
    /// The response's JSON type. For a response that is not JSON (``response``), the
    /// type its generated function returns in spec terms: `String` for text, `JSON`
    /// otherwise, which nothing reads.
    public var returns: Located<TypeReference>
    /// What the response holds: JSON (of ``returns``), text, bytes or nothing.
    public var response: ResponseKind = .json
    /// How the endpoint pages, if it does.
    public var paging: PagingSpec?
    /// Where the endpoint is a window into a paged endpoint.
    public var window: WindowSpec?
    /// `idempotent:` as written: whether a request may be sent twice (and so retried),
    /// when it differs from what the method says. Nil leaves it to the method.
    public var idempotent: Located<Bool>? = nil
    /// `store:`: how the endpoint's pages are kept in a page store.
    public var store: EndpointStoreSpec? = nil
}

/// The spec's `store:`: how much an app's page store keeps at most.
public struct StoreSpec: Sendable, Hashable {
    /// The items of every stored page together.
    public var maxItems: Int?
    /// The bytes of every stored page together.
    public var maxBytes: Int?
}

/// An endpoint's `store:`.
public struct EndpointStoreSpec: Sendable, Hashable {
    /// How old, in seconds, a stored page may be and still be shown.
    public var maxAge: Located<Int>
}

/// A named server of the API: one entry of `servers:`.
public struct ServerSpec: Sendable, Hashable {
    /// The name endpoints give in `server:` (`uploads`).
    public var name: Located<String>
    /// Its URL, as written.
    public var url: Located<String>
}

/// `deprecated: true`, or `deprecated: "Use createCustomerV2"`: the API says not to
/// use this any more.
public struct Deprecation: Sendable, Hashable {
    /// Where the key is.
    public var mark: Mark
    /// What to use instead, when the spec says.
    public var message: String?
}

/// How a query parameter that is a list or an object is written (`style:`), as
/// OpenAPI names the styles.
public enum QueryStyleName: String, Sendable, Hashable, CaseIterable {
    /// `ids=1,2` (or `ids=1&ids=2` with `explode: true`); an object's keys at the top level.
    case form
    /// `created[gte]=1`: an object's keys in brackets after the name.
    case deepObject
    /// `ids=1%202`.
    case spaceDelimited
    /// `ids=1|2`.
    case pipeDelimited
}

/// How a list inside a form body or a `deepObject` parameter is written (`arrays:`).
public enum ArrayStyleName: String, Sendable, Hashable, CaseIterable {
    /// `tags[0]=a&tags[1]=b`.
    case indexed
    /// `tags[]=a&tags[]=b`.
    case brackets
    /// `tags=a&tags=b`.
    case repeated
    /// `tags=a,b`.
    case commaSeparated
}

/// What an endpoint sends as its body.
public struct BodySpec: Sendable, Hashable {
    /// How the body is encoded.
    public enum Kind: Sendable, Hashable {
        /// JSON of ``BodySpec/type`` (the short form `body: Model`, or `{ json: T }`).
        case json
        /// `application/x-www-form-urlencoded` fields of a model, its lists as `arrays` says.
        case form(arrays: ArrayStyleName)
        /// `multipart/form-data`: a model whose `File` fields are files, the rest text parts.
        case multipart
        /// Bytes (or text, for `text/*`) of a fixed media type; `*/*` lets the caller say.
        case raw(contentType: Located<String>)
    }

    /// Where the body is declared.
    public var mark: Mark
    /// How it is encoded.
    public var kind: Kind
    /// Its type: the JSON type, the form's or multipart's model; for a raw body,
    /// `String` for `text/*` and `JSON` otherwise, which nothing reads.
    public var type: Located<TypeReference>
    /// `arrays:` as written, for messages.
    public var arrays: Located<ArrayStyleName>? = nil
    /// Whether the argument may be nil (`optional: true`, or an optional JSON type).
    public var isOptional: Bool = false

    /// The raw body's media type, if it is raw.
    public var rawContentType: Located<String>? {
        if case .raw(let contentType) = kind { return contentType }
        return nil
    }
}

/// What an endpoint's response holds (`returns:`).
public enum ResponseKind: Sendable, Hashable {
    /// JSON of the endpoint's ``EndpointSpec/returns`` type.
    case json
    /// Text of this media type, read in its charset (`returns: { text: text/html }`).
    case text(Located<String>)
    /// Bytes of this media type (`returns: { binary: application/pdf }`).
    case binary(Located<String>)
    /// No body worth reading (`returns: nothing`).
    case nothing

    /// True for ``json``.
    public var isJSON: Bool { self == .json }
}
