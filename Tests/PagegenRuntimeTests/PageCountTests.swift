import Foundation
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// Page counts and the next page's number in headers (WordPress's `X-WP-TotalPages`,
/// GitLab's `X-Total-Pages` and `X-Next-Page`), and the running item count a cursor
/// list sends with its pages (Reddit's `count`), on an in-memory transport (the HTTP
/// side is in the consumer tests).
@Suite struct PageCountTests {
    static let issues = Endpoint(name: "issues", method: "GET", path: "/issues")
    static let baseURL = URL(string: "https://api.example.com/v4")!

    /// The value of the query item `name` of `request`.
    static func query(_ name: String, of request: HTTPRequest) -> String? {
        URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }

    /// A numbered list of `total` items, `size` a page, answered with `headers(page, pages)`.
    static func numbered(
        total: Int, size: Int, headers: @escaping @Sendable (_ page: Int, _ pages: Int) -> [(String, String)]
    ) -> RecordingTransport {
        RecordingTransport { request, _ in
            let page = query("page", of: request).flatMap(Int.init) ?? 1
            let pages = (total + size - 1) / size
            let items = Array(stride(from: (page - 1) * size + 1, through: min(total, page * size), by: 1))
            let fields = headers(page, pages).map { HTTPHeaderField(name: $0.0, value: $0.1) }
            return (HTTPResponse(statusCode: 200, headerFields: fields), try JSONEncoder().encode(items))
        }
    }

    static func pageNumbers(
        totalPages: Paging<[Int], Int>.TotalSource? = nil, nextPage: Paging<[Int], Int>.TotalSource? = nil
    ) -> Paging<[Int], Int> {
        Paging(
            style: .pageNumber(Parameter("page"), first: 1), size: PageSize(Parameter("per_page"), default: 10),
            items: { $0 }, totalPages: totalPages, nextPage: nextPage)
    }

    /// Every item of a walk over `paging`, and the page numbers the transport was asked for.
    static func walk(_ transport: RecordingTransport, _ paging: Paging<[Int], Int>) async throws -> (items: [Int], pages: [Int]) {
        let runtime = ClientRuntime(baseURL: baseURL, transport: transport)
        var items: [Int] = []
        for try await item in ItemSequence(runtime.loader(issues, paging: paging, size: 10)) { items.append(item) }
        return (items, transport.requests.map { query("page", of: $0).flatMap(Int.init) ?? 1 })
    }

    // MARK: Page counts and the next page in headers

    @Test func aPageCountInAHeaderEndsTheListOnAFullLastPage() async throws {
        let transport = Self.numbered(total: 30, size: 10) { _, pages in [("X-WP-Total", "30"), ("X-WP-TotalPages", String(pages))] }
        let walked = try await Self.walk(transport, Self.pageNumbers(totalPages: .header("X-WP-TotalPages")))
        #expect(walked.items == Array(1...30))
        #expect(walked.pages == [1, 2, 3], "no request past the third page, although it was full")

        let runtime = ClientRuntime(baseURL: Self.baseURL, transport: transport)
        let page = try await runtime.page(Self.issues, paging: Self.pageNumbers(totalPages: .header("X-WP-TotalPages")), at: .number(2))
            .get()
        #expect(page.totalPages == 3)
        #expect(page.next == .number(3))
    }

    @Test func theNextPageInAHeaderIsFollowedUntilItIsEmpty() async throws {
        let transport = Self.numbered(total: 30, size: 10) { page, pages in [("X-Next-Page", page < pages ? String(page + 1) : "")] }
        let walked = try await Self.walk(transport, Self.pageNumbers(nextPage: .header("X-Next-Page")))
        #expect(walked.items == Array(1...30))
        #expect(walked.pages == [1, 2, 3], "an empty X-Next-Page on a full page ends the list")
    }

    @Test func aMissingNextPageHeaderEndsTheList() async throws {
        let transport = Self.numbered(total: 30, size: 10) { page, _ in page == 1 ? [("X-Next-Page", "2")] : [] }
        let walked = try await Self.walk(transport, Self.pageNumbers(nextPage: .header("X-Next-Page")))
        #expect(walked.items == Array(1...20))
        #expect(walked.pages == [1, 2])
    }

