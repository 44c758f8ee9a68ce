/// One walk over the pages of a list: the pages requested ahead, the keys already
/// followed, and whether the walk has ended.
///
/// Requests run in detached tasks (the transport, the middlewares and decoding run
/// off the caller's actor); the walk itself runs on the caller's isolation.
///
/// `@unchecked Sendable`: a walk belongs to one iterator, used by one task at a time
/// (as every `AsyncIteratorProtocol` value is). The only state another task sees is
/// the request tasks, which it only cancels.
final class PageWalk<Item: Sendable>: @unchecked Sendable {
    private typealias Request = (key: PageKey, task: Task<Result<Page<Item>, APIError>, Never>)

    private let loader: PageLoader<Item>
    private let backward: Bool
    /// Pages in flight at most, the next one included.
    private let depth: Int
    private var nextKey: PageKey?
    /// Requests in flight, in list order; the first is for `nextKey`.
    private var ahead: [Request] = []
    /// Cursor and link keys already followed (the latest ones, and a few earlier).
    private var followed: FollowedKeys
    private var pendingError: APIError?

    init(loader: PageLoader<Item>, start: PageKey, backward: Bool, followed: [PageKey]) {
        self.loader = loader
        self.backward = backward
        self.depth = max(1, loader.pagesAhead)
        self.nextKey = start
        self.followed = FollowedKeys(followed)
    }

    deinit {
        for request in ahead { request.task.cancel() }
    }

    func next(isolation actor: isolated (any Actor)?) async throws(APIError) -> Page<Item>? {
        if let error = pendingError {
            pendingError = nil
            nextKey = nil
            throw error
        }
        guard let key = nextKey else { return nil }
        if Self.canLoop(key) { followed.insert(key) }
        if ahead.first?.key != key {
            cancelAhead()
            ahead.append((key, request(key)))
        }
        let task = ahead.removeFirst().task
        // A closure, not the key path `\.task`: a key path into this generic tuple is
        // instantiated at run time on every call.
        let others = ahead.map { $0.task }
        let result = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
            for other in others { other.cancel() }
        }
        let page: Page<Item>
        switch result {
        case .success(let loaded):
            page = loaded
        case .failure(var error):
            cancelAhead()
            nextKey = nil
            error.resumePoint = ResumePoint(
                key: key, backward: backward, followed: followed.keys.filter { $0 != key }.sorted(by: Self.order))
            throw error
        }
        let following = backward ? page.previous : page.next
        if let following, followed.contains(following) {
            cancelAhead()
            nextKey = nil
            pendingError = APIError(
                .paging("the \(following) after \(key) repeats one already followed: the list loops, so it stops here"),
                page: "\(key)")
        } else if let following {
            nextKey = following
            if ahead.first?.key != following { cancelAhead() }
            fetchAhead(following, after: page)
        } else {
            nextKey = nil
            cancelAhead()
        }
        return page
    }

    /// Where a new walk would start over at the page at `key` (which this walk
    /// returned last): the keys followed before it, for loop detection.
    func resumePoint(at key: PageKey) -> ResumePoint {
        ResumePoint(key: key, backward: backward, followed: followed.keys.filter { $0 != key }.sorted(by: Self.order))
    }

    /// Starts the request for `following` if it is not in flight; then, when the
    /// page gives the list's exact total, requests for the pages after it, up to the
    /// depth and never past the total, on the guess that they are as full as this
    /// one. A list without a total gets no guesses: they could only be requests past
    /// its end.
    private func fetchAhead(_ following: PageKey, after page: Page<Item>) {
        if ahead.isEmpty { ahead.append((following, request(following))) }
        guard !backward, depth > 1, let total = page.total, !page.totalIsEstimate,
            let firstRow = page.firstRow, !page.items.isEmpty
        else { return }
        let perPage = page.items.count
        // The first row of the page after the last one in flight.
        var nextRow = firstRow + perPage * (ahead.count + 1)
        while ahead.count < depth, nextRow < total, let guess = ahead.last?.key.predictedNext(itemsPerPage: perPage) {
            ahead.append((guess, request(guess)))
            nextRow += perPage
        }
    }

    private func request(_ key: PageKey) -> Task<Result<Page<Item>, APIError>, Never> {
        let loader = loader
        return Task.detached { await loader.load(key) }
    }

    private func cancelAhead() {
        for request in ahead { request.task.cancel() }
        ahead.removeAll()
    }

    /// True for keys a response gave (cursors, links): only those can repeat.
    private static func canLoop(_ key: PageKey) -> Bool {
        switch key {
        case .number, .offset: false
        case .first, .after, .before, .url, .around: true
        }
    }

    /// A stable order for the keys of a resume point.
    private static func order(_ lhs: PageKey, _ rhs: PageKey) -> Bool {
        lhs.description < rhs.description
    }
}
