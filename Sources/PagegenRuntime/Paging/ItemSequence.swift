/// The items of a list, in order, as an `AsyncSequence`: every page's items, one
/// after the other.
///
/// ```swift
/// for try await product in client.allProducts(categoryID: "42") {
///     print(product.name)
/// }
/// ```
///
/// When items have an identity, an item seen on one of the latest
/// ``PageLoader/deduplicationPages`` pages is not delivered again (offset paging while
/// the server inserts rows shifts items across page boundaries). Without an identity
/// every item is delivered as it comes. The memory a walk holds does not grow with the
/// list: the pages in flight, and the identities of those latest pages.
///
/// Items are handed out on the caller's actor, without a suspension between the
/// items of a page; pages load as for ``PageSequence``. A failed page throws an
/// ``APIError`` after every item before it, whose ``APIError/resumePoint`` also
/// holds the identities of those latest pages, so that a sequence resumed from it
/// (``init(_:resumingFrom:)``) delivers none of them again.
public struct ItemSequence<Item: Sendable>: AsyncSequence, Sendable {
    /// One item of the list.
    public typealias Element = Item
    /// What a failed page throws.
    public typealias Failure = APIError

    /// The pages the items come from.
    public let pages: PageSequence<Item>
    /// The identities a resumed walk had delivered.
    let delivered: String?
    /// The name the walk's progress is kept under in the loader's store.
    let walkName: String?

    /// The items of `pages`.
    public init(_ pages: PageSequence<Item>) {
        self.pages = pages
        self.delivered = nil
        self.walkName = nil
    }

    /// The items of the pages `loader` loads, from its first page.
    public init(_ loader: PageLoader<Item>) {
        self.init(PageSequence(loader))
    }

    /// The items of the pages `loader` loads, going on where an earlier walk stopped
    /// (``APIError/resumePoint``) without delivering again an item it delivered on its
    /// latest pages; from
    /// the first page when `resumePoint` is nil.
    public init(_ loader: PageLoader<Item>, resumingFrom resumePoint: ResumePoint?) {
        self.pages = PageSequence(loader, resumingFrom: resumePoint)
        self.delivered = resumePoint?.deliveredIdentities
        self.walkName = nil
    }

    private init(pages: PageSequence<Item>, delivered: String?, walkName: String?) {
        self.pages = pages
        self.delivered = delivered
        self.walkName = walkName
    }

    /// The same walk, kept in the client's store under `name` as it goes: after each
    /// item the caller handled (asked for the one after), the store holds how far it
    /// got. A walk of the same list under the same name, in this process or after it
    /// was killed and started again, goes on from there and delivers no handled item again
    /// (the one in hand when the process died was not handled, and comes again):
    /// the page it was on is requested again and the items already handled are skipped
    /// (by identity, so an item that moved on the server is not delivered twice). A walk
    /// that reaches the end forgets its progress; one that fails keeps it.
    ///
    /// ```swift
    /// for try await product in client.allProducts(categoryID: "42").resuming(walk: "import") {
    ///     try database.insert(product)        // killed here? the next launch goes on after it
    /// }
    /// ```
    ///
    /// Each item costs one small write to the store. Without a store in the client
    /// (``ClientRuntime/store``), the first `next` throws.
    public func resuming(walk name: String) -> ItemSequence {
        ItemSequence(pages: pages, delivered: delivered, walkName: name)
    }

    /// Starts a walk of the list; each iterator walks it on its own, with its own requests.
    public func makeAsyncIterator() -> AsyncIterator {
        let identities = pages.loader.identifier?.makeSet(pages.loader.deduplicationPages)
        var failure: APIError?
        var pages = pages
        var delivered = delivered
        var keeper: WalkKeeper<Item>?
        var skip = 0
        if let walkName {
            if let stored = pages.loader.stored {
                keeper = WalkKeeper(name: walkName, list: stored)
                if let progress = keeper?.load() {
                    pages = PageSequence(pages.loader, resumingFrom: progress.resumePoint)
                    delivered = progress.resumePoint.deliveredIdentities
                    if let identities, let handled = WalkKeeper<Item>.prefix(progress.pageIdentities, progress.handled) {
                        do throws(APIError) { try identities.restore(handled) } catch { failure = error }
                    } else {
                        skip = progress.handled
                    }
                }
            } else {
                failure = APIError(
                    .invalidRequest("resuming(walk: \"\(walkName)\") keeps its progress in the client's store, and the client has none"))
            }
        }
        if let delivered, failure == nil {
            do throws(APIError) {
                if let identities { try identities.restore(delivered) }
            } catch {
                failure = error
            }
        }
        var iterator = AsyncIterator(pages: pages.makeAsyncIterator(), identities: identities, failure: failure)
        iterator.keeper = keeper
        iterator.skipOnFirstPage = skip
        return iterator
    }

    /// Iterates an ``ItemSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// What a failed page throws.
        public typealias Failure = APIError

        var pages: PageSequence<Item>.AsyncIterator
        let identities: DeliveredIdentities<Item>?
        /// A resume point that did not fit, thrown by the first `next`.
        var failure: APIError?
        var buffer: [Item] = []
        var index = 0
        /// Keeps the walk's progress in the store, for ``ItemSequence/resuming(walk:)``.
        var keeper: WalkKeeper<Item>?
        /// Items of the first page already handled by a resumed walk without identities.
        var skipOnFirstPage = 0

        init(pages: PageSequence<Item>.AsyncIterator, identities: DeliveredIdentities<Item>?, failure: APIError?) {
            self.pages = pages
            self.identities = identities
            self.failure = failure
        }

        /// The next item, on the caller's actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError) -> Item? {
            // The caller asked for the next item: the ones handed out are handled.
            if let keeper, index > 0 { await keeper.handled(index) }
            while true {
                while index < buffer.count {
                    let item = buffer[index]
                    index += 1
                    if let identities, !identities.insert(item) { continue }
                    return item
                }
                if let error = failure {
                    failure = nil
                    throw error
                }
                let page: Page<Item>?
                do throws(APIError) {
                    page = try await pages.next(isolation: actor)
                } catch {
                    var error = error
                    if error.resumePoint != nil, let identities {
                        error.resumePoint?.deliveredIdentities = identities.snapshot()
                    }
                    buffer = []
                    index = 0
                    throw error
                }
                guard let page else {
                    buffer = []
                    await keeper?.finished()
                    return nil
                }
                let skipped = Swift.min(skipOnFirstPage, page.items.count)
                skipOnFirstPage = 0
                if let keeper {
                    await keeper.begin(
                        page, at: pages.walk.resumePoint(at: page.key), delivered: identities?.snapshot(), handled: skipped)
                }
                buffer = page.items
                index = skipped
                identities?.beginPage()
            }
        }

        /// The next item; the same as ``next(isolation:)`` with no actor.
        public mutating func next() async throws(APIError) -> Item? {
            try await next(isolation: nil)
        }
    }
}
