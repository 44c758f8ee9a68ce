import Foundation

/// The machinery every generated client shares: it builds requests, runs the
/// middlewares, adds credentials for the client's own origin, sends through the
/// transport, checks the status and decodes.
///
/// Generated clients hold one and call its entry points (`send(_:_:as:)`, and the
/// paging ones) with a static `Endpoint` per endpoint. Those entry points are
/// `@_spi(Generated)`: an app sees the runtime's configuration, not them.
public struct ClientRuntime: Sendable {
    /// The URL every endpoint path is relative to, unless its endpoint names one of
    /// the ``servers``.
    public var baseURL: URL
    /// The URLs of the API's other servers, by the name the spec gives them (an upload
    /// host, a path served elsewhere): each endpoint that names one is sent there.
    /// Credentials go to these servers' origins as they go to the base URL's.
    public var servers: [String: URL] = [:]
    /// What sends the requests.
    public var transport: any HTTPTransport
    /// Middlewares, the first one outermost.
    public var middlewares: [any ClientMiddleware]
    /// Credentials, sent only to the origins of ``baseURL`` and the ``servers``.
    public var credentials: [Credential]
    /// Asked for credentials before every send to ``baseURL``'s origin (each retry
    /// included), when they may change while the client lives (a token refreshed);
    /// what it gives is sent after ``credentials``.
    public var credentialProvider: (@Sendable () async throws -> [Credential])?
    /// Header fields sent with every request.
    public var headers: [HTTPHeaderField]
    /// How dates are written when a field does not say.
    public var dateFormat: DateFormat
    /// Declared in-body errors: returns the error a successful response carries, if any.
    public var bodyError: (@Sendable (Data) -> APIError.Kind?)?
    /// The waits the API asks for, as the spec's `throttle:` says where.
    public var throttle: Throttle
    /// Where pages are kept between launches, for which account; nil keeps nothing.
    /// See ``StoreConfiguration``.
    public var store: StoreConfiguration?
    /// Where cursor pages are in their list, for a `count` paging parameter.
    let pageRows = PageRowMemo()

    /// Creates a runtime.
    public init(
        baseURL: URL,
        transport: any HTTPTransport = URLSessionTransport(),
        middlewares: [any ClientMiddleware] = [],
        credentials: [Credential] = [],
        credentialProvider: (@Sendable () async throws -> [Credential])? = nil,
        headers: [HTTPHeaderField] = [],
        throttle: [ThrottleHint] = [],
        dateFormat: DateFormat = .iso8601,
        bodyError: (@Sendable (Data) -> APIError.Kind?)? = nil,
        servers: [String: URL] = [:]
    ) {
        self.baseURL = baseURL
        self.servers = servers
        self.transport = transport
        self.middlewares = middlewares
        self.credentials = credentials
        self.credentialProvider = credentialProvider
        self.headers = headers
        self.throttle = Throttle(hints: throttle)
        self.dateFormat = dateFormat
        self.bodyError = bodyError
    }

    /// Sends one request to `endpoint` and decodes the body as `Response`.
    @_spi(Generated) public func send<Response: Decodable & Sendable>(
        _ endpoint: Endpoint, _ parameters: RequestParameters = RequestParameters(), as _: Response.Type = Response.self
    ) async -> Result<Response, APIError> {
        do {
            let request = try RequestBuilder.build(
                endpoint, parameters, baseURL: baseURL(for: endpoint), headers: headers, dateFormat: dateFormat)
            let (head, body) = try await exchange(request, endpoint: endpoint.name, page: nil)
            return .success(try decode(Response.self, from: body, head: head, request: request, page: nil))
        } catch {
            return .failure(error)
        }
    }

    /// Where `endpoint`'s path is relative to: the server it names, else the base URL.
    func baseURL(for endpoint: Endpoint) -> URL {
        endpoint.server.flatMap { servers[$0] } ?? baseURL
    }

    /// The origins credentials are sent to: the base URL's and the servers'.
    var ownOrigins: Set<String> {
        Set(([baseURL] + servers.values).map(\.origin))
    }

