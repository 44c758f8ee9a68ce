import FlyingSocks
import Foundation
import PagegenCore
import PagegenRuntime

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
    /// The spec's named servers on this server, by name: the origin plus the path of
    /// each server's URL. One mock serves every server's endpoints.
    public let servers: [String: URL]
    /// The spec served.
    public let spec: Spec
    /// The options it runs with.
    public let options: MockOptions
    /// Every endpoint, as `GET /api/v2/categories/{category_id}/products`.
    public let endpoints: [String]
    /// How each endpoint is served, in the order of ``endpoints``.
    let endpointRoles: [String]

    private let http: MockHTTPServer
    private let core: MockCore

    private init(http: MockHTTPServer, origin: URL, core: MockCore, endpoints: [String]) {
        self.http = http
        self.origin = origin
        self.core = core
        self.spec = core.plan.spec
        self.options = core.options
        self.endpoints = endpoints
        self.endpointRoles = core.plan.endpoints.map(\.summary)
        self.baseURL = URL(string: origin.absoluteString + core.plan.basePath) ?? origin
        self.servers = core.plan.serverPaths.mapValues { URL(string: origin.absoluteString + $0) ?? origin }
    }

    /// Starts a server for a spec file, checked as `pagegen lint` checks it.
    /// - Throws: ``MockSpecError`` with file:line:column diagnostics when the spec
    ///   has errors; ``MockServerError`` when the server cannot listen.
    public static func start(
        specFile path: String, options: MockOptions = MockOptions(), clock: any RetryClock = SystemRetryClock(),
        onRequest: (@Sendable (MockRequestRecord) -> Void)? = nil
    ) async throws -> MockServer {
        try await start(spec: MockSpecLoader.load(path: path).spec, options: options, clock: clock, onRequest: onRequest)
    }

    /// Starts a server for a spec.
    /// - Parameters:
    ///   - clock: where the server reads the time and waits: the waits a throttle fault
    ///     asks for, the dates of Unix-time hints, and injected latency. Tests give it a
    ///     clock of their own, so that those waits are exact and instant.
    ///   - onRequest: called with every request once it is answered (the CLI prints them).
    /// - Throws: ``MockSpecError`` when the spec has errors; ``MockServerError``
    ///   when the server cannot listen.
    public static func start(
        spec: Spec, options: MockOptions = MockOptions(), clock: any RetryClock = SystemRetryClock(),
        onRequest: (@Sendable (MockRequestRecord) -> Void)? = nil
    ) async throws -> MockServer {
        let diagnostics = DiagnosticCollector()
        SpecValidator.validate(spec, config: GeneratorConfig(), diagnostics: diagnostics)
        let plan = MockPlan.make(spec, diagnostics: diagnostics)
        if diagnostics.hasErrors { throw MockSpecError(diagnostics: diagnostics.sorted) }
        guard (0...65535).contains(options.port) else { throw MockServerError.badPort(options.port) }
        guard options.items >= 0 else { throw MockServerError.badItemCount(options.items) }
        let host = options.host == "localhost" ? "127.0.0.1" : options.host

        let core = MockCore(plan: plan, options: options, clock: clock)
        let responder = MockResponder(core: core)
        let http: MockHTTPServer
        do {
            http = try await MockHTTPServer.start(host: host, port: UInt16(options.port), limits: options.limits) { request in
                await Self.handle(request, responder: responder, state: core.state, onRequest: onRequest)
            }
        } catch {
            throw MockServerError(listening: "\(host):\(options.port)", failedWith: error)
        }
        let origin = URL(string: "http://\(http.host == "0.0.0.0" ? "127.0.0.1" : http.host):\(http.port)")!
        await core.state.setOrigin(origin.absoluteString)
        return MockServer(http: http, origin: origin, core: core, endpoints: responder.endpointList)
    }

    /// Every request answered so far, in order.
    public var requests: [MockRequestRecord] {
        get async { await core.state.log }
    }

    /// Forgets the request log and the items inserted by drift.
    public func reset() async {
        await core.state.reset()
        await core.throttle.reset()
    }

    /// Stops the server and closes its connections.
    public func stop() async {
        await http.stop()
    }

    private static func handle(
        _ request: ReceivedRequest, responder: MockResponder, state: MockState,
        onRequest: (@Sendable (MockRequestRecord) -> Void)?
    ) async -> OutgoingResponse {
        var headers: [String: String] = [:]
        for (name, value) in request.headers {
            let key = name.lowercased()
            headers[key] = headers[key].map { "\($0), \(value)" } ?? value
        }
        let outcome = await responder.respond(
            method: request.method, rawPath: request.rawPath, rawQuery: request.rawQuery, headers: headers, body: request.body,
            fallbackOrigin: await state.fallbackOrigin)
        var response = outcome.response
        let applied = outcome.faults.applied
        if !applied.isEmpty { response.headers.append(("X-Mock-Faults", applied.joined(separator: ", "))) }
        let record = MockRequestRecord(
            method: request.method, path: request.rawPath, query: request.rawQuery, status: response.status,
            endpoint: outcome.endpoint, faults: applied, headers: headers, body: request.body)
        await state.record(record)
        onRequest?(record)
        return OutgoingResponse(
            status: response.status, headers: response.headers, body: response.body,
            drip: outcome.faults.drip, cutAt: outcome.faults.truncate ? response.body.count / 2 : nil)
    }
}

/// Why a mock server did not start.
public enum MockServerError: Error, Sendable, CustomStringConvertible {
    /// The port is not 0…65535.
    case badPort(Int)
    /// The item count is negative.
    case badItemCount(Int)
    /// Another program listens on the port (`address` is `host:port`).
    case portInUse(address: String)
    /// The address could not be bound for another reason: the host is not an IPv4
    /// address, or not one of this machine's.
    case cannotListen(address: String, reason: String)

    public var description: String {
        switch self {
        case .badPort(let port): "the port \(port) is not between 0 and 65535"
        case .badItemCount(let count): "the item count \(count) is negative"
        case .portInUse(let address): "cannot listen on \(address): the port is in use"
        case .cannotListen(let address, let reason): "cannot listen on \(address): \(reason)"
        }
    }

    /// The error of a listening socket that could not be made, in words.
    init(listening address: String, failedWith error: any Error) {
        guard case .failed(let call, let number, _) = error as? SocketError else {
            self = .cannotListen(address: address, reason: "\(error)")
            return
        }
        if call.hasPrefix("inet_pton") {
            self = .cannotListen(address: address, reason: "the host is not an IPv4 address")
            return
        }
        switch number {
        case EADDRINUSE: self = .portInUse(address: address)
        case EADDRNOTAVAIL: self = .cannotListen(address: address, reason: "the address is not one of this machine's")
        case EACCES: self = .cannotListen(address: address, reason: "permission denied (a port below 1024 needs privileges)")
        default: self = .cannotListen(address: address, reason: FileSystemError.reason(ofErrorNumber: number))
        }
    }
}

/// Reason phrases of the status codes the server sends.
enum HTTPPhrases {
    static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 501: "Not Implemented"
        case 505: "HTTP Version Not Supported"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: status < 400 ? "OK" : status < 500 ? "Client Error" : "Server Error"
        }
    }
}
