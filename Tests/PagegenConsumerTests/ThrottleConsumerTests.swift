import Foundation
import PagegenRuntime
import PagegenTestServer
import PagegenTestSupport
import Testing

/// A server that throttles as Stack Exchange does: a page may carry `backoff: N`,
/// and a request to the same method before the N seconds have passed is refused
/// with HTTP 400, `error_id` 502, `throttle_violation` (a client that keeps on is
/// banned). Other methods are not held back.
actor StackExchangeServer {
    /// The seconds of backoff a page asks for, by method path and page number.
    private let backoffs: @Sendable (_ path: String, _ page: Int) -> Int?
    private let total: Int
    private var until: [String: ContinuousClock.Instant] = [:]
    /// The requests answered, with when they came, and the ones refused.
    private(set) var answered: [(path: String, page: Int, at: ContinuousClock.Instant)] = []
    private(set) var refused: [(path: String, page: Int)] = []

    init(total: Int, backoffs: @escaping @Sendable (_ path: String, _ page: Int) -> Int?) {
        self.total = total
        self.backoffs = backoffs
    }

    func handle(_ request: TestRequest) -> TestResponse {
        let page = request.intQuery("page") ?? 1
        let size = request.intQuery("pagesize") ?? 30
        let now = ContinuousClock.now
        if let end = until[request.path], now < end {
            refused.append((request.path, page))
            let seconds = Int((now.duration(to: end) / .seconds(1)).rounded(.up))
            return .json(
                object: [
                    "error_id": 502, "error_name": "throttle_violation",
                    "error_message": "too many requests from this IP, more requests available in \(seconds) seconds",
                ], status: 400)
        }
        answered.append((request.path, page, now))
        let start = (page - 1) * size
        let ids = Array((start + 1)...max(start + 1, min(total, start + size))).filter { $0 <= total }
        let items: [[String: Any]] =
            request.path == "/users"
            ? ids.map {
                [
                    "user_id": $0, "display_name": "User \($0)", "reputation": 100 * $0, "creation_date": 1_500_000_000 + $0,
                    "link": "https://stackoverflow.com/users/\($0)",
                ]
            }
            : ids.map {
                [
                    "question_id": $0, "title": "Question \($0)", "link": "https://stackoverflow.com/q/\($0)", "tags": ["swift"],
                    "score": $0, "answer_count": 0, "view_count": 10, "is_answered": false,
                    "creation_date": 1_700_000_000 + $0, "last_activity_date": 1_700_000_100 + $0,
                ]
            }
        var body: [String: Any] = ["items": items, "has_more": start + size < total, "quota_max": 10_000, "quota_remaining": 9_000]
        if let backoff = backoffs(request.path, page) {
            body["backoff"] = backoff
            until[request.path] = now + .seconds(backoff)
        }
        return .json(object: body)
    }
}

/// Clients against servers that ask for waits, count pages in headers, take a
/// running item count, write dates without a zone, and reject stale tokens — as
/// Stack Exchange, WordPress, GitLab and Reddit do.
@Suite struct ThrottleConsumerTests {
    // MARK: Stack Exchange: backoff in the body, per method

