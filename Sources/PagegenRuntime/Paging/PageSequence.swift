/// The pages of a list, in order, as an `AsyncSequence`, from the first page (or
/// any page) to the end.
///
/// ```swift
/// for try await page in client.productsPages(categoryID: "42") {
///     print(page.items.count, "of", page.total ?? -1)
/// }
/// ```
///
/// While the caller handles one page, the next ones are already being fetched and
/// decoded, off the caller's actor and in parallel: the next page as soon as a
/// response names it, and, for page-number and offset lists, the pages after it up
/// to ``PageLoader/pagesAhead`` in all (a page fetched ahead on a guess that the
/// next response proves wrong is cancelled and fetched again by its real key).
/// Iteration runs on the caller's actor: only waiting for a page that has not
/// arrived yet suspends it. Cancelling the task that iterates cancels the requests
/// in flight.
///
/// A failed page throws an ``APIError`` after every earlier page was delivered; its
/// ``APIError/resumePoint`` says where a new sequence can go on
/// (``init(_:resumingFrom:)``). So does a cursor or link that repeats one already
/// followed (a loop), instead of spinning, without a resume point.
public struct PageSequence<Item: Sendable>: AsyncSequence, Sendable {
    /// One page of the list.
    public typealias Element = Page<Item>
    /// What a failed page throws.
    public typealias Failure = APIError

    /// What loads the pages.
    public let loader: PageLoader<Item>
    /// The key of the page to start at.
    public let start: PageKey
    /// True to walk towards the start of the list (`previous` links) instead of the end.
    public let backward: Bool
    /// The keys a resumed walk had already followed.
    let followed: [PageKey]

    /// A sequence starting at `start` (the loader's first page by default).
    public init(_ loader: PageLoader<Item>, from start: PageKey? = nil, backward: Bool = false) {
        self.loader = loader
        self.start = start ?? loader.firstKey
        self.backward = backward
        self.followed = []
    }

    /// A sequence that goes on where an earlier walk stopped (``APIError/resumePoint``),
    /// with the keys it followed, so that a loop back to them is still caught; from the
    /// first page when `resumePoint` is nil.
    public init(_ loader: PageLoader<Item>, resumingFrom resumePoint: ResumePoint?) {
        self.loader = loader
        self.start = resumePoint?.key ?? loader.firstKey
        self.backward = resumePoint?.backward ?? false
        self.followed = resumePoint?.followed ?? []
    }

    /// Starts a walk of the list; each iterator walks it on its own, with its own requests.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(walk: PageWalk(loader: loader, start: start, backward: backward, followed: followed))
    }

    /// Iterates a ``PageSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// What a failed page throws.
        public typealias Failure = APIError

        let walk: PageWalk<Item>

        /// The next page, on the caller's actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError) -> Page<Item>? {
            try await walk.next(isolation: actor)
        }

        /// The next page; the same as ``next(isolation:)`` with no actor.
        public mutating func next() async throws(APIError) -> Page<Item>? {
            try await walk.next(isolation: nil)
        }
    }
}
