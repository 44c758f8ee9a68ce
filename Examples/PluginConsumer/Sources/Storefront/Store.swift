import Foundation
import PagegenRuntime

/// The storefront's data: the products of a category and the blog's headlines,
/// fetched through the clients PagegenPlugin generates from `shop.pagegen.yaml`
/// (`ShopAPI.Client`) and `blog.pagegen.yaml` (`BlogAPI.Client`) while this target
/// builds.
///
/// ```swift
/// let store = Store(token: "secret")
/// let listings = try await store.listings(in: "lamps")
/// ```
public struct Store: Sendable {
    /// A product as the storefront lists it.
    public struct Listing: Sendable, Hashable {
        /// The product's id.
        public var id: Int
        /// Its name.
        public var name: String
        /// Its price.
        public var price: Double

        /// Creates a listing.
        public init(id: Int, name: String, price: Double) {
            self.id = id
            self.name = name
            self.price = price
        }
    }

    /// The generated shop client (`package` access, set in pagegen-config.yaml).
    package let shop: ShopAPI.Client
    /// The generated blog client.
    package let blog: BlogAPI.Client

    /// Creates a store that talks to the APIs through `transport`.
    public init(transport: any HTTPTransport = URLSessionTransport(), token: String? = nil) {
        shop = ShopAPI.Client(token: token, transport: transport)
        blog = BlogAPI.Client(transport: transport)
    }

    /// Every product of a category that is still sold, from every page.
    public func listings(in category: String) async throws(APIError) -> [Listing] {
        var listings: [Listing] = []
        for try await product in shop.allProducts(categoryID: category) {
            guard case .active = product.status else { continue }
            listings.append(Listing(id: product.id, name: product.name, price: product.salePrice))
        }
        return listings
    }

    /// The titles of the newest articles, at most `limit` of them.
    public func headlines(limit: Int) async throws(APIError) -> [String] {
        var titles: [String] = []
        guard limit > 0 else { return titles }
        for try await article in blog.allArticles() {
            titles.append(article.title)
            if titles.count == limit { break }
        }
        return titles
    }
}
