import Foundation

/// How long the mock server waits for a client, and how much it reads: what keeps
/// a slow, stalled or oversized request from holding a connection or the server.
///
/// | limit | when it is passed |
/// | --- | --- |
/// | ``readTimeout`` | `408 Request Timeout`, and the connection closes |
/// | ``idleTimeout`` | the idle keep-alive connection closes, without a response |
/// | ``maxRequestLineBytes`` | `414 URI Too Long` |
/// | ``maxHeaderBytes``, ``maxHeaderCount`` | `431 Request Header Fields Too Large` |
/// | ``maxBodyBytes`` | `413 Content Too Large` |
public struct MockHTTPLimits: Sendable, Hashable {
    /// The longest time from the first byte of a request to its last (head and
    /// body), and the longest a client may stall while a response is written to it.
    public var readTimeout: Duration
    /// The longest a keep-alive connection may wait for its next request.
    public var idleTimeout: Duration
    /// The longest request line (`GET /path?query HTTP/1.1`), in bytes.
    public var maxRequestLineBytes: Int
    /// The most bytes of header fields one request may send.
    public var maxHeaderBytes: Int
    /// The most header fields one request may send.
    public var maxHeaderCount: Int
    /// The largest request body, in bytes.
    public var maxBodyBytes: Int

    /// Creates limits; the defaults suit an app in development and tests.
    public init(
        readTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(60),
        maxRequestLineBytes: Int = 16_384, maxHeaderBytes: Int = 32_768, maxHeaderCount: Int = 100,
        maxBodyBytes: Int = 1_048_576
    ) {
        self.readTimeout = readTimeout
        self.idleTimeout = idleTimeout
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
    }

    /// Reads a timeout: `10s`, `500ms`, `1.5s`, `250` (milliseconds); nil when it is
    /// none of these, zero, or above an hour.
    public static func timeout(parsing text: String) -> Duration? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        let number: Substring
        let scale: Double
        if text.hasSuffix("ms") {
            (number, scale) = (text.dropLast(2), 1)
        } else if text.hasSuffix("s") {
            (number, scale) = (text.dropLast(), 1000)
        } else {
            (number, scale) = (Substring(text), 1)
        }
        guard number.count <= 12, let value = Double(number), value.isFinite, value > 0 else { return nil }
        let milliseconds = value * scale
        guard milliseconds >= 1, milliseconds <= 3_600_000 else { return nil }
        return .milliseconds(Int(milliseconds.rounded()))
    }
}
