import Foundation
import Testing

@testable import PagegenMock

#if canImport(FoundationNetworking)
import FoundationNetworking
import PagegenTestSupport
#endif

/// Every fault, asked for with a header on one request, and the server-wide rates.
@Suite struct FaultTests {
    @Test func latencyIsFixedOrDrawnFromARange() async throws {
        // The server waits on the test's clock, which records each wait and returns at once.
        let clock = VirtualRetryClock()
        try await withMock("articles", clock: clock) { server in
            let answer = try await fetch(server, "/articles", headers: ["X-Mock-Latency": "250ms"])
            #expect(clock.sleeps == [.milliseconds(250)])
            #expect(answer.status == 200)
            #expect(answer.header("X-Mock-Faults") == "latency")
            _ = try await fetch(server, "/articles", headers: ["X-Mock-Latency": "100ms..150ms"])
            let drawn = try #require(clock.sleeps.last)
            #expect(clock.sleeps.count == 2 && (Duration.milliseconds(100)...Duration.milliseconds(150)).contains(drawn), "\(clock.sleeps)")
            let bad = try await fetch(server, "/articles", headers: ["X-Mock-Latency": "soon"])
            #expect(bad.status == 400)
            #expect(bad.message.contains("X-Mock-Latency"))
        }
    }

    @Test func errorsAndThrottling() async throws {
        try await withMock("articles") { server in
            let error = try await fetch(server, "/articles", headers: ["X-Mock-Fault": "error"])
            #expect(error.status == 500)
            #expect(error.object["error"] as? String == "internal_error")
            #expect(try await fetch(server, "/articles", headers: ["X-Mock-Fault": "error=503"]).status == 503)
            let throttled = try await fetch(server, "/articles", headers: ["X-Mock-Fault": "throttle"])
            #expect(throttled.status == 429)
            #expect(throttled.header("Retry-After") == "1")
            #expect(try await fetch(server, "/articles", headers: ["X-Mock-Fault": "throttle=7"]).header("Retry-After") == "7")
            let unknown = try await fetch(server, "/articles", headers: ["X-Mock-Fault": "explode"])
            #expect(unknown.status == 400)
            #expect(unknown.message.contains("unknown fault 'explode'"))
            #expect(try await fetch(server, "/articles", headers: ["X-Mock-Fault": "error=200"]).status == 400)
        }
    }

    @Test func serverWideRatesAndNoneForOneRequest() async throws {
        let faults = MockFaults(errorRate: 1)
        try await withMock("articles", options: MockOptions(items: 5, faults: faults)) { server async throws in
            #expect(try await fetch(server, "/articles").status == 500)
            #expect(try await fetch(server, "/articles", headers: ["X-Mock-Fault": "none"]).status == 200)
        }
        try await withMock("articles", options: MockOptions(items: 5, faults: MockFaults(throttleRate: 0.5, retryAfter: 3))) { server in
            var statuses: [Int] = []
            for _ in 0..<40 { statuses.append(try await fetch(server, "/articles").status) }
            let throttled = statuses.filter { $0 == 429 }.count
            #expect(throttled > 5 && throttled < 35, "about half: \(throttled)")
            #expect(Set(statuses) == [200, 429])
            let log = await server.requests
            #expect(log.count == 40)
            #expect(log.filter { $0.faults.contains("throttle") }.count == throttled)
        }
    }

    @Test func malformedBodiesAreNotJSON() async throws {
        try await withMock("catalog") { server in
            let answer = try await fetch(server, "/categories/1/products", headers: ["X-Mock-Fault": "malformed"])
            #expect(answer.status == 200)
            #expect(answer.json == nil)
            #expect(answer.text.hasPrefix("{\"response\""))
        }
    }

    @Test func truncatedBodiesStopHalfWay() async throws {
        try await withMock("catalog") { server async throws in
            do {
                let answer = try await fetch(server, "/categories/1/products", headers: ["X-Mock-Fault": "truncate"])
                // Some clients hand over what arrived; it is never the whole JSON.
                #expect(answer.json == nil)
            } catch {
                // Most report the connection lost before the announced length.
            }
            #expect(try await fetch(server, "/categories/1/products").status == 200, "the server still answers")
        }
    }

