import Foundation

/// Which HTTP redirects a transport follows, and with which credentials.
///
/// - A redirect to the same origin (scheme, host and port) is followed with the
///   request's credentials.
/// - A redirect to another origin is refused with ``RedirectRefusal`` (the default),
///   or, with ``CrossOrigin-swift.enum/followWithoutCredentials``, followed with every
///   credential taken off: the header fields and query items of the request's
///   ``HTTPRequest/credentials``, and `Authorization`, `Proxy-Authorization` and
///   `Cookie` whoever set them.
/// - A redirect from `https` to `http` is refused whatever the policy, as is one to
///   a scheme other than `http` and `https`, and one past ``maxRedirects``.
///
/// `301`, `302` and `303` turn a `POST` into a `GET` without a body (`303` any method
/// but `HEAD`), as browsers and `URLSession` do; `307` and `308` keep the method and
/// the body. Other `3xx` responses, and redirects without `Location`, are answers.
///
/// ```swift
/// let client = ShopAPI.Client(
///     token: "…",
///     transport: URLSessionTransport(redirects: .followCrossOriginWithoutCredentials))
/// ```
///
/// ``URLSessionTransport`` and `AsyncHTTPClientTransport` apply it; a transport of
/// your own that follows redirects can send through ``send(_:through:)``, or call
/// ``request(after:to:redirectCount:)`` for each response.
public struct RedirectPolicy: Sendable, Hashable {
    /// What happens to a redirect to another origin.
    public enum CrossOrigin: Sendable, Hashable {
        /// It is not followed: the call fails with ``APIError/Kind/redirectRefused(_:)``.
        case refuse
        /// It is followed, with the credentials taken off the request.
        case followWithoutCredentials
    }

    /// What happens to a redirect to another origin.
    public var crossOrigin: CrossOrigin
    /// The most redirects one request follows.
    public var maxRedirects: Int

    /// Creates a policy.
    public init(crossOrigin: CrossOrigin = .refuse, maxRedirects: Int = 10) {
        self.crossOrigin = crossOrigin
        self.maxRedirects = max(0, maxRedirects)
    }

    /// Follows redirects within the origin only (the default).
    public static let sameOriginOnly = RedirectPolicy()

    /// Follows redirects to other origins too, without credentials.
    public static let followCrossOriginWithoutCredentials = RedirectPolicy(crossOrigin: .followWithoutCredentials)

