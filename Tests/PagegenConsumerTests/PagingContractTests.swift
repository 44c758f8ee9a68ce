import Foundation
@_spi(Generated) import PagegenRuntime
import PagegenTestServer
import Testing

/// Every paging style against synthetic pages shaped as the real APIs document
/// them, including the ways a server can break the paging contract.
@Suite struct PagingContractTests {
    // MARK: Link header (GitHub)

    static func issue(_ number: Int) -> [String: Any] {
        [
            "id": number, "number": number, "title": "Issue \(number)", "state": "open", "labels": [], "comments": 0,
            "html_url": "https://github.com/o/r/issues/\(number)", "created_at": "2024-01-01T00:00:00Z",
        ]
    }

    @Test func linkHeaderPagingWalksForwardAndBackward() async throws {
        try await withServer({ request in
            let page = request.intQuery("page") ?? 1
            let host = "http://\(request.headers["host"]!)"
            var links: [String] = []
            if page < 4 { links.append("<\(host)/repositories/9/issues?page=\(page + 1)&per_page=2>; rel=\"next\"") }
            if page > 1 { links.append("<\(host)/repositories/9/issues?page=\(page - 1)&per_page=2>; rel=\"prev\"") }
            links.append("<\(host)/repositories/9/issues?page=4&per_page=2>; rel=\"last\"")
            return .json(object: [(page * 2 - 1), page * 2].map(Self.issue), headers: [("Link", links.joined(separator: ", "))])
        }) { server in
            let client = GitHubAPI.Client(baseURL: server.baseURL)
            var forward: [Page<GitHubAPI.Issue>] = []
            for try await page in client.issuesPages(owner: "o", repo: "r", perPage: 2) { forward.append(page) }
            #expect(forward.flatMap(\.items).map(\.number) == Array(1...8))
            let last = try #require(forward.last)
            var backward: [Int] = []
            for try await page in PageSequence(client.issuesLoader(owner: "o", repo: "r", perPage: 2), from: last.key, backward: true) {
                backward += page.items.map(\.number)
            }
            #expect(backward == [7, 8, 5, 6, 3, 4, 1, 2])
        }
    }

    @Test func aLinkHeaderThatDoesNotParseIsAPagingErrorAfterTheItemsBeforeIt() async throws {
        try await withServer({ request in
            .json(object: [Self.issue(1)], headers: [("Link", "https://example.com/next; rel=next")])
        }) { server in
            let result = await GitHubAPI.Client(baseURL: server.baseURL).issues(owner: "o", repo: "r")
            guard case .failure(let error) = result, case .paging(let message) = error.kind else {
                Issue.record("expected a paging error, got \(result)")
                return
            }
            #expect(message.contains("Link header does not parse"))
            #expect(error.page?.contains("issues") == true)
        }
    }

    @Test func aNextLinkToAnotherOriginIsRefusedAndNeverGetsTheCredentials() async throws {
        try await withServer({ _ in .json("[]") }) { other in
            try await withServer({ request in
                .json(object: [Self.issue(1)], headers: [("Link", "<\(other.baseURL.absoluteString)/steal?page=2>; rel=\"next\"")])
            }) { server in
                var delivered: [Int] = []
                var failure: APIError?
                do {
                    for try await issue in GitHubAPI.Client(baseURL: server.baseURL, token: "secret").allIssues(owner: "o", repo: "r") {
                        delivered.append(issue.number)
                    }
                } catch {
                    failure = error as? APIError
                }
                #expect(delivered == [1])
                guard case .paging(let message)? = failure?.kind else {
                    Issue.record("expected a paging error, got \(String(describing: failure))")
                    return
                }
                #expect(message.contains("leaves the API's origin"))
                #expect(await other.requests.isEmpty)
            }
        }
    }

