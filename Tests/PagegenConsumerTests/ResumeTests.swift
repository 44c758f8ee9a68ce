import Foundation
import PagegenRuntime
import PagegenTestServer
import Testing

/// A walk that failed goes on from the failed page, from a resume point that went
/// through JSON as an app would keep it, without delivering an item twice and
/// still catching a list that loops.
@Suite struct ResumeTests {
    /// Fails each request for the listed pages once, then answers normally.
    actor FailOnce {
        private var pending: Set<Int>
        init(_ pages: Set<Int>) { pending = pages }
        func shouldFail(_ page: Int) -> Bool { pending.remove(page) != nil }
    }

    /// A resume point as an app keeps it: written as JSON and read back.
    static func persisted(_ point: ResumePoint?) throws -> ResumePoint {
        let point = try #require(point, "the error carries a resume point")
        let data = try JSONEncoder().encode(point)
        return try JSONDecoder().decode(ResumePoint.self, from: data)
    }

    /// Drains `sequence`, returning the items' ids and the error that ended it.
    static func drain<Item>(_ sequence: ItemSequence<Item>, id: (Item) -> Int) async -> ([Int], APIError?) {
        var ids: [Int] = []
        do {
            for try await item in sequence { ids.append(id(item)) }
            return (ids, nil)
        } catch {
            return (ids, error)
        }
    }