    /// Sends `request` with `sendOnce`, a transport's single exchange that does not
    /// follow redirects, and follows the redirects its answers ask for as this policy
    /// says; returns the last answer, whose ``HTTPResponse/requestCredentials`` are
    /// those the last request carried.
    ///
    /// ```swift
    /// func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
    ///     try await redirects.send(request) { request in try await exchange(request) }
    /// }
    /// ```
    /// - Throws: ``RedirectRefusal`` for a redirect this policy does not follow, or
    ///   what `sendOnce` throws.
    public func send(
        _ request: HTTPRequest, through sendOnce: (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        var current = request
        var redirectCount = 0
        while true {
            var (head, body) = try await sendOnce(current)
            guard let next = try self.request(after: head, to: current, redirectCount: redirectCount) else {
                head.requestCredentials = current.credentials
                return (head, body)
            }
            current = next
            redirectCount += 1
        }
    }

    /// The statuses that redirect.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The request to send after `response` answered `request`, or nil when the
    /// response is not a redirect to follow (it is then the answer).
    ///
    /// - Parameters:
    ///   - response: the response that answered `request`.
    ///   - request: the request as it was sent.
    ///   - redirectCount: how many redirects this request followed already.
    /// - Throws: ``RedirectRefusal`` for a redirect this policy does not follow.
    public func request(
        after response: HTTPResponse, to request: HTTPRequest, redirectCount: Int
    ) throws(RedirectRefusal) -> HTTPRequest? {
        guard Self.redirectStatuses.contains(response.statusCode),
            let location = response.value(forHeader: "Location")
        else { return nil }
        let status = response.statusCode
        guard let target = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: request.url)?.absoluteURL,
            target.host != nil
        else {
            throw RedirectRefusal(status: status, from: request.url, location: location, to: nil, reason: .invalidLocation)
        }
        func refuse(_ reason: RedirectRefusal.Reason) -> RedirectRefusal {
            RedirectRefusal(status: status, from: request.url, location: location, to: target, reason: reason)
        }
        let fromScheme = request.url.scheme?.lowercased()
        let toScheme = target.scheme?.lowercased()
        guard toScheme == "http" || toScheme == "https" else { throw refuse(.unsupportedScheme) }
        guard !(fromScheme == "https" && toScheme == "http") else { throw refuse(.downgrade) }
        guard redirectCount < maxRedirects else { throw refuse(.tooManyRedirects(maxRedirects)) }

        var next = request
        next.url = target
        if status == 303 && request.method.uppercased() != "HEAD"
            || (status == 301 || status == 302) && request.method.uppercased() == "POST"
        {
            next.method = "GET"
            next.body = nil
            next.streamedBody = nil
            next.idempotencyOverride = nil
            for name in ["Content-Type", "Content-Length", "Content-Encoding"] { next.removeHeader(name) }
        }
        if target.origin == request.url.origin {
            for credential in request.credentials where credential.queryName != nil {
                credential.apply(to: &next)
            }
            return next
        }
        guard crossOrigin == .followWithoutCredentials else { throw refuse(.crossOrigin) }
        for credential in request.credentials { credential.remove(from: &next) }
        for name in ["Authorization", "Proxy-Authorization", "Cookie"] { next.removeHeader(name) }
        next.credentials = []
        return next
    }
}

/// A redirect that a ``RedirectPolicy`` does not follow. A client reports it as
/// ``APIError/Kind/redirectRefused(_:)``.
public struct RedirectRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the redirect was not followed.
    public enum Reason: Sendable, Hashable {
        /// It leads to another origin, and the policy refuses those.
        case crossOrigin
        /// It leads from `https` to `http`.
        case downgrade
        /// It leads to a scheme other than `http` and `https`.
        case unsupportedScheme
        /// It is one more than the policy's maximum.
        case tooManyRedirects(Int)
        /// Its `Location` is not a URL with a host.
        case invalidLocation
    }

    /// The redirect's status code.
    public var status: Int
    /// The URL that answered with the redirect.
    public var from: URL
    /// The `Location` header as sent.
    public var location: String
    /// Where it leads, when `Location` is a URL.
    public var to: URL?
    /// Why it was not followed.
    public var reason: Reason

    /// Creates a refusal.
    public init(status: Int, from: URL, location: String, to: URL?, reason: Reason) {
        self.status = status
        self.from = from
        self.location = location
        self.to = to
        self.reason = reason
    }

    /// `HTTP 302 to http://127.0.0.2:8080/items/1 leaves the origin http://127.0.0.1:8080 for http://127.0.0.2:8080; …`
    public var description: String {
        let target = to?.absoluteString ?? "'\(location)'"
        let head = "HTTP \(status) to \(target)"
        let fromOrigin = from.origin
        let toOrigin = to?.origin ?? "?"
        switch reason {
        case .crossOrigin:
            return "\(head) leaves the origin \(fromOrigin) for \(toOrigin); credentials go only to the API's origin, "
                + "so it is not followed (RedirectPolicy.followCrossOriginWithoutCredentials follows it without them)"
        case .downgrade:
            return "\(head) leads from https (\(fromOrigin)) to plain http (\(toOrigin)); it is never followed"
        case .unsupportedScheme:
            return "\(head) leads to the scheme '\(to?.scheme ?? "")'; only http and https redirects are followed"
        case .tooManyRedirects(let limit):
            return "\(head) is one redirect more than the \(limit) followed at most"
        case .invalidLocation:
            return "HTTP \(status) from \(fromOrigin) names the Location '\(location)', which is not a URL with a host"
        }
    }
}