    @Test func dripSendsTheWholeBodySlowly() async throws {
        try await withMock("articles", options: MockOptions(items: 3)) { server in
            let plain = try await fetch(server, "/articles")
            let clock = ContinuousClock()
            let start = clock.now
            let dripped = try await fetch(server, "/articles", headers: ["X-Mock-Fault": "drip=64/20ms"])
            let elapsed = clock.now - start
            #expect(dripped.body == plain.body)
            let chunks = (plain.body.count + 63) / 64
            #expect(elapsed >= .milliseconds(20 * (chunks - 1)), "\(chunks) chunks in \(elapsed)")
            #expect(try await fetch(server, "/articles", headers: ["X-Mock-Fault": "drip=x"]).status == 400)
        }
    }

    @Test func loopingCursorsRepeatTheCurrentPage() async throws {
        try await withMock("slack") { server in
            let first = try await fetch(server, "/users.list?limit=5", headers: ["X-Mock-Fault": "loop"])
            let cursor = try #require((first.object["response_metadata"] as? [String: Any])?["next_cursor"] as? String)
            let again = try await fetch(server, "/users.list?limit=5&cursor=\(cursor)", headers: ["X-Mock-Fault": "loop"])
            #expect((again.object["response_metadata"] as? [String: Any])?["next_cursor"] as? String == cursor)
            #expect(
                values("id", in: again.object["members"] as? [Any] ?? []) as [String]
                    == values("id", in: first.object["members"] as? [Any] ?? []))
        }
        try await withMock("github") { server in
            let page = try await fetch(server, "/repos/a/b/issues?per_page=5&page=2", headers: ["X-Mock-Fault": "loop"])
            #expect(page.header("Link")?.contains("page=2>; rel=\"next\"") == true)
        }
        try await withMock("stripe") { server in
            let first = try await fetch(server, "/v1/customers?limit=4")
            let last = try #require((values("id", in: first.object["data"] as? [Any] ?? []) as [String]).last)
            let looped = try await fetch(server, "/v1/customers?limit=4&starting_after=\(last)", headers: ["X-Mock-Fault": "loop"])
            #expect((values("id", in: looped.object["data"] as? [Any] ?? []) as [String]).last == last)
        }
    }

    @Test func driftInsertsItemsAtTheTopOfEveryRequest() async throws {
        try await withMock("articles", options: MockOptions(items: 10)) { server in
            let first = try await fetch(server, "/articles?limit=4", headers: ["X-Mock-Fault": "drift=2"])
            #expect(values("id", in: first.array) == [12, 11, 1, 2])
            let second = try await fetch(server, "/articles?limit=4&offset=4", headers: ["X-Mock-Fault": "drift=2"])
            #expect(values("id", in: second.array) == [1, 2, 3, 4], "two more arrived at the top: 1 and 2 come again")
            let plain = try await fetch(server, "/articles?limit=2")
            #expect(values("id", in: plain.array) == [14, 13], "inserted items stay")
            await server.reset()
            #expect(values("id", in: try await fetch(server, "/articles?limit=2").array) == [1, 2])
        }
    }

    @Test func cursorsStayPutWhileItemsArrive() async throws {
        try await withMock("slack", options: MockOptions(items: 10)) { server in
            let first = try await fetch(server, "/users.list?limit=4")
            let cursor = try #require((first.object["response_metadata"] as? [String: Any])?["next_cursor"] as? String)
            let plain = try await fetch(server, "/users.list?limit=4&cursor=\(cursor)")
            let drifted = try await fetch(server, "/users.list?limit=4&cursor=\(cursor)", headers: ["X-Mock-Fault": "drift=3"])
            #expect(
                values("id", in: drifted.object["members"] as? [Any] ?? []) as [String]
                    == values("id", in: plain.object["members"] as? [Any] ?? []))
        }
    }

    @Test func inBodyErrorsFollowTheSpec() async throws {
        try await withMock("slack") { server in
            let failed = try await fetch(server, "/conversations.list", headers: ["X-Mock-Fault": "body-error"])
            #expect(failed.status == 200)
            #expect(failed.object["ok"] as? Bool == false)
            #expect(failed.object["error"] as? String == "mock_error")
        }
    }
}
