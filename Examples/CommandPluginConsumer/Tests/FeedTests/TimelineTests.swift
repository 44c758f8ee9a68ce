import Foundation
import PagegenRuntime
import Testing

@testable import Feed

/// The committed client in Sources/Feed/Generated, run against canned pages.
@Suite struct TimelineTests {
    @Test func pageCountFollowsTheCursorToTheEnd() async throws {
        let feed = CannedFeed()
        let pages = try await Timeline(transport: feed).pageCount(of: "science")

        #expect(pages == 3)  // 120 stories in pages of 50: 50, 50, 20
        let cursors = await feed.log.requests.map { request in
            URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "cursor" }?.value
        }
        #expect(cursors == [nil, "after-50", "after-100"])
    }

    @Test func topStoriesFilterOnTheServerAndDecodeUnixDates() async throws {
        let entries = try await Timeline(transport: CannedFeed()).topStories(in: "science", minimumScore: 150, limit: 5)

        let expected = (0..<CannedFeed.storyCount).filter { CannedFeed.story($0).score >= 150 }.prefix(5)
        #expect(entries.map(\.headline) == expected.map { "Story \($0)" })
        #expect(entries.allSatisfy { $0.score >= 150 })
        #expect(entries.first?.published == Date(timeIntervalSince1970: TimeInterval(1_750_000_000 - expected.first! * 3600)))
    }

    @Test func theAPIKeyTravelsInItsHeader() async throws {
        let feed = CannedFeed()
        _ = try await Timeline(apiKey: "k3y", transport: feed).topStories(in: "science", limit: 1)

        let keys = await feed.log.requests.map { $0.value(forHeader: "X-API-Key") }
        #expect(!keys.isEmpty && keys.allSatisfy { $0 == "k3y" })
    }

    @Test func anUnknownSectionIsAnHTTPError() async throws {
        await #expect(throws: APIError.self) {
            _ = try await Timeline(transport: CannedFeed()).topStories(in: "gossip", limit: 3)
        }
    }

    @Test func theGeneratedClientPagesDirectly() async throws {
        // `internal` generated code, reached with @testable import.
        let client = NewsAPI.Client(transport: CannedFeed())
        let first = try await client.stories(section: "science", limit: 10).get()

        #expect(first.items.map(\.id) == (0..<10).map { "s\($0)" })
        #expect(!first.isLast)
    }
}
