/// What generated code knows about one endpoint: its name, method, path template
/// and fixed headers. One static value per endpoint, handed to ``ClientRuntime``.
public struct Endpoint: Sendable, Hashable {
    /// The endpoint's name in the spec, for messages.
    public var name: String
    /// The HTTP method, upper-case.
    public var method: String
    /// The path template relative to the base URL, such as `/categories/{category_id}/products`.
    public var path: String
    /// Header fields sent with every request of this endpoint.
    public var headers: [HTTPHeaderField]

    /// Creates an endpoint descriptor.
    public init(name: String, method: String, path: String, headers: [HTTPHeaderField] = []) {
        self.name = name
        self.method = method
        self.path = path
        self.headers = headers
    }
}
