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
            let page = try await fetchPage(baseURL, number: number)
            if page.items.isEmpty { return }
            for item in page.items { consume(item.id) }
            received += page.items.count
            if received >= page.total { return }
            number += 1
        }
    }

    /// The pipeline a careful engineer would write by hand for this one list: page 1
    /// first (for the total), then `inFlight` pages at a time, each fetched and decoded
    /// in a task of its own off the main actor, handed over in list order. The bound
    /// the generated sequences are measured against: no middleware, no validation,
    /// no de-duplication, no resuming.
    @MainActor
    static func drainPipelined(_ baseURL: URL, inFlight: Int, consume: (Int) -> Void) async throws {
        let first = try await fetchPage(baseURL, number: 1)
        for item in first.items { consume(item.id) }
        guard !first.items.isEmpty, first.items.count < first.total else { return }
        let pages = (first.total + first.items.count - 1) / first.items.count
        var requests: [Task<Page, any Error>] = []
        var next = 2
        func launch() {
            guard next <= pages else { return }
            let number = next
            next += 1
            requests.append(Task.detached { try await fetchPage(baseURL, number: number) })
        }
        for _ in 0..<inFlight { launch() }
        while !requests.isEmpty {
            let page = try await requests.removeFirst().value
            launch()
            for item in page.items { consume(item.id) }
        }
    }

    /// Fetches and decodes page `number`.
    private nonisolated static func fetchPage(_ baseURL: URL, number: Int) async throws -> Page {
        try await JSONDecoder().decode(Page.self, from: fetchBody(baseURL, number: number))
    }

    /// The URL of page `number`.
    nonisolated static func pageURL(_ baseURL: URL, number: Int) -> URL {
        URL(string: "\(baseURL.absoluteString)/items?page=\(number)&per_page=100")!
    }

    /// Fetches page `number`'s body, failing on any status but 200.
    nonisolated static func fetchBody(_ baseURL: URL, number: Int) async throws -> Data {
        let url = pageURL(baseURL, number: number)
        let (data, response) = try await URLSession.shared.data(from: url)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw Failure(description: "GET \(url): \(response)")
        }
        return data
    }
}