    @Test func aWalkWaitsOutEveryBackoffAndIsNeverRefused() async throws {
        // Page 1 asks for 3 s, page 2 for 1 s.
        let stackExchange = StackExchangeServer(total: 45) { path, page in path == "/questions" && page < 3 ? 3 - 2 * (page - 1) : nil }
        try await withServer({ await stackExchange.handle($0) }) { server in
            let client = StackExchangeAPI.Client(baseURL: server.baseURL, key: "app-key")
            var ids: [Int] = []
            // When the backoff of page 1 is over at the latest (the client heard it after
            // the server said it), and when the users' answer was back.
            var backoffEnds: ContinuousClock.Instant?
            var usersAnswered: ContinuousClock.Instant?
            for try await page in client.questionsPages(tagged: "swift", pagesize: 15) {
                ids += page.items.map(\.questionID)
                if page.key == .number(1) {
                    // Another method is not held back by the backoff of `questions`.
                    let ends = try #require(await stackExchange.answered.first).at + .seconds(3)
                    backoffEnds = ends
                    #expect(client.throttle.delay(for: "users") == .zero)
                    let delay = client.throttle.delay(for: "questions")
                    #expect(delay > .zero || ContinuousClock.now >= ends, "page 2 waits while the backoff lasts")
                    let users = try await client.users(pagesize: 5).get()
                    usersAnswered = .now
                    #expect(users.items.map(\.userID) == Array(1...5))
                }
            }
            #expect(ids == Array(1...45))
            let answered = await stackExchange.answered
            #expect(answered.filter { $0.path == "/users" }.map(\.page) == [1])
            if let backoffEnds, let usersAnswered, usersAnswered < backoffEnds {
                // The users' answer came back while page 2 still waited (a busy machine
                // may take longer than the backoff): it reached the server first.
                #expect(answered.map { "\($0.path) \($0.page)" } == ["/questions 1", "/users 1", "/questions 2", "/questions 3"])
            }
            #expect(await stackExchange.refused.isEmpty, "no request came before its backoff was over")
            let questions = answered.filter { $0.path == "/questions" }
            #expect(questions.map(\.page) == [1, 2, 3])
            #expect(questions[0].at.duration(to: questions[1].at) >= .seconds(3))
            #expect(questions[1].at.duration(to: questions[2].at) >= .seconds(1))
        }
    }

    @Test func theServerRefusesARequestThatDoesNotWait() async throws {
        // A backoff a busy machine cannot outlast between the two requests.
        let stackExchange = StackExchangeServer(total: 30) { _, _ in 60 }
        try await withServer({ await stackExchange.handle($0) }) { server in
            _ = try await StackExchangeAPI.Client(baseURL: server.baseURL).questions(pagesize: 10).get()
            // What a client that ignores the backoff would get: a 400 throttle violation.
            let (head, body) = try await URLSessionTransport().send(
                HTTPRequest(method: "GET", url: server.baseURL.appendingPathComponent("questions")))
            #expect(head.statusCode == 400)
            let error = try JSONSerialization.jsonObject(with: body) as? [String: Any]
            #expect(error?["error_id"] as? Int == 502)
            #expect(error?["error_name"] as? String == "throttle_violation")
            #expect(await stackExchange.refused.count == 1)
        }
    }

    @Test func singleCallsWaitAndAreToldAbout() async throws {
        // A wait of 5 s: the second call, sent right after the first answer, comes
        // within it unless the machine stalls this test for that long.
        let stackExchange = StackExchangeServer(total: 30) { _, page in page == 1 ? 5 : nil }
        try await withServer({ await stackExchange.handle($0) }) { server in
            let client = StackExchangeAPI.Client(baseURL: server.baseURL)
            let events = client.throttle.events
            let first = try await client.questions(page: 1, pagesize: 10).get()
            #expect(client.throttle.delay(for: "questions") > .zero)
            // The completion-handler variant waits too.
            let second: Result<Page<StackExchangeAPI.Question>, APIError> = await withCheckedContinuation { continuation in
                _ = client.questions(page: 2, pagesize: 10) { continuation.resume(returning: $0) }
            }
            #expect(first.items.count == 10)
            #expect(try second.get().items.map(\.questionID) == Array(11...20))
            #expect(await stackExchange.refused.isEmpty)
            let seen = try await firstElements("a hint and a wait", count: 2, of: events)
            #expect(seen.map(\.kind) == [.hinted, .waiting])
            #expect(seen.allSatisfy { $0.endpoint == "questions" && $0.reason == "backoff 5 in the body" })
        }
    }

