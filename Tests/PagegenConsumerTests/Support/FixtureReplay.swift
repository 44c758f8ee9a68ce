import Foundation
import PagegenTestServer
import Testing

/// Recorded responses of public APIs, kept outside the package in ../shared/fixtures.
/// Tests that use them are skipped, with a message, where that folder is absent.
enum Fixtures {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/fixtures")

    /// True when the recorded fixtures are present.
    static var available: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("README.md").path) }

    static let skipMessage: Comment = "the recorded fixtures of ../shared/fixtures are absent; synthetic tests cover every paging style"

    /// Loads recorded exchanges by path relative to the fixtures folder.
    static func load(_ paths: [String]) throws -> [RecordedExchange] {
        try paths.map { try RecordedExchange(contentsOf: folder.appendingPathComponent($0)) }
    }

    /// The JSON of a fixture file.
    static func json(_ path: String) throws -> [String: Any] {
        let data = try Data(contentsOf: folder.appendingPathComponent(path))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }
}

/// One recorded request and its response.
struct RecordedExchange: @unchecked Sendable {
    // @unchecked: `body` holds JSON values (dictionaries, arrays, strings, numbers) that are never mutated.
    var path: String
    /// Query items and form-body fields of the recorded request, merged.
    var parameters: [String: String]
    var origin: String
    var status: Int
    var headers: [String: String]
    var body: Any

    init(path: String, parameters: [String: String], origin: String, status: Int = 200, headers: [String: String] = [:], body: Any) {
        self.path = path
        self.parameters = parameters
        self.origin = origin
        self.status = status
        self.headers = headers
        self.body = body
    }

    init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        let request = object["request"] as? [String: Any] ?? [:]
        let response = object["response"] as? [String: Any] ?? [:]
        path = request["path"] as? String ?? "/"
        var parameters = request["query"] as? [String: String] ?? [:]
        if let form = request["body"] as? [String: String] { parameters.merge(form) { $1 } }
        self.parameters = parameters
        var origin =
            (request["scheme_host"] as? String) ?? (request["url"] as? String).flatMap { text -> String? in
                guard let components = URLComponents(string: text), let scheme = components.scheme, let host = components.host else {
                    return nil
                }
                return "\(scheme)://\(host)"
            } ?? ""
        if origin.hasSuffix(":443") { origin.removeLast(4) }
        self.origin = origin
        status = response["status"] as? Int ?? 200
        headers = (response["headers"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
        body = response["body"] ?? NSNull()
    }
}

/// A loopback server that answers requests with recorded responses: a request
/// matches an exchange with the same path and parameters (less `ignoring`).
/// Absolute URLs of the recorded origin, in bodies and Link headers, are rewritten
/// to the server's own, so that next links lead back to it.
struct ReplayServer {
    let exchanges: [RecordedExchange]
    var ignoring: Set<String> = []

    func handler() -> @Sendable (TestRequest) async -> TestResponse {
        let exchanges = exchanges
        let ignoring = ignoring
        return { request in
            var parameters: [String: String] = [:]
            for item in request.query { parameters[item.name] = item.value }
            let candidates = exchanges.filter { $0.path == request.path }
            guard
                let match = candidates.first(where: {
                    $0.parameters.filter { !ignoring.contains($0.key) } == parameters.filter { !ignoring.contains($0.key) }
                })
            else {
                let known = exchanges.map {
                    "\($0.path)?\($0.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&"))"
                }
                return .json(
                    object: ["error": "no recorded exchange for \(request.path)?\(request.rawQuery)", "recorded": known], status: 404)
            }
            let ownOrigin = "http://\(request.headers["host"] ?? "127.0.0.1")"
            let data = (try? JSONSerialization.data(withJSONObject: match.body, options: [.fragmentsAllowed])) ?? Data()
            let body = String(decoding: data, as: UTF8.self)
                .replacingOccurrences(
                    of: match.origin.replacingOccurrences(of: "/", with: "\\/"), with: ownOrigin.replacingOccurrences(of: "/", with: "\\/")
                )
                .replacingOccurrences(of: match.origin, with: ownOrigin)
            var headers: [(String, String)] = [("Content-Type", "application/json")]
            for (name, value) in match.headers where ["link", "x-total-count", "x-next-cursor"].contains(name.lowercased()) {
                headers.append((name, value.replacingOccurrences(of: match.origin, with: ownOrigin)))
            }
            return TestResponse(status: match.status, headers: headers, body: Data(body.utf8))
        }
    }
}
