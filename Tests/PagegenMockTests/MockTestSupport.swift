import Foundation
import PagegenCore
import PagegenRuntime
import PagegenTestSupport

@testable import PagegenMock

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The package's specs, found from this file's place.
enum Specs {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `specs/<name>.pagegen.yaml`
    static func path(_ name: String) -> String {
        root.appendingPathComponent("specs/\(name).pagegen.yaml").path
    }

    /// The checked spec `specs/<name>.pagegen.yaml`.
    static func load(_ name: String) throws -> Spec {
        try MockSpecLoader.load(path: path(name), displayName: "specs/\(name).pagegen.yaml").spec
    }

    /// A spec from text.
    static func parse(_ text: String, file: String = "test.pagegen.yaml") throws -> Spec {
        try MockSpecLoader.load(text: text, file: file).spec
    }
}

/// The limits of a server in a test that does not set its own: timeouts that no busy
/// machine misses, so that only the tests of the timeouts themselves depend on them.
let patientLimits = MockHTTPLimits(readTimeout: .seconds(300), idleTimeout: .seconds(300))

/// Starts a mock server for a spec, runs `body`, and stops it whatever happens.
/// Options with the default limits get ``patientLimits`` instead.
func withMock<T>(
    _ spec: Spec, options: MockOptions = MockOptions(items: 20), clock: any RetryClock = SystemRetryClock(),
    _ body: (MockServer) async throws -> T
) async throws -> T {
    var options = options
    if options.limits == MockHTTPLimits() { options.limits = patientLimits }
    let server = try await MockServer.start(spec: spec, options: options, clock: clock)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Starts a mock server for `specs/<name>.pagegen.yaml`.
func withMock<T>(
    _ name: String, options: MockOptions = MockOptions(items: 20), clock: any RetryClock = SystemRetryClock(),
    _ body: (MockServer) async throws -> T
) async throws -> T {
    try await withMock(try Specs.load(name), options: options, clock: clock, body)
}

/// An HTTP answer.
struct Answer: Sendable {
    var status: Int
    /// Header fields by lower-cased name.
    var headers: [String: String]
    var body: Data

    /// The body as JSON.
    var json: Any? { try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
    /// The body as a JSON object.
    var object: [String: Any] { json as? [String: Any] ?? [:] }
    /// The body as a JSON array.
    var array: [Any] { json as? [Any] ?? [] }
    /// The body as text.
    var text: String { String(decoding: body, as: UTF8.self) }
    /// The error message of a JSON error body.
    var message: String { object["message"] as? String ?? "" }

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Sends one request with PagegenRuntime's `URLSessionTransport`, which never blocks
/// a thread of Swift concurrency's pool while it waits for `URLSession`.
func fetch(_ url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil) async throws -> Answer {
    let fields = headers.sorted { $0.key < $1.key }.map { HTTPHeaderField(name: $0.key, value: $0.value) }
    let request = HTTPRequest(method: method, url: url, headerFields: fields, body: body)
    let (response, data) = try await URLSessionTransport().send(request)
    var lowercased: [String: String] = [:]
    for field in response.headerFields { lowercased[field.name.lowercased()] = field.value }
    return Answer(status: response.statusCode, headers: lowercased, body: data)
}

/// Sends a request to `server` at `path` (appended to its base URL, with query), with
/// the credentials its spec's `auth:` asks for unless `authenticated` is false.
func fetch(
    _ server: MockServer, _ path: String, method: String = "GET", headers: [String: String] = [:], body: Data? = nil,
    authenticated: Bool = true
) async throws -> Answer {
    var headers = headers
    var path = path
    if authenticated, let scheme = server.spec.auth.first {
        switch scheme {
        case .bearer: headers["Authorization"] = headers["Authorization"] ?? "Bearer t0ken"
        case .basic: headers["Authorization"] = headers["Authorization"] ?? "Basic dXNlcjpwYXNz"
        case .headerKey(let name): headers[name] = headers[name] ?? "k3y"
        case .queryKey(let name): path += (path.contains("?") ? "&" : "?") + "\(name)=k3y"
        }
    }
    guard let url = URL(string: server.baseURL.absoluteString + path) else { throw URLError(.badURL) }
    return try await fetch(url, method: method, headers: headers, body: body)
}

/// Sends raw bytes over TCP and reads the answer until the server closes or a
/// whole response with its Content-Length has arrived: for requests URLSession
/// refuses to send (bad percent-encoding, broken request lines).
func rawExchange(port: Int, _ text: String) async throws -> String {
    try await offPool { try blockingExchange(port: port, text) }
}

private func blockingExchange(port: Int, _ text: String) throws -> String {
    #if canImport(Glibc)
    let handle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let handle = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard handle >= 0 else { throw URLError(.cannotConnectToHost) }
    defer { close(handle) }
    // A bound no busy machine reaches: the server answers each of these at once and
    // closes, and a read that waits this long fails the test with an empty answer.
    var timeout = timeval(tv_sec: 120, tv_usec: 0)
    setsockopt(handle, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(handle, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else { throw URLError(.cannotConnectToHost) }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { send(handle, $0.baseAddress, $0.count, 0) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = buffer.withUnsafeMutableBytes { recv(handle, $0.baseAddress, $0.count, 0) }
        if count <= 0 { break }
        received += buffer[0..<count]
        let response = String(decoding: received, as: UTF8.self)
        if let split = response.range(of: "\r\n\r\n") {
            let head = response[..<split.lowerBound].lowercased()
            if let line = head.split(separator: "\r\n").first(where: { $0.hasPrefix("content-length:") }),
                let length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)),
                received.count - response[..<split.upperBound].utf8.count >= length
            {
                break
            }
        }
    }
    return String(decoding: received, as: UTF8.self)
}

extension MockServer {
    /// The port it listens on.
    var port: Int { origin.port ?? 0 }
}

/// The items of a JSON array of objects, by key.
func values<T>(_ key: String, in items: [Any]) -> [T] {
    items.compactMap { ($0 as? [String: Any])?[key] as? T }
}
