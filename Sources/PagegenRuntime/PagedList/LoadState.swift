/// Whether a ``PagedList`` is loading in one direction, for a spinner or an error
/// banner.
public enum LoadState: Sendable {
    /// Nothing is loading and nothing failed.
    case notLoading
    /// A request in this direction is in flight.
    case loading
    /// The list's end in this direction is loaded: there is nothing more to load.
    case endReached
    /// A request in this direction failed; ``PagedList/retry()`` sends it again.
    case failed(APIError)

    /// True while loading.
    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// The error, when failed.
    public var error: APIError? {
        if case .failed(let error) = self { return error }
        return nil
    }
}

/// The load state of a ``PagedList`` in each direction.
///
/// - ``refresh``: the first content (after ``PagedList/start()``, including the
///   window request of ``PagedList/startFromWindow()``) and ``PagedList/refresh()``
///   reloading the visible rows. A pull-to-refresh spinner follows it.
/// - ``prepend``: pages before the visible rows (scrolling up).
/// - ``append``: pages from the visible rows on (scrolling down).
public struct LoadStates: Sendable {
    /// The first load and refreshes.
    public var refresh: LoadState
    /// Pages before the visible rows.
    public var prepend: LoadState
    /// Pages at and after the visible rows.
    public var append: LoadState

    /// Creates load states; all are ``LoadState/notLoading`` by default.
    public init(refresh: LoadState = .notLoading, prepend: LoadState = .notLoading, append: LoadState = .notLoading) {
        self.refresh = refresh
        self.prepend = prepend
        self.append = append
    }

    /// True while any direction is loading.
    public var isLoading: Bool { refresh.isLoading || prepend.isLoading || append.isLoading }
}
