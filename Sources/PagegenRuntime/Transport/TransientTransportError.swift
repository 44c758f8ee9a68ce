/// An error of an HTTP library that says whether sending the same request again may
/// succeed, for ``RetryMiddleware/isTransient(_:)``.
///
/// `URLError`s are classified by the runtime itself. A transport on another HTTP
/// library conforms that library's errors, so that ``RetryMiddleware`` retries a lost
/// connection and not a request that cannot succeed: `PagegenAsyncHTTPClient` does it
/// for AsyncHTTPClient's `HTTPClientError`. An error that conforms to nothing is
/// taken as transient.
public protocol TransientTransportError: Error {
    /// True when the same request may succeed if sent again (a timeout, a connection
    /// closed early); false when it cannot (a URL the client cannot send to, a header
    /// it refuses, a client already shut down).
    var isTransient: Bool { get }
}
