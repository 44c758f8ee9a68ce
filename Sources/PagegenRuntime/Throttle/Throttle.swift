import Foundation

/// What a client does with the throttling hints of its spec: it reads them in every
/// response, and holds back each later request they apply to until the wait is
/// over — the requests of the `…Pages` and `all…` sequences, of the list adapter
/// and of single calls alike.
///
/// A held-back request waits in its own task (`Task.sleep`): other tasks, and the
/// client's requests the wait does not apply to (another endpoint, for a hint
/// scoped to its endpoint), go on. Cancelling the task ends the wait at once, with
/// a cancelled ``APIError``, and nothing is sent. A wait longer than ``maxWait``
/// is not waited: the call fails at once with ``APIError/Kind/throttled(wait:reason:)``,
/// and nothing is sent.
///
/// The wait applies to every send, a retry's included: ``RetryMiddleware`` waits
/// for `Retry-After` itself, and when the spec names `Retry-After` as a hint too,
/// the retry then finds the wait over. ``events`` tells an app when a response asks
/// for a wait and when a request waits:
///
/// ```swift
/// Task {
///     for await event in client.throttle.events { print(event) }
/// }
/// ```
///
/// `@unchecked Sendable`: every stored property that changes is touched under `lock`.
public final class Throttle: @unchecked Sendable {
    /// The hints the client reads, from its spec.
    public let hints: [ThrottleHint]
    private let clock: any RetryClock
    private let lock = NSLock()
    /// Until when (on the clock's uptime) requests wait: "" for the whole client,
    /// else the endpoint's name.
    private var deadlines: [String: Deadline] = [:]
    private var longestWait: Duration = .seconds(60)
    private var observers: [UUID: AsyncStream<ThrottleEvent>.Continuation] = [:]
    private let readsBody: Bool

    private struct Deadline {
        var until: Duration
        var reason: String
        var scope: ThrottleHint.Scope
    }

    /// Creates a throttle that reads `hints`, with `clock` for the time and the waits.
    public init(hints: [ThrottleHint] = [], clock: any RetryClock = SystemRetryClock()) {
        self.hints = hints
        self.clock = clock
        readsBody = hints.contains { if case .body = $0.source { true } else { false } }
    }

    /// The longest wait a request waits (60 s by default): a request that would wait
    /// longer fails at once with ``APIError/Kind/throttled(wait:reason:)``, so that an
    /// hour's rate-limit reset does not hold a screen for an hour. Any later call
    /// fails the same way until the wait is over.
    public var maxWait: Duration {
        get { lock.withLock { longestWait } }
        set { lock.withLock { longestWait = newValue } }
    }

    /// How long a request to `endpoint` would wait now (zero when it would not).
    public func delay(for endpoint: String) -> Duration {
        current(for: endpoint)?.wait ?? .zero
    }

    /// The throttle's events from now on: each access is a new stream, which ends
    /// when its consumer stops iterating. A stream keeps at most the 256 newest
    /// events its consumer has not taken yet.
    public var events: AsyncStream<ThrottleEvent> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<ThrottleEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = self.lock.withLock { self.observers.removeValue(forKey: id) }
        }
        lock.withLock { observers[id] = continuation }
        return stream
    }

    /// Waits until `request` to `endpoint` may be sent.
    /// - Throws: an ``APIError`` when the wait is longer than ``maxWait`` or the
    ///   task is cancelled while it waits.
    func admit(_ request: HTTPRequest, endpoint: String) async throws(APIError) {
        guard !hints.isEmpty else { return }
        while let pending = current(for: endpoint) {
            let event = ThrottleEvent(
                kind: pending.wait > maxWait ? .refused : .waiting, endpoint: endpoint, scope: pending.scope,
                wait: pending.wait, reason: pending.reason, request: request)
            emit(event)
            if event.kind == .refused {
                throw APIError(.throttled(wait: pending.wait, reason: pending.reason), request: request)
            }
            do {
                try await clock.sleep(for: pending.wait)
            } catch {
                throw APIError(.cancelled, request: request)
            }
        }
    }

    /// Reads the hints in the response to `request`, sent to `endpoint`.
    func record(_ response: HTTPResponse, body: Data, request: HTTPRequest, endpoint: String) {
        guard !hints.isEmpty else { return }
        let object = readsBody && mayHoldHint(body) ? (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] : nil
        let now = clock.date
        for hint in hints {
            guard let (wait, reason) = hint.wait(in: response, body: object, now: now) else { continue }
            let key = hint.scope == .client ? "" : endpoint
            let until = clock.uptime + wait
            lock.withLock {
                if let existing = deadlines[key], existing.until >= until { return }
                deadlines[key] = Deadline(until: until, reason: reason, scope: hint.scope)
            }
            emit(ThrottleEvent(kind: .hinted, endpoint: endpoint, scope: hint.scope, wait: wait, reason: reason, request: request))
        }
    }

    /// The longest wait that applies to `endpoint` now, or nil.
    private func current(for endpoint: String) -> (wait: Duration, reason: String, scope: ThrottleHint.Scope)? {
        let now = clock.uptime
        return lock.withLock {
            let candidates = [deadlines[""], deadlines[endpoint]].compactMap { $0 }.filter { $0.until > now }
            guard let longest = candidates.max(by: { $0.until < $1.until }) else { return nil }
            return (longest.until - now, longest.reason, longest.scope)
        }
    }

    /// False when no body key of a hint is in `body`, so that most bodies are not parsed twice.
    private func mayHoldHint(_ body: Data) -> Bool {
        for hint in hints {
            guard case .body(let keys) = hint.source, let last = keys.last else { continue }
            if body.range(of: Data("\"\(last)\"".utf8)) != nil { return true }
        }
        return false
    }

    private func emit(_ event: ThrottleEvent) {
        let observers = lock.withLock { Array(self.observers.values) }
        for observer in observers { observer.yield(event) }
    }
}

/// Something a client's ``Throttle`` did: a response asked for a wait, a request
/// waits, or a request was refused because the wait is longer than the client waits.
public struct ThrottleEvent: Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: Sendable, Hashable {
        /// A response asked for a wait before later requests.
        case hinted
        /// A request waits before it is sent.
        case waiting
        /// A request fails at once: the wait is longer than ``Throttle/maxWait``.
        case refused
    }

    /// What happened.
    public var kind: Kind
    /// The endpoint of the request (for ``Kind/hinted``, the one whose response asked).
    public var endpoint: String
    /// Which requests the wait applies to.
    public var scope: ThrottleHint.Scope
    /// How long: the wait asked for, or what is left of it.
    public var wait: Duration
    /// What asked for it: `backoff 10 in the body`, `Retry-After: 30`.
    public var reason: String
    /// The request: the one whose response asked, or the one that waits (without
    /// the client's credentials, which are added after the wait).
    public var request: HTTPRequest

    /// `questions: GET https://…?page=2 waits 2 s (backoff 2 in the body)`
    public var description: String {
        let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
        let amount = seconds == seconds.rounded() ? "\(Int64(seconds)) s" : String(format: "%.3f s", seconds)
        let target = scope == .client ? "every request of the client" : "the requests to \(endpoint)"
        return switch kind {
        case .hinted: "\(endpoint): \(request) asks to wait \(amount) before \(target) (\(reason))"
        case .waiting: "\(endpoint): \(request) waits \(amount) (\(reason))"
        case .refused: "\(endpoint): \(request) would wait \(amount), longer than the client waits (\(reason)); not sent"
        }
    }
}
