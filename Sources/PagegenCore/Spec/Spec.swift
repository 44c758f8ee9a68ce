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
        bodyError: BodyErrorSpec?, models: [ModelSpec], endpoints: [EndpointSpec]
    ) {
        self.file = file
        self.version = version
        self.name = name
        self.namespace = namespace
        self.description = description
        self.baseURL = baseURL
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
}

/// One endpoint.
public struct EndpointSpec: Sendable, Hashable {
    /// The endpoint's name (the client function's name).
    public var name: Located<String>
    /// The HTTP method, upper-case.
    public var method: String
    /// The path template relative to the base URL.
    public var path: Located<String>
    /// A summary for the doc comment.
    public var summary: String?
    /// Path parameters.
    public var pathParameters: [ParameterSpec]
    /// Query parameters.
    public var queryParameters: [ParameterSpec]
    /// Header parameters.
    public var headerParameters: [ParameterSpec]
    /// Header fields with fixed values.
    public var headers: [FixedHeader]
    /// The body model, if the endpoint sends one.
    public var body: Located<TypeReference>?
    /// The response type.
    public var returns: Located<TypeReference>
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
