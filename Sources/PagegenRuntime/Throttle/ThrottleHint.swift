import Foundation

/// Where a response says how long a client must wait before its next request, as
/// a spec's `throttle:` declares it: Stack Exchange's `backoff` in the body,
/// `Retry-After`, or GitHub's `X-RateLimit-Reset` once `X-RateLimit-Remaining` is 0.
///
/// A client's ``Throttle`` reads every response (a 429 or an error page included)
/// with its hints, and holds back the requests the wait applies to.
public struct ThrottleHint: Sendable, Hashable, CustomStringConvertible {
    /// Where the value is.
    public enum Source: Sendable, Hashable {
        /// A number at these keys of the JSON body (`["backoff"]`).
        case body([String])
        /// A response header field.
        case header(String)
    }

    /// What the value means.
    public enum Value: Sendable, Hashable {
        /// A number of seconds to wait (in a header, an HTTP date is the time to wait
        /// until, as `Retry-After` may say).
        case seconds
        /// The time to wait until, in seconds since 1970 (GitHub's `X-RateLimit-Reset`).
        case unixSeconds
    }

    /// Which requests wait.
    public enum Scope: Sendable, Hashable {
        /// Every request of the client.
        case client
        /// The requests to the endpoint whose response gave the hint (Stack Exchange's
        /// `backoff` is per method).
        case endpoint
    }

    /// Where the value is.
    public var source: Source
    /// What the value means.
    public var value: Value
    /// A header that counts the requests left: the hint applies only when it says
    /// none is left (less than 1), and not when it is missing.
    public var remaining: String?
    /// Which requests wait.
    public var scope: Scope

    /// Creates a hint.
    public init(source: Source, value: Value = .seconds, remaining: String? = nil, scope: Scope = .client) {
        self.source = source
        self.value = value
        self.remaining = remaining
        self.scope = scope
    }

    /// A number in the body: `.body(["backoff"], scope: .endpoint)`.
    public static func body(_ keys: [String], as value: Value = .seconds, scope: Scope = .client) -> ThrottleHint {
        ThrottleHint(source: .body(keys), value: value, scope: scope)
    }

    /// A header: `.header("Retry-After")`, or
    /// `.header("X-RateLimit-Reset", as: .unixSeconds, remaining: "X-RateLimit-Remaining")`.
    public static func header(_ name: String, as value: Value = .seconds, remaining: String? = nil, scope: Scope = .client) -> ThrottleHint
    {
        ThrottleHint(source: .header(name), value: value, remaining: remaining, scope: scope)
    }

    /// `backoff in the body`, `the header X-RateLimit-Reset (a time) when X-RateLimit-Remaining is 0`.
    public var description: String {
        var text =
            switch source {
            case .body(let keys): "\(keys.joined(separator: ".")) in the body"
            case .header(let name): "the header \(name)"
            }
        if value == .unixSeconds { text += " (a time)" }
        if let remaining { text += " when \(remaining) is 0" }
        return text
    }

    /// The wait `response` asks for, with what said so, or nil when it asks for none.
    /// - Parameters:
    ///   - body: the body parsed as a JSON object, for body hints.
    ///   - now: the current date, for reset times and HTTP dates.
    func wait(in response: HTTPResponse, body: [String: Any]?, now: Date) -> (wait: Duration, reason: String)? {
        if let remaining {
            guard let text = response.value(forHeader: remaining), let left = Double(text.trimmingCharacters(in: .whitespaces)),
                left < 1
            else { return nil }
        }
        let seconds: Double
        let reason: String
        switch source {
        case .body(let keys):
            var current: Any? = body
            for key in keys { current = (current as? [String: Any])?[key] }
            guard let number = Self.number(current) else { return nil }
            seconds = value == .unixSeconds ? number - now.timeIntervalSince1970 : number
            reason = "\(keys.joined(separator: ".")) \(Self.format(number)) in the body"
        case .header(let name):
            guard let text = response.value(forHeader: name)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            if let number = Double(text), number.isFinite {
                seconds = value == .unixSeconds ? number - now.timeIntervalSince1970 : number
            } else if let date = HTTPDate.parse(text) {
                seconds = date.timeIntervalSince(now)
            } else {
                return nil
            }
            reason = "\(name): \(text)" + (remaining.flatMap { name in response.value(forHeader: name).map { ", \(name): \($0)" } } ?? "")
        }
        guard seconds.isFinite, seconds > 0 else { return nil }
        return (.milliseconds(Int64((min(seconds, 1e9) * 1000).rounded(.up))), reason)
    }

    /// The type Foundation gives JSON's `true` and `false` as: a number, which would
    /// otherwise read as 1 and 0.
    private static let booleanType = type(of: NSNumber(value: true))

    /// A JSON number, or a string that holds one (not `true` or `false`).
    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let flag as NSNumber where type(of: flag) == booleanType: nil
        case let number as Int: Double(number)
        case let number as Double: number
        case let number as NSNumber: number.doubleValue
        case let text as String: Double(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