    /// Sends `request` to `endpoint` through the middlewares and the transport,
    /// adding credentials when it goes to the client's own origin, and checks the status.
    ///
    /// A credential that cannot be sent (a token with a line break) fails the call
    /// before anything is sent. The request records which credentials it carries,
    /// so that the transport can keep them on a redirect within the origin and take
    /// them off (or refuse) a redirect to another one. Each send first waits for the
    /// ``throttle``, and its response is read for throttling hints.
    /// - Parameter allowingNotModified: true for a conditional request, whose `304 Not
    ///   Modified` is returned rather than thrown.
    /// - Returns: the response head and body of a 2xx response (or a 304).
    func exchange(
        _ request: HTTPRequest, endpoint: String, page: String?, allowingNotModified: Bool = false
    ) async throws(APIError) -> (HTTPResponse, Data) {
        if Task.isCancelled { throw APIError(.cancelled, request: request, page: page) }
        for credential in credentials {
            if let problem = credential.problem {
                throw APIError(.invalidRequest("\(problem); nothing was sent"), request: request, page: page)
            }
        }
        let credentials = credentials
        let credentialProvider = credentialProvider
        let ownOrigins = ownOrigins
        let transport = transport
        let throttle = throttle
        let send: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data) = { request in
            try await throttle.admit(request, endpoint: endpoint)
            var request = request
            request.credentials = []
            if ownOrigins.contains(request.url.origin) {
                let sent = try await Self.credentials(credentials, from: credentialProvider, for: request)
                for credential in sent { credential.apply(to: &request) }
                request.credentials = sent
            }
            var (response, body) = try await transport.send(request)
            if response.requestCredentials == nil { response.requestCredentials = request.credentials }
            throttle.record(response, body: body, request: request, endpoint: endpoint)
            return (response, body)
        }
        let chain = middlewares.reversed().reduce(send) { next, middleware in
            { request in try await middleware.intercept(request, next: next) }
        }
        let response: HTTPResponse
        let body: Data
        do {
            (response, body) = try await chain(request)
        } catch {
            throw APIError.transport(error, request: request, page: page)
        }
        if allowingNotModified, response.statusCode == 304 { return (response, body) }
        guard response.isSuccess else {
            throw APIError(.httpStatus(code: response.statusCode, body: body), request: request, page: page)
        }
        if let bodyError, let kind = bodyError(body) {
            throw APIError(kind, request: request, page: page)
        }
        return (response, body)
    }

    /// The credentials of one send: the fixed ones, then what the provider gives now.
    /// - Throws: an ``APIError`` (nothing was sent) when the provider fails or gives a
    ///   credential that cannot be sent (a token with a line break).
    private static func credentials(
        _ fixed: [Credential], from provider: (@Sendable () async throws -> [Credential])?, for request: HTTPRequest
    ) async throws(APIError) -> [Credential] {
        guard let provider else { return fixed }
        let provided: [Credential]
        do {
            provided = try await provider()
        } catch is CancellationError {
            throw APIError(.cancelled, request: request)
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(.invalidRequest("the credential provider failed: \(error); nothing was sent"), request: request)
        }
        for credential in provided {
            if let problem = credential.problem {
                throw APIError(.invalidRequest("\(problem) (from the credential provider); nothing was sent"), request: request)
            }
        }
        return fixed + provided
    }

    /// Decodes `body` as JSON, turning a failure into an ``APIError`` with the coding path.
    ///
    /// Any media type is read as JSON (`application/json`, `application/vnd.api+json`,
    /// `text/plain` from servers that mislabel); when such a body does not decode and
    /// its type is not JSON, the error says which type arrived.
    func decode<Response: Decodable>(
        _ type: Response.Type, from body: Data, head: HTTPResponse, request: HTTPRequest, page: String?
    ) throws(APIError) -> Response {
        let decoder = JSONDecoder()
        let format = dateFormat
        decoder.dateDecodingStrategy = .custom { try format.decode(from: $0) }
        do {
            return try decoder.decode(Response.self, from: body.isEmpty ? Data("null".utf8) : body)
        } catch {
            var failure = APIError.decoding(error, request: request, page: page)
            if let contentType = head.value(forHeader: "Content-Type"), !Self.isJSON(contentType),
                case .decoding(let path, let message) = failure.kind
            {
                failure.kind = .decoding(codingPath: path, message: "expected JSON, got Content-Type '\(contentType)': \(message)")
            }
            throw failure
        }
    }

    /// `application/json`, any `+json` type, with parameters or not.
    static func isJSON(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type == "application/json" || type.hasSuffix("+json") || type == "text/json"
    }
}
