import Foundation

/// What generated code knows about one endpoint: its name, method, path template,
/// fixed headers, and what the spec says about empty path parameters and retries.
/// One static value per endpoint, handed to ``ClientRuntime``; for generated code only
/// (`@_spi(Generated)`).
@_spi(Generated) public struct Endpoint: Sendable, Hashable {
    /// The endpoint's name in the spec, for messages.
    public var name: String
    /// The HTTP method, upper-case.
    public var method: String
    /// The path template relative to the base URL, such as `/categories/{category_id}/products`.
    public var path: String
    /// Header fields sent with every request of this endpoint.
    public var headers: [HTTPHeaderField]
    /// The path parameters that may be empty (the spec's `allowEmpty: true`). Any
    /// other one that is empty fails the call before it is sent: `/things/{id}`
    /// with an empty `id` would ask for `/things/`, another resource.
    public var emptyPathParameters: Set<String>
    /// Whether a request to this endpoint may be sent twice (the spec's
    /// `idempotent:`); nil leaves it to the method. See ``HTTPRequest/isIdempotent``.
    public var isIdempotent: Bool?
    /// The name of the server the endpoint is sent to (``ClientRuntime/servers``), or
    /// nil for the base URL.
    public var server: String?
    /// How old, in seconds, a stored page of this endpoint may be and still be shown
    /// (the spec's `store: { maxAge: … }`); nil leaves it to ``StoreConfiguration/maxAge``.
    public var storeMaxAge: TimeInterval?

    /// Creates an endpoint descriptor.
    public init(
        name: String, method: String, path: String, headers: [HTTPHeaderField] = [],
        emptyPathParameters: Set<String> = [], isIdempotent: Bool? = nil, server: String? = nil,
        storeMaxAge: TimeInterval? = nil
    ) {
        self.name = name
        self.method = method
        self.path = path
        self.headers = headers
        self.emptyPathParameters = emptyPathParameters
        self.isIdempotent = isIdempotent
        self.server = server
        self.storeMaxAge = storeMaxAge
    }
}
