import Foundation

/// What the mock server answers, before faults that change how the body is sent.
struct MockResponse: Sendable {
    /// The status code.
    var status: Int
    /// Header fields, in order.
    var headers: [(name: String, value: String)]
    /// The body.
    var body: Data

    /// A JSON response.
    static func json(_ value: MockJSON, status: Int = 200, headers: [(name: String, value: String)] = [], pretty: Bool) -> MockResponse {
        MockResponse(
            status: status, headers: [("Content-Type", "application/json; charset=utf-8")] + headers, body: value.data(pretty: pretty))
    }

    /// The value of a header field.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// An error answered as JSON: `{"error": "bad_request", "message": "…"}`.
struct MockHTTPError: Error, Sendable {
    /// The status code.
    var status: Int
    /// A short machine-readable code (`bad_request`, `not_found`).
    var code: String
    /// What went wrong, for a person.
    var message: String
    /// More fields of the body (such as the known endpoints of a 404).
    var extra: [(key: String, value: MockJSON)] = []
    /// More header fields.
    var headers: [(name: String, value: String)] = []

    /// A 400.
    static func badRequest(_ message: String) -> MockHTTPError {
        MockHTTPError(status: 400, code: "bad_request", message: message)
    }

    /// A 404.
    static func notFound(_ message: String) -> MockHTTPError {
        MockHTTPError(status: 404, code: "not_found", message: message)
    }

    /// The response.
    func response(pretty: Bool) -> MockResponse {
        let body: MockJSON = .object([("error", .string(code)), ("message", .string(message))] + extra)
        return .json(body, status: status, headers: headers, pretty: pretty)
    }
}