    @Test @MainActor func theListAdapterWaitsToo() async throws {
        let stackExchange = StackExchangeServer(total: 30) { path, _ in path == "/questions" ? 1 : nil }
        let server = try await TestServer.start { await stackExchange.handle($0) }
        defer { Task { await server.stop() } }
        let list = StackExchangeAPI.Client(baseURL: server.baseURL).questionsList(pagesize: 10)
        list.start()
        let helper = PagedListConsumerTests()
        #expect(await helper.waitUntil(list) { list.count == 11 })
        list.setVisibleRows(0..<11)
        #expect(await helper.waitUntil(list) { list.count == 21 })
        list.setVisibleRows(10..<21)
        #expect(await helper.waitUntil(list) { list.count == 30 && list[29].item?.questionID == 30 })
        #expect(await stackExchange.refused.isEmpty)
        #expect(await stackExchange.answered.map(\.page) == [1, 2, 3])
    }

    // In the three tests below, the server asks for a wait of a minute, the longest a
    // client waits (`Throttle.maxWait`): if the cancellation did not end it, the send
    // would go out after it, and the tests would see it. They time nothing.

    @Test @MainActor func droppingAListThatWaitsEndsTheWaitAndSendsNothingMore() async throws {
        let stackExchange = StackExchangeServer(total: 30) { _, _ in 60 }
        let server = try await TestServer.start { await stackExchange.handle($0) }
        defer { Task { await server.stop() } }
        let ended = EndedSends()
        let client = StackExchangeAPI.Client(baseURL: server.baseURL, middlewares: [ended])
        let events = client.throttle.events
        var list: PagedList<StackExchangeAPI.Question>? = client.questionsList(pagesize: 10)
        list?.start()
        #expect(await PagedListConsumerTests().waitUntil(list!) { list?.count == 11 })
        list?.setVisibleRows(0..<11)
        try await firstElement("a throttle wait", of: events) { $0.kind == .waiting }
        list = nil
        let error = await ended.firstFailure(within: .seconds(120))
        #expect(error?.isCancelled == true, "the waiting send ended cancelled: \(String(describing: error))")
        #expect(await stackExchange.answered.count == 1, "nothing was sent after the list was dropped")
    }

    /// A middleware that tells how the first send that failed ended.
    final class EndedSends: ClientMiddleware {
        private let failures: AsyncStream<APIError?>
        private let continuation: AsyncStream<APIError?>.Continuation

        init() {
            (failures, continuation) = AsyncStream.makeStream()
        }

        func intercept(
            _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
        ) async throws -> (HTTPResponse, Data) {
            do {
                return try await next(request)
            } catch {
                continuation.yield(error as? APIError)
                throw error
            }
        }

        /// The error of the first send that failed, or nil when none failed within `limit`.
        func firstFailure(within limit: Duration) async -> APIError? {
            let failures = failures
            return await withTaskGroup(of: APIError?.self) { group in
                group.addTask {
                    for await failure in failures { return failure }
                    return nil
                }
                group.addTask {
                    try? await Task.sleep(for: limit)
                    return nil
                }
                let first = await group.next() ?? nil
                group.cancelAll()
                return first
            }
        }
    }

    @Test func cancellingAWalkThatWaitsEndsItAndSendsNothingMore() async throws {
        let stackExchange = StackExchangeServer(total: 30) { _, _ in 60 }
        try await withServer({ await stackExchange.handle($0) }) { server in
            let client = StackExchangeAPI.Client(baseURL: server.baseURL)
            let events = client.throttle.events
            let walk = Task {
                var ids: [Int] = []
                for try await question in client.allQuestions(pagesize: 10) { ids.append(question.questionID) }
                return ids
            }
            try await firstElement("a throttle wait", of: events) { $0.kind == .waiting }
            walk.cancel()
            let result = await walk.result
            guard case .failure(let error as APIError) = result else {
                Issue.record("expected a cancelled walk, got \(result)")
                return
            }
            #expect(error.isCancelled)
            #expect(await stackExchange.answered.count == 1)
        }
    }

