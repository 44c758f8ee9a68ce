import FlyingSocks
import Foundation

/// The head of a request: the request line and the header fields, and how its
/// body is framed.
struct RequestHead: Sendable {
    var method: String
    var rawPath: String
    var rawQuery: String
    var version: String
    var headers: [(name: String, value: String)]
    var framing: BodyFraming

    /// True when the client waits for `100 Continue` before it sends the body.
    var expectsContinue: Bool {
        version == "HTTP/1.1"
            && headers.contains {
                $0.name.caseInsensitiveCompare("Expect") == .orderedSame && $0.value.lowercased() == "100-continue"
            }
    }
}

/// How a request's body is delimited.
enum BodyFraming: Sendable, Equatable {
    case none
    case length(Int)
    case chunked
}

/// Reads HTTP/1.1 requests from one connection, one after the other (keep-alive
/// and pipelining), in time linear in their size and within ``MockHTTPLimits``.
///
/// It keeps what it received in one buffer and looks for each line end once, so a
/// 10 KB request line costs one pass over 10 KB. Everything it does not accept is
/// an ``HTTPReadError`` with the status to answer: 400 for a malformed request, 413,
/// 414 and 431 for one over a limit, 501 and 505 for what it does not implement.
struct RequestReader {
    private let socket: AsyncSocket
    private let limits: MockHTTPLimits
    /// Bytes received and not yet consumed start at `start`.
    private var buffer: [UInt8] = []
    private var start = 0

    init(socket: AsyncSocket, limits: MockHTTPLimits) {
        self.socket = socket
        self.limits = limits
    }

    /// True when bytes of a next request already arrived (pipelining).
    var hasBufferedBytes: Bool { start < buffer.count }

    // MARK: The head

    /// Reads the next request head.
    /// - Parameter onFirstByte: called once, when the first byte of the request is there.
    /// - Returns: nil when the client closed the connection before a request began.
    mutating func readHead(onFirstByte: () -> Void) async throws -> RequestHead? {
        compact()
        var requestLine: (method: String, path: String, query: String, version: String)?
        var headers: [(name: String, value: String)] = []
        var headerBytes = 0
        var lineStart = 0
        var scan = 0
        var started = !buffer.isEmpty
        if started { onFirstByte() }
        while true {
            guard let lineFeed = buffer[scan...].firstIndex(of: ASCII.lineFeed) else {
                scan = buffer.count
                let pending = buffer.count - lineStart
                if requestLine == nil, pending > limits.maxRequestLineBytes { throw Self.requestLineTooLong(limits) }
                if requestLine != nil, headerBytes + pending > limits.maxHeaderBytes { throw Self.headersTooLarge(limits) }
                guard try await receive() else {
                    if requestLine == nil && buffer[lineStart...].allSatisfy({ $0 == ASCII.carriageReturn }) { return nil }
                    throw HTTPReadError.badRequest("the connection closed in the middle of the request head")
                }
                if !started {
                    started = true
                    onFirstByte()
                }
                continue
            }
            var end = lineFeed
            if end > lineStart && buffer[end - 1] == ASCII.carriageReturn { end -= 1 }
            let line = buffer[lineStart..<end]
            lineStart = lineFeed + 1
            scan = lineStart
            if requestLine == nil {
                if line.isEmpty { continue }  // RFC 9112 §2.2: empty lines before a request line are ignored
                guard line.count <= limits.maxRequestLineBytes else { throw Self.requestLineTooLong(limits) }
                requestLine = try Self.parseRequestLine(line)
            } else if line.isEmpty {
                start = lineStart
                let (method, path, query, version) = requestLine!
                return RequestHead(
                    method: method, rawPath: path, rawQuery: query, version: version, headers: headers,
                    framing: try framing(of: headers))
            } else {
                headerBytes += line.count + 2
                guard headerBytes <= limits.maxHeaderBytes else { throw Self.headersTooLarge(limits) }
                guard headers.count < limits.maxHeaderCount else {
                    throw HTTPReadError(
                        status: 431, code: "header_fields_too_large",
                        message: "the request has more than \(limits.maxHeaderCount) header fields")
                }
                headers.append(try Self.parseHeaderLine(line))
            }
        }
    }

