import AsyncHTTPClient
import Foundation
import NIOFoundationCompat

/// The loop a server developer would write without Pagegen: ask for page 1, 2, 3…
/// with `HTTPClient.shared`, gather each body, decode it with a `JSONDecoder`, stop
/// once the items reach the total the pages give (or at an empty page). The baseline
/// of the AsyncHTTPClient rows, as ``HandWrittenLoop`` is of the URLSession ones.
enum HandWrittenServerLoop {
    /// Drains the list at `baseURL`, handing each item's id to `consume`.
    @MainActor
    static func drain(_ baseURL: URL, consume: (Int) -> Void) async throws {
        var number = 1
        var received = 0
        while true {
            let page = try await JSONDecoder().decode(HandWrittenLoop.Page.self, from: fetchBody(baseURL, number: number))
            if page.items.isEmpty { return }
            for item in page.items { consume(item.id) }
            received += page.items.count
            if received >= page.total { return }
            number += 1
        }
    }

    /// Fetches page `number`'s body, failing on any status but 200.
    nonisolated static func fetchBody(_ baseURL: URL, number: Int) async throws -> Data {
        let url = HandWrittenLoop.pageURL(baseURL, number: number)
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url.absoluteString), timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 64 << 20)
        guard response.status == .ok else {
            throw HandWrittenLoop.Failure(description: "GET \(url): status \(response.status.code)")
        }
        return Data(buffer: body)
    }
}
