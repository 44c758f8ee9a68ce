import Foundation
import Hummingbird
import PagegenAsyncHTTPClient
import PagegenRuntime

/// A Hummingbird service whose route drains one category of a partner's catalog — a
/// paginated API — through the generated `CatalogAPI.Client` on
/// `AsyncHTTPClientTransport`, and answers what it found:
///
/// ```
/// GET /categories/shoes/summary
/// {"category":"shoes","products":20000,"pages":400,"totalSalePrice":10064282.49,"firstID":1,"lastID":20000}
/// ```
///
/// Usage: CatalogSync <partner base URL> [port]   (port 0, the default, takes a free one;
/// the service prints `Listening on http://127.0.0.1:<port>` once it listens)
@main
struct CatalogSync {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard (1...2).contains(arguments.count), let partner = URL(string: arguments[0]), partner.host != nil,
            let port = arguments.count == 2 ? Int(arguments[1]) : 0
        else {
            FileHandle.standardError.write(Data("usage: CatalogSync <partner base URL, e.g. http://127.0.0.1:8080/api/v2> [port]\n".utf8))
            exit(64)
        }
        // One client for the service's life: its transport sends on AsyncHTTPClient's
        // event loops, on a client that leaves redirects to the transport.
        let catalog = CatalogAPI.Client(
            baseURL: partner, token: "sync-token", transport: AsyncHTTPClientTransport(timeout: .seconds(30)),
            middlewares: [RetryMiddleware()])

        let router = Router()
        router.get("categories/:category/summary") { _, context -> CategorySummary in
            let category = try context.parameters.require("category")
            return try await CategorySummary.drain(category, from: catalog)
        }
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)),
            onServerRunning: { channel in
                // Unbuffered: the script that starts the service waits for this line.
                FileHandle.standardOutput.write(Data("Listening on http://127.0.0.1:\(channel.localAddress?.port ?? port)\n".utf8))
            })
        try await app.runService()
    }
}

/// What one drain of a category found.
struct CategorySummary: ResponseEncodable {
    var category: String
    var products = 0
    var pages = 0
    var totalSalePrice = 0.0
    var firstID: Int?
    var lastID: Int?

    /// Every product of `category`, page after page: the runtime fetches the next pages
    /// while this loop adds up the one it has.
    static func drain(_ category: String, from catalog: CatalogAPI.Client) async throws -> CategorySummary {
        var summary = CategorySummary(category: category)
        do {
            for try await page in catalog.productsPages(categoryID: category, pageSize: 50) {
                summary.pages += 1
                for product in page.items {
                    summary.products += 1
                    summary.totalSalePrice += product.salePrice
                    summary.firstID = summary.firstID ?? product.id
                    summary.lastID = product.id
                }
            }
        } catch {
            // A partner that fails answers the service's caller with a 502 that says why.
            throw HTTPError(.badGateway, message: "the partner's catalog failed after \(summary.pages) pages: \(error)")
        }
        summary.totalSalePrice = (summary.totalSalePrice * 100).rounded() / 100
        return summary
    }
}