    @Test func aMalformedPageFailsWithWhereToResumeAndTheWalkGoesOnFromThere() async throws {
        let failing = FailOnce([3])
        try await withServer({ request in
            if request.path == "/numbers", await failing.shouldFail(request.intQuery("page_number") ?? -1) {
                return .json(#"{"content": "not a list", "page_number": 3, "per_page": 10, "total_elements": 100}"#)
            }
            return NumbersConsumerTests.handler(request)
        }) { server in
            let client = NumbersAPI.Client(baseURL: server.baseURL)
            let (first, error) = await Self.drain(client.allNumbers(perPage: 10), id: \.id)
            #expect(first == Array(0..<30), "every item before the failed page")
            guard case .decoding? = error?.kind else {
                Issue.record("expected a decoding error, got \(String(describing: error))")
                return
            }
            let point = try Self.persisted(error?.resumePoint)
            #expect(point.key == .number(3))
            #expect(point.followed.isEmpty, "page numbers cannot loop: nothing to keep")

            let (rest, secondError) = await Self.drain(client.allNumbers(perPage: 10, from: point), id: \.id)
            #expect(secondError == nil)
            #expect(first + rest == Array(0..<100), "every item exactly once, in order")
            let requested = await server.requests.compactMap { $0.intQuery("page_number") }
            #expect(requested.filter { $0 < 3 }.count == 3, "the pages before the failed one are not fetched again")
        }
    }

    @Test func pagesResumeAtTheFailedPage() async throws {
        let failing = FailOnce([2])
        try await withServer({ request in
            if await failing.shouldFail(request.intQuery("page_number") ?? -1) { return .json("{}", status: 503) }
            return NumbersConsumerTests.handler(request)
        }) { server in
            let client = NumbersAPI.Client(baseURL: server.baseURL)
            var keys: [PageKey] = []
            var failure: APIError?
            do {
                for try await page in client.numbersPages(perPage: 40) { keys.append(page.key) }
            } catch {
                failure = error as? APIError
            }
            #expect(keys == [.number(0), .number(1)])
            #expect(failure?.statusCode == 503)
            let point = try Self.persisted(failure?.resumePoint)
            #expect(point.deliveredIdentities == nil, "a walk over pages delivers no items of its own")
            for try await page in client.numbersPages(perPage: 40, from: point) { keys.append(page.key) }
            #expect(keys == [.number(0), .number(1), .number(2)])
        }
    }

    @Test func anItemDeliveredBeforeTheFailureIsNotDeliveredAgainAfterIt() async throws {
        // The first walk fails at offset 10; by the time it resumes, an article was
        // inserted at the top, so the page at offset 10 starts with article 10 again.
        let failing = FailOnce([10])
        let inserted = Inserted()
        try await withServer({ request in
            let offset = request.intQuery("offset") ?? 0
            if await failing.shouldFail(offset) {
                await inserted.insert()
                return .json("{}", status: 500)
            }
            let articles =
                await inserted.happened
                ? [ArticlesConsumerTests.articles[0].merging(["id": 100]) { $1 }] + ArticlesConsumerTests.articles
                : ArticlesConsumerTests.articles
            return .json(object: slice(articles, from: offset, count: request.intQuery("limit") ?? 10))
        }) { server in
            let client = ArticlesAPI.Client(baseURL: server.baseURL)
            let (first, error) = await Self.drain(client.allArticles(limit: 10), id: \.id)
            #expect(first == Array(1...10))
            let point = try Self.persisted(error?.resumePoint)
            #expect(point.key == .offset(10))
            let delivered = try JSONDecoder().decode([Int].self, from: Data(try #require(point.deliveredIdentities).utf8))
            #expect(Set(delivered) == Set(1...10))

            let (rest, _) = await Self.drain(client.allArticles(limit: 10, from: point), id: \.id)
            #expect(rest == Array(11...60), "article 10, delivered before the failure, is not delivered again")
        }
    }

    actor Inserted {
        private(set) var happened = false
        func insert() { happened = true }
    }

    @Test func aListThatLoopsBackAcrossTheResumptionIsStillALoop() async throws {
        // Cursors: first page → "b" → "c"; "c" fails once, then answers with "b" again.
        let failing = FailOnce([3])
        try await withServer({ request in
            let cursor = request.query("cursor") ?? ""
            let index = ["": 1, "b": 2, "c": 3][cursor] ?? 9
            if await failing.shouldFail(index) { return .json("{}", status: 502) }
            let next = ["": "b", "b": "c", "c": "b"][cursor] ?? ""
            return .json(object: ["ok": true, "channels": [["id": "C\(index)"]], "response_metadata": ["next_cursor": next]])
        }) { server in
            let client = SlackAPI.Client(baseURL: server.baseURL)
            var ids: [String] = []
            var failure: APIError?
            do {
                for try await channel in client.allConversations(limit: 1) { ids.append(channel.id) }
            } catch {
                failure = error as? APIError
            }
            #expect(ids == ["C1", "C2"])
            let point = try Self.persisted(failure?.resumePoint)
            #expect(point.key == .after("c"))
            #expect(Set(point.followed) == [.first, .after("b")])

            var loop: APIError?
            do {
                for try await channel in client.allConversations(limit: 1, from: point) {
                    ids.append(channel.id)
                }
            } catch {
                loop = error as? APIError
            }
            #expect(ids == ["C1", "C2", "C3"])
            guard case .paging(let message)? = loop?.kind else {
                Issue.record("expected a paging error, got \(String(describing: loop))")
                return
            }
            #expect(message.contains("loops"))
            #expect(loop?.resumePoint == nil, "resuming a loop would loop again")
        }
    }

    @Test func aResumePointOfAnotherListIsRefusedWithAClearError() async throws {
        try await withServer(NumbersConsumerTests.handler) { server in
            let client = NumbersAPI.Client(baseURL: server.baseURL)
            let point = ResumePoint(key: .number(2), deliveredIdentities: #"["a", "b"]"#)
            let (ids, error) = await Self.drain(ItemSequence(client.numbersLoader(perPage: 10), resumingFrom: point), id: \.id)
            #expect(ids.isEmpty)
            guard case .invalidRequest(let message)? = error?.kind else {
                Issue.record("expected an invalid request, got \(String(describing: error))")
                return
            }
            #expect(message.contains("identities"))
            #expect(await server.requests.isEmpty, "nothing is requested")
        }
    }
}
