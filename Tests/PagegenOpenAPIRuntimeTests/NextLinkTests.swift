import Foundation
@_spi(Generated) import PagegenOpenAPIRuntime
@_spi(Generated) import PagegenRuntime
import Testing

/// A next link read back as an operation's input: its path against the operation's
/// template, its query items into the input's parameters, by their types.
@Suite struct NextLinkTests {
    enum State: String { case open, closed }

    struct Query {
        var page: Int32?
        var perPage: Int = 30
        var state: State?
        var labels: [String]?
        var since: Date?
        var flag: Bool?
    }

    static let declared: Set<String> = ["page", "per_page", "state", "labels", "since", "flag"]

    static func link(_ text: String) throws(APIError) -> NextLink {
        try NextLink(
            URL(string: text)!, operation: "issues/list-for-repo", path: "/repos/{owner}/{repo}/issues", query: declared)
    }

    @Test func aLinkSetsThePathAndQueryByTheirTypes() throws {
        let link = try Self.link(
            "https://api.github.com/v3/repos/swift%20lang/swift/issues?page=3&per_page=50&state=closed&labels=bug,ui&since=2024-05-01T10:00:00Z&flag=true"
        )
        var owner = "apple"
        var repo = "swift"
        var query = Query(page: 1, state: .open, labels: nil)
        try link.assignPath("owner", to: &owner)
        try link.assignPath("repo", to: &repo)
        try link.assign("page", to: &query.page)
        try link.assign("per_page", to: &query.perPage)
        try link.assign("state", to: &query.state)
        try link.assign("labels", to: &query.labels)
        try link.assign("since", to: &query.since)
        try link.assign("flag", to: &query.flag)
        #expect(owner == "swift lang")
        #expect(repo == "swift")
        #expect(query.page == 3)
        #expect(query.perPage == 50)
        #expect(query.state == .closed)
        #expect(query.labels == ["bug", "ui"])
        #expect(query.since == ISO8601.parse("2024-05-01T10:00:00Z"))
        #expect(query.flag == true)
    }

    @Test func whatALinkLeavesOutIsClearedUnlessItIsRequired() throws {
        let link = try Self.link("/repos/a/b/issues?page=2")
        var query = Query(page: 1, perPage: 75, state: .open, labels: ["x"])
        try link.assign("page", to: &query.page)
        try link.assign("per_page", to: &query.perPage)
        try link.assign("state", to: &query.state)
        try link.assign("labels", to: &query.labels)
        #expect(query.page == 2)
        #expect(query.perPage == 75, "a required parameter keeps its value")
        #expect(query.state == nil)
        #expect(query.labels == nil)
    }

    @Test func aLinkToAnotherPathIsRefused() {
        #expect(throws: APIError.self) { try Self.link("https://api.github.com/repos/a/b/pulls?page=2") }
        do {
            _ = try Self.link("https://api.github.com/orgs/a/repos?page=2")
        } catch {
            #expect(
                error.description
                    == "paging error: the link https://api.github.com/orgs/a/repos?page=2 names another path than issues/list-for-repo's /repos/{owner}/{repo}/issues; it cannot be sent as issues/list-for-repo"
            )
        }
    }

    @Test func aQueryItemTheOperationDoesNotDeclareIsRefused() {
        do {
            _ = try Self.link("/repos/a/b/issues?page=2&after=Y3Vyc29y")
            Issue.record("the link should be refused")
        } catch {
            #expect(
                error.description
                    == "paging error: the link /repos/a/b/issues?page=2&after=Y3Vyc29y carries the query item 'after', which issues/list-for-repo does not declare; it cannot be sent with the generated client"
            )
        }
    }

    @Test func aValueOfAnotherTypeIsRefused() throws {
        let link = try Self.link("/repos/a/b/issues?page=three&state=draft")
        var query = Query()
        #expect(throws: APIError.self) { try link.assign("page", to: &query.page) }
        #expect(throws: APIError.self) { try link.assign("state", to: &query.state) }
    }
}

/// Setting a key into an input, and reading counts, cursors and flags out of an answer,
/// whatever Swift types the document gave them.
@Suite struct PagingValueTests {
    @Test func keysGoIntoParametersOfEveryType() throws {
        var int32: Int32?
        var required = 0
        var text: String?
        var number: Double?
        var id: Int64?
        try OpenAPIPaging.assign(40, to: &int32)
        try OpenAPIPaging.assign(40, to: &required)
        try OpenAPIPaging.assign(40, to: &text)
        try OpenAPIPaging.assign(40, to: &number)
        try OpenAPIPaging.assign("1234", to: &id)
        #expect(int32 == 40 && required == 40 && text == "40" && number == 40 && id == 1234)
        #expect(throws: APIError.self) { try OpenAPIPaging.assign("not-a-number", to: &id) }
    }

    @Test func aSizeTheInputLeavesOutIsTheDefaultAndIsSet() {
        var limit: Int32?
        #expect(OpenAPIPaging.size(&limit, default: 20) == 20)
        #expect(limit == 20)
        var given: Int32? = 50
        #expect(OpenAPIPaging.size(&given, default: 20) == 50)
        var asNumber: Double?
        #expect(OpenAPIPaging.size(&asNumber, default: 25) == 25)
        #expect(asNumber == 25)
    }

    @Test func valuesComeOutOfAnswersAsPagegenReadsThem() {
        #expect(OpenAPIPaging.count(Int64(120)) == 120)
        #expect(OpenAPIPaging.count(Int32(-1)) == nil)
        #expect(OpenAPIPaging.count(Double(42)) == 42)
        #expect(OpenAPIPaging.text(Optional(17)) == "17")
        #expect(OpenAPIPaging.text(URL(string: "https://example.com/next")) == "https://example.com/next")
        #expect(OpenAPIPaging.text(String?.none) == nil)
        #expect(OpenAPIPaging.flag(false) == false)
    }
}
