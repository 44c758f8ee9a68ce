import Foundation

/// Sends one HTTP request and returns the response head and the whole body.
///
/// ``URLSessionTransport`` is the default. Tests and apps may provide their own,
/// for instance to record traffic or to serve canned responses:
///
/// ```swift
/// struct CannedTransport: HTTPTransport {
///     func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
///         (HTTPResponse(statusCode: 200), Data("[]".utf8))
///     }
/// }
/// ```
///
/// A transport throws for failures of the exchange itself (no connection, timeout,
/// cancellation). A response with any status code is returned, not thrown: the
/// client decides what a 404 means.
///
/// A transport that follows redirects must keep the client's promise that
/// credentials go only to the base URL's origin: apply a ``RedirectPolicy`` to each
/// response (``URLSessionTransport`` does), or return the 3xx response as it is.
/// The request's ``HTTPRequest/credentials`` say which header fields and query
/// items are credentials.
public protocol HTTPTransport: Sendable {
    /// Sends `request`; honours task cancellation.
    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data)
}
