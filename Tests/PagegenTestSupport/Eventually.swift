import Foundation

/// Waits until `condition` holds, looking again every few milliseconds, and throws
/// ``WaitTimedOut`` naming `what` if it still does not after `bound`.
///
/// The bound is generous on purpose: it is reached only when a test fails, never
/// because the machine is busy, so a test that waits for an event (a request
/// arriving, a state change) waits with this rather than for a fixed time.
///
/// ```swift
/// try await eventually("the pages after the first are in flight") { await server.requests.count >= 4 }
/// ```
public func eventually(
    _ what: String, within bound: Duration = .seconds(120), _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + bound
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(what: what, bound: bound) }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// What ``eventually(_:within:_:)`` throws when its condition never held.
public struct WaitTimedOut: Error, CustomStringConvertible {
    /// What the test waited for.
    public var what: String
    /// How long it waited.
    public var bound: Duration

    /// "waited 120 seconds for <what>, in vain".
    public var description: String { "waited \(bound) for \(what), in vain" }
}

/// The first element of `sequence` that `matches`, waiting at most `bound` for it;
/// throws ``WaitTimedOut`` naming `what` when none comes (or the sequence ends first).
///
/// ```swift
/// try await firstElement("a throttle wait", of: events) { $0.kind == .waiting }
/// ```
@discardableResult
public func firstElement<Events: AsyncSequence & Sendable>(
    _ what: String, of sequence: Events, within bound: Duration = .seconds(120),
    where matches: @escaping @Sendable (Events.Element) -> Bool = { _ in true }
) async throws -> Events.Element where Events.Element: Sendable {
    try await firstElements(what, count: 1, of: sequence, within: bound, where: matches)[0]
}

/// The first `count` elements of `sequence` that `match`, waiting at most `bound` for
/// them; throws ``WaitTimedOut`` naming `what` when fewer come (or the sequence ends).
public func firstElements<Events: AsyncSequence & Sendable>(
    _ what: String, count: Int, of sequence: Events, within bound: Duration = .seconds(120),
    where matches: @escaping @Sendable (Events.Element) -> Bool = { _ in true }
) async throws -> [Events.Element] where Events.Element: Sendable {
    try await withThrowingTaskGroup(of: [Events.Element]?.self) { group in
        group.addTask {
            var found: [Events.Element] = []
            for try await element in sequence where matches(element) {
                found.append(element)
                if found.count == count { return found }
            }
            return nil
        }
        group.addTask {
            try await Task.sleep(for: bound)
            return nil
        }
        let first = try await group.next() ?? nil
        group.cancelAll()
        guard let first else { throw WaitTimedOut(what: what, bound: bound) }
        return first
    }
}