    @Test func cancellingACompletionHandlerCallThatWaitsEndsIt() async throws {
        let stackExchange = StackExchangeServer(total: 30) { _, _ in 60 }
        try await withServer({ await stackExchange.handle($0) }) { server in
            let client = StackExchangeAPI.Client(baseURL: server.baseURL)
            let events = client.throttle.events
            _ = try await client.questions(pagesize: 10).get()
            let result: Result<Page<StackExchangeAPI.Question>, APIError> = await withCheckedContinuation { continuation in
                let call = client.questions(page: 2, pagesize: 10) { continuation.resume(returning: $0) }
                Task {
                    try await firstElement("a throttle wait", of: events) { $0.kind == .waiting }
                    call.cancel()
                }
            }
            #expect(result.failure?.isCancelled == true)
            #expect(await stackExchange.answered.count == 1, "nothing was sent after the cancel")
        }
    }

    @Test func aBackoffLongerThanTheClientWaitsFailsTheNextPage() async throws {
        let stackExchange = StackExchangeServer(total: 30) { _, _ in 120 }
        try await withServer({ await stackExchange.handle($0) }) { server in
            let client = StackExchangeAPI.Client(baseURL: server.baseURL)
            var ids: [Int] = []
            do {
                for try await question in client.allQuestions(pagesize: 10) { ids.append(question.questionID) }
                Issue.record("the walk should fail on page 2")
            } catch let error as APIError {
                guard case .throttled(let wait, let reason) = error.kind else {
                    Issue.record("expected a throttled error, got \(error)")
                    return
                }
                #expect(wait > .seconds(100) && wait <= .seconds(120))
                #expect(reason == "backoff 120 in the body")
                #expect(error.resumePoint?.key == .number(2), "a later walk goes on from page 2")
            } catch {
                Issue.record("expected an APIError, got \(error)")
            }
            #expect(ids == Array(1...10))
            #expect(await stackExchange.answered.count == 1, "nothing was sent after the first page")
            #expect(await stackExchange.refused.isEmpty)
        }
    }

    // MARK: WordPress: page counts in headers, dates in the site's zone

    /// WordPress's posts: `X-WP-Total` and `X-WP-TotalPages`, a 400
    /// `rest_post_invalid_page_number` past the last page, and `date` in the site's
    /// zone (Europe/Berlin here) next to `date_gmt`, neither with a designator.
    static func wordPress(_ request: TestRequest, total: Int) -> TestResponse {
        let size = request.intQuery("per_page") ?? 10
        let page = request.intQuery("page") ?? 1
        let pages = (total + size - 1) / size
        guard page <= max(1, pages) else {
            return .json(
                object: [
                    "code": "rest_post_invalid_page_number",
                    "message": "The page number requested is larger than the number of pages available.",
                    "data": ["status": 400],
                ], status: 400)
        }
        let ids = ((page - 1) * size + 1...min(total, page * size)).map { $0 }
        let posts: [[String: Any]] = ids.map { id in
            // Odd posts in July (+02:00 in Berlin), even ones in January (+01:00).
            let (local, gmt) = id % 2 == 1 ? ("2024-07-01T12:00:00", "2024-07-01T10:00:00") : ("2024-01-15T09:30:00", "2024-01-15T08:30:00")
            return [
                "id": id, "date": local, "date_gmt": gmt, "modified": local, "modified_gmt": gmt, "slug": "post-\(id)",
                "status": "publish", "link": "https://blog.example.com/post-\(id)/", "title": ["rendered": "Post \(id)"],
                "author": 1, "sticky": false, "categories": [1], "tags": [],
            ]
        }
        return .json(object: posts, headers: [("X-WP-Total", String(total)), ("X-WP-TotalPages", String(pages))])
    }

