import Foundation
import PagegenRuntime

/// A clock whose sleeps return at once and move it forward, and which records them:
/// time passes in a test only when the test says so.
public final class VirtualRetryClock: RetryClock, @unchecked Sendable {
    // @unchecked: every stored property is touched under `lock`.
    private let lock = NSLock()
    private var elapsed: Duration = .zero
    private var waits: [Duration] = []
    private let start: Date

    /// Creates a clock at `date` (14 November 2023 by default) with an uptime of zero.
    public init(date: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        start = date
    }

    /// The time slept and advanced so far.
    public var uptime: Duration { lock.withLock { elapsed } }
    /// The start date plus ``uptime``.
    public var date: Date {
        lock.withLock { start.addingTimeInterval(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) }
    }
    /// Every sleep asked for, in order.
    public var sleeps: [Duration] { lock.withLock { waits } }

    /// Returns at once, having moved the clock by `duration` (throws when the task is cancelled).
    public func sleep(for duration: Duration) async throws {
        try Task.checkCancellation()
        lock.withLock {
            waits.append(duration)
            elapsed += duration
        }
    }

    /// Moves the clock as a slow request would.
    public func advance(_ duration: Duration) {
        lock.withLock { elapsed += duration }
    }
}
