import Foundation

/// What one connection is doing, and since when: the clock its watchdog reads to
/// close a connection that stalls.
///
/// | phase | deadline | when it passes |
/// | --- | --- | --- |
/// | idle (waiting for a request) | ``MockHTTPLimits/idleTimeout`` | close, no response |
/// | reading (from the first byte) | ``MockHTTPLimits/readTimeout`` | `408`, then close |
/// | handling | none | |
/// | writing (since the last bytes went out) | ``MockHTTPLimits/readTimeout`` | close |
///
/// `@unchecked Sendable`: every stored property is touched under `lock`.
final class ConnectionWatch: @unchecked Sendable {
    enum Phase: Equatable {
        case idle, reading, handling, writing
        case expired(Phase.Expired)

        enum Expired: Equatable { case idle, reading, writing }
    }

    private let lock = NSLock()
    private var phase: Phase = .idle
    private var since = ContinuousClock.now
    private var awaiting = "the request head"

    /// Moves to `phase` (and notes what the reader waits for); false when the
    /// watchdog expired the connection first.
    @discardableResult
    func enter(_ phase: Phase, awaiting: String? = nil) -> Bool {
        lock.withLock {
            if case .expired = self.phase { return false }
            self.phase = phase
            since = .now
            if let awaiting { self.awaiting = awaiting }
            return true
        }
    }

    /// Notes what the reader waits for now, without restarting the clock.
    func note(awaiting: String) {
        lock.withLock { self.awaiting = awaiting }
    }

    /// Restarts the writing clock: bytes went out.
    func progress() {
        lock.withLock { if phase == .writing { since = .now } }
    }

    /// When the current phase ends, if it has a deadline.
    func deadline(_ limits: MockHTTPLimits) -> ContinuousClock.Instant? {
        lock.withLock {
            switch phase {
            case .idle: since + limits.idleTimeout
            case .reading, .writing: since + limits.readTimeout
            case .handling, .expired: nil
            }
        }
    }

    /// Expires the connection when its deadline passed; true when it did.
    func expireIfDue(_ limits: MockHTTPLimits, now: ContinuousClock.Instant = .now) -> Bool {
        lock.withLock {
            let expired: Phase.Expired
            switch phase {
            case .idle where now >= since + limits.idleTimeout: expired = .idle
            case .reading where now >= since + limits.readTimeout: expired = .reading
            case .writing where now >= since + limits.readTimeout: expired = .writing
            case .expired: return true
            default: return false
            }
            phase = .expired(expired)
            return true
        }
    }

    /// What the client failed to send in time, when a request was under way: the
    /// message of the `408`.
    func timeoutMessage(_ limits: MockHTTPLimits) -> String? {
        lock.withLock {
            guard phase == .expired(.reading) else { return nil }
            return "\(awaiting) did not arrive within \(Self.text(limits.readTimeout)) (the server's read timeout)"
        }
    }

    /// `10 s`, `250 ms`.
    static func text(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// Waits until the connection's deadline passes and expires it, looking again
    /// at least every quarter of the shorter timeout (a phase may start while it
    /// sleeps). Returns when it expired the connection or when the task is cancelled.
    static func run(_ watch: ConnectionWatch, limits: MockHTTPLimits) async {
        let tick = max(min(limits.readTimeout, limits.idleTimeout) / 4, .milliseconds(10))
        while !Task.isCancelled {
            let now = ContinuousClock.now
            if watch.expireIfDue(limits, now: now) { return }
            let wake = min(watch.deadline(limits) ?? now + tick, now + tick)
            do { try await Task.sleep(until: wake, clock: .continuous) } catch { return }
        }
    }
}
