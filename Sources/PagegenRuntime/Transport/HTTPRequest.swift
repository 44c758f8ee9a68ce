import Foundation

/// One HTTP request as the client sends it: method, absolute URL, header fields
/// in order, and an optional body, in memory (``body``) or read as it is sent
/// (``streamedBody``).
public struct HTTPRequest: Sendable, Hashable, CustomStringConvertible {
    /// The method, upper-case: `GET`, `POST`, …
    public var method: String
    /// The absolute URL, query included.
    public var url: URL
    /// Header fields in the order they are sent. Names compare case-insensitively.
    public var headerFields: [HTTPHeaderField]
    /// The body, if any, in memory.
    public var body: Data?
    /// A body read from files as it is sent (a large upload), in place of ``body``,
    /// which is nil then. The runtime's transports both honour it.
    public var streamedBody: StreamedBody?
    /// The credentials the runtime put into this request's header fields and query,
    /// so that a transport that follows a redirect knows what to keep (same origin)
    /// and what to take off (another origin). Empty for a request to another origin.
    public var credentials: [Credential] = []
    /// What the spec says about retrying this request, when it overrides the method.
    var idempotencyOverride: Bool?

    /// Creates a request.
    public init(method: String, url: URL, headerFields: [HTTPHeaderField] = [], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headerFields = headerFields
        self.body = body
    }

    /// True when sending this request twice does what sending it once does, so that
    /// a retry is safe: by default for `GET`, `HEAD`, `PUT`, `DELETE`, `OPTIONS` and
    /// `TRACE`, and for any method the spec marks `idempotent: true` (a search sent as
    /// `POST`). ``RetryMiddleware`` retries only such requests, unless it adds an
    /// idempotency key.
    public var isIdempotent: Bool {
        get { idempotencyOverride ?? Self.idempotentMethods.contains(method.uppercased()) }
        set { idempotencyOverride = newValue }
    }

    /// The methods RFC 9110 defines as idempotent.
    static let idempotentMethods: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"]

    /// The first value of a header field, matched case-insensitively.
    public func value(forHeader name: String) -> String? {
        headerFields.value(for: name)
    }

    /// Sets a header field, replacing every field of the same name.
    public mutating func setValue(_ value: String, forHeader name: String) {
        removeHeader(name)
        headerFields.append(HTTPHeaderField(name: name, value: value))
    }

    /// Removes every header field named `name` (any case).
    public mutating func removeHeader(_ name: String) {
        headerFields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    /// Throws the error a transport reports for a header field that cannot be sent
    /// (``HTTPHeaderField/problem``): ``APIError/Kind/invalidRequest(_:)``, naming the
    /// field, before anything is sent. The runtime's transports call it first thing,
    /// for header fields a middleware set; a transport of your own can too.
    public func checkHeaderFields() throws(APIError) {
        for field in headerFields {
            if let problem = field.problem {
                throw APIError(.invalidRequest("\(problem); nothing was sent"), request: self)
            }
        }
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

    /// Why this field cannot be sent, or nil when it can: a name that is not an
    /// RFC 9110 token, or a value holding CR, LF or NUL (which would end the field
    /// and start another, and which `URLSession` drops without a word).
    ///
    /// `the header field 'X-Trace' holds a line break (LF), which a header value cannot`
    public var problem: String? {
        if let problem = Self.nameProblem(name) { return "the header field name '\(name)' \(problem)" }
        if let problem = Self.valueProblem(value) { return "the header field '\(name)' \(problem)" }
        return nil
    }

    /// What is wrong with `name` as a field name (`holds a space, which …`), or nil.
    static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        let tokenSymbols = Set("!#$%&'*+-.^_`|~".utf8)
        for byte in name.utf8 where !(byte.isASCIILetterOrDigit || tokenSymbols.contains(byte)) {
            return "holds \(describe(byte)), which a field name cannot"
        }
        return nil
    }

    /// What is wrong with `value` as a field value (`holds a line break (CR), which …`), or nil.
    static func valueProblem(_ value: String) -> String? {
        for byte in value.utf8 where byte == 0x0D || byte == 0x0A || byte == 0x00 {
            return "holds \(describe(byte)), which a header value cannot"
        }
        return nil
    }

    /// `a line break (CR)`, `a space`, `'/'`.
    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x0D: "a line break (CR)"
        case 0x0A: "a line break (LF)"
        case 0x00: "a NUL byte"
        case 0x20: "a space"
        case 0x21...0x7E: "'\(Character(Unicode.Scalar(byte)))'"
        default: "the byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }
}

extension UInt8 {
    /// `A–Z`, `a–z` or `0–9`.
    var isASCIILetterOrDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self)
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
    /// The credentials of the request this answers, empty when it carried none (a
    /// request to another origin, or a client without credentials), nil when not known.
    /// After redirects, they are the last request's: none after a redirect to another
    /// origin. ``URLSessionTransport`` sets it; the client sets it, for a transport
    /// that leaves it nil, to the credentials it sent. ``CredentialRefreshMiddleware``
    /// refreshes credentials only after a 401 to a request that carried some.
    public var requestCredentials: [Credential]?

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