    @Test func theNextPageTheServerNamesIsTheOneAskedFor() async throws {
        // A server that skips page 2 says so; the walk goes where it says.
        let transport = Self.numbered(total: 30, size: 10) { page, _ in page == 1 ? [("X-Next-Page", "3")] : [("X-Next-Page", "")] }
        let walked = try await Self.walk(transport, Self.pageNumbers(nextPage: .header("X-Next-Page")))
        #expect(walked.items == Array(1...10) + Array(21...30))
        #expect(walked.pages == [1, 3])
    }

    @Test(arguments: [
        ("X-Next-Page", "soon", "the X-Next-Page header 'soon' is not a page number"),
        ("X-Next-Page", "-2", "the X-Next-Page header '-2' is not a page number"),
        ("X-Total-Pages", "3.5", "the X-Total-Pages header '3.5' is not a number of pages"),
    ])
    func aHeaderThatIsNotACountFailsThePage(_ name: String, _ value: String, _ message: String) async throws {
        let transport = Self.numbered(total: 30, size: 10) { _, _ in [(name, value)] }
        let runtime = ClientRuntime(baseURL: Self.baseURL, transport: transport)
        let paging = Self.pageNumbers(totalPages: .header("X-Total-Pages"), nextPage: .header("X-Next-Page"))
        let result = await runtime.page(Self.issues, paging: paging, at: .number(1))
        guard case .failure(let error) = result, case .paging(let text) = error.kind else {
            Issue.record("expected a paging error, got \(result)")
            return
        }
        #expect(text == message)
        #expect(error.page == "issues, page 1")
        #expect(error.request?.url.absoluteString == "https://api.example.com/v4/issues?page=1&per_page=10")
    }

    @Test(arguments: ["2", "1"])
    func aNextPageThatDoesNotComeAfterThePageFailsInsteadOfLooping(_ value: String) async throws {
        // Page 2 names itself (or page 1) as the next one: a walk would go round forever.
        let transport = Self.numbered(total: 30, size: 10) { page, _ in [("X-Next-Page", page == 1 ? "2" : value)] }
        let paging = Self.pageNumbers(nextPage: .header("X-Next-Page"))
        let runtime = ClientRuntime(baseURL: Self.baseURL, transport: transport)
        var items: [Int] = []
        do throws(APIError) {
            for try await item in ItemSequence(runtime.loader(Self.issues, paging: paging, size: 10)) { items.append(item) }
            Issue.record("the walk should fail on page 2")
        } catch {
            guard case .paging(let message) = error.kind else {
                Issue.record("expected a paging error, got \(error)")
                return
            }
            #expect(message == "the X-Next-Page header '\(value)' names page \(value), which does not come after page 2")
        }
        #expect(items == Array(1...10))
        #expect(transport.requests.count == 2)
    }

    // MARK: The running count

    struct Listing: Decodable, Sendable {
        var after: String?
        var before: String?
        var children: [String]
    }

    /// A Reddit-like listing of `total` things named `t_1`…: `after` and `before` are
    /// the names of a page's last and first things.
    static func listing(total: Int) -> RecordingTransport {
        RecordingTransport { request, _ in
            let names = (1...total).map { "t_\($0)" }
            let size = query("limit", of: request).flatMap(Int.init) ?? 25
            var rows = 0..<min(total, size)
            if let after = query("after", of: request), let index = names.firstIndex(of: after) {
                rows = index + 1..<min(total, index + 1 + size)
            } else if let before = query("before", of: request), let index = names.firstIndex(of: before) {
                rows = max(0, index - size)..<index
            }
            let body: [String: Any] = [
                "after": rows.upperBound < total ? names[rows.upperBound - 1] : NSNull(),
                "before": rows.lowerBound > 0 ? names[rows.lowerBound] : NSNull(),
                "children": rows.map { names[$0] },
            ]
            return (HTTPResponse(statusCode: 200), try JSONSerialization.data(withJSONObject: body))
        }
    }

    static func counted(_ count: Parameter = Parameter("count")) -> Paging<Listing, String> {
        Paging(
            style: .cursor(
                Parameter("after"), next: .body { $0.after }, previousParameter: Parameter("before"), previous: .body { $0.before }),
            size: PageSize(Parameter("limit"), default: 25), items: { $0.children }, count: count)
    }

