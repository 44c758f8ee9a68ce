import FlyingFox
import Foundation
import PagegenCore

/// A real HTTP server that answers every endpoint of a spec with generated data,
/// paged exactly as the spec says, with optional latency and faults.
///
/// ```swift
/// let server = try await MockServer.start(specFile: "specs/catalog.pagegen.yaml",
///                                         options: MockOptions(items: 100))
/// let client = CatalogAPI.Client(baseURL: server.baseURL)
/// for try await product in client.allProducts(categoryID: "42") { … }
/// await server.stop()
/// ```
///
/// The data is a function of ``MockOptions/seed``: each endpoint's collection is
/// made from the seed, the endpoint's name and its path parameters.
public final class MockServer: Sendable {
    /// The spec's base URL on this server: `http://127.0.0.1:<port>` plus the path
    /// of the spec's base URL (`/api/v2`). Requests without that path prefix are
    /// answered too.
    public let baseURL: URL
    /// `http://127.0.0.1:<port>`.
    public let origin: URL
    /// The spec served.
    public let spec: Spec
    /// The options it runs with.
    public let options: MockOptions
    /// Every endpoint, as `GET /api/v2/categories/{category_id}/products`.
    public let endpoints: [String]
    /// How each endpoint is served, in the order of ``endpoints``.
    let endpointRoles: [String]

    private let http: HTTPServer
    private let task: Task<Void, Never>
    private let core: MockCore

    private init(http: HTTPServer, task: Task<Void, Never>, origin: URL, core: MockCore, endpoints: [String]) {
        self.http = http
        self.task = task
        self.origin = origin
        self.core = core
        self.spec = core.plan.spec
        self.options = core.options
        self.endpoints = endpoints
        self.endpointRoles = core.plan.endpoints.map(\.summary)
        self.baseURL = URL(string: origin.absoluteString + core.plan.basePath) ?? origin
    }

    /// Starts a server for a spec file, checked as `pagegen lint` checks it.
    /// - Throws: ``MockSpecError`` with file:line:column diagnostics when the spec
    ///   has errors; ``MockServerError`` when the server cannot listen.
    public static func start(
        specFile path: String, options: MockOptions = MockOptions(),
        onRequest: (@Sendable (MockRequestRecord) -> Void)? = nil
    ) async throws -> MockServer {
        try await start(spec: MockSpecLoader.load(path: path).spec, options: options, onRequest: onRequest)
    }

