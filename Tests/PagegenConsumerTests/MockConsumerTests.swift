import Foundation
import PagegenMock
import PagegenRuntime
import PagegenTestServer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
import PagegenTestSupport
#endif

/// Every generated client against the mock server of its own spec: the `all…`
/// sequences deliver every item once, in order, with the expected number of
/// requests, and stop; faults reach the client as typed errors.
@Suite struct MockConsumerTests {
    /// One paged endpoint: how to walk it with the generated client.
    struct PagedCase: Sendable, CustomTestStringConvertible {
        /// The spec's file name without `.pagegen.yaml`.
        var spec: String
        /// The endpoint.
        var endpoint: String
        /// The page size the walk asks for.
        var size: Int
        /// Requests for `items` items (most styles: one per page; without a total,
        /// one more for the empty page that ends the list; id lists: one per item more).
        var requests: @Sendable (_ items: Int) -> Int
        /// Whether the items have an identity (so that each must come once).
        var identified = true
        /// Walks the list at `size` and returns the items' identities, in order.
        var walk: @Sendable (_ baseURL: URL, _ size: Int) async throws -> [String]

        var testDescription: String { "\(spec).\(endpoint)" }

        static func pages(_ size: Int, extra: Int = 0) -> @Sendable (Int) -> Int {
            { items in (items + size - 1) / size + extra }
        }
    }

    static let items = 100

