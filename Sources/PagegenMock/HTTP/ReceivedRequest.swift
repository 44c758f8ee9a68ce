import Foundation

/// A request as the mock's HTTP reader received it: the request line split up,
/// the header fields in order, and the body.
struct ReceivedRequest: Sendable {
    /// `GET`, `POST`, … as sent.
    var method: String
    /// The path as sent, percent-encoded (`/api/items/a%2Fb`).
    var rawPath: String
    /// The query as sent, percent-encoded, without `?`.
    var rawQuery: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    var version: String
    /// Header fields in order, names as sent.
    var headers: [(name: String, value: String)]
    /// The body (chunked bodies decoded).
    var body: Data

    /// The values of the header field `name` (any case), joined with `, `.
    func header(_ name: String) -> String? {
        let values = headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map(\.value)
        return values.isEmpty ? nil : values.joined(separator: ", ")
    }

    /// True when the connection stays open after the response: HTTP/1.1 unless
    /// `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`.
    var keepsAlive: Bool {
        let tokens = (header("Connection") ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return version == "HTTP/1.1" ? !tokens.contains("close") : tokens.contains("keep-alive")
    }
}

/// A request the reader refuses, answered with `status` and `message`, after
/// which the connection closes (the rest of its bytes cannot be trusted).
struct HTTPReadError: Error, Sendable {
    /// 400, 408, 413, 414, 431, 501 or 505.
    var status: Int
    /// A short machine-readable code.
    var code: String
    /// What was wrong, for a person.
    var message: String

    static func badRequest(_ message: String) -> HTTPReadError {
        HTTPReadError(status: 400, code: "bad_request", message: message)
    }
}
