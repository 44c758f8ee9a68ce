import Foundation
import Testing

@testable import PagegenMock

#if canImport(FoundationNetworking)
import FoundationNetworking
import PagegenTestSupport
#endif

/// What the mock serves for the rules of real APIs beyond paging: the waits a spec's
/// `throttle:` says where (and the refusal of a request that comes too soon), page
/// counts and next page numbers in headers, Reddit's running `count`, and dates in a
/// spec's zone. The server's clock is the test's: time passes only when the test
/// moves it.
@Suite struct ThrottleAndCountTests {
    @Test func aBackoffInTheBodyHoldsBackItsEndpointOnly() async throws {
        let clock = VirtualRetryClock()
        try await withMock("stackexchange", options: MockOptions(items: 20, faults: MockFaults(backoff: 60)), clock: clock) { server in
            let first = try await fetch(server, "/questions?pagesize=5")
            #expect(first.status == 200)
            #expect(first.object["backoff"] as? Int == 60)
            #expect(first.object["has_more"] as? Bool == true)

            let tooSoon = try await fetch(server, "/questions?pagesize=5&page=2")
            #expect(tooSoon.status == 429)
            #expect(tooSoon.object["error"] as? String == "throttle_violation")
            #expect(tooSoon.message.contains("a wait of 60 s (backoff in the body) for 'questions'"), "\(tooSoon.message)")

            // The wait is per endpoint, as Stack Exchange's backoff is per method.
            #expect(try await fetch(server, "/users?pagesize=5").status == 200)

            clock.advance(.seconds(59))
            #expect(try await fetch(server, "/questions?pagesize=5&page=2").status == 429, "a second of the wait is left")
            clock.advance(.seconds(1))
            #expect(try await fetch(server, "/questions?pagesize=5&page=2").status == 200, "the wait is over")
        }
    }

    @Test func withoutABackoffTheBodyAsksForNoWait() async throws {
        try await withMock("stackexchange") { server in
            let page = try await fetch(server, "/questions?pagesize=5")
            #expect(page.object.keys.contains("backoff"))
            #expect(page.object["backoff"] is NSNull, "the optional field is null")
            #expect(try await fetch(server, "/questions?pagesize=5&page=2").status == 200)
        }
    }

    @Test func headerHintsCarryTheWaitAndTheRequestsLeft() async throws {
        let clock = VirtualRetryClock(date: Date(timeIntervalSince1970: 1_700_000_000))
        try await withMock("gitlab", options: MockOptions(items: 20), clock: clock) { server in
            let answer = try await fetch(server, "/projects/1/issues?per_page=5", headers: ["X-Mock-Fault": "backoff=30"])
            #expect(answer.status == 200)
            #expect(answer.header("Retry-After") == "30")
            #expect(answer.header("RateLimit-Remaining") == "0")
            let reset = try #require(answer.header("RateLimit-Reset").flatMap(Int.init))
            #expect(reset == 1_700_000_030, "the Unix time 30 s after the answer")
            // Scoped to the client: every endpoint is refused now, until the wait is over.
            #expect(try await fetch(server, "/projects?per_page=5").status == 429)
            clock.advance(.seconds(30))
            #expect(try await fetch(server, "/projects?per_page=5").status == 200)
        }
    }

    @Test func aBackoffForASpecWithoutThrottleHintsIsABadRequest() async throws {
        try await withMock("catalog") { server in
            let answer = try await fetch(server, "/categories/7/products", headers: ["X-Mock-Fault": "backoff"])
            #expect(answer.status == 400)
            #expect(answer.message.contains("this spec has none"))
        }
    }

    @Test func pageCountsAndTheNextPageAreInHeaders() async throws {
        try await withMock("gitlab", options: MockOptions(items: 12)) { server in
            let first = try await fetch(server, "/projects/1/issues?per_page=5")
            #expect(first.header("X-Total") == "12")
            #expect(first.header("X-Total-Pages") == "3")
            #expect(first.header("X-Next-Page") == "2")
            #expect(values("id", in: first.array) == Array(1...5))
            let last = try await fetch(server, "/projects/1/issues?per_page=5&page=3")
            #expect(values("id", in: last.array) == [11, 12])
            #expect(last.header("X-Next-Page") == "", "empty on the last page, as GitLab sends it")
        }
        try await withMock("wordpress", options: MockOptions(items: 25)) { server in
            let page = try await fetch(server, "/posts?per_page=10&page=2")
            #expect(page.header("X-WP-Total") == "25")
            #expect(page.header("X-WP-TotalPages") == "3")
            #expect(values("id", in: page.array) == Array(11...20))
        }
    }

    @Test func redditsCountMustFitTheCursor() async throws {
        try await withMock("reddit", options: MockOptions(items: 30)) { server in
            let first = try await fetch(server, "/user/spez/?limit=10")
            let data = try #require(first.object["data"] as? [String: Any])
            let after = try #require(data["after"] as? String)
            #expect(try await fetch(server, "/user/spez/?limit=10&after=\(after)&count=10").status == 200)
            let wrong = try await fetch(server, "/user/spez/?limit=10&after=\(after)&count=3")
            #expect(wrong.status == 400)
            #expect(wrong.message == "count=3 does not fit this page: 10 is right for it")
            // Without a count, the page is served (Reddit does not require it).
            #expect(try await fetch(server, "/user/spez/?limit=10&after=\(after)").status == 200)
        }
    }

    @Test func datesWithoutAZoneAreTheWallClockOfTheSpecsZone() async throws {
        // 10:00 UTC is noon in Berlin in July (+02:00), and 11:00 on New Year's Day (+01:00).
        #expect(DataGenerator.date(1_719_828_000, format: .iso8601, zone: .identifier("Europe/Berlin")) == .string("2024-07-01T12:00:00"))
        #expect(DataGenerator.date(1_704_103_200, format: .iso8601, zone: .identifier("Europe/Berlin")) == .string("2024-01-01T11:00:00"))
        #expect(DataGenerator.date(1_719_828_000, format: .iso8601, zone: .offset(seconds: -5 * 3600)) == .string("2024-07-01T05:00:00"))
        #expect(DataGenerator.date(1_719_828_000, format: .iso8601, zone: .utc) == .string("2024-07-01T10:00:00Z"))
        try await withMock("wordpress", options: MockOptions(items: 3)) { server in
            let posts = try await fetch(server, "/posts?per_page=3").array.compactMap { $0 as? [String: Any] }
            #expect(posts.count == 3)
            for post in posts {
                let local = try #require(post["date"] as? String)
                #expect(local.count == 19 && !local.hasSuffix("Z"), "the site's zone, without a designator: \(local)")
                #expect((post["date_gmt"] as? String)?.hasSuffix("Z") == true, "UTC, as the field says")
            }
        }
    }
}