    @Test func aWalkSendsTheNumberOfItemsBeforeEachPage() async throws {
        let transport = Self.listing(total: 25)
        let runtime = ClientRuntime(baseURL: Self.baseURL, transport: transport)
        var pages: [Page<String>] = []
        for try await page in PageSequence(runtime.loader(Self.issues, paging: Self.counted(), size: 10)) { pages.append(page) }
        #expect(pages.map(\.items.count) == [10, 10, 5])
        #expect(pages.map(\.firstRow) == [0, 10, 20])
        #expect(transport.requests.map { Self.query("count", of: $0) } == [nil, "10", "20"])
        #expect(transport.requests.map { Self.query("after", of: $0) } == [nil, "t_10", "t_20"])
    }

    @Test func singleCallsCountForTheCursorsThisClientReadAndGoingBackCountsTheCursorsItem() async throws {
        let transport = Self.listing(total: 25)
        let runtime = ClientRuntime(baseURL: Self.baseURL, transport: transport)
        let first = try await runtime.page(Self.issues, paging: Self.counted(), at: .first, size: 10).get()
        let second = try await runtime.page(Self.issues, paging: Self.counted(), at: try #require(first.next), size: 10).get()
        #expect(second.firstRow == 10)
        // Back from the second page: `before=t_11`, and the items before t_11, plus one.
        let back = try await runtime.page(Self.issues, paging: Self.counted(), at: try #require(second.previous), size: 10).get()
        #expect(back.items.first == "t_1")
        #expect(back.firstRow == 0)
        let sent = transport.requests
        #expect(sent.map { Self.query("count", of: $0) } == [nil, "10", "11"])
        #expect(Self.query("before", of: sent[2]) == "t_11")
    }

    @Test func aCursorFromElsewhereOrFromAnotherListIsSentWithoutACount() async throws {
        let transport = Self.listing(total: 25)
        let runtime = ClientRuntime(baseURL: Self.baseURL, transport: transport)
        var parameters = RequestParameters()
        parameters.query = [("sort", "new")]
        let first = try await runtime.page(Self.issues, parameters, paging: Self.counted(), at: .first, size: 10).get()
        let next = try #require(first.next)
        // The same cursor, for the list with other parameters: its place there is unknown.
        let other = try await runtime.page(Self.issues, paging: Self.counted(), at: next, size: 10).get()
        #expect(other.firstRow == nil)
        // A cursor the app made up.
        _ = try await runtime.page(Self.issues, paging: Self.counted(), at: .after("t_3"), size: 10).get()
        #expect(transport.requests.map { Self.query("count", of: $0) } == [nil, nil, nil])
    }

    @Test func theCountGoesWhereItsParameterSaysInItsFormat() async throws {
        let transport = Self.listing(total: 25)
        let runtime = ClientRuntime(baseURL: Self.baseURL, transport: transport)
        let paging = Self.counted(Parameter("X-Seen", in: .header, format: "items={value}"))
        let first = try await runtime.page(Self.issues, paging: paging, at: .first, size: 10).get()
        _ = try await runtime.page(Self.issues, paging: paging, at: try #require(first.next), size: 10).get()
        #expect(transport.requests.map { $0.value(forHeader: "X-Seen") } == [nil, "items=10"])
        #expect(transport.requests.allSatisfy { Self.query("count", of: $0) == nil })
    }

    @Test func theMemoOfWherePagesAreKeepsItsNewestEntries() {
        let memo = PageRowMemo(capacity: 4)
        for index in 0..<5 {
            let page = Page(
                items: ["a", "b"], key: .after("c\(index)"), next: .after("c\(index + 1)"), previous: .before("p\(index)"),
                firstRow: 2 * index)
            memo.remember(neighboursOf: page, in: "GET /list")
        }
        #expect(memo.rows(before: .after("c5"), in: "GET /list") == 10)
        #expect(memo.rows(before: .before("p4"), in: "GET /list") == 8)
        #expect(memo.rows(before: .after("c4"), in: "GET /list") == 8)
        #expect(memo.rows(before: .after("c1"), in: "GET /list") == nil, "the oldest entries were dropped")
        #expect(memo.rows(before: .after("c5"), in: "GET /other") == nil)
    }
}
