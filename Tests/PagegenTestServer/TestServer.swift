import FlyingFox
import FlyingSocks
import Foundation
@_spi(Testing) import PagegenMock

/// A real HTTP server on a loopback address (127.0.0.1 unless told) and a free
/// port, for tests: every request is answered by one closure and recorded.
///
/// ```swift
/// let server = try await TestServer.start { request in
///     .json(#"{"items": []}"#)
/// }
/// defer { Task { await server.stop() } }
/// ```
public final class TestServer: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    private let server: HTTPServer
    private let task: Task<Void, any Error>
    private let log: RequestLog

    private init(server: HTTPServer, task: Task<Void, any Error>, baseURL: URL, log: RequestLog) {
        self.server = server
        self.task = task
        self.baseURL = baseURL
        self.log = log
    }

    /// Starts a server on `host` whose every answer comes from `handler`. Two servers
    /// on 127.0.0.1 and 127.0.0.2 are two origins (every 127.x address is loopback on Linux).
    public static func start(
        host: String = "127.0.0.1",
        _ handler: @escaping @Sendable (TestRequest) async -> TestResponse
    ) async throws -> TestServer {
        // A generous handler timeout: FlyingFox answers 500 on its own after 15 s, which
        // a busy 2-core machine running the whole suite can reach. One event loop for
        // all servers: a pool per server holds a Dispatch thread per server, and the
        // suite's hundreds of servers at once would take every thread Dispatch has.
        let server = HTTPServer(
            address: try .inet(ip4: host, port: 0), timeout: 300, pool: SharedSocketPool(), logger: .disabled)
        let log = RequestLog()
        await server.appendRoute("*") { request in
            let recorded = await TestRequest(request)
            await log.append(recorded)
            let response = await handler(recorded)
            var headers = HTTPHeaders()
            for (name, value) in response.headers { headers.addValue(value, for: HTTPHeader(name)) }
            // A HEAD answer has no body (RFC 9110, 9.3.2). FlyingFox would write one, and
            // the client, which reads none, would take those bytes as the start of the
            // next answer on the kept-alive connection.
            let body = request.method == .HEAD ? Data() : response.body
            return HTTPResponse(statusCode: HTTPStatusCode(response.status, phrase: "Status"), headers: headers, body: body)
        }
        let task = Task { try await server.run() }
        // As generous: on a busy machine the server task may wait its turn for seconds.
        try await server.waitUntilListening(timeout: 300)
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            task.cancel()
            throw TestServerError.noAddress
        }
        return TestServer(server: server, task: task, baseURL: URL(string: "http://\(host):\(port)")!, log: log)
    }

    /// Every request received so far, in order.
    public var requests: [TestRequest] {
        get async { await log.requests }
    }

    /// Stops the server and closes its connections.
    public func stop() async {
        await server.stop(timeout: 0)
        task.cancel()
    }
}

extension TestServer {
    /// True when a server can listen on 127.0.0.2, the second origin of redirect
    /// tests: always on Linux; on macOS only after `sudo ifconfig lo0 alias 127.0.0.2`.
    public static let canListenOnSecondLoopbackAddress: Bool = {
        guard let socket = try? Socket(domain: AF_INET, type: .stream) else { return false }
        defer { try? socket.close() }
        return (try? socket.bind(to: .inet(ip4: "127.0.0.2", port: 0))) != nil
    }()

    /// Why tests that need 127.0.0.2 do not run.
    public static let secondLoopbackAddressHint =
        "127.0.0.2 is not a loopback address here (on macOS: sudo ifconfig lo0 alias 127.0.0.2)"
}

/// A loopback port that refuses every connection: bound, so no other server of the
/// test run can take it, and not listening, so a connection to it is refused. A port
/// freed by a stopped server would do only until the next server started in parallel
/// took it and got the requests meant to fail.
public final class RefusingPort: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    private let socket: Socket

    /// Binds a free port of 127.0.0.1 without listening on it.
    public init() throws {
        let socket = try Socket(domain: AF_INET, type: .stream)
        try socket.bind(to: .inet(ip4: "127.0.0.1", port: 0))
        guard case .ip4(_, let port) = try socket.sockname() else { throw TestServerError.noAddress }
        self.socket = socket
        self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    deinit { try? socket.close() }
}

/// Why a test server could not start.
public enum TestServerError: Error {
    /// The server did not report the port it listens on.
    case noAddress
}

private actor RequestLog {
    var requests: [TestRequest] = []
    func append(_ request: TestRequest) { requests.append(request) }
}

/// A request as the test server received it.
public struct TestRequest: Sendable {
    /// `GET`, `POST`, …
    public var method: String
    /// The path as sent, percent-encoded.
    public var rawPath: String
    /// The query as sent, percent-encoded, without `?`.
    public var rawQuery: String
    /// The query items, decoded, in order.
    public var query: [(name: String, value: String)]
    /// Header fields, names lower-cased.
    public var headers: [String: String]
    /// The body.
    public var body: Data

    init(_ request: HTTPRequest) async {
        method = request.method.rawValue
        rawPath = request.target.path(percentEncoded: true)
        rawQuery = request.target.query(percentEncoded: true)
        query = rawQuery.split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        self.headers = headers
        body = (try? await request.bodyData) ?? Data()
    }

    /// The decoded path.
    public var path: String { rawPath.removingPercentEncoding ?? rawPath }

    /// The first value of a query item.
    public func query(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// An integer query item.
    public func intQuery(_ name: String) -> Int? {
        query(name).flatMap { Int($0) }
    }
}

/// What the test server answers.
public struct TestResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields.
    public var headers: [(String, String)]
    /// The body.
    public var body: Data

    /// Creates a response.
    public init(status: Int = 200, headers: [(String, String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response from text.
    public static func json(_ text: String, status: Int = 200, headers: [(String, String)] = []) -> TestResponse {
        TestResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: Data(text.utf8))
    }

    /// A JSON response from a JSON-serializable value (dictionaries, arrays, strings, numbers).
    public static func json(object: Any, status: Int = 200, headers: [(String, String)] = []) -> TestResponse {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("null".utf8)
        return TestResponse(status: status, headers: [("Content-Type", "application/json")] + headers, body: data)
    }
}
