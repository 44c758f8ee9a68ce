import Foundation
import PagegenRuntime
import PagegenTestServer
import Testing

/// The coins API: a 1-based `start` offset with `limit`, a nested total, an API key header.
@Suite struct CoinsConsumerTests {
    static var coins: [[String: Any]] {
        (1...40).map { rank in
            [
                "id": 1000 + rank, "name": "Coin \(rank)", "symbol": "C\(rank)", "cmc_rank": rank,
                "date_added": "2013-04-28T00:00:00.000Z", "quote": ["USD": ["price": Double(rank) * 1.5]],
            ]
        }
    }

    static func handler(_ request: TestRequest) -> TestResponse {
        let start = request.intQuery("start") ?? 1
        let limit = request.intQuery("limit") ?? 15
        return .json(object: [
            "status": ["timestamp": "2024-08-14T15:14:26.123Z", "error_code": 0, "total_count": coins.count],
            "data": slice(coins, from: start - 1, count: limit),
        ])
    }

    @Test func startsAtOneAndAdvancesByTheItemsReceived() async throws {
        try await withServer(Self.handler) { server in
            let client = CoinsAPI.Client(baseURL: server.baseURL, apiKey: "key-1")
            var ranks: [Int] = []
            for try await coin in client.allListings() { ranks.append(coin.cmcRank) }
            #expect(ranks == Array(1...40))
            let requests = await server.requests
            // Pages after the next are fetched ahead in parallel: they may arrive in any order.
            #expect(requests.compactMap { $0.intQuery("start") }.sorted() == [1, 16, 31])
            #expect(requests.allSatisfy { $0.headers["x-cmc_pro_api_key"] == "key-1" && $0.query("convert") == "USD" })
        }
    }

    @Test func decodesMapsAndFractionalDates() async throws {
        try await withServer(Self.handler) { server in
            let page = try await CoinsAPI.Client(baseURL: server.baseURL).listings(offset: 3, limit: 2).get()
            #expect(page.items.map(\.cmcRank) == [3, 4])
            #expect(page.items.first?.quote["USD"]?.price == 4.5)
            #expect(page.items.first?.dateAdded == Date(timeIntervalSince1970: 1_367_107_200))
            #expect(page.firstRow == 2)
        }
    }
}
