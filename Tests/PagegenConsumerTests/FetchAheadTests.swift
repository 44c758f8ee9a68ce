import Foundation
import PagegenRuntime
import PagegenTestServer
import PagegenTestSupport
import Testing

/// How the sequences fetch ahead: several pages in flight when the list's length is
/// known, one otherwise, never past the end, and nothing left running once the
/// consuming task is cancelled.
@Suite struct FetchAheadTests {
    /// Counts the requests a server is handling at once.
    actor Concurrency {
        private(set) var current = 0
        private(set) var highest = 0
        func enter() {
            current += 1
            highest = max(highest, current)
        }
        func leave() { current -= 1 }
    }

    static func numbers(_ request: TestRequest, delay: Duration, concurrency: Concurrency) async -> TestResponse {
        await concurrency.enter()
        try? await Task.sleep(for: delay)
        await concurrency.leave()
        return NumbersConsumerTests.handler(request)
    }

    @Test func aListWithATotalKeepsSeveralPagesInFlightAndStopsAtTheTotal() async throws {
        let concurrency = Concurrency()
        try await withServer({ await Self.numbers($0, delay: .milliseconds(150), concurrency: concurrency) }) { server in
            var ids: [Int] = []
            for try await number in NumbersAPI.Client(baseURL: server.baseURL).allNumbers(perPage: 10) { ids.append(number.id) }
            #expect(ids == Array(0..<100))
            let pages = await server.requests.compactMap { $0.intQuery("page_number") }
            #expect(pages.sorted() == Array(0..<10), "every page once, none past the total")
            let highest = await concurrency.highest
            #expect(highest >= 2, "pages after the next one are fetched ahead")
            #expect(highest <= 3, "at most pagesAhead requests at once")
        }
    }

    @Test func pagesAheadBoundsTheRequestsInFlight() async throws {
        let concurrency = Concurrency()
        try await withServer({ await Self.numbers($0, delay: .milliseconds(50), concurrency: concurrency) }) { server in
            var loader = NumbersAPI.Client(baseURL: server.baseURL).numbersLoader(perPage: 10)
            loader.pagesAhead = 1
            var pages = 0
            for try await _ in PageSequence(loader) { pages += 1 }
            #expect(pages == 10)
            #expect(await concurrency.highest == 1)
        }
    }

    @Test func aListWithoutATotalFetchesOnlyTheNextPage() async throws {
        let concurrency = Concurrency()
        try await withServer({ request in
            await concurrency.enter()
            try? await Task.sleep(for: .milliseconds(50))
            await concurrency.leave()
            return .json(object: slice(ArticlesConsumerTests.articles, from: request.intQuery("offset") ?? 0, count: 10))
        }) { server in
            var ids: [Int] = []
            for try await article in ArticlesAPI.Client(baseURL: server.baseURL).allArticles(limit: 10) { ids.append(article.id) }
            #expect(ids == Array(1...60))
            #expect(await server.requests.map { $0.intQuery("offset") } == [0, 10, 20, 30, 40, 50, 60])
            #expect(await concurrency.highest == 1)
        }
    }

    /// A transport that notes the requests whose task was cancelled while in flight.
    struct CancellationRecorder: HTTPTransport {
        actor Log {
            private(set) var pages: Set<Int> = []
            func add(_ page: Int) { pages.insert(page) }
        }

        let inner = URLSessionTransport()
        let log = Log()

        func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
            let page =
                URLComponents(url: request.url, resolvingAgainstBaseURL: false)?
                .queryItems?.first { $0.name == "page_number" }?.value.flatMap(Int.init) ?? -1
            let log = log
            return try await withTaskCancellationHandler {
                try await inner.send(request)
            } onCancel: {
                Task { await log.add(page) }
            }
        }
    }

    @Test func cancellingTheConsumingTaskCancelsTheRequestsInFlight() async throws {
        try await withServer({ request in
            // The first page at once; the others only after an hour (the test cancels them).
            if request.intQuery("page_number") != 0 { try? await Task.sleep(for: .seconds(3_600)) }
            return NumbersConsumerTests.handler(request)
        }) { server in
            let recorder = CancellationRecorder()
            let client = NumbersAPI.Client(baseURL: server.baseURL, transport: recorder)
            let (firstItem, signal) = AsyncStream.makeStream(of: Int.self)
            let consumer = Task {
                var delivered = 0
                do {
                    for try await _ in client.allNumbers(perPage: 10) {
                        delivered += 1
                        if delivered == 1 { signal.yield(delivered) }
                    }
                    return (delivered, nil as APIError?)
                } catch {
                    return (delivered, error as? APIError)
                }
            }
            try await firstElement("the first item", of: firstItem)
            // Wait until the pages after the first are in flight, then cancel.
            try await eventually("pages 1, 2 and 3 in flight") { await server.requests.count >= 4 }
            consumer.cancel()
            let (delivered, error) = await consumer.value
            #expect(delivered == 10, "the first page's items, nothing after")
            #expect(error?.isCancelled == true)
            try await eventually("the three requests in flight cancelled") { await recorder.log.pages.count >= 3 }
            #expect(await recorder.log.pages == [1, 2, 3])
        }
    }
}
