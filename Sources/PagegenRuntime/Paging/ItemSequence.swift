/// The items of a list, in order, as an `AsyncSequence`: every page's items, one
/// after the other.
///
/// ```swift
/// for try await product in client.allProducts(categoryID: "42") {
///     print(product.name)
/// }
/// ```
///
/// When items have an identity, an item seen on an earlier page is not delivered
/// again (offset paging while the server inserts rows shifts items across page
/// boundaries). Without an identity every item is delivered as it comes.
public struct ItemSequence<Item: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Item
    public typealias Failure = APIError

    /// The pages the items come from.
    public let pages: PageSequence<Item>

    /// The items of `pages`.
    public init(_ pages: PageSequence<Item>) {
        self.pages = pages
    }

    /// The items of the pages `loader` loads, from its first page.
    public init(_ loader: PageLoader<Item>) {
        self.pages = PageSequence(loader)
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(pages: pages.makeAsyncIterator(), identity: pages.loader.identity)
    }

    /// Iterates an ``ItemSequence``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Failure = APIError

        var pages: PageSequence<Item>.AsyncIterator
        let identity: (@Sendable (Item) -> AnyHashable)?
        var buffer: [Item] = []
        var index = 0
        var seen: Set<AnyHashable> = []

        public mutating func next() async throws(APIError) -> Item? {
            while true {
                while index < buffer.count {
                    let item = buffer[index]
                    index += 1
                    if let identity, !seen.insert(identity(item)).inserted { continue }
                    return item
                }
                guard let page = try await pages.next() else { return nil }
                buffer = page.items
                index = 0
            }
        }
    }
}