    @Test func wordPressPagesByItsHeadersAndReadsDatesInTheSitesZone() async throws {
        try await withServer({ Self.wordPress($0, total: 30) }) { server in
            let client = WordPressAPI.Client(baseURL: server.baseURL)
            let first = try await client.posts(perPage: 10).get()
            #expect(first.total == 30)
            #expect(first.totalPages == 3)
            var posts: [WordPressAPI.Post] = []
            for try await post in client.allPosts(perPage: 10) { posts.append(post) }
            #expect(posts.map(\.id) == Array(1...30))
            let july = Date(timeIntervalSince1970: 1_719_828_000)  // 2024-07-01T10:00:00Z
            let january = Date(timeIntervalSince1970: 1_705_307_400)  // 2024-01-15T08:30:00Z
            #expect(posts[0].date == july && posts[0].dateGmt == july)
            #expect(posts[1].date == january && posts[1].dateGmt == january)
            let pages = await server.requests.compactMap { $0.intQuery("page") }
            #expect(!pages.contains(4), "the last full page is the last one: no request past it")
        }
    }

    // MARK: GitLab: the next page in a header, empty on the last page

    /// GitLab's issues for more than 10,000 results: `X-Next-Page` (empty on the last
    /// page) and `X-Page`, without `X-Total` or `X-Total-Pages`.
    static func gitLab(_ request: TestRequest, total: Int, nextPage: (Int, Bool) -> String) -> TestResponse {
        let size = request.intQuery("per_page") ?? 20
        let page = request.intQuery("page") ?? 1
        let ids = Array(stride(from: (page - 1) * size + 1, through: min(total, page * size), by: 1))
        let issues: [[String: Any]] = ids.map { id in
            [
                "id": id, "iid": id, "project_id": 1, "title": "Issue \(id)", "state": "opened",
                "created_at": "2024-05-01T10:00:00.000Z", "updated_at": "2024-05-02T10:00:00.000Z", "labels": [],
                "author": ["id": 1, "username": "ann", "name": "Ann", "state": "active", "web_url": "https://gitlab.example.com/ann"],
                "assignees": [], "user_notes_count": 0,
                "web_url": "https://gitlab.example.com/g/p/-/issues/\(id)",
            ]
        }
        return .json(
            object: issues,
            headers: [
                ("X-Page", String(page)), ("X-Per-Page", String(size)),
                ("X-Next-Page", nextPage(page, page * size < total)),
            ])
    }

    @Test func gitLabEndsWhereTheNextPageIsEmpty() async throws {
        try await withServer({ Self.gitLab($0, total: 40) { page, more in more ? String(page + 1) : "" } }) { server in
            var ids: [Int] = []
            for try await issue in GitLabAPI.Client(baseURL: server.baseURL).allIssues(id: "g/p", perPage: 20) { ids.append(issue.id) }
            #expect(ids == Array(1...40))
            // Two full pages, and no request for a third: X-Next-Page was empty.
            #expect(await server.requests.map { $0.intQuery("page") ?? 1 } == [1, 2])
        }
    }

    @Test func aNextPageHeaderThatIsNotANumberIsAPagingError() async throws {
        try await withServer({ Self.gitLab($0, total: 40) { _, _ in "soon" } }) { server in
            let result = await GitLabAPI.Client(baseURL: server.baseURL).issues(id: "g/p").map(\.items.count)
            guard case .failure(let error) = result, case .paging(let message) = error.kind else {
                Issue.record("expected a paging error, got \(result)")
                return
            }
            #expect(message == "the X-Next-Page header 'soon' is not a page number")
        }
    }

    @Test func aRateLimitedGitLabIsWaitedForOnceWithRetries() async throws {
        let limited = FailOnce()
        try await withServer({ request in
            if await limited.shouldFail() {
                let reset = Int(Date().timeIntervalSince1970) + 1
                return .json(
                    #"{"message": "Retry later"}"#, status: 429,
                    headers: [
                        ("Retry-After", "1"), ("RateLimit-Remaining", "0"), ("RateLimit-Reset", String(reset)),
                    ])
            }
            return Self.gitLab(request, total: 10) { page, more in more ? String(page + 1) : "" }
        }) { server in
            let client = GitLabAPI.Client(baseURL: server.baseURL, middlewares: [RetryMiddleware()])
            var ids: [Int] = []
            for try await issue in client.allIssues(id: "g/p", perPage: 20) { ids.append(issue.id) }
            #expect(ids == Array(1...10))
            let requests = await server.requests
            #expect(requests.count == 2, "the 429, then its retry")
        }
    }

