import PagegenCore
import PagegenYAML
import Testing

/// What the loader and validator read from `throttle:`, `zone:`, `count:`,
/// `totalPages:` and `nextPage:`, and what they report, at the line and column.
@Suite struct ThrottleAndCountLoaderTests {
    /// A spec whose top level gets `top` after `baseURL:`, and whose `questions`
    /// endpoint (`page` paging unless `paging` says) gets `paging`.
    static func spec(top: String = "", fields: String = "", paging: String = "page: { param: page }", query: String = "") -> String {
        """
        pagegen: 1
        name: Shop
        baseURL: https://api.example.com
        \(top)
        models:
          Question:
            id: Int
            title: String
        \(fields)
          QuestionPage:
            items: [Question]
            next_page: String?
            pages: Int
        endpoints:
          questions:
            get: /questions
        \(query)
            returns: QuestionPage
            paging:
              \(paging)
              items: items
        """
    }

    // MARK: throttle

    @Test func throttleEntriesReadTheirSourceValueRemainingAndScope() throws {
        let (spec, output) = SpecProbe.load(
            Self.spec(
                top: """
                    throttle:
                      - from: meta.backoff
                        scope: endpoint
                      - header: X-RateLimit-Reset
                        as: unixSeconds
                        remaining: X-RateLimit-Remaining
                    """))
        #expect(output == [])
        let throttle = try #require(spec?.throttle)
        #expect(throttle.count == 2)
        guard case .body(let path) = throttle[0].source, case .header(let name) = throttle[1].source else {
            Issue.record("expected a body hint and a header hint, got \(throttle)")
            return
        }
        #expect(path.value.description == "meta.backoff")
        #expect(throttle[0].value == .seconds && throttle[0].scope == .endpoint && throttle[0].remaining == nil)
        #expect(name.value == "X-RateLimit-Reset")
        #expect(throttle[1].value == .unixSeconds && throttle[1].scope == .client)
        #expect(throttle[1].remaining?.value == "X-RateLimit-Remaining")
    }

    @Test func aSingleThrottleEntryNeedsNoList() throws {
        let (spec, output) = SpecProbe.load(Self.spec(top: "throttle: { header: Retry-After }"))
        #expect(output == [])
        #expect(spec?.throttle.count == 1)
    }

