import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The loop an app would write without Pagegen: ask for page 1, 2, 3… with
/// `URLSession.shared.data(from:)`, decode each with a `JSONDecoder`, stop once the
/// items reach the total the pages give (or at an empty page).
enum HandWrittenLoop {
    struct Item: Decodable {
        let id: Int
        let sku: String
        let name: String
        let description: String
        let price: Double
        let quantity: Int
        let active: Bool
        let category: String
        let tags: [String]
    }

    struct Page: Decodable {
        let items: [Item]
        let page: Int
        let total: Int
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Drains the list at `baseURL`, handing each item's id to `consume`.
    @MainActor
    static func drain(_ baseURL: URL, consume: (Int) -> Void) async throws {
        var number = 1
        var received = 0
        while true {
            let url = URL(string: "\(baseURL.absoluteString)/items?page=\(number)&per_page=100")!
            let (data, response) = try await URLSession.shared.data(from: url)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                throw Failure(description: "GET \(url): \(response)")
            }
            let page = try JSONDecoder().decode(Page.self, from: data)
            if page.items.isEmpty { return }
            for item in page.items { consume(item.id) }
            received += page.items.count
            if received >= page.total { return }
            number += 1
        }
    }
}