    // MARK: Reddit: the running count, both ways

    /// A Reddit live thread of `total` updates: `after` and `before` are the names of
    /// a page's last and first items; `count` is recorded.
    static func reddit(_ request: TestRequest, total: Int) -> TestResponse {
        let names = (1...total).map { "LiveUpdate_\($0)" }
        let size = request.intQuery("limit") ?? 25
        var rows: Range<Int>
        if let after = request.query("after"), let index = names.firstIndex(of: after) {
            rows = index + 1..<min(total, index + 1 + size)
        } else if let before = request.query("before"), let index = names.firstIndex(of: before) {
            rows = max(0, index - size)..<index
        } else {
            rows = 0..<min(total, size)
        }
        if rows.isEmpty { rows = rows.lowerBound..<rows.lowerBound }
        let children: [[String: Any]] = rows.map {
            [
                "kind": "LiveUpdate",
                "data": ["id": "\($0 + 1)", "name": names[$0], "body": "Update \($0 + 1)", "created_utc": 1_700_000_000 + $0],
            ]
        }
        let data: [String: Any] = [
            "after": rows.upperBound < total ? names[rows.upperBound - 1] as Any : NSNull(),
            "before": rows.lowerBound > 0 ? names[rows.lowerBound] as Any : NSNull(),
            "children": children,
        ]
        return .json(object: ["kind": "Listing", "data": data])
    }

    @Test func redditGetsTheCountOfItemsSeenBothWays() async throws {
        try await withServer({ Self.reddit($0, total: 50) }) { server in
            let client = RedditAPI.Client(baseURL: server.baseURL)
            var pages: [Page<RedditAPI.ThingData>] = []
            for try await page in client.liveUpdatesPages(thread: "t", limit: 20) { pages.append(page) }
            #expect(pages.map(\.items.count) == [20, 20, 10])
            #expect(await server.requests.map { $0.intQuery("count") } == [nil, 20, 40])

            // Back from the last page, as Reddit's own links go: before its first item,
            // with the count of items before that item, plus one.
            let back = try #require(pages[2].previous)
            let previous = try await client.liveUpdates(thread: "t", page: back, limit: 20).get()
            #expect(previous.items.first?.name == "LiveUpdate_21")
            let further = try #require(previous.previous)
            _ = try await client.liveUpdates(thread: "t", page: further, limit: 20).get()
            let sent = await server.requests.suffix(2)
            #expect(sent.map { $0.query("before") } == ["LiveUpdate_41", "LiveUpdate_21"])
            #expect(sent.map { $0.intQuery("count") } == [41, 21])
        }
    }

    @Test func aCursorTheClientDidNotSeeIsSentWithoutACount() async throws {
        try await withServer({ Self.reddit($0, total: 50) }) { server in
            _ = try await RedditAPI.Client(baseURL: server.baseURL).liveUpdates(thread: "t", page: .after("LiveUpdate_10"), limit: 20).get()
            let request = try #require(await server.requests.first)
            #expect(request.query("after") == "LiveUpdate_10")
            #expect(request.query("count") == nil)
        }
    }

