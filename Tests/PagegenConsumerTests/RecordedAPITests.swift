import Foundation
import PagegenRuntime
import PagegenTestServer
import Testing

/// The generated clients of real APIs walk the pages those APIs really served,
/// replayed from ../shared/fixtures: exactly the recorded items, in order, with
/// exactly the recorded number of requests.
@Suite(.enabled(if: Fixtures.available, Fixtures.skipMessage))
struct RecordedAPITests {
    @Test func gitHubFollowsTheLinkHeaderAcrossAChangingPath() async throws {
        let exchanges = try Fixtures.load((1...5).map { "github-issues/page-\($0).json" })
        try await withServer(ReplayServer(exchanges: exchanges).handler()) { server in
            let client = GitHubAPI.Client(baseURL: server.baseURL, token: "t")
            var numbers: [Int] = []
            for try await issue in client.allIssues(owner: "octokit-fixture-org", repo: "paginate-issues", perPage: 3) {
                numbers.append(issue.number)
            }
            #expect(numbers == Array((1...13).reversed()))
            let requests = await server.requests
            #expect(requests.count == 5)
            #expect(
                requests.map(\.path) == ["/repos/octokit-fixture-org/paginate-issues/issues"]
                    + Array(repeating: "/repositories/1000/issues", count: 4))
            #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer t" })
        }
    }

    @Test func gitHubPagesKnowTheirPreviousPage() async throws {
        let exchanges = try Fixtures.load((1...5).map { "github-issues/page-\($0).json" })
        try await withServer(ReplayServer(exchanges: exchanges).handler()) { server in
            var pages: [Page<GitHubAPI.Issue>] = []
            for try await page in GitHubAPI.Client(baseURL: server.baseURL).issuesPages(
                owner: "octokit-fixture-org", repo: "paginate-issues", perPage: 3)
            {
                pages.append(page)
            }
            #expect(pages.count == 5)
            #expect(pages[0].previous == nil)
            #expect(pages[4].previous == .url(URL(string: "\(server.baseURL.absoluteString)/repositories/1000/issues?per_page=3&page=4")!))
        }
    }

    @Test func stripeTakesTheCursorFromTheLastItemUntilHasMoreIsFalse() async throws {
        let exchanges = try Fixtures.load(["stripe/customers-list/page-1.json", "stripe/customers-list/page-2.json"])
        try await withServer(ReplayServer(exchanges: exchanges).handler()) { server in
            var ids: [String] = []
            for try await customer in StripeAPI.Client(baseURL: server.baseURL, token: "sk_test").allCustomers(limit: 100) {
                ids.append(customer.id)
            }
            #expect(ids == ["cus_Rd3ODBxHt9M5xK", "cus_Rd3NjdGWtynChD", "cus_Rd3NKXxTV0Hzpp"])
            let requests = await server.requests
            #expect(requests.map { $0.query("starting_after") } == [nil, "cus_Rd3NjdGWtynChD"])
        }
    }

    @Test func slackFollowsNextCursorUntilItIsEmpty() async throws {
        let exchanges = try Fixtures.load([
            "slack/conversations-list-recorded/page-1.json", "slack/conversations-list-recorded/page-2.json",
        ])
        let recorded = exchanges.flatMap { ($0.body as? [String: Any])?["channels"] as? [[String: Any]] ?? [] }.compactMap {
            $0["id"] as? String
        }
        try await withServer(ReplayServer(exchanges: exchanges).handler()) { server in
            var ids: [String] = []
            let client = SlackAPI.Client(baseURL: server.baseURL.appendingPathComponent("api"), token: "xoxb")
            for try await channel in client.allConversations(limit: 100) { ids.append(channel.id) }
            #expect(ids.count == 156)
            #expect(ids == recorded)
            #expect(await server.requests.count == 2)
        }
    }

    @Test func slackUsersWalkSevenPages() async throws {
        let exchanges = try Fixtures.load((1...7).map { "slack/users-list-recorded/page-\($0).json" })
        try await withServer(ReplayServer(exchanges: exchanges).handler()) { server in
            var pages = 0
            var members = 0
            let client = SlackAPI.Client(baseURL: server.baseURL.appendingPathComponent("api"))
            for try await page in client.usersPages(presence: true, limit: 5) {
                pages += 1
                members += page.items.count
            }
            #expect(pages == 7)
            #expect(members == 35)
            #expect(await server.requests.count == 7)
        }
    }

    @Test func slackEndsWhenResponseMetadataIsMissing() async throws {
        let exchanges = try Fixtures.load((1...3).map { "slack/python-slack-sdk-mock-sequence/page-\($0).json" })
        try await withServer(ReplayServer(exchanges: exchanges).handler()) { server in
            var ids: [String] = []
            for try await channel in SlackAPI.Client(baseURL: server.baseURL.appendingPathComponent("api")).allConversations(limit: 1) {
                ids.append(channel.id)
            }
            #expect(ids == ["C1", "C2", "C3"])
            #expect(await server.requests.count == 3)
        }
    }

    @Test func redditLiveThreadEndsOnAnEmptyPageWithANullCursor() async throws {
        let exchanges = try Fixtures.load((1...3).map { "reddit/live-thread-updates/page-\($0).json" })
        // The recording client sent no `count`; the generated one sends the items seen.
        try await withServer(ReplayServer(exchanges: exchanges, ignoring: ["limit", "count"]).handler()) { server in
            var names: [String] = []
            for try await update in RedditAPI.Client(baseURL: server.baseURL).allLiveUpdates(thread: "ukaeu1ik4sw5", rawJSON: 1, limit: 100)
            {
                names.append(update.name)
            }
            #expect(names.count == 200)
            #expect(names.first == "LiveUpdate_352556c0-97d2-11e6-aa34-0e0d983a7ee7")
            #expect(await server.requests.map { $0.intQuery("count") } == [nil, 100, 200])
        }
    }

    @Test func redditUserListingFollowsTheAfterChain() async throws {
        let exchanges = try Fixtures.load((1...11).map { String(format: "reddit/user-spez-top/page-%02d.json", $0) })
        try await withServer(ReplayServer(exchanges: exchanges, ignoring: ["limit", "count"]).handler()) { server in
            var pageSizes: [Int] = []
            for try await page in RedditAPI.Client(baseURL: server.baseURL).userCommentsPages(
                username: "spez", sort: .top, t: .all, rawJSON: 1, limit: 100)
            {
                pageSizes.append(page.items.count)
            }
            #expect(pageSizes.reduce(0, +) == 31)
            let requests = await server.requests
            #expect(
                requests.map { $0.query("after") } == [
                    nil, "t1_ct5snit", "t1_cvqa8g8", "t1_cszggyl", "t1_c03d987", "t1_c2qwzo", "t1_c076mlt", "t1_c1tual", "t1_c03gpm9",
                    "t1_c09kna3", "t1_c02bvo5",
                ])
            // Every page after the first says how many items came before it.
            let seen = pageSizes.indices.map { pageSizes[..<$0].reduce(0, +) }
            #expect(requests.map { $0.intQuery("count") } == [nil] + seen.dropFirst().map { Optional($0) })
        }
    }

    @Test func redditAnnouncementsEndOnAnEmptyStringCursor() async throws {
        let exchanges = try Fixtures.load(["reddit/announcements/page-1.json", "reddit/announcements/page-2.json"])
        try await withServer(ReplayServer(exchanges: exchanges).handler()) { server in
            var ids: [String] = []
            for try await announcement in RedditAPI.Client(baseURL: server.baseURL).allAnnouncements(rawJSON: 1, limit: 2) {
                ids.append(announcement.id)
            }
            #expect(ids.count == 4)
            #expect(ids.first == "ann_ac7kus")
            #expect(await server.requests.count == 2)
        }
    }

    @Test func spotifyFollowsTheNextURLUntilItIsNull() async throws {
        // The recording's first request fetched the album, whose `tracks` is the
        // same paging object /albums/{id}/tracks answers for its first page.
        let album = try Fixtures.json("spotify/album-tracks/page-1.json")
        let firstPage = ((album["response"] as? [String: Any])?["body"] as? [String: Any])?["tracks"] ?? [:]
        let first = RecordedExchange(
            path: "/v1/albums/2js3lkzAjWpD656NK7ZaJX/tracks", parameters: ["limit": "50"],
            origin: "https://api.spotify.com", body: firstPage)
        let second = try Fixtures.load(["spotify/album-tracks/page-2.json"])
        try await withServer(ReplayServer(exchanges: [first] + second).handler()) { server in
            var pages: [Page<SpotifyAPI.Track>] = []
            let client = SpotifyAPI.Client(baseURL: server.baseURL.appendingPathComponent("v1"), token: "t")
            for try await page in client.albumTracksPages(id: "2js3lkzAjWpD656NK7ZaJX", limit: 50) { pages.append(page) }
            #expect(pages.map(\.items.count) == [50, 19])
            #expect(pages.allSatisfy { $0.total == 69 })
            #expect(pages[1].previous != nil)
            #expect(pages.flatMap(\.items).map(\.trackNumber).first == 1)
            #expect(await server.requests.count == 2)
        }
    }

    @Test func hackerNewsFetchesTheIdsOnceThenEveryItemInRankOrder() async throws {
        let listing = try Fixtures.load(["hackernews/topstories.json"])
        let itemFiles = try FileManager.default.contentsOfDirectory(atPath: Fixtures.folder.appendingPathComponent("hackernews/items").path)
            .filter { $0.hasSuffix(".json") }.sorted()
        let items = try Fixtures.load(itemFiles.map { "hackernews/items/\($0)" })
        let ids = listing[0].body as? [Int] ?? []
        try await withServer(ReplayServer(exchanges: listing + items).handler()) { server in
            var seen: [Int] = []
            let client = HackerNewsAPI.Client(baseURL: server.baseURL.appendingPathComponent("v0"))
            for try await item in client.allTopStories(pageSize: 30) { seen.append(item.id) }
            #expect(ids.count == 500)
            #expect(seen == ids)
            #expect(await server.requests.count == 501)
        }
    }
}
