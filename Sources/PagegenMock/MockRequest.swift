import Foundation

/// A request as the mock server reads it: the path split into decoded segments,
/// the query items decoded, header names lower-cased. Reading is strict: bad
/// percent-encoding or oversized values are a 400, never a crash.
struct MockRequest: Sendable {
    /// `GET`, `POST`, …
    let method: String
    /// The path as sent, percent-encoded.
    let rawPath: String
    /// The query as sent, percent-encoded, without `?`.
    let rawQuery: String
    /// The path's segments after the leading `/`, decoded.
    let segments: [String]
    /// The query items, decoded, in order.
    let query: [(name: String, value: String)]
    /// Header fields by lower-cased name.
    let headers: [String: String]
    /// The body.
    let body: Data

    /// The longest path accepted.
    static let maxPathLength = 8192
    /// The longest query value accepted.
    static let maxValueLength = 4096
    /// The most query items accepted.
    static let maxQueryItems = 256

    /// Reads a request.
    /// - Throws: a 400 ``MockHTTPError`` for bad percent-encoding or oversized parts.
    init(method: String, rawPath: String, rawQuery: String, headers: [String: String], body: Data) throws(MockHTTPError) {
        self.method = method.uppercased()
        self.rawPath = rawPath
        self.rawQuery = rawQuery
        self.headers = headers
        self.body = body
        guard rawPath.utf8.count <= Self.maxPathLength else {
            throw .badRequest("the path is \(rawPath.utf8.count) bytes long; at most \(Self.maxPathLength) are accepted")
        }
        var segments: [String] = []
        for raw in rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard let decoded = Self.percentDecoded(Substring(raw), plusIsSpace: false) else {
                throw .badRequest("the path segment '\(raw.prefix(80))' has bad percent-encoding")
            }
            segments.append(decoded)
        }
        self.segments = segments
        var query: [(name: String, value: String)] = []
        for item in rawQuery.split(separator: "&") {
            guard query.count < Self.maxQueryItems else {
                throw .badRequest("the query has more than \(Self.maxQueryItems) items")
            }
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.percentDecoded(parts[0], plusIsSpace: true) else {
                throw .badRequest("the query item name '\(parts[0].prefix(80))' has bad percent-encoding")
            }
            let rawValue = parts.count > 1 ? parts[1] : ""
            guard let value = Self.percentDecoded(rawValue, plusIsSpace: true) else {
                throw .badRequest("the value of the query item '\(name.prefix(80))' has bad percent-encoding")
            }
            guard value.utf8.count <= Self.maxValueLength, name.utf8.count <= Self.maxValueLength else {
                throw .badRequest(
                    "the query item '\(name.prefix(80))' is \(value.utf8.count) bytes long; at most \(Self.maxValueLength) are accepted")
            }
            query.append((name, value))
        }
        self.query = query
    }

    /// The first value of the query item `name`.
    func query(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The value of the header field `name` (any case).
    func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The body as a JSON object, for parameters sent in the body.
    /// - Throws: a 400 when there is a body that is not a JSON object.
    func bodyObject() throws(MockHTTPError) -> [String: Any] {
        guard !body.isEmpty else { return [:] }
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw .badRequest("the request body is not a JSON object")
        }
        return object
    }

    /// `text` with its `%XX` escapes decoded (and `+` as a space in queries);
    /// nil for a truncated or non-hex escape, or bytes that are not UTF-8.
    static func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(bytes: bytes, encoding: .utf8)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }
}