    @Test func throttleMistakesAreLocated() {
        let output = SpecProbe.check(
            Self.spec(
                top: """
                    throttle:
                      - { from: backoff, header: Retry-After }
                      - { from: "items[].wait" }
                      - { header: Retry-After, as: second }
                      - { from: backoff, remaining: X-Left }
                      - { header: Retry-After, scope: methods }
                      - { header: Retry-After, every: 2 }
                    """))
        #expect(
            output == [
                "specs/shop.pagegen.yaml:5:5: error: 'throttle' has both 'from' and 'header'; give one of 'from: backoff' (a number in the body) or 'header: Retry-After'",
                "specs/shop.pagegen.yaml:6:13: error: the throttle path 'items[].wait' maps over a list ('[]'); a wait is one number",
                "specs/shop.pagegen.yaml:7:32: error: unknown throttle value 'second'; did you mean 'seconds'?",
                "specs/shop.pagegen.yaml:8:33: error: 'remaining' goes with 'header'; a body wait applies whenever it is there; remove it",
                "specs/shop.pagegen.yaml:9:35: error: unknown throttle scope 'methods'; expected client (every request waits) or endpoint (the requests to the same endpoint)",
                "specs/shop.pagegen.yaml:10:28: error: unknown key 'every' in 'throttle'; expected one of: from, header, as, remaining, scope",
            ])
    }

    // MARK: zone

    @Test(arguments: [
        ("UTC", "UTC"), ("GMT", "UTC"), ("local", "local"), ("Europe/Berlin", "Europe/Berlin"),
        ("+05:30", "+05:30"), ("-0800", "-08:00"), ("+00:00", "UTC"),
    ])
    func zonesAreReadAsWritten(_ written: String, _ read: String) throws {
        let (spec, output) = SpecProbe.load(Self.spec(top: "zone: \"\(written)\""))
        #expect(output == [])
        #expect(spec?.dateZone?.value.description == read)
    }

    @Test func zoneMistakesAreLocated() {
        let output = SpecProbe.check(
            Self.spec(
                top: "zone: \"+2\"",
                fields: """
                      Answer:
                        id: Int
                        title: { type: String, zone: UTC }
                        created: { type: Date, zone: Mars/Olympus }
                    """,
                query: "    query: { since: { type: Date, zone: UTC } }"))
        #expect(
            output == [
                "specs/shop.pagegen.yaml:4:7: error: '+2' is not an offset from UTC; write it as +HH:MM, such as '+02:00' or '-05:30'",
                "specs/shop.pagegen.yaml:11:34: error: 'zone' applies to Date fields only, and this one is String",
                "specs/shop.pagegen.yaml:12:34: error: unknown time zone 'Mars/Olympus'; write UTC, local, a zone such as 'Europe/Berlin', or an offset such as '+02:00'",
                "specs/shop.pagegen.yaml:20:41: error: 'zone' is for Date fields of models; the parameter 'since' in 'query' of endpoint 'questions' is sent in UTC; remove it",
            ])
    }

    @Test func aZoneNeedsISO8601Dates() {
        let output = SpecProbe.check(Self.spec(top: "dates: unixSeconds\nzone: local"))
        #expect(
            output == [
                "specs/shop.pagegen.yaml:5:7: error: 'zone' applies to iso8601 dates, and this spec's are unixSeconds; remove it, or give a field 'dates: iso8601'"
            ])
    }

    // MARK: counts, next pages and the running count

    @Test func countsAndTheNextPageComeFromHeadersOrTheBody() throws {
        let (spec, output) = SpecProbe.load(
            Self.spec(
                paging: """
                    page: { param: page }
                          totalPages: { header: X-Total-Pages }
                          nextPage: { header: X-Next-Page }
                    """))
        #expect(output == [])
        let paging = try #require(spec?.endpoints.first?.paging)
        guard case .header(let pages)? = paging.totalPages, case .header(let next)? = paging.nextPage else {
            Issue.record("expected headers, got \(paging)")
            return
        }
        #expect(pages.value == "X-Total-Pages" && next.value == "X-Next-Page")
    }

    @Test func aNextPagePathMustLeadToANumber() {
        let output = SpecProbe.check(
            Self.spec(
                paging: """
                    page: { param: page }
                          nextPage: next_page
                          totalPages: { from: pages }
                    """))
        #expect(
            output == [
                "specs/shop.pagegen.yaml:21:17: error: the nextPage path 'next_page' leads to String?, but a nextPage must be Int or Int64"
            ])
    }

    @Test func theRunningCountIsACursorsParameter() throws {
        let (spec, output) = SpecProbe.load(
            Self.spec(
                paging: """
                    cursor: { param: after, from: next_page }
                          count: { param: count }
                    """))
        #expect(output == [])
        #expect(spec?.endpoints.first?.paging?.count?.name.value == "count")
        #expect(spec?.endpoints.first?.paging?.parameterNames.contains("count") == true)
    }

    @Test func countAndNextPageGoWithTheirStyles() {
        let output = SpecProbe.check(
            Self.spec(
                paging: """
                    offset: { param: offset }
                          count: { param: count }
                          nextPage: { header: X-Next-Page }
                    """))
        #expect(
            output == [
                "specs/shop.pagegen.yaml:21:7: error: 'count' goes with 'cursor' paging, not 'offset'; page numbers and offsets say where a page is",
                "specs/shop.pagegen.yaml:22:7: error: 'nextPage' goes with 'page' paging, not 'offset'; a next page number is for APIs that number their pages",
            ])
    }

    @Test func aCountParameterThatClashesWithAQueryParameterIsReported() {
        let output = SpecProbe.check(
            Self.spec(
                paging: """
                    cursor: { param: after, from: next_page }
                          count: { param: count }
                    """,
                query: "    query: { count: Int? }"))
        #expect(output.count == 1)
        #expect(output.first?.contains("count") == true, "\(output)")
    }
}
