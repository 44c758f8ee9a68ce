import Foundation
import HTTPTypes
import OpenAPIRuntime
import PagegenRuntime

/// A middleware for a swift-openapi-generator `Client` that lets Pagegen's paging
/// extensions see what the generated types do not carry: the header fields a document
/// does not declare (many documents leave out `Link` or `X-Next-Cursor`), and the URL
/// each page was asked at, for errors that name their request.
///
/// ```swift
/// let client = Client(
///     serverURL: try Servers.Server1.url(),
///     transport: URLSessionTransport(),
///     middlewares: [PagingResponseMiddleware()])
/// for try await repository in client.reposListForOrgItems(.init(path: .init(org: "swiftlang"))) { … }
/// ```
///
/// It records only the calls the paging extensions make, and only for them: every
/// other call goes through untouched. A paging extension that needs a header the
/// document does not declare, on a client without this middleware, fails with an
/// ``PagegenRuntime/APIError`` that says to add it.
///
/// For a list kept in a store (`storingIn:`), it is also what keeps and replays the
/// answers: it hands the extension the body as the server sent it with its `ETag` and
/// `Last-Modified`, asks for a stored page with `If-None-Match` and `If-Modified-Since`,
/// ends a `304 Not Modified` before the client decodes anything, and answers a stored
/// page's call from the store, with no request, for the client to decode as it would
/// the server's answer. The middlewares after it in the client's list do not see those
/// replayed calls.
public struct PagingResponseMiddleware: OpenAPIRuntime.ClientMiddleware {
    /// Creates the middleware.
    public init() {}

    public func intercept(
        _ request: HTTPTypes.HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPTypes.HTTPRequest, HTTPBody?, URL) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?) {
        guard let exchange = CapturedExchange.current else { return try await next(request, body, baseURL) }
        if let stored = exchange.replay {
            exchange.record(request: request, baseURL: baseURL)
            var head = HTTPTypes.HTTPResponse(status: .ok)
            for field in stored.headerFields {
                if let name = HTTPField.Name(field.name) { head.headerFields.append(HTTPField(name: name, value: field.value)) }
            }
            exchange.record(response: head)
            exchange.noteReplayed()
            return (head, HTTPBody(stored.body))
        }
        var request = request
        if let stored = exchange.validators {
            if let tag = stored.entityTag { request.headerFields[.ifNoneMatch] = tag }
            if let date = stored.lastModified { request.headerFields[.ifModifiedSince] = date }
        }
        exchange.record(request: request, baseURL: baseURL)
        let (response, responseBody) = try await next(request, body, baseURL)
        exchange.record(response: response)
        if response.status.code == 304, exchange.validators != nil {
            // The stored copy is current: nothing for the client to decode.
            throw NotModifiedAnswer()
        }
        if exchange.keepsBody, response.status.kind == .successful {
            var data = Data()
            if let responseBody { data = try await Data(collecting: responseBody, upTo: .max) }
            exchange.record(body: data)
            return (response, HTTPBody(data))
        }
        return (response, responseBody)
    }
}

/// What ``PagingResponseMiddleware`` throws for a `304 Not Modified` to a conditional
/// request of a stored page, so that the client decodes nothing: the extension that
/// asked reads the stored copy instead.
struct NotModifiedAnswer: Error {}

/// What ``PagingResponseMiddleware`` saw of the one call a paging extension makes:
/// the request's method and URL, and the response's status and header fields.
final class CapturedExchange: Sendable {
    /// The exchange of the page being loaded, for the middleware to fill in.
    @TaskLocal static var current: CapturedExchange?

    /// A stored page to answer the call with, from the store, with no request.
    let replay: StoredPage?
    /// A stored page whose validators make the request conditional.
    let validators: StoredPage?
    /// True when the answer's body is to be kept, for a store.
    let keepsBody: Bool

    private struct Seen {
        var request: PagegenRuntime.HTTPRequest?
        var response: PagegenRuntime.HTTPResponse?
        var body: Data?
        var replayed = false
    }

    private let seen = LockedValue(Seen())

    /// An exchange for the middleware to fill in: a call to send (conditionally on
    /// `validators`' `ETag` and `Last-Modified`, keeping the body when `keepsBody`), or
    /// to answer with `replay`.
    init(replay: StoredPage? = nil, validators: StoredPage? = nil, keepsBody: Bool = false) {
        self.replay = replay
        self.validators = validators?.hasValidator == true ? validators : nil
        self.keepsBody = keepsBody
    }

    /// The request, as Pagegen's errors name requests; nil without the middleware.
    var request: PagegenRuntime.HTTPRequest? { seen.withLock { $0.request } }
    /// The response's head; nil without the middleware.
    var response: PagegenRuntime.HTTPResponse? { seen.withLock { $0.response } }
    /// The response's body as the server sent it, when it was to be kept.
    var body: Data? { seen.withLock { $0.body } }
    /// True when the middleware answered with ``replay``.
    var replayed: Bool { seen.withLock { $0.replayed } }

    func record(body: Data) {
        seen.withLock { $0.body = body }
    }

    func noteReplayed() {
        seen.withLock { $0.replayed = true }
    }

    func record(request: HTTPTypes.HTTPRequest, baseURL: URL) {
        let url = Self.url(of: request, on: baseURL)
        let fields = request.headerFields.map { HTTPHeaderField(name: $0.name.rawName, value: $0.value) }
        seen.withLock {
            $0.request = url.map { PagegenRuntime.HTTPRequest(method: request.method.rawValue, url: $0, headerFields: fields) }
        }
    }

    func record(response: HTTPTypes.HTTPResponse) {
        let fields = response.headerFields.map { HTTPHeaderField(name: $0.name.rawName, value: $0.value) }
        seen.withLock { $0.response = PagegenRuntime.HTTPResponse(statusCode: response.status.code, headerFields: fields) }
    }

    /// The absolute URL of `request`, whose path is relative to `baseURL`'s.
    static func url(of request: HTTPTypes.HTTPRequest, on baseURL: URL) -> URL? {
        guard let path = request.path else { return baseURL }
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return URL(string: base + path)
    }
}

/// A value behind a lock, for the few fields a middleware and a page load share.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
