import Foundation

/// Rows a ``PagedList`` shows from its store, before the server confirmed them: how
/// old they are, and whether the server could be asked (``PagedList/storedContent``).
///
/// The list's ``LoadStates`` are those of its requests, as without a store: an app's
/// switch over them goes on working. This is what an offline banner reads:
///
/// ```swift
/// if let stored = list.storedContent, stored.failure != nil {
///     banner.text = "Offline · updated \(stored.age().formatted()) ago"
/// }
/// ```
public struct StoredContent: Sendable, Equatable {
    /// When the oldest stored page on screen was loaded or last confirmed by the server.
    public var storedAt: Date
    /// True while the server is being asked whether the pages changed.
    public var isRevalidating: Bool
    /// Why the server could not be asked (no connection): the rows stay, and
    /// ``PagedList/networkDidBecomeAvailable()`` asks again.
    public var failure: APIError?

    /// Creates a stored-content state.
    public init(storedAt: Date, isRevalidating: Bool, failure: APIError?) {
        self.storedAt = storedAt
        self.isRevalidating = isRevalidating
        self.failure = failure
    }

    /// How old the rows are at `now`, in seconds.
    public func age(at now: Date = Date()) -> TimeInterval {
        max(0, now.timeIntervalSince(storedAt))
    }

    /// Equal when the dates and the revalidation agree, and both failed or neither did.
    public static func == (lhs: StoredContent, rhs: StoredContent) -> Bool {
        lhs.storedAt == rhs.storedAt && lhs.isRevalidating == rhs.isRevalidating
            && (lhs.failure == nil) == (rhs.failure == nil)
    }
}