    /// Reddit's rate limit: `allowed` requests per window, told in `x-ratelimit-used`,
    /// `x-ratelimit-remaining` (a decimal) and `x-ratelimit-reset` (the seconds left in
    /// the window, rounded up); a request over the limit gets 429. The window runs for
    /// `window` from the request that used its last slot, so that however slowly the
    /// requests come, the one after that request must wait.
    actor RedditRateLimit {
        let allowed: Int
        let window: Duration
        private var windowEnd: ContinuousClock.Instant?
        private var used = 0
        /// When each answered request came, and how many were refused.
        private(set) var answered: [ContinuousClock.Instant] = []
        private(set) var refused = 0

        init(allowed: Int, window: Duration) {
            self.allowed = allowed
            self.window = window
        }

        func handle(_ request: TestRequest) -> TestResponse {
            let now = ContinuousClock.now
            if let end = windowEnd, now >= end {
                windowEnd = nil
                used = 0
            }
            if used + 1 == allowed, windowEnd == nil { windowEnd = now + window }
            let reset = String(Int((now.duration(to: windowEnd ?? now + window) / .seconds(1)).rounded(.up)))
            guard used < allowed else {
                refused += 1
                return .json(
                    #"{"message": "Too Many Requests", "error": 429}"#, status: 429,
                    headers: [("x-ratelimit-used", String(used)), ("x-ratelimit-remaining", "0.0"), ("x-ratelimit-reset", reset)])
            }
            used += 1
            answered.append(now)
            var response = ThrottleConsumerTests.reddit(request, total: 50)
            response.headers += [
                ("x-ratelimit-used", String(used)), ("x-ratelimit-remaining", String(format: "%.1f", Double(allowed - used))),
                ("x-ratelimit-reset", reset),
            ]
            return response
        }
    }

    @Test func redditsRateLimitIsWaitedOutAndNeverMet() async throws {
        // Two requests per window: the second page uses the last one, and the third
        // waits the 2 s until the window resets.
        let limit = RedditRateLimit(allowed: 2, window: .seconds(2))
        try await withServer({ await limit.handle($0) }) { server in
            let client = RedditAPI.Client(baseURL: server.baseURL)
            let events = client.throttle.events
            var ids: [String] = []
            for try await update in client.allLiveUpdates(thread: "t", limit: 20) { ids.append(update.name) }
            #expect(ids == (1...50).map { "LiveUpdate_\($0)" })
            #expect(await limit.refused == 0, "no request came over the limit")
            let answered = await limit.answered
            #expect(answered.count == 3)
            #expect(answered[0].duration(to: answered[2]) >= .seconds(2), "the third page came in the next window")
            // The wait is told as an event, unless the machine was so busy that the third
            // request left after the window had reset, with nothing left to wait for.
            let wait = try? await firstElement("the wait before the third page", of: events, within: .seconds(30)) {
                $0.kind == .waiting
            }
            if let wait {
                #expect(wait.endpoint == "liveUpdates")
                #expect(wait.reason.hasPrefix("x-ratelimit-reset: "))
                #expect(wait.reason.hasSuffix(", x-ratelimit-remaining: 0.0"))
            } else {
                #expect(answered[1].duration(to: answered[2]) >= .seconds(2), "no wait was told, so none was needed")
            }
        }
    }

    @Test func redditRefusesARequestOverItsLimit() async throws {
        // What a client that ignores the headers would get, in a window longer than a
        // busy machine stalls (an hour: the wait the client is told stays far above its
        // longest wait however long the test takes).
        let limit = RedditRateLimit(allowed: 1, window: .seconds(3_600))
        try await withServer({ await limit.handle($0) }) { server in
            let url = server.baseURL.appendingPathComponent("live/t")
            let (first, _) = try await URLSessionTransport().send(HTTPRequest(method: "GET", url: url))
            #expect(first.value(forHeader: "x-ratelimit-remaining") == "0.0")
            let (second, _) = try await URLSessionTransport().send(HTTPRequest(method: "GET", url: url))
            #expect(second.statusCode == 429)
            #expect(await limit.refused == 1)

            // The generated client does not send it: the wait is longer than it waits.
            let client = RedditAPI.Client(baseURL: server.baseURL)
            _ = await client.liveUpdates(thread: "t")
            let result = await client.liveUpdates(thread: "t")
            guard case .failure(let error) = result, case .throttled(let wait, _) = error.kind else {
                Issue.record("expected a throttled error, got \(result)")
                return
            }
            #expect(wait > client.throttle.maxWait)
            #expect(await limit.refused == 2, "only the client's first request, which the wait came with, was refused")
        }
    }