    /// Every paged endpoint of every spec in specs/. A new spec gets a line here
    /// (``everySpecHasACase`` fails until it does).
    static let cases: [PagedCase] = [
        PagedCase(spec: "articles", endpoint: "articles", size: 25, requests: PagedCase.pages(25, extra: 1)) { url, size in
            try await collect(ArticlesAPI.Client(baseURL: url).allArticles(limit: size)).map { "\($0.id)" }
        },
        PagedCase(spec: "catalog", endpoint: "products", size: 20, requests: PagedCase.pages(20)) { url, size in
            try await collect(CatalogAPI.Client(baseURL: url).allProducts(categoryID: "42", pageSize: size)).map { "\($0.id)" }
        },
        PagedCase(spec: "coins", endpoint: "listings", size: 15, requests: PagedCase.pages(15)) { url, size in
            try await collect(CoinsAPI.Client(baseURL: url).allListings(limit: size)).map { "\($0.id)" }
        },
        PagedCase(spec: "events", endpoint: "events", size: 30, requests: PagedCase.pages(30)) { url, size in
            try await collect(EventsAPI.Client(baseURL: url).allEvents(xPageSize: size)).map(\.id)
        },
        PagedCase(spec: "github", endpoint: "issues", size: 30, requests: PagedCase.pages(30)) { url, size in
            try await collect(GitHubAPI.Client(baseURL: url).allIssues(owner: "apple", repo: "swift", perPage: size)).map { "\($0.id)" }
        },
        PagedCase(spec: "hackernews", endpoint: "topStories", size: 30, requests: { $0 + 1 }) { url, size in
            try await collect(HackerNewsAPI.Client(baseURL: url).allTopStories(pageSize: size)).map { "\($0.id)" }
        },
        PagedCase(spec: "tracker", endpoint: "issues", size: 20, requests: PagedCase.pages(20)) { url, size in
            try await collect(TrackerAPI.Client(baseURL: url).allIssues(perPage: size)).map { "\($0.id)" }
        },
        PagedCase(spec: "numbers", endpoint: "numbers", size: 30, requests: PagedCase.pages(30)) { url, size in
            try await collect(NumbersAPI.Client(baseURL: url).allNumbers(perPage: size)).map { "\($0.id)" }
        },
        PagedCase(spec: "reddit", endpoint: "liveUpdates", size: 25, requests: PagedCase.pages(25)) { url, size in
            try await collect(RedditAPI.Client(baseURL: url).allLiveUpdates(thread: "ukraine", limit: size)).map(\.name)
        },
        PagedCase(spec: "reddit", endpoint: "userComments", size: 25, requests: PagedCase.pages(25)) { url, size in
            try await collect(RedditAPI.Client(baseURL: url).allUserComments(username: "spez", limit: size)).map(\.name)
        },
        PagedCase(spec: "reddit", endpoint: "announcements", size: 25, requests: PagedCase.pages(25)) { url, size in
            try await collect(RedditAPI.Client(baseURL: url).allAnnouncements(limit: size)).map(\.id)
        },
        PagedCase(spec: "slack", endpoint: "conversations", size: 30, requests: PagedCase.pages(30)) { url, size in
            try await collect(SlackAPI.Client(baseURL: url).allConversations(limit: size)).map(\.id)
        },
        PagedCase(spec: "slack", endpoint: "users", size: 100, requests: PagedCase.pages(100)) { url, size in
            try await collect(SlackAPI.Client(baseURL: url).allUsers(limit: size)).map(\.id)
        },
        PagedCase(spec: "spotify", endpoint: "albumTracks", size: 20, requests: PagedCase.pages(20)) { url, size in
            try await collect(SpotifyAPI.Client(baseURL: url).allAlbumTracks(id: "4aawyAB9vmqN3uQ7FjRGTy", limit: size)).map { $0.id ?? "" }
        },
        PagedCase(spec: "spotify", endpoint: "playlistTracks", size: 30, requests: PagedCase.pages(30), identified: false) { url, size in
            // Playlist entries have no id of their own (and their track may be null).
            try await collect(SpotifyAPI.Client(baseURL: url).allPlaylistTracks(playlistID: "37i9dQZF1DXcBWIGoYBM5M", limit: size))
                .map { "\($0.addedAt?.timeIntervalSince1970 ?? 0) \($0.track?.name ?? "")" }
        },
        PagedCase(spec: "stripe", endpoint: "customers", size: 10, requests: PagedCase.pages(10)) { url, size in
            try await collect(StripeAPI.Client(baseURL: url).allCustomers(limit: size)).map(\.id)
        },
        // Newest first, by the last item's id; the page after a full last page comes back empty.
        PagedCase(spec: "chat", endpoint: "messages", size: 20, requests: PagedCase.pages(20, extra: 1)) { url, size in
            try await collect(ChatAPI.Client(baseURL: url, token: "t").allMessages(channelID: "1130", limit: size)).map(\.id)
        },
        PagedCase(spec: "algolia", endpoint: "search", size: 20, requests: PagedCase.pages(20)) { url, size in
            try await collect(AlgoliaAPI.Client(baseURL: url).allSearch(index: "posts", body: .init(query: "swift"), hitsPerPage: size))
                .map(\.objectID)
        },
        PagedCase(spec: "jira", endpoint: "search", size: 30, requests: PagedCase.pages(30)) { url, size in
            try await collect(JiraAPI.Client(baseURL: url).allSearch(jql: "project = PG", maxResults: size)).map(\.id)
        },
        PagedCase(spec: "jira", endpoint: "projects", size: 30, requests: PagedCase.pages(30)) { url, size in
            try await collect(JiraAPI.Client(baseURL: url).allProjects(maxResults: size)).map(\.id)
        },
        PagedCase(spec: "salesforce", endpoint: "queryAccounts", size: 20, requests: PagedCase.pages(20)) { url, _ in
            // The server chooses the batch size (the mock's default, 20); the client takes none.
            try await collect(SalesforceAPI.Client(baseURL: url).allQueryAccounts(q: "SELECT Id FROM Account")).map(\.id)
        },
        PagedCase(spec: "msgraph", endpoint: "messages", size: 25, requests: PagedCase.pages(25)) { url, size in
            try await collect(GraphAPI.Client(baseURL: url).allMessages(select: "subject", top: size)).map(\.id)
        },
        PagedCase(spec: "notion", endpoint: "queryDatabase", size: 30, requests: PagedCase.pages(30)) { url, size in
            try await collect(
                NotionAPI.Client(baseURL: url).allQueryDatabase(
                    databaseID: "d9824bdc", body: .init(filter: nil, sorts: nil), pageSize: size)
            ).map(\.id)
        },
        PagedCase(spec: "twitter", endpoint: "recentSearch", size: 25, requests: PagedCase.pages(25)) { url, size in
            try await collect(TwitterAPI.Client(baseURL: url).allRecentSearch(query: "swift", maxResults: size)).map(\.id)
        },
        PagedCase(spec: "stackexchange", endpoint: "questions", size: 30, requests: PagedCase.pages(30)) { url, size in
            try await collect(StackExchangeAPI.Client(baseURL: url).allQuestions(tagged: "swift", pagesize: size)).map {
                "\($0.questionID)"
            }
        },
        PagedCase(spec: "wordpress", endpoint: "posts", size: 10, requests: PagedCase.pages(10)) { url, size in
            try await collect(WordPressAPI.Client(baseURL: url).allPosts(perPage: size)).map { "\($0.id)" }
        },
        PagedCase(spec: "billing", endpoint: "customers", size: 10, requests: PagedCase.pages(10)) { url, size in
            try await collect(BillingAPI.Client(baseURL: url).allCustomers(expand: ["data.invoice"], limit: size)).map(\.id)
        },
        PagedCase(spec: "gitlab", endpoint: "issues", size: 20, requests: PagedCase.pages(20)) { url, size in
            try await collect(GitLabAPI.Client(baseURL: url).allIssues(id: "gitlab-org/gitlab", state: .opened, perPage: size)).map {
                "\($0.id)"
            }
        },
    ]