    /// `METHOD SP request-target SP HTTP-version`.
    static func parseRequestLine(_ line: ArraySlice<UInt8>) throws -> (method: String, path: String, query: String, version: String) {
        let parts = line.split(separator: ASCII.space, omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
            throw HTTPReadError.badRequest("the request line is not 'METHOD /path HTTP/1.1': '\(preview(line))'")
        }
        guard parts[0].allSatisfy(ASCII.isTokenByte) else {
            throw HTTPReadError.badRequest("the method '\(preview(parts[0]))' is not a token")
        }
        guard parts[1].allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw HTTPReadError.badRequest("the request target holds a byte that must be percent-encoded")
        }
        let version = String(decoding: parts[2], as: UTF8.self)
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            let looksLikeHTTP = version.hasPrefix("HTTP/") && version.count == 8
            throw looksLikeHTTP
                ? HTTPReadError(status: 505, code: "http_version_not_supported", message: "\(version) is not supported; send HTTP/1.1")
                : HTTPReadError.badRequest("'\(preview(parts[2]))' is not an HTTP version")
        }
        var target = String(decoding: parts[1], as: UTF8.self)
        if !target.hasPrefix("/") {
            let lower = target.lowercased()
            guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
                throw HTTPReadError.badRequest("the request target '\(preview(parts[1]))' is neither a path nor an absolute URL")
            }
            let afterScheme = target[target.index(target.startIndex, offsetBy: lower.hasPrefix("http://") ? 7 : 8)...]
            target = afterScheme.firstIndex { $0 == "/" || $0 == "?" }.map { String(afterScheme[$0...]) } ?? "/"
            if target.hasPrefix("?") { target = "/" + target }
        }
        let question = target.firstIndex(of: "?")
        let path = question.map { String(target[..<$0]) } ?? target
        let query = question.map { String(target[target.index(after: $0)...]) } ?? ""
        return (String(decoding: parts[0], as: UTF8.self), path, query, version)
    }

    /// `name: value`, with the value's surrounding spaces and tabs trimmed.
    static func parseHeaderLine(_ line: ArraySlice<UInt8>) throws -> (name: String, value: String) {
        guard let first = line.first, first != ASCII.space, first != ASCII.tab else {
            throw HTTPReadError.badRequest("a header line starts with white space (obsolete line folding is not accepted)")
        }
        guard let colon = line.firstIndex(of: ASCII.colon) else {
            throw HTTPReadError.badRequest("the header line '\(preview(line))' has no ':'")
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(ASCII.isTokenByte) else {
            throw HTTPReadError.badRequest("the header field name '\(preview(name))' is not a token")
        }
        var value = line[(colon + 1)...]
        while let byte = value.first, byte == ASCII.space || byte == ASCII.tab { value = value.dropFirst() }
        while let byte = value.last, byte == ASCII.space || byte == ASCII.tab { value = value.dropLast() }
        guard !value.contains(where: { ($0 < 0x20 && $0 != ASCII.tab) || $0 == 0x7F }) else {
            throw HTTPReadError.badRequest("the header field '\(preview(name))' holds a control character")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// The body's framing from `Transfer-Encoding` and `Content-Length` (RFC 9112 §6).
    private func framing(of headers: [(name: String, value: String)]) throws -> BodyFraming {
        func values(_ name: String) -> [String] {
            headers.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }
                .flatMap { $0.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() } }
        }
        let codings = values("Transfer-Encoding").filter { !$0.isEmpty }
        let lengths = values("Content-Length")
        if !codings.isEmpty {
            guard lengths.isEmpty else {
                throw HTTPReadError.badRequest("the request has both Transfer-Encoding and Content-Length")
            }
            guard codings.last == "chunked" else {
                throw HTTPReadError.badRequest("the last transfer coding is '\(codings.last!)', not chunked: the body's length is unknown")
            }
            guard codings == ["chunked"] else {
                throw HTTPReadError(
                    status: 501, code: "not_implemented",
                    message: "only the chunked transfer coding is understood, not '\(codings.joined(separator: ", "))'")
            }
            return .chunked
        }
        guard let first = lengths.first else { return .none }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 18,
            first.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let length = Int(first)
        else {
            throw HTTPReadError.badRequest("the Content-Length '\(lengths.joined(separator: ", "))' is not one whole number")
        }
        guard length <= limits.maxBodyBytes else { throw Self.bodyTooLarge(limits) }
        return length == 0 ? .none : .length(length)
    }

    // MARK: The body

    /// Reads the body the head announced.
    mutating func readBody(_ framing: BodyFraming) async throws -> Data {
        switch framing {
        case .none:
            return Data()
        case .length(let length):
            guard try await ensure(length) else {
                throw HTTPReadError.badRequest(
                    "the body ended after \(buffer.count - start) of the \(length) bytes its Content-Length announced")
            }
            defer { start += length }
            return Data(buffer[start..<start + length])
        case .chunked:
            return try await readChunkedBody()
        }
    }

    /// Decodes a chunked body (RFC 9112 §7.1), trailers read and dropped.
    private mutating func readChunkedBody() async throws -> Data {
        var body = Data()
        while true {
            let sizeLine = try await readLine(limit: 1024, what: "a chunk size line")
            let digits = sizeLine.prefix { $0 != ASCII.semicolon && $0 != ASCII.space && $0 != ASCII.tab }
            guard !digits.isEmpty, digits.count <= 15, let size = Int(String(decoding: digits, as: UTF8.self), radix: 16) else {
                throw HTTPReadError.badRequest("the chunk size '\(Self.preview(sizeLine))' is not a hexadecimal number")
            }
            if size == 0 { break }
            guard body.count + size <= limits.maxBodyBytes else { throw Self.bodyTooLarge(limits) }
            guard try await ensure(size + 2) else {
                throw HTTPReadError.badRequest("the body ended inside a chunk of \(size) bytes")
            }
            body.append(contentsOf: buffer[start..<start + size])
            guard buffer[start + size] == ASCII.carriageReturn, buffer[start + size + 1] == ASCII.lineFeed else {
                throw HTTPReadError.badRequest("a chunk of \(size) bytes is not followed by CRLF")
            }
            start += size + 2
        }
        var trailerBytes = 0
        while true {
            let line = try await readLine(limit: limits.maxHeaderBytes, what: "a trailer field")
            if line.isEmpty { return body }
            trailerBytes += line.count + 2
            guard trailerBytes <= limits.maxHeaderBytes else { throw Self.headersTooLarge(limits) }
        }
    }

    /// One line, without its CRLF.
    private mutating func readLine(limit: Int, what: String) async throws -> ArraySlice<UInt8> {
        var scan = start
        while true {
            if let lineFeed = buffer[scan...].firstIndex(of: ASCII.lineFeed) {
                var end = lineFeed
                if end > start && buffer[end - 1] == ASCII.carriageReturn { end -= 1 }
                defer { start = lineFeed + 1 }
                return buffer[start..<end]
            }
            scan = buffer.count
            guard buffer.count - start <= limit else { throw HTTPReadError.badRequest("\(what) is over \(limit) bytes long") }
            guard try await receive() else { throw HTTPReadError.badRequest("the body ended inside \(what)") }
        }
    }

    // MARK: Receiving

    /// Makes sure `count` unconsumed bytes are buffered; false when the client closed first.
    private mutating func ensure(_ count: Int) async throws -> Bool {
        while buffer.count - start < count {
            guard try await receive() else { return false }
        }
        return true
    }

    /// Receives what the socket has (at least one byte); false at the end of the stream.
    private mutating func receive() async throws -> Bool {
        do {
            let bytes = try await socket.read(atMost: 16_384)
            buffer.append(contentsOf: bytes)
            return true
        } catch SocketError.disconnected {
            return false
        }
    }

    /// Drops the consumed bytes.
    private mutating func compact() {
        guard start > 0 else { return }
        buffer.removeSubrange(0..<start)
        start = 0
    }

    // MARK: Errors

    private static func requestLineTooLong(_ limits: MockHTTPLimits) -> HTTPReadError {
        HTTPReadError(status: 414, code: "uri_too_long", message: "the request line is over \(limits.maxRequestLineBytes) bytes long")
    }

    private static func headersTooLarge(_ limits: MockHTTPLimits) -> HTTPReadError {
        HTTPReadError(
            status: 431, code: "header_fields_too_large", message: "the header fields are over \(limits.maxHeaderBytes) bytes long")
    }

    private static func bodyTooLarge(_ limits: MockHTTPLimits) -> HTTPReadError {
        HTTPReadError(status: 413, code: "content_too_large", message: "the body is over \(limits.maxBodyBytes) bytes long")
    }

    /// The first 80 bytes of `bytes`, for messages.
    static func preview(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(80), as: UTF8.self)
        return bytes.count > 80 ? text + "…" : text
    }
}

/// Byte values of HTTP syntax.
enum ASCII {
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B

    /// A `tchar` of RFC 9110: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: true
        default: false
        }
    }
}
