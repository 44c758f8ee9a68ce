/// One request a ``PagedList`` asks its ``PageLoadRunner`` to run.
public struct PageLoadRequest: Sendable, Hashable, CustomStringConvertible {
    /// What to load.
    public enum Target: Sendable, Hashable {
        /// The page at a key, with the loader's ``PageLoader/load``.
        case page(PageKey)
        /// Where to start, with the loader's ``PageLoader/window``.
        case window
    }

    /// Unique within one list; a request is never sent twice.
    public let id: Int
    /// What to load.
    public let target: Target
    /// For a page: its zero-based position among the list's pages.
    public let pageIndex: Int?

    /// Creates a request.
    public init(id: Int, target: Target, pageIndex: Int?) {
        self.id = id
        self.target = target
        self.pageIndex = pageIndex
    }

    /// `#4 page 3`, `#1 window`
    public var description: String {
        switch target {
        case .page(let key): "#\(id) \(key)"
        case .window: "#\(id) window"
        }
    }
}

/// The answer to a ``PageLoadRequest``.
public enum PageLoadResult<Item: Sendable>: Sendable {
    /// The answer to a ``PageLoadRequest/Target/page(_:)`` request.
    case page(Result<Page<Item>, APIError>)
    /// The answer to a ``PageLoadRequest/Target/window`` request.
    case window(Result<WindowStart, APIError>)
}

/// What runs the requests of a ``PagedList``.
///
/// ``TaskPageLoadRunner``, the default, runs each request in a task off the main
/// actor. A simulation answers from a virtual clock instead, and a test answers
/// when it wants to. The list decides what to load; the runner only runs it.
///
/// A runner calls `completion` at most once per request, on the main actor, and
/// never from inside ``start(_:loader:completion:)`` itself. After
/// ``cancel(_:)`` it should not call it; if it does, the list ignores the answer.
@MainActor
public protocol PageLoadRunner<Item>: AnyObject {
    /// The item type of the pages it loads.
    associatedtype Item: Sendable

    /// Starts `request` with `loader` and calls `completion` with the answer.
    func start(
        _ request: PageLoadRequest,
        loader: PageLoader<Item>,
        completion: @escaping @MainActor (PageLoadResult<Item>) -> Void
    )

    /// Cancels `request`: stops its work; its answer, if it still comes, is ignored.
    func cancel(_ request: PageLoadRequest)
}