    @Test(arguments: cases)
    func everyItemOnceInOrderWithTheExpectedRequests(_ paged: PagedCase) async throws {
        try await withMockServer(paged.spec, items: Self.items) { server in
            let ids = try await paged.walk(server.baseURL, paged.size)
            let log = await server.requests
            #expect(ids.count == Self.items)
            if paged.identified { #expect(Set(ids).count == Self.items, "each item once") }
            if ids.allSatisfy({ Int($0) != nil }) {
                #expect(ids == (1...Self.items).map(String.init), "in order")
            }
            #expect(log.count == paged.requests(Self.items), "\(log.map(\.description).joined(separator: "\n"))")
            #expect(log.allSatisfy { $0.status == 200 })

            // The same list walked with other page boundaries: the same items, in the same order.
            let otherSize = paged.size == 100 ? 7 : paged.size - 3
            #expect(try await paged.walk(server.baseURL, otherSize) == ids)
        }
    }

    @Test func everySpecHasACase() {
        let covered = Set(Self.cases.map(\.spec))
        let missing = MockSpecs.all.filter { !covered.contains($0) }
        #expect(missing.isEmpty, "add a PagedCase to MockConsumerTests.cases for: \(missing.joined(separator: ", "))")
    }

    @Test(arguments: MockSpecs.all)
    func everyEndpointOfEverySpecAnswers(_ spec: String) async throws {
        // Whatever specs/ holds: each endpoint's first answer is JSON (200), or what its `returns:` says (text or
        // bytes of the spec's type, or 204 and no content). The request is bare (no query, no body): a server that
        // holds requests to the spec refuses it only for a parameter or body the endpoint requires, and a lenient
        // one answers it.
        func bareRequest(_ endpoint: String, on server: MockServer) -> URLRequest {
            let template = String(endpoint.split(separator: " ", maxSplits: 1)[1])
            let path = template.replacingOccurrences(of: #"\{[^}]+\}"#, with: "1", options: .regularExpression)
            var request = URLRequest(url: URL(string: server.origin.absoluteString + path)!)
            request.httpMethod = String(endpoint.split(separator: " ")[0])
            return request
        }
        try await withMockServer(spec, items: 5) { server in
            for endpoint in server.endpoints {
                let (data, response) = try await MockHTTP.data(for: bareRequest(endpoint, on: server))
                guard response.statusCode == 400 else {
                    #expect([200, 204].contains(response.statusCode), "\(endpoint): \(response.statusCode)")
                    continue
                }
                let error = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["error"] as? String
                #expect(["missing_parameter", "missing_body"].contains(error), "\(endpoint): \(String(decoding: data, as: UTF8.self))")
            }
        }
        try await withMockServer(spec, items: 5, checksRequests: false) { server in
            for endpoint in server.endpoints {
                let (data, response) = try await MockHTTP.data(for: bareRequest(endpoint, on: server))
                #expect(
                    [200, 204].contains(response.statusCode), "\(endpoint): \(response.statusCode) \(String(decoding: data, as: UTF8.self))"
                )
                let contentType = response.value(forHTTPHeaderField: "Content-Type") ?? ""
                if response.statusCode == 204 {
                    #expect(data.isEmpty, "\(endpoint): a 204 has no body")
                } else if contentType.hasPrefix("application/json") {
                    #expect((try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil, "\(endpoint)")
                } else {
                    #expect(!data.isEmpty && !contentType.isEmpty, "\(endpoint): \(contentType)")
                }
            }
        }
    }

    // MARK: Calls that are not paged

    @Test func singleAnswersAndIdLists() async throws {
        try await withMockServer("catalog") { server in
            let product = try await CatalogAPI.Client(baseURL: server.baseURL).product(productID: 42).get()
            #expect(product.id == 42)
        }
        try await withMockServer("hackernews", items: 12) { server in
            let client = HackerNewsAPI.Client(baseURL: server.baseURL)
            #expect(try await client.topStories().get() == Array(1...12))
            let item = try await client.item(id: 5).get()
            #expect(item?.id == 5)
            let unknown = await client.item(id: 13)
            #expect((try? unknown.get()) == nil)
            if case .failure(let error) = unknown { #expect(error.statusCode == 404) }
        }
        try await withMockServer("numbers") { server in
            let client = NumbersAPI.Client(baseURL: server.baseURL)
            let window = try await client.numbersWindow(around: 75).get()
            #expect(window.firstPage == 2 && window.perPage == 30 && window.totalElements == 100 && window.focusIndex == 75)
            let page = try await client.numbers(page: window.firstPage, perPage: window.perPage).get()
            #expect(page.items.contains { $0.id == 76 }, "row 75")
        }
    }

    // MARK: Faults the client sees

    @Test func aServerErrorIsAnAPIErrorWithItsStatus() async throws {
        try await withMockServer("numbers") { server in
            let client = NumbersAPI.Client(baseURL: server.baseURL, middlewares: [MockFaultHeaders(fault: "error")])
            let result = await client.numbers()
            guard case .failure(let error) = result else {
                Issue.record("expected a failure, got \(result)")
                return
            }
            #expect(error.statusCode == 500)
            await #expect(throws: APIError.self) { _ = try await collect(client.allNumbers()) }
        }
    }

    @Test func malformedJSONIsADecodingError() async throws {
        try await withMockServer("catalog") { server in
            let client = CatalogAPI.Client(baseURL: server.baseURL, middlewares: [MockFaultHeaders(fault: "malformed")])
            let result = await client.products(categoryID: "1")
            guard case .failure(let error) = result, case .decoding = error.kind else {
                Issue.record("expected a decoding error, got \(result)")
                return
            }
        }
    }

    @Test func anInBodyErrorIsAServerError() async throws {
        try await withMockServer("slack") { server in
            let client = SlackAPI.Client(baseURL: server.baseURL, middlewares: [MockFaultHeaders(fault: "body-error")])
            let result = await client.users()
            guard case .failure(let error) = result, case .server(let code, _) = error.kind else {
                Issue.record("expected a server error, got \(result)")
                return
            }
            #expect(code == "mock_error")
        }
    }

    @Test func aLoopingCursorStopsThePagingLoop() async throws {
        for spec in ["slack", "spotify", "stripe"] {
            try await withMockServer(spec) { server in
                let middlewares = [MockFaultHeaders(fault: "loop")]
                do {
                    switch spec {
                    case "slack":
                        _ = try await collect(SlackAPI.Client(baseURL: server.baseURL, middlewares: middlewares).allUsers(limit: 10))
                    case "spotify":
                        _ = try await collect(SpotifyAPI.Client(baseURL: server.baseURL, middlewares: middlewares).allAlbumTracks(id: "x"))
                    default: _ = try await collect(StripeAPI.Client(baseURL: server.baseURL, middlewares: middlewares).allCustomers())
                    }
                    Issue.record("\(spec): a looping cursor did not stop the list")
                } catch let error as APIError {
                    guard case .paging(let message) = error.kind else {
                        Issue.record("\(spec): expected a paging error, got \(error)")
                        return
                    }
                    #expect(message.contains("loops"), "\(spec): \(message)")
                } catch {
                    Issue.record("\(spec): expected an APIError, got \(error)")
                }
                #expect(await server.requests.count == 2, "\(spec): the loop is seen on the second page")
            }
        }
    }

    @Test func offsetDriftDeliversEachItemOnce() async throws {
        try await withMockServer("articles", items: 60) { server in
            let client = ArticlesAPI.Client(baseURL: server.baseURL, middlewares: [MockFaultHeaders(fault: "drift=3")])
            let ids = try await collect(client.allArticles(limit: 10)).map(\.id)
            #expect(Set(ids).count == ids.count, "no item twice, although every page repeats the last three of the one before: \(ids)")
            #expect(Set(1...60).isSubset(of: Set(ids)), "every item that was there from the start")
        }
    }

    @Test func theWaitsTheMockAsksForAreKept() async throws {
        // Every answer asks for a wait of 1 s where the spec says (Stack Exchange's
        // `backoff` in the body, GitLab's Retry-After and RateLimit-Reset headers), and
        // the mock refuses (429) a request that comes sooner: the walks see no refusal.
        try await withMockServer("stackexchange", items: 45) { server in
            let client = StackExchangeAPI.Client(baseURL: server.baseURL, middlewares: [MockFaultHeaders(fault: "backoff=1")])
            let started = ContinuousClock.now
            let ids = try await collect(client.allQuestions(pagesize: 15)).map(\.questionID)
            #expect(ids == Array(1...45))
            #expect(ContinuousClock.now - started >= .seconds(2), "two waits of a second between three pages")
            #expect(await server.requests.allSatisfy { $0.status == 200 && $0.faults.contains("backoff") })

            // Another endpoint is not held back by the wait of `questions`.
            let users = try await client.users(pagesize: 5).get()
            #expect(users.items.count == 5)
        }
        // A request that does not wait is refused: after an answer of `answers` that asks
        // for a minute, the next one, until the server's clock (the test's) has moved on.
        let clock = VirtualRetryClock()
        try await withMockServer("stackexchange", items: 45, clock: clock) { server in
            let answers = server.baseURL.appendingPathComponent("questions/7/answers")
            var asking = URLRequest(url: answers)
            asking.setValue("backoff=60", forHTTPHeaderField: "X-Mock-Fault")
            #expect(try await MockHTTP.data(for: asking).1.statusCode == 200)
            let (data, response) = try await MockHTTP.data(for: URLRequest(url: answers))
            #expect(response.statusCode == 429)
            #expect(String(decoding: data, as: UTF8.self).contains("throttle_violation"))
            clock.advance(.seconds(60))
            #expect(try await MockHTTP.data(for: URLRequest(url: answers)).1.statusCode == 200)
        }
        try await withMockServer("gitlab", items: 30) { server in
            let client = GitLabAPI.Client(baseURL: server.baseURL, middlewares: [MockFaultHeaders(fault: "backoff=1")])
            let started = ContinuousClock.now
            let ids = try await collect(client.allIssues(id: "1", perPage: 15)).map(\.id)
            #expect(ids == Array(1...30))
            #expect(ContinuousClock.now - started >= .seconds(1))
            #expect(await server.requests.allSatisfy { $0.status == 200 })
        }
    }

    @Test func throttlingIsRiddenOutWithRetryAfter() async throws {
        let faults = MockFaults(throttleRate: 0.3, retryAfter: 0)
        try await withMockServer("stripe", items: 50, faults: faults) { server in
            let client = StripeAPI.Client(
                baseURL: server.baseURL,
                middlewares: [
                    RetryMiddleware(
                        maxAttempts: 20, initialBackoff: .milliseconds(1), maxBackoff: .milliseconds(5), clock: VirtualRetryClock())
                ])
            let ids = try await collect(client.allCustomers(limit: 10)).map(\.id)
            #expect(ids.count == 50 && Set(ids).count == 50)
            let log = await server.requests
            #expect(log.contains { $0.status == 429 })
        }
    }
}

/// Plain requests for endpoints the test reaches without a client, sent with
/// `URLSessionTransport` (which never blocks a thread of Swift concurrency's pool).
enum MockHTTP {
    static func data(for request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let fields = (request.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map {
            HTTPHeaderField(name: $0.key, value: $0.value)
        }
        let sent = HTTPRequest(
            method: request.httpMethod ?? "GET", url: try #require(request.url), headerFields: fields, body: request.httpBody)
        let (head, data) = try await URLSessionTransport().send(sent)
        let headers = Dictionary(head.headerFields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let response = try #require(
            HTTPURLResponse(url: sent.url, statusCode: head.statusCode, httpVersion: "HTTP/1.1", headerFields: headers))
        return (data, response)
    }
}
