import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends a request again when it failed in a way that may pass — and only when
/// sending it again is safe.
///
/// **Which requests.** Idempotent ones (``HTTPRequest/isIdempotent``): `GET`, `HEAD`,
/// `PUT`, `DELETE`, `OPTIONS`, `TRACE`, and any endpoint the spec marks
/// `idempotent: true` (a search sent as `POST`). A `POST` or `PATCH` is sent once —
/// a lost response must not create a second order — unless ``idempotencyKey`` is
/// set: the middleware then gives the call a fresh key in that header (or keeps the
/// one the request has), sends the same key with every retry, and the server
/// applies the call at most once (Stripe's `Idempotency-Key`).
///
/// **When.** After a response whose status is in ``retryableStatusCodes``, or a
/// transport error that may pass (a timeout, a lost connection) — never after a
/// cancellation, a refused redirect or a request that could not be sent.
///
/// **How long it waits.** As `Retry-After` says when the response has it, in seconds
/// or as an HTTP date. Otherwise an exponential backoff with full jitter (as the AWS
/// SDKs do): before the n-th retry, a random wait between zero and
/// `min(maxBackoff, initialBackoff × 2ⁿ⁻¹)`, so that clients that failed together
/// do not come back together.
///
/// **How long in all.** At most ``maxAttempts`` sends, and no retry whose wait would
/// end more than ``maxRetryDuration`` after the first send: the last response or
/// error is then the answer (also when `Retry-After` asks for a longer wait).
///
/// ```swift
/// let client = StripeAPI.Client(token: "…", middlewares: [
///     RetryMiddleware(maxAttempts: 4, idempotencyKey: IdempotencyKey(header: "Idempotency-Key")),
/// ])
/// ```
public struct RetryMiddleware: ClientMiddleware {
    /// How many times one request is sent at most, the first time included.
    public var maxAttempts: Int
    /// The ceiling of the first backoff; each later one doubles.
    public var initialBackoff: Duration
    /// The highest ceiling of a backoff.
    public var maxBackoff: Duration
    /// The longest time from the first send to the end of the last wait.
    public var maxRetryDuration: Duration
    /// The status codes worth a retry.
    public var retryableStatusCodes: Set<Int>
    /// A header that makes any request safe to retry, with a key made once per call.
    public var idempotencyKey: IdempotencyKey?
    /// What the middleware reads the time from and waits with.
    public var clock: any RetryClock
    /// A number from 0 to 1 for each backoff: where in its range the wait falls.
    public var random: @Sendable () -> Double

