import Foundation
import PagegenMock
import PagegenRuntime
import PagegenTestServer
import PagegenTestSupport
import Testing

/// Generated clients keep the runtime's promises over real HTTP: credentials stay
/// with their origin through redirects, arguments that would change the request are
/// refused before anything is sent, and a POST the spec marks idempotent is retried.
@Suite struct RequestSafetyConsumerTests {
    @Test(.enabled(if: TestServer.canListenOnSecondLoopbackAddress, Comment(rawValue: TestServer.secondLoopbackAddressHint)))
    func aGeneratedClientsQueryKeyStaysWithItsOrigin() async throws {
        let other = try await TestServer.start(host: "127.0.0.2") { _ in .json("[]") }
        let api = try await TestServer.start { _ in
            TestResponse(status: 302, headers: [("Location", "\(other.baseURL.absoluteString)/v1/events")])
        }
        defer {
            Task {
                await api.stop()
                await other.stop()
            }
        }

        let refused = await EventsAPI.Client(baseURL: api.baseURL, apiKey: "s3cret").events()
        guard case .failure(let error) = refused, case .redirectRefused(let refusal) = error.kind else {
            Issue.record("expected a refused redirect, got \(refused)")
            return
        }
        #expect(refusal.reason == .crossOrigin)
        #expect(error.description.contains(other.baseURL.absoluteString))
        #expect(await other.requests.isEmpty)
        #expect(await api.requests.first?.query("api_key") == "s3cret")

        let following = EventsAPI.Client(
            baseURL: api.baseURL, apiKey: "s3cret",
            transport: URLSessionTransport(redirects: .followCrossOriginWithoutCredentials))
        _ = try await following.events().get()
        let sent = try #require(await other.requests.first)
        #expect(sent.query("api_key") == nil, "the key was taken off: \(sent.rawQuery)")
    }

    @Test func aTokenWithALineBreakFailsTheCallBeforeItIsSent() async throws {
        try await withMockServer("catalog", items: 5) { server in
            let client = CatalogAPI.Client(baseURL: server.baseURL, token: "t0ken\r\nX-Injected: 1")
            let result = await client.product(productID: 1)
            guard case .failure(let error) = result, case .invalidRequest(let message) = error.kind else {
                Issue.record("expected an invalid request, got \(result)")
                return
            }
            #expect(message.hasPrefix("the bearer token holds a line break (CR)"), "\(message)")
            #expect(await server.requests.isEmpty, "nothing went out unauthenticated")
        }
    }

    @Test func anEmptyPathArgumentFailsTheCallBeforeItIsSent() async throws {
        try await withMockServer("catalog", items: 5) { server in
            let result = await CatalogAPI.Client(baseURL: server.baseURL).products(categoryID: "")
            guard case .failure(let error) = result, case .invalidRequest(let message) = error.kind else {
                Issue.record("expected an invalid request, got \(result)")
                return
            }
            #expect(message.hasPrefix("the path parameter 'category_id' of products is empty"), "\(message)")
            #expect(await server.requests.isEmpty)
        }
    }

    @Test func aSearchSentAsPostIsRetriedBecauseTheSpecMarksItIdempotent() async throws {
        let faults = MockFaults(errorRate: 0.3, errorStatus: 503, truncateRate: 0.1)
        try await withMockServer("algolia", items: 300, faults: faults) { server in
            let client = AlgoliaAPI.Client(
                baseURL: server.baseURL,
                middlewares: [
                    RetryMiddleware(
                        maxAttempts: 20, initialBackoff: .milliseconds(1), maxBackoff: .milliseconds(5), clock: VirtualRetryClock())
                ])
            let hits = try await collect(client.allSearch(index: "items", body: AlgoliaAPI.SearchQuery(query: "swift"), hitsPerPage: 50))
            #expect(hits.count == 300 && Set(hits.map(\.objectID)).count == 300, "every hit once")
            let log = await server.requests
            #expect(log.allSatisfy { $0.method == "POST" })
            #expect(log.contains { $0.status == 503 }, "some searches failed and were sent again")
            #expect(log.filter { $0.status == 200 }.count >= 6)
        }
    }
}