    // MARK: Credentials that change

    /// An app's session: the token it has, and how often it refreshed it.
    actor Session {
        private(set) var token = "stale"
        private(set) var refreshes = 0
        private(set) var asked = 0

        func currentToken() -> String {
            asked += 1
            return token
        }

        func refresh() {
            refreshes += 1
            token = "fresh"
        }
    }

    /// Answers 401 as GitLab does to any token but `fresh`.
    static func guarded(_ request: TestRequest, _ answer: (TestRequest) -> TestResponse) -> TestResponse {
        guard request.headers["authorization"] == "Bearer fresh" else {
            return .json(
                #"{"message": "401 Unauthorized"}"#, status: 401,
                headers: [("WWW-Authenticate", #"Bearer realm="", error="invalid_token""#)])
        }
        return answer(request)
    }

    @Test func aRejectedTokenIsRefreshedOnceAndTheWalkGoesOn() async throws {
        let session = Session()
        try await withServer({ Self.guarded($0) { Self.gitLab($0, total: 50) { page, more in more ? String(page + 1) : "" } } }) { server in
            let client = GitLabAPI.Client(
                baseURL: server.baseURL,
                credentials: { GitLabAPI.Client.Credentials(token: await session.currentToken()) },
                middlewares: [
                    RetryMiddleware(),
                    CredentialRefreshMiddleware { response, body in
                        #expect(response.value(forHeader: "WWW-Authenticate")?.contains("invalid_token") == true)
                        #expect(String(decoding: body, as: UTF8.self).contains("401 Unauthorized"))
                        await session.refresh()
                    },
                ])
            var ids: [Int] = []
            for try await issue in client.allIssues(id: "g/p", perPage: 20) { ids.append(issue.id) }
            #expect(ids == Array(1...50))
            #expect(await session.refreshes == 1)
            let tokens = await server.requests.map { $0.headers["authorization"] ?? "" }
            #expect(tokens == ["Bearer stale", "Bearer fresh", "Bearer fresh", "Bearer fresh"])
        }
    }

    @Test func credentialsAndRefreshesStayOnTheBaseURLsOrigin() async throws {
        let session = Session()
        await session.refresh()
        // Another origin, where a redirect leads: it rejects whatever comes.
        let elsewhere = try await TestServer.start(host: "127.0.0.2") { _ in
            .json(#"{"message": "401 Unauthorized"}"#, status: 401)
        }
        defer { Task { await elsewhere.stop() } }
        try await withServer({ request in
            TestResponse(status: 302, headers: [("Location", elsewhere.baseURL.absoluteString + request.rawPath)])
        }) { server in
            let client = GitLabAPI.Client(
                baseURL: server.baseURL,
                credentials: { GitLabAPI.Client.Credentials(token: await session.currentToken()) },
                transport: URLSessionTransport(redirects: .followCrossOriginWithoutCredentials),
                middlewares: [CredentialRefreshMiddleware { _, _ in await session.refresh() }])
            let result = await client.issues(id: "1")
            #expect(result.failure?.statusCode == 401)
            #expect(await server.requests.first?.headers["authorization"] == "Bearer fresh")
            let foreign = try #require(await elsewhere.requests.first)
            #expect(foreign.headers["authorization"] == nil, "no credentials for another origin")
            #expect(await elsewhere.requests.count == 1, "a 401 from another origin refreshes nothing and is not sent again")
            #expect(await session.refreshes == 1, "only the refresh before the call")
            #expect(await session.asked == 1)
        }
    }
}

extension Result {
    /// The error of a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