    /// Starts a server for a spec.
    /// - Parameter onRequest: called with every request once it is answered (the CLI prints them).
    /// - Throws: ``MockSpecError`` when the spec has errors; ``MockServerError``
    ///   when the server cannot listen.
    public static func start(
        spec: Spec, options: MockOptions = MockOptions(),
        onRequest: (@Sendable (MockRequestRecord) -> Void)? = nil
    ) async throws -> MockServer {
        let diagnostics = DiagnosticCollector()
        SpecValidator.validate(spec, config: GeneratorConfig(), diagnostics: diagnostics)
        let plan = MockPlan.make(spec, diagnostics: diagnostics)
        if diagnostics.hasErrors { throw MockSpecError(diagnostics: diagnostics.sorted) }
        guard (0...65535).contains(options.port) else { throw MockServerError.badPort(options.port) }
        guard options.items >= 0 else { throw MockServerError.badItemCount(options.items) }
        let host = options.host == "localhost" ? "127.0.0.1" : options.host

        let core = MockCore(plan: plan, options: options)
        let responder = MockResponder(core: core)
        let http = HTTPServer(address: try .inet(ip4: host, port: UInt16(options.port)), timeout: 600, logger: .disabled)
        await http.appendRoute("*") { request in
            await Self.handle(request, responder: responder, state: core.state, onRequest: onRequest)
        }
        let failure = StartFailure()
        let task = Task {
            do { try await http.run() } catch { await failure.set(error) }
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while !(await http.isListening) {
            if let error = await failure.error {
                throw MockServerError.cannotListen("\(host):\(options.port): \(error.localizedDescription)")
            }
            guard ContinuousClock.now < deadline else {
                task.cancel()
                throw MockServerError.notListening
            }
            try? await Task.sleep(for: .milliseconds(5))
        }
        guard case .ip4(let address, let port)? = await http.listeningAddress else {
            task.cancel()
            throw MockServerError.notListening
        }
        let origin = URL(string: "http://\(address == "0.0.0.0" ? "127.0.0.1" : address):\(port)")!
        await core.state.setOrigin(origin.absoluteString)
        return MockServer(http: http, task: task, origin: origin, core: core, endpoints: responder.endpointList)
    }

    /// Every request answered so far, in order.
    public var requests: [MockRequestRecord] {
        get async { await core.state.log }
    }

    /// Forgets the request log and the items inserted by drift.
    public func reset() async {
        await core.state.reset()
    }

    /// Stops the server and closes its connections.
    public func stop() async {
        await http.stop(timeout: 0)
        task.cancel()
    }

    private static func handle(
        _ request: HTTPRequest, responder: MockResponder, state: MockState,
        onRequest: (@Sendable (MockRequestRecord) -> Void)?
    ) async -> HTTPResponse {
        var headers: [String: String] = [:]
        for (name, value) in request.headers {
            let key = name.rawValue.lowercased()
            headers[key] = headers[key].map { "\($0), \(value)" } ?? value
        }
        let body = (try? await request.bodyData) ?? Data()
        let rawPath = request.target.path(percentEncoded: true)
        let rawQuery = request.target.query(percentEncoded: true)
        let outcome = await responder.respond(
            method: request.method.rawValue, rawPath: rawPath, rawQuery: rawQuery, headers: headers, body: body,
            fallbackOrigin: await state.fallbackOrigin)
        let response = outcome.response
        var fields = HTTPHeaders()
        for field in response.headers { fields.addValue(field.value, for: HTTPHeader(field.name)) }
        let applied = outcome.faults.applied
        if !applied.isEmpty { fields.addValue(applied.joined(separator: ", "), for: HTTPHeader("X-Mock-Faults")) }
        let record = MockRequestRecord(
            method: request.method.rawValue, path: rawPath, query: rawQuery, status: response.status,
            endpoint: outcome.endpoint, faults: applied)
        await state.record(record)
        onRequest?(record)
        let status = HTTPStatusCode(response.status, phrase: HTTPPhrases.phrase(response.status))
        if outcome.faults.truncate || outcome.faults.drip != nil {
            let cut = outcome.faults.truncate ? response.body.count / 2 : nil
            return HTTPResponse(statusCode: status, headers: fields,
                                body: FaultBodies.body(response.body, drip: outcome.faults.drip, cutAt: cut))
        }
        return HTTPResponse(statusCode: status, headers: fields, body: response.body)
    }
}

/// The error that stopped a server before it listened.
private actor StartFailure {
    var error: (any Error)?
    func set(_ error: any Error) { self.error = error }
}

/// Why a mock server did not start.
public enum MockServerError: Error, Sendable, CustomStringConvertible {
    /// The port is not 0…65535.
    case badPort(Int)
    /// The item count is negative.
    case badItemCount(Int)
    /// The address could not be bound (in use, not an IPv4 address, …).
    case cannotListen(String)
    /// The server stopped before it listened.
    case notListening

    public var description: String {
        switch self {
        case .badPort(let port): "the port \(port) is not between 0 and 65535"
        case .badItemCount(let count): "the item count \(count) is negative"
        case .cannotListen(let reason): "cannot listen on \(reason)"
        case .notListening: "the server stopped before it listened"
        }
    }
}

/// Reason phrases of the status codes the server sends.
enum HTTPPhrases {
    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: status < 400 ? "OK" : status < 500 ? "Client Error" : "Server Error"
        }
    }
}
