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

    /// The items of `pages`.
    public init(_ pages: PageSequence<Item>) {
        self.pages = pages
        self.delivered = nil
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
    }

    /// Starts a walk of the list; each iterator walks it on its own, with its own requests.
    public func makeAsyncIterator() -> AsyncIterator {
        let identities = pages.loader.identifier?.makeSet(pages.loader.deduplicationPages)
        var failure: APIError?
        if let delivered {
            do throws(APIError) {
                if let identities { try identities.restore(delivered) }
            } catch {
                failure = error
            }
        }
        return AsyncIterator(pages: pages.makeAsyncIterator(), identities: identities, failure: failure)
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

        init(pages: PageSequence<Item>.AsyncIterator, identities: DeliveredIdentities<Item>?, failure: APIError?) {
            self.pages = pages
            self.identities = identities
            self.failure = failure
        }

        /// The next item, on the caller's actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError) -> Item? {
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
                    return nil
                }
                buffer = page.items
                index = 0
                identities?.beginPage()
            }
        }

        /// The next item; the same as ``next(isolation:)`` with no actor.
        public mutating func next() async throws(APIError) -> Item? {
            try await next(isolation: nil)
        }
    }
}
