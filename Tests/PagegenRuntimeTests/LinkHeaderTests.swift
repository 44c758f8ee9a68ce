import PagegenRuntime
import Testing

@Suite struct LinkHeaderTests {
    @Test func readsGitHubsLinkHeader() throws {
        let header = try LinkHeader(
            parsing:
                #"<https://api.github.com/repositories/1000/issues?per_page=3&page=2>; rel="next", <https://api.github.com/repositories/1000/issues?per_page=3&page=5>; rel="last""#
        )
        #expect(header.next == "https://api.github.com/repositories/1000/issues?per_page=3&page=2")
        #expect(header.last == "https://api.github.com/repositories/1000/issues?per_page=3&page=5")
        #expect(header.previous == nil)
    }

    @Test func understandsPrevAndPreviousAndSeveralRelations() throws {
        #expect(try LinkHeader(parsing: "<a>; rel=previous").previous == "a")
        #expect(try LinkHeader(parsing: #"<b>; rel="prev"; title="Back""#).previous == "b")
        let both = try LinkHeader(parsing: #"<c>; rel="next last""#)
        #expect(both.next == "c" && both.last == "c")
        #expect(try LinkHeader(parsing: "").links.isEmpty)
    }

    @Test(arguments: ["https://x/next; rel=next", "<https://x/next; rel=next", #"<a>; rel="next"#, "<a> junk"])
    func rejectsWhatDoesNotParse(_ value: String) {
        #expect(throws: APIError.self) { try LinkHeader(parsing: value) }
    }
}
