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

/// Retries requests that failed with HTTP 429 or 5xx, or with a transport error,
/// waiting for `Retry-After` when the server sends it, else an exponential backoff.
public struct RetryMiddleware: ClientMiddleware {
    /// How many times one request is sent at most, the first time included.
    public var maxAttempts: Int
    /// The first backoff; each later one doubles.
    public var initialBackoff: Duration
    /// The longest wait between two attempts, whatever `Retry-After` says.
    public var maxBackoff: Duration
    /// The status codes worth a retry.
    public var retryableStatusCodes: Set<Int>

    /// Creates a retry policy.
    public init(
        maxAttempts: Int = 3,
        initialBackoff: Duration = .milliseconds(200),
        maxBackoff: Duration = .seconds(10),
        retryableStatusCodes: Set<Int> = [429, 500, 502, 503, 504]
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = initialBackoff
        self.maxBackoff = maxBackoff
        self.retryableStatusCodes = retryableStatusCodes
    }

    public func intercept(
        _ request: HTTPRequest,
        next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        var backoff = initialBackoff
        for attempt in 1...maxAttempts {
            let isLast = attempt == maxAttempts
            do {
                let (response, body) = try await next(request)
                guard !isLast, retryableStatusCodes.contains(response.statusCode) else {
                    return (response, body)
                }
                try await Task.sleep(for: min(retryAfter(response) ?? backoff, maxBackoff))
            } catch {
                if isLast || error is CancellationError || Task.isCancelled { throw error }
                try await Task.sleep(for: min(backoff, maxBackoff))
            }
            backoff *= 2
        }
        preconditionFailure("the loop returns or throws on its last attempt")
    }

    /// `Retry-After` in seconds (the HTTP-date form is not honoured: it falls back to the backoff).
    private func retryAfter(_ response: HTTPResponse) -> Duration? {
        guard let value = response.value(forHeader: "Retry-After"),
              let seconds = Double(value.trimmingCharacters(in: .whitespaces)), seconds >= 0
        else { return nil }
        return .milliseconds(Int(seconds * 1000))
    }
}