    @Test func anAllowedForeignLinkIsFollowedWithoutCredentials() async throws {
        try await withServer({ _ in .json(#"{"items": [], "total": 1, "next": null}"#) }) { other in
            try await withServer({ request in
                .json(object: [
                    "items": [
                        ["name": "a", "track_number": 1, "disc_number": 1, "duration_ms": 1, "explicit": false, "uri": "u", "artists": []]
                    ],
                    "total": 1, "next": "\(other.baseURL.absoluteString)/page2",
                ])
            }) { server in
                let runtime = ClientRuntime(baseURL: server.baseURL, credentials: [.bearer("secret"), .queryKey(name: "key", value: "k")])
                var paging = SpotifyAPI.Client.Operations.playlistTracksPaging
                paging.allowsForeignLinks = true
                var pages = 0
                for try await _ in PageSequence(
                    runtime.loader(
                        SpotifyAPI.Client.Operations.playlistTracksEndpoint,
                        SpotifyAPI.Client.Operations.playlistTracksParameters(playlistID: "p"),
                        paging: paging))
                {
                    pages += 1
                }
                #expect(pages == 2)
                let own = try #require(await server.requests.first)
                #expect(own.headers["authorization"] == "Bearer secret")
                #expect(own.query("key") == "k")
                let foreign = try #require(await other.requests.first)
                #expect(foreign.headers["authorization"] == nil)
                #expect(foreign.query("key") == nil)
            }
        }
    }

    // MARK: Cursor from the last item (Stripe)

    static func customer(_ index: Int) -> [String: Any] {
        ["id": "cus_\(index)", "object": "customer", "created": 1_700_000_000 + index, "balance": 0, "livemode": false, "metadata": [:]]
    }

    static func stripeHandler(_ request: TestRequest) -> TestResponse {
        let all = (1...10).map(customer)
        let limit = request.intQuery("limit") ?? 10
        var items: [[String: Any]]
        var hasMore: Bool
        if let after = request.query("starting_after"), let index = all.firstIndex(where: { $0["id"] as? String == after }) {
            items = slice(all, from: index + 1, count: limit)
            hasMore = index + 1 + limit < all.count
        } else if let before = request.query("ending_before"), let index = all.firstIndex(where: { $0["id"] as? String == before }) {
            items = Array(all[max(0, index - limit)..<index])
            hasMore = index - limit > 0
        } else {
            items = slice(all, from: 0, count: limit)
            hasMore = limit < all.count
        }
        return .json(object: ["object": "list", "data": items, "has_more": hasMore, "url": "/v1/customers"])
    }

    @Test func cursorFromTheLastItemGoesForwardAndBack() async throws {
        try await withServer(Self.stripeHandler) { server in
            let client = StripeAPI.Client(baseURL: server.baseURL, token: "sk")
            var ids: [String] = []
            for try await customer in client.allCustomers(limit: 3) { ids.append(customer.id) }
            #expect(ids == (1...10).map { "cus_\($0)" })
            #expect(await server.requests.count == 4)

            let page = try await client.customers(page: .after("cus_6"), limit: 3).get()
            #expect(page.items.map(\.id) == ["cus_7", "cus_8", "cus_9"])
            #expect(page.items.first?.created == Date(timeIntervalSince1970: 1_700_000_007))
            var back: [String] = []
            for try await earlier in PageSequence(client.customersLoader(limit: 3), from: page.previous, backward: true) {
                back += earlier.items.map(\.id)
            }
            #expect(back == ["cus_4", "cus_5", "cus_6", "cus_1", "cus_2", "cus_3"])
        }
    }

    @Test func aMissingHasMoreIsADecodingErrorNamingThePage() async throws {
        try await withServer({ request in
            request.query("starting_after") == nil
                ? Self.stripeHandler(request)
                : .json(object: ["object": "list", "data": [Self.customer(9)], "url": "/v1/customers"])
        }) { server in
            var delivered = 0
            var failure: APIError?
            do {
                for try await _ in StripeAPI.Client(baseURL: server.baseURL).allCustomers(limit: 5) { delivered += 1 }
            } catch {
                failure = error as? APIError
            }
            #expect(delivered == 5)
            guard case .decoding(_, let message)? = failure?.kind else {
                Issue.record("expected a decoding error, got \(String(describing: failure))")
                return
            }
            #expect(message.contains("has_more"))
            #expect(failure?.page?.contains("cus_5") == true)
        }
    }

    // MARK: Cursor in the body (Slack)

    @Test func shortPagesBeforeTheEndDoNotEndTheList() async throws {
        try await withServer({ request in
            let cursor = Int(request.query("cursor") ?? "0") ?? 0
            let pages = [["C1", "C2"], ["C3"], [], ["C4", "C5"]]
            let next = cursor + 1 < pages.count ? String(cursor + 1) : ""
            return .json(object: ["ok": true, "channels": pages[cursor].map { ["id": $0] }, "response_metadata": ["next_cursor": next]])
        }) { server in
            var ids: [String] = []
            for try await channel in SlackAPI.Client(baseURL: server.baseURL).allConversations(limit: 2) { ids.append(channel.id) }
            #expect(ids == ["C1", "C2", "C3", "C4", "C5"])
            #expect(await server.requests.count == 4)
        }
    }

    @Test func aCursorThatRepeatsIsALoopNotAHang() async throws {
        try await withServer({ _ in
            .json(object: ["ok": true, "channels": [["id": "C1"]], "response_metadata": ["next_cursor": "same"]])
        }) { server in
            var delivered = 0
            var failure: APIError?
            do {
                for try await _ in SlackAPI.Client(baseURL: server.baseURL).conversationsPages() { delivered += 1 }
            } catch {
                failure = error as? APIError
            }
            #expect(delivered == 2)
            guard case .paging(let message)? = failure?.kind else {
                Issue.record("expected a paging error, got \(String(describing: failure))")
                return
            }
            #expect(message.contains("loops"))
            #expect(await server.requests.count == 2)
        }
    }

    @Test func anErrorInAnOKBodyIsATypedError() async throws {
        try await withServer({ _ in .json(#"{"ok": false, "error": "invalid_cursor"}"#) }) { server in
            let result = await SlackAPI.Client(baseURL: server.baseURL).conversations(page: .after("bogus"))
            guard case .failure(let error) = result, case .server(let code, _) = error.kind else {
                Issue.record("expected a server error, got \(result)")
                return
            }
            #expect(code == "invalid_cursor")
            #expect(error.request?.url.query?.contains("cursor=bogus") == true)
        }
    }

    @Test func aCursorOfTheWrongTypeIsADecodingError() async throws {
        try await withServer({ _ in .json(#"{"ok": true, "channels": [], "response_metadata": {"next_cursor": 42}}"#) }) { server in
            let result = await SlackAPI.Client(baseURL: server.baseURL).conversations()
            guard case .failure(let error) = result, case .decoding(let path, _) = error.kind else {
                Issue.record("expected a decoding error, got \(result)")
                return
            }
            #expect(path == "response_metadata.next_cursor")
        }
    }

    // MARK: Cursor in a header, total in a header, size in a header

    @Test func cursorAndTotalInHeaders() async throws {
        try await withServer({ request in
            let start = Int(request.query("cursor") ?? "0") ?? 0
            let size = Int(request.headers["x-page-size"] ?? "50") ?? 50
            let items = (start..<min(start + size, 7)).map {
                ["id": "e\($0)", "action": "login", "actor": "ann", "at": "2024-05-01T10:00:00Z"]
            }
            var headers = [("X-Total-Count", "7")]
            if start + size < 7 { headers.append(("X-Next-Cursor", String(start + size))) }
            return .json(object: items, headers: headers)
        }) { server in
            var pages: [Page<EventsAPI.Event>] = []
            for try await page in EventsAPI.Client(baseURL: server.baseURL, apiKey: "k").eventsPages(xPageSize: 3) { pages.append(page) }
            #expect(pages.flatMap(\.items).map(\.id) == (0..<7).map { "e\($0)" })
            #expect(pages.allSatisfy { $0.total == 7 })
            let requests = await server.requests
            #expect(requests.map { $0.query("cursor") } == [nil, "3", "6"])
            #expect(requests.allSatisfy { $0.query("api_key") == "k" && $0.headers["x-page-size"] == "3" })
        }
    }

    @Test func aTotalHeaderThatIsNotACountIsAPagingError() async throws {
        try await withServer({ _ in .json("[]", headers: [("X-Total-Count", "lots")]) }) { server in
            let result = await EventsAPI.Client(baseURL: server.baseURL).events()
            guard case .failure(let error) = result, case .paging(let message) = error.kind else {
                Issue.record("expected a paging error, got \(result)")
                return
            }
            #expect(message.contains("X-Total-Count"))
        }
    }

    // MARK: Cursor in the body under data.children[].data (Reddit)

    @Test func itemsUnderAMappedPath() async throws {
        try await withServer({ request in
            let after = request.query("after")
            let names = after == nil ? ["t1_a", "t1_b"] : ["t1_c"]
            return .json(object: [
                "kind": "Listing",
                "data": [
                    "after": after == nil ? "t1_b" : NSNull(), "before": NSNull(),
                    "children": names.map { ["kind": "t1", "data": ["name": $0, "score": 1]] },
                ],
            ])
        }) { server in
            var names: [String] = []
            for try await thing in RedditAPI.Client(baseURL: server.baseURL).allUserComments(username: "u") { names.append(thing.name) }
            #expect(names == ["t1_a", "t1_b", "t1_c"])
        }
    }

    // MARK: Next URL in the body (Spotify), relative links

    @Test func aRelativeNextLinkIsResolvedAgainstTheRequest() async throws {
        try await withServer({ request in
            let offset = request.intQuery("offset") ?? 0
            let next: Any = offset < 4 ? "tracks?offset=\(offset + 2)&limit=2" : NSNull()
            let tracks = (offset..<offset + 2).map {
                ["name": "t\($0)", "track_number": $0, "disc_number": 1, "duration_ms": 1, "explicit": false, "uri": "u", "artists": []]
                    as [String: Any]
            }
            return .json(object: [
                "href": "x", "items": tracks, "limit": 2, "offset": offset, "total": 6, "next": next, "previous": NSNull(),
            ])
        }) { server in
            var numbers: [Int] = []
            for try await track in SpotifyAPI.Client(baseURL: server.baseURL).allAlbumTracks(id: "a1", limit: 2) {
                numbers.append(track.trackNumber)
            }
            #expect(numbers == [0, 1, 2, 3, 4, 5])
            #expect(await server.requests.map(\.path) == Array(repeating: "/albums/a1/tracks", count: 3))
        }
    }

    // MARK: Id list, then one request per item (Hacker News)

    @Test func anIDListPagesItsItemsAndSkipsNullOnes() async throws {
        try await withServer({ request in
            if request.path == "/topstories.json" { return .json("[5, 4, 3, 2, 1]") }
            let id = Int(request.path.dropFirst("/item/".count).dropLast(".json".count)) ?? 0
            if id == 3 { return .json("null") }
            return .json(object: ["id": id, "type": "story", "time": 1_723_624_942, "title": "Story \(id)"])
        }) { server in
            var pages: [Page<HackerNewsAPI.Item>] = []
            for try await page in HackerNewsAPI.Client(baseURL: server.baseURL).topStoriesPages(pageSize: 2) { pages.append(page) }
            #expect(pages.map { $0.items.map(\.id) } == [[5, 4], [2], [1]])
            #expect(pages.allSatisfy { $0.total == 5 })
            let requests = await server.requests
            #expect(requests.filter { $0.path == "/topstories.json" }.count == 1)
            #expect(requests.count == 6)
        }
    }

    @Test func aFailedItemFailsItsPage() async throws {
        try await withServer({ request in
            if request.path == "/topstories.json" { return .json("[1, 2, 3]") }
            if request.path == "/item/3.json" { return .json("{}", status: 500) }
            let id = Int(request.path.dropFirst("/item/".count).dropLast(".json".count)) ?? 0
            return .json(object: ["id": id, "type": "job", "time": 1])
        }) { server in
            var delivered: [Int] = []
            var failure: APIError?
            do {
                for try await item in HackerNewsAPI.Client(baseURL: server.baseURL).allTopStories(pageSize: 2) { delivered.append(item.id) }
            } catch {
                failure = error as? APIError
            }
            #expect(delivered == [1, 2])
            #expect(failure?.statusCode == 500)
        }
    }

    // MARK: Page numbers going backward

    @Test func pageNumbersWalkBackwardToTheFirstPage() async throws {
        try await withServer(NumbersConsumerTests.handler) { server in
            let client = NumbersAPI.Client(baseURL: server.baseURL)
            var pages: [Int] = []
            for try await page in PageSequence(client.numbersLoader(perPage: 10), from: .number(3), backward: true) {
                pages.append(page.items[0].id)
            }
            #expect(pages == [30, 20, 10, 0])
        }
    }
}
