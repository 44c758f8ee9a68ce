import Foundation

/// Sees every request a client sends and every response it gets, and may change
/// either: add a header, log, retry, record.
///
/// ```swift
/// struct UserAgent: ClientMiddleware {
///     func intercept(
///         _ request: HTTPRequest,
///         next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
///     ) async throws -> (HTTPResponse, Data) {
///         var request = request
///         request.setValue("MyApp/1.0", forHeader: "User-Agent")
///         return try await next(request)
///     }
/// }
/// ```
///
/// Middlewares run in the order given to the client, the first one outermost.
/// Credentials are added after every middleware has run, so a middleware that
/// redirects a request to another origin cannot leak them.
public protocol ClientMiddleware: Sendable {
    /// Handles `request`, calling `next` zero or more times.
    func intercept(
        _ request: HTTPRequest,
        next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data)
}
