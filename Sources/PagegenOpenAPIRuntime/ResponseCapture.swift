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
public struct PagingResponseMiddleware: OpenAPIRuntime.ClientMiddleware {
    /// Creates the middleware.
    public init() {}

    public func intercept(
        _ request: HTTPTypes.HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPTypes.HTTPRequest, HTTPBody?, URL) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?) {
        guard let exchange = CapturedExchange.current else { return try await next(request, body, baseURL) }
        exchange.record(request: request, baseURL: baseURL)
        let (response, responseBody) = try await next(request, body, baseURL)
        exchange.record(response: response)
        return (response, responseBody)
    }
}

/// What ``PagingResponseMiddleware`` saw of the one call a paging extension makes:
/// the request's method and URL, and the response's status and header fields.
final class CapturedExchange: Sendable {
    /// The exchange of the page being loaded, for the middleware to fill in.
    @TaskLocal static var current: CapturedExchange?

    private struct Seen {
        var request: PagegenRuntime.HTTPRequest?
        var response: PagegenRuntime.HTTPResponse?
    }

    private let seen = LockedValue(Seen())

    /// The request, as Pagegen's errors name requests; nil without the middleware.
    var request: PagegenRuntime.HTTPRequest? { seen.withLock { $0.request } }
    /// The response's head; nil without the middleware.
    var response: PagegenRuntime.HTTPResponse? { seen.withLock { $0.response } }

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
