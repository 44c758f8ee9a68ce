import Foundation
import PagegenRuntime
import PagegenTestServer
import Testing

/// The catalog API: `current_page` from 1, an envelope under `response`, bearer auth.
@Suite struct CatalogConsumerTests {
    static func product(_ id: Int) -> [String: Any] {
        [
            "id": id, "name": "Product \(id)", "sale_price": Double(id) + 0.99, "tags": ["t\(id % 3)"],
            "status": id % 5 == 0 ? "discontinued" : "active", "updated_at": "2024-08-14T15:14:26Z",
            "manufacturer": ["id": 7, "name": "Acme", "website": "https://acme.example"],
        ]
    }

    static var products: [[String: Any]] { (1...45).map(product) }

    static func handler(_ request: TestRequest) -> TestResponse {
        guard request.path.hasPrefix("/categories/") else { return .json("{}", status: 404) }
        let page = request.intQuery("current_page") ?? 1
        let size = request.intQuery("page_size") ?? 20
        let items = slice(products, from: (page - 1) * size, count: size)
        return .json(object: ["response": ["current_page": page, "product_count": products.count, "product_collection": items]])
    }

    @Test func walksTheEnvelopeFromPageOne() async throws {
        try await withServer(Self.handler) { server in
            let client = CatalogAPI.Client(baseURL: server.baseURL, token: "s3cret")
            var ids: [Int] = []
            for try await product in client.allProducts(categoryID: "shoes") { ids.append(product.id) }
            #expect(ids == Array(1...45))
            let requests = await server.requests
            // Pages after the next are fetched ahead in parallel: they may arrive in any order.
            #expect(requests.compactMap { $0.intQuery("current_page") }.sorted() == [1, 2, 3])
            #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer s3cret" })
        }
    }

    @Test func decodesNestedModelsDatesAndURLs() async throws {
        try await withServer(Self.handler) { server in
            let page = try await CatalogAPI.Client(baseURL: server.baseURL).products(categoryID: "shoes", pageSize: 5).get()
            let first = try #require(page.items.first)
            #expect(first.salePrice == 1.99)
            #expect(first.manufacturer?.website == URL(string: "https://acme.example"))
            #expect(first.updatedAt == Date(timeIntervalSince1970: 1_723_648_466))
            #expect(page.items[4].status == .discontinued)
            #expect(page.total == 45)
        }
    }

    @Test func percentEncodesPathAndQueryValues() async throws {
        try await withServer(Self.handler) { server in
            _ = await CatalogAPI.Client(baseURL: server.baseURL).products(categoryID: "shoes & socks/2", sort: .unknown("price+name"))
            let request = try #require(await server.requests.first)
            #expect(request.rawPath == "/categories/shoes%20%26%20socks%2F2/products")
            #expect(request.rawQuery.contains("sort=price%2Bname"))
            #expect(request.query("sort") == "price+name")
        }
    }
}
