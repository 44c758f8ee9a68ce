import Foundation
import PagegenCore
import PagegenRuntime

/// The waits a server asked for, as a spec's `throttle:` says where (`backoff` in
/// the body, `Retry-After`, `X-RateLimit-Reset`), and the refusal of a request that
/// comes before one is over — as Stack Exchange refuses a method called again
/// before its `backoff` passed. Time is read from the server's clock.
actor ThrottleState {
    /// Until when (on the clock's uptime) requests are refused: "" for every endpoint,
    /// else an endpoint's name.
    private var deadlines: [String: (until: Duration, reason: String)] = [:]
    private let clock: any RetryClock

    init(clock: any RetryClock) {
        self.clock = clock
    }

    /// Why a request to `endpoint` is refused now, and for how long, or nil.
    func refusal(endpoint: String) -> (reason: String, left: Duration)? {
        let now = clock.uptime
        let waits = [deadlines[""], deadlines[endpoint]].compactMap { $0 }.filter { $0.until > now }
        guard let longest = waits.max(by: { $0.until < $1.until }) else { return nil }
        return (longest.reason, longest.until - now)
    }

    /// Remembers that an answer of `endpoint` asked for a wait of `seconds` at each hint.
    func asked(_ seconds: Int, hints: [ThrottleSpec], endpoint: String) {
        let until = clock.uptime + .seconds(seconds)
        for hint in hints {
            let key = hint.scope == .endpoint ? endpoint : ""
            if let existing = deadlines[key], existing.until >= until { continue }
            let place =
                switch hint.source {
                case .body(let path): "\(path.value) in the body"
                case .header(let name): "the header \(name.value)"
                }
            deadlines[key] = (until, "a wait of \(seconds) s (\(place)) for \(hint.scope == .endpoint ? "'\(endpoint)'" : "every request")")
        }
    }

    /// Forgets every wait.
    func reset() {
        deadlines = [:]
    }

    /// The value a hint carries for a wait of `seconds`: the seconds, or the time
    /// they end, in whole seconds since 1970 (rounded up), for an answer sent at `now`.
    static func value(of hint: ThrottleSpec, waiting seconds: Int, now: Date) -> Int {
        switch hint.value {
        case .seconds: seconds
        case .unixSeconds: Int(now.timeIntervalSince1970.rounded(.up)) + seconds
        }
    }

    /// The header fields an answer carries for a wait of `seconds`: the header hints,
    /// and `remaining` headers at 0, for an answer sent at `now`.
    static func headers(for hints: [ThrottleSpec], waiting seconds: Int, now: Date) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        for hint in hints {
            guard case .header(let name) = hint.source else { continue }
            headers.append((name.value, String(value(of: hint, waiting: seconds, now: now))))
            if let remaining = hint.remaining { headers.append((remaining.value, "0")) }
        }
        return headers
    }
}
