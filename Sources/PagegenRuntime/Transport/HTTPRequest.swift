import Foundation

/// One HTTP request as the client sends it: method, absolute URL, header fields
/// in order, and an optional body.
public struct HTTPRequest: Sendable, Hashable, CustomStringConvertible {
    /// The method, upper-case: `GET`, `POST`, …
    public var method: String
    /// The absolute URL, query included.
    public var url: URL
    /// Header fields in the order they are sent. Names compare case-insensitively.
    public var headerFields: [HTTPHeaderField]
    /// The body, if any.
    public var body: Data?

    /// Creates a request.
    public init(method: String, url: URL, headerFields: [HTTPHeaderField] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headerFields = headerFields
        self.body = body
    }

    /// The first value of a header field, matched case-insensitively.
    public func value(forHeader name: String) -> String? {
        headerFields.value(for: name)
    }

    /// Sets a header field, replacing every field of the same name.
    public mutating func setValue(_ value: String, forHeader name: String) {
        headerFields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        headerFields.append(HTTPHeaderField(name: name, value: value))
    }

    /// `GET https://api.example.com/v1/items?page=2`
    public var description: String { "\(method) \(url.absoluteString)" }
}

/// A header field's name and value.
public struct HTTPHeaderField: Sendable, Hashable {
    /// The field name, as sent.
    public var name: String
    /// The field value.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension [HTTPHeaderField] {
    /// The first value of a header field, matched case-insensitively.
    public func value(for name: String) -> String? {
        first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// The head of an HTTP response: status code and header fields.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, such as 200 or 404.
    public var statusCode: Int
    /// Header fields in the order they arrived.
    public var headerFields: [HTTPHeaderField]

    /// Creates a response head.
    public init(statusCode: Int, headerFields: [HTTPHeaderField] = []) {
        self.statusCode = statusCode
        self.headerFields = headerFields
    }

    /// The first value of a header field, matched case-insensitively.
    public func value(forHeader name: String) -> String? {
        headerFields.value(for: name)
    }

    /// True for 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }
}
