/// The clock a ``PagedList`` times edits with: the time since the list was made, and
/// a way to wait. Made from any `Clock`, so that tests can pass one they advance by
/// hand.
struct ListClock: Sendable {
    /// The time since the list was made.
    let now: @Sendable () -> Duration
    /// Waits `duration`.
    let sleep: @Sendable (Duration) async throws -> Void

    init<C: Clock>(_ clock: C) where C.Duration == Duration {
        let start = clock.now
        now = { start.duration(to: clock.now) }
        sleep = { duration in try await clock.sleep(for: duration) }
    }
}
