import Foundation
import PagegenRuntime
import PagegenTestServer
import Testing

/// The articles API: offset/limit, the body is the array, no total.
@Suite struct ArticlesConsumerTests {
    static var articles: [[String: Any]] {
        (1...60).map {
            [
                "id": $0, "title": "Article \($0)", "author": "A. Writer",
                "published_at": "2024-01-\(String(format: "%02d", $0 % 28 + 1))T08:00:00+02:00",
            ]
        }
    }

    @Test func aShortPageDoesNotEndTheListButAnEmptyOneDoes() async throws {
        try await withServer({ request in
            let offset = request.intQuery("offset") ?? 0
            let limit = request.intQuery("limit") ?? 25
            // The server serves at most 20 items whatever the limit: offsets must follow what arrived.
            return .json(object: slice(Self.articles, from: offset, count: min(limit, 20)))
        }) { server in
            var ids: [Int] = []
            for try await article in ArticlesAPI.Client(baseURL: server.baseURL).allArticles(tag: "swift") { ids.append(article.id) }
            #expect(ids == Array(1...60))
            let requests = await server.requests
            #expect(requests.map { $0.intQuery("offset") } == [0, 20, 40, 60])
            #expect(requests.allSatisfy { $0.query("tag") == "swift" && $0.query("limit") == "25" })
        }
    }

    @Test func itemsThatShiftAcrossPagesAreDeliveredOnce() async throws {
        // Each request sees one more article inserted at the top, so every page repeats the last item of the one before.
        try await withServer({ request in
            let offset = request.intQuery("offset") ?? 0
            let inserted = (offset / 10)
            let shifted = Array(Self.articles.prefix(inserted)).map { $0 } + Self.articles
            return .json(object: slice(shifted, from: offset, count: request.intQuery("limit") ?? 10))
        }) { server in
            var ids: [Int] = []
            for try await article in ArticlesAPI.Client(baseURL: server.baseURL).allArticles(limit: 10) { ids.append(article.id) }
            #expect(Set(ids).count == ids.count)
        }
    }
}