    /// Creates a retry policy.
    public init(
        maxAttempts: Int = 3,
        initialBackoff: Duration = .milliseconds(200),
        maxBackoff: Duration = .seconds(10),
        maxRetryDuration: Duration = .seconds(30),
        retryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504],
        idempotencyKey: IdempotencyKey? = nil,
        clock: any RetryClock = SystemRetryClock(),
        random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.initialBackoff = initialBackoff
        self.maxBackoff = maxBackoff
        self.maxRetryDuration = maxRetryDuration
        self.retryableStatusCodes = retryableStatusCodes
        self.idempotencyKey = idempotencyKey
        self.clock = clock
        self.random = random
    }

    /// Sends `request` through `next`, and sends it again after a retryable status or
    /// transport error while attempts and ``maxRetryDuration`` remain and the request
    /// may be repeated; returns the last response, or throws the last error.
    public func intercept(
        _ request: HTTPRequest,
        next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        var request = request
        var mayRetry = request.isIdempotent
        if !mayRetry, let idempotencyKey {
            if request.value(forHeader: idempotencyKey.header) == nil {
                request.setValue(idempotencyKey.makeKey(), forHeader: idempotencyKey.header)
            }
            mayRetry = true
        }
        guard mayRetry, maxAttempts > 1 else { return try await next(request) }

        let start = clock.uptime
        var attempt = 0
        while true {
            attempt += 1
            let wait: Duration
            do {
                let (response, body) = try await next(request)
                guard attempt < maxAttempts, retryableStatusCodes.contains(response.statusCode) else {
                    return (response, body)
                }
                wait = retryAfter(response) ?? backoff(beforeRetry: attempt)
                guard fits(wait, since: start) else { return (response, body) }
            } catch {
                guard attempt < maxAttempts, !Task.isCancelled, Self.isTransient(error) else { throw error }
                wait = backoff(beforeRetry: attempt)
                guard fits(wait, since: start) else { throw error }
            }
            try await clock.sleep(for: wait)
        }
    }

    /// The wait before the `retry`-th retry: full jitter over an exponential ceiling.
    func backoff(beforeRetry retry: Int) -> Duration {
        let ceiling = min(maxBackoff, initialBackoff * (1 << min(max(0, retry - 1), 30)))
        return ceiling * min(1, max(0, random()))
    }

    /// True when a wait of `wait` ends within ``maxRetryDuration`` of `start`.
    private func fits(_ wait: Duration, since start: Duration) -> Bool {
        clock.uptime - start + wait <= maxRetryDuration
    }

    /// The wait `Retry-After` asks for: delta-seconds (`120`) or an HTTP date
    /// (`Wed, 21 Oct 2015 07:28:00 GMT`; a date in the past means now).
    func retryAfter(_ response: HTTPResponse) -> Duration? {
        guard let value = response.value(forHeader: "Retry-After")?.trimmingCharacters(in: .whitespaces),
            !value.isEmpty
        else { return nil }
        if let seconds = Double(value) {
            guard seconds.isFinite, seconds >= 0 else { return nil }
            return .milliseconds(Int64(min(seconds, 1e9) * 1000))
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        let seconds = date.timeIntervalSince(clock.date)
        return seconds > 0 ? .milliseconds(Int64(min(seconds, 1e9) * 1000)) : .zero
    }

    /// True for errors that may pass if the request is sent again: transport
    /// failures such as a timeout or a lost connection. False for a cancellation, a
    /// refused redirect, an ``APIError`` other than a transport one, `URLError`s
    /// that will not change (a bad URL, an untrusted certificate, a TLS handshake that
    /// failed), and a ``TransientTransportError`` that says it is not transient
    /// (AsyncHTTPClient's errors in a bad URL or configuration, a TLS handshake that
    /// failed).
    public static func isTransient(_ error: any Error) -> Bool {
        switch error {
        case is CancellationError, is RedirectRefusal:
            return false
        case let error as APIError:
            if case .transport(let underlying) = error.kind { return isTransient(underlying) }
            return false
        case let error as URLError:
            return !permanentURLErrors.contains(error.code)
        case let error as any TransientTransportError:
            return error.isTransient
        default:
            return true
        }
    }

    /// `URLError` codes that a retry does not change.
    private static let permanentURLErrors: [URLError.Code] = [
        .cancelled, .badURL, .unsupportedURL, .userCancelledAuthentication, .userAuthenticationRequired,
        .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
        .serverCertificateNotYetValid, .secureConnectionFailed, .clientCertificateRejected, .clientCertificateRequired,
        .appTransportSecurityRequiresSecureConnection, .httpTooManyRedirects, .redirectToNonExistentLocation,
        .dataLengthExceedsMaximum, .fileDoesNotExist, .fileIsDirectory, .noPermissionsToReadFile,
    ]
}

/// A header that makes a `POST` or `PATCH` safe to retry: the server remembers the
/// key and applies a call with a key it has seen at most once.
public struct IdempotencyKey: Sendable {
    /// The header field, such as Stripe's `Idempotency-Key`.
    public var header: String
    /// Makes a new key; called once per call, not per attempt.
    public var makeKey: @Sendable () -> String

    /// Creates an idempotency key header; keys are random UUIDs by default.
    public init(header: String = "Idempotency-Key", makeKey: @escaping @Sendable () -> String = { UUID().uuidString.lowercased() }) {
        self.header = header
        self.makeKey = makeKey
    }
}

/// Where ``RetryMiddleware`` reads the time and how it waits; tests give it a clock
/// of their own, so that backoffs and `Retry-After` dates are exact and instant.
public protocol RetryClock: Sendable {
    /// Time since a fixed point, never going back: measures the time spent retrying.
    var uptime: Duration { get }
    /// The current date: reads `Retry-After` HTTP dates.
    var date: Date { get }
    /// Waits `duration`; throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}

/// The real clock: `ContinuousClock`, the system date and `Task.sleep`.
public struct SystemRetryClock: RetryClock {
    private static let origin = ContinuousClock.now

    /// Creates the system clock.
    public init() {}

    /// The `ContinuousClock` time since the first use of this clock.
    public var uptime: Duration { Self.origin.duration(to: .now) }
    /// The system date.
    public var date: Date { Date() }
    /// `Task.sleep(for:)`.
    public func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}

/// HTTP dates (RFC 9110 §5.6.7): the IMF-fixdate form servers send, and the two
/// obsolete forms recipients must still read.
enum HTTPDate {
    private static let formats = [
        "EEE, dd MMM yyyy HH:mm:ss zzz",  // Sun, 06 Nov 1994 08:49:37 GMT
        "EEEE, dd-MMM-yy HH:mm:ss zzz",  // Sunday, 06-Nov-94 08:49:37 GMT
        "EEE MMM d HH:mm:ss yyyy",  // Sun Nov  6 08:49:37 1994
    ]

    /// The date `text` names, or nil.
    static func parse(_ text: String) -> Date? {
        let text = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in formats {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
