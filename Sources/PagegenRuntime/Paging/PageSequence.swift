/// The pages of a list, in order, as an `AsyncSequence`, from the first page (or
/// any page) to the end.
///
/// ```swift
/// for try await page in client.productsPages(categoryID: "42") {
///     print(page.items.count, "of", page.total ?? -1)
/// }
/// ```
///
/// While the caller handles one page, the next one is already being fetched and
/// decoded on the global executor, off the caller's actor. A failed page throws an
/// ``APIError`` after every earlier page was delivered; so does a cursor or link
/// that repeats one already followed (a loop), instead of spinning.
public struct PageSequence<Item: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Page<Item>
    public typealias Failure = APIError

    /// What loads the pages.
    public let loader: PageLoader<Item>
    /// The key of the page to start at.
    public let start: PageKey
    /// True to walk towards the start of the list (`previous` links) instead of the end.
    public let backward: Bool

    /// A sequence starting at `start` (the loader's first page by default).
    public init(_ loader: PageLoader<Item>, from start: PageKey? = nil, backward: Bool = false) {
        self.loader = loader
        self.start = start ?? loader.firstKey
        self.backward = backward
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(state: PageWalk(loader: loader, start: start, backward: backward))
    }

    /// Iterates a ``PageSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Failure = APIError

        let state: PageWalk<Item>

        public mutating func next() async throws(APIError) -> Page<Item>? {
            try await state.next()
        }
    }
}

/// The state of one walk over the pages: the page being fetched ahead, the keys
/// already followed, and whether the walk has ended.
///
/// `@unchecked Sendable`: an iterator is used by one task at a time (as every
/// `AsyncIteratorProtocol` value is), and the only state shared with another task
/// is the prefetch `Task`, whose result is read through `await`.
final class PageWalk<Item: Sendable>: @unchecked Sendable {
    private let loader: PageLoader<Item>
    private let backward: Bool
    private var nextKey: PageKey?
    private var ahead: Task<Result<Page<Item>, APIError>, Never>?
    private var followed: Set<PageKey> = []
    private var pendingError: APIError?

    init(loader: PageLoader<Item>, start: PageKey, backward: Bool) {
        self.loader = loader
        self.backward = backward
        self.nextKey = start
    }

    deinit { ahead?.cancel() }

    func next() async throws(APIError) -> Page<Item>? {
        if let error = pendingError {
            pendingError = nil
            nextKey = nil
            throw error
        }
        guard let key = nextKey else { return nil }
        followed.insert(key)
        let result = await take(key)
        let page: Page<Item>
        switch result {
        case .success(let loaded):
            page = loaded
        case .failure(let error):
            nextKey = nil
            throw error
        }
        let following = backward ? page.previous : page.next
        if let following, followed.contains(following) {
            nextKey = nil
            pendingError = APIError(
                .paging("the \(following) after \(key) repeats one already followed: the list loops, so it stops here"),
                page: "\(key)")
        } else {
            nextKey = following
            if let following { fetchAhead(following) }
        }
        return page
    }

    /// The page at `key`: the one fetched ahead, or a fresh load.
    private func take(_ key: PageKey) async -> Result<Page<Item>, APIError> {
        let task = ahead ?? Task.detached { [loader] in await loader.load(key) }
        ahead = nil
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    private func fetchAhead(_ key: PageKey) {
        let loader = loader
        ahead = Task.detached { await loader.load(key) }
    }
}
