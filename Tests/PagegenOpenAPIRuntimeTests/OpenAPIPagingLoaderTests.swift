import Foundation
import HTTPTypes
import OpenAPIRuntime
@_spi(Generated) import PagegenRuntime
import Testing

@testable @_spi(Generated) import PagegenOpenAPIRuntime

/// The loader the extensions build, over an operation of its own: what swift-openapi-
/// generator's `Output` looks like (a case per documented answer, and `.undocumented`),
/// called without a network.
@Suite struct OpenAPIPagingLoaderTests {
    struct Body: Codable, Hashable, Sendable {
        var items: [Int]
        var total: Int?
        var next: String?
    }

    struct NotFoundBody: Codable, Hashable, Sendable {
        var message: String
    }

    enum Output: Sendable, Hashable {
        case ok(Body)
        case notFound(body: NotFoundBody)
        case undocumented(statusCode: Int, UndocumentedPayload)
    }

    /// The inputs the fake operation was called with, in order.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var offsets: [Int?] = []
        func record(_ offset: Int?) { lock.withLock { offsets.append(offset) } }
        var all: [Int?] { lock.withLock { offsets } }
    }

    static let serverURL = URL(string: "https://api.example.com/v1")!

    /// An offset list of `count` numbers in pages of `size`, with its total.
    static func offsetLoader(count: Int, size: Int, calls: Calls, answer: (@Sendable (Int) -> Output)? = nil) -> PageLoader<Int> {
        let paging = Paging<Output, Int>(
            style: .offset(Parameter("offset"), first: 0),
            size: PageSize(Parameter("limit"), default: 20, maximum: 100),
            items: { output in if case .ok(let body) = output { body.items } else { nil } },
            total: .body({ output in if case .ok(let body) = output { body.total } else { nil } }))
        return OpenAPIPaging.loader(
            operation: "listNumbers", paging: paging, pageSize: size, serverURL: serverURL, identity: { $0 }
        ) { key in
            guard case .offset(let offset) = key else { throw APIError(.paging("unexpected key \(key)")) }
            calls.record(offset)
            if let answer { return answer(offset) }
            return .ok(Body(items: Array(offset..<min(offset + size, count)), total: count))
        } failure: { output in
            switch output {
            case .ok: return nil
            case .notFound(let body): return await OpenAPIPaging.failure(status: 404, response: Response(body: .json(body)))
            case .undocumented(let status, let payload): return await OpenAPIPaging.failure(status: status, undocumented: payload)
            }
        }
    }

    /// A generated response: a `body` whose case holds the payload.
    struct Response: Sendable {
        enum Body: Sendable { case json(NotFoundBody) }
        var body: Body
    }

    @Test func everyItemOnceInOrderWithPagesFetchedAheadUpToTheTotal() async throws {
        let calls = Calls()
        var items: [Int] = []
        for try await item in ItemSequence(Self.offsetLoader(count: 95, size: 20, calls: calls)) { items.append(item) }
        #expect(items == Array(0..<95))
        #expect(calls.all.compactMap { $0 }.sorted() == [0, 20, 40, 60, 80], "never past the total")
    }

    @Test func aDocumentedAnswerThatIsNotThePageFailsWithItsStatusAndBody() async throws {
        let calls = Calls()
        let loader = Self.offsetLoader(count: 95, size: 20, calls: calls) { offset in
            offset == 0 ? .ok(Body(items: Array(0..<20), total: 95)) : .notFound(body: NotFoundBody(message: "gone"))
        }
        var seen: [Int] = []
        do {
            for try await item in ItemSequence(loader) { seen.append(item) }
            Issue.record("the second page should fail")
        } catch {
            #expect(error.statusCode == 404)
            if case .httpStatus(_, let body) = error.kind {
                #expect(String(decoding: body, as: UTF8.self) == #"{"message":"gone"}"#)
            }
            #expect(error.page == "listNumbers, offset 20")
            #expect(error.resumePoint?.key == .offset(20))
        }
        #expect(seen == Array(0..<20))
    }

    @Test func anUndocumentedAnswerKeepsItsBody() async throws {
        let loader = Self.offsetLoader(count: 10, size: 20, calls: Calls()) { _ in
            .undocumented(statusCode: 503, UndocumentedPayload(body: HTTPBody("try later")))
        }
        let result = await loader.load(.offset(0))
        guard case .failure(let error) = result else {
            Issue.record("the page should fail")
            return
        }
        #expect(error.statusCode == 503)
        if case .httpStatus(_, let body) = error.kind { #expect(String(decoding: body, as: UTF8.self) == "try later") }
    }

    @Test func aSizeAboveTheMaximumFailsBeforeTheCall() async {
        let calls = Calls()
        let result = await Self.offsetLoader(count: 10, size: 500, calls: calls).load(.offset(0))
        guard case .failure(let error) = result, case .invalidRequest(let reason) = error.kind else {
            Issue.record("a size of 500 should be refused")
            return
        }
        #expect(reason == "page size 500 is above the maximum of 100")
        #expect(calls.all.isEmpty)
    }

    @Test func theClientsErrorsBecomePagegensErrors() {
        let decoding = DecodingError.keyNotFound(
            AnyKey("total"), DecodingError.Context(codingPath: [AnyKey("meta")], debugDescription: "No value"))
        let request = HTTPTypes.HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/numbers?offset=20")
        func clientError(_ cause: any Error) -> ClientError {
            ClientError(
                operationID: "listNumbers", operationInput: "", request: request, requestBody: nil, baseURL: Self.serverURL,
                response: nil, responseBody: nil, causeDescription: "", underlyingError: cause)
        }
        let decoded = OpenAPIPaging.error(thrown: clientError(decoding), page: "listNumbers, offset 20", request: nil)
        guard case .decoding(let path, let message) = decoded.kind else {
            Issue.record("a decoding error should stay one: \(decoded)")
            return
        }
        #expect(path == "meta")
        #expect(message.hasPrefix("missing key 'total'"))
        #expect(decoded.request?.url.absoluteString == "https://api.example.com/v1/numbers?offset=20")
        #expect(OpenAPIPaging.error(thrown: clientError(CancellationError()), page: "p", request: nil).isCancelled)
        let timedOut = OpenAPIPaging.error(thrown: clientError(URLError(.timedOut)), page: "p", request: nil)
        guard case .transport = timedOut.kind else {
            Issue.record("a timeout is a transport error: \(timedOut)")
            return
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A page read from a header field: the generated headers hold the ones the document
/// declares; only the middleware sees the others.
@Suite struct ResponseHeaderTests {
    enum Output: Sendable { case ok([String], link: String?) }

    static func linkLoader(declared: Bool) -> PageLoader<String> {
        let paging = Paging<Output, String>(
            style: .link(next: .linkHeader), items: { output in if case .ok(let items, _) = output { items } else { nil } })
        return OpenAPIPaging.loader(
            operation: "listNames", paging: paging, pageSize: 0, serverURL: URL(string: "https://api.example.com")!,
            undeclaredHeaders: declared ? [] : ["Link"],
            declaredHeaders: { output in
                guard declared, case .ok(_, let link) = output else { return [] }
                return [("Link", link)]
            }
        ) { key in
            key == .first ? .ok(["a", "b"], link: "<https://api.example.com/names?page=2>; rel=\"next\"") : .ok(["c"], link: nil)
        } failure: { _ in
            nil
        }
    }

    @Test func aDeclaredLinkHeaderIsReadFromTheGeneratedHeaders() async throws {
        var names: [String] = []
        for try await name in ItemSequence(Self.linkLoader(declared: true)) { names.append(name) }
        #expect(names == ["a", "b", "c"])
    }

    @Test func anUndeclaredOneWithoutTheMiddlewareSaysToAddIt() async {
        let result = await Self.linkLoader(declared: false).load(.first)
        guard case .failure(let error) = result else {
            Issue.record("the page should fail")
            return
        }
        #expect(
            error.description
                == "listNames, first page: paging error: the page is read from the Link header, which the document does not declare: add PagingResponseMiddleware() to the client's middlewares"
        )
    }

    @Test func theMiddlewareRecordsOnlyThePagingExtensionsCalls() async throws {
        let middleware = PagingResponseMiddleware()
        let request = HTTPTypes.HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/names?page=2")
        let next: @Sendable (HTTPTypes.HTTPRequest, HTTPBody?, URL) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?) = { _, _, _ in
            var response = HTTPTypes.HTTPResponse(status: .ok)
            response.headerFields[.init("Link")!] = "<https://api.example.com/names?page=3>; rel=\"next\""
            return (response, nil)
        }
        let base = URL(string: "https://api.example.com/v1")!
        // Outside a page load: passed through, nothing kept.
        _ = try await middleware.intercept(request, body: nil, baseURL: base, operationID: "listNames", next: next)
        let exchange = CapturedExchange()
        _ = try await CapturedExchange.$current.withValue(exchange) {
            try await middleware.intercept(request, body: nil, baseURL: base, operationID: "listNames", next: next)
        }
        #expect(exchange.request?.url.absoluteString == "https://api.example.com/v1/names?page=2")
        #expect(exchange.response?.value(forHeader: "Link") == "<https://api.example.com/names?page=3>; rel=\"next\"")
    }
}

/// The text that names a list in a store: the same for the same input, whatever order a
/// dictionary or a set keeps, and another for another value.
@Suite struct ListInputTextTests {
    struct Input: Sendable {
        struct Query: Sendable {
            var sort: String?
            var limit: Int?
            var tags: Set<String>
            var filters: [String: String]
        }
        var query: Query
        var accept: [String]
    }

    static func input(sort: String?, filters: [String: String]) -> Input {
        Input(query: .init(sort: sort, limit: 50, tags: ["b", "a", "c"], filters: filters), accept: ["application/json"])
    }

    @Test func theSameInputGivesTheSameTextAndAnotherValueAnother() {
        let filters = Dictionary(uniqueKeysWithValues: (0..<20).map { ("key\($0)", "value\($0)") })
        let text = ListInputText.text(of: Self.input(sort: "name", filters: filters))
        // The same entries inserted in another order: a dictionary of another layout.
        var reversed: [String: String] = [:]
        for (key, value) in filters.sorted(by: { $0.key > $1.key }) { reversed[key] = value }
        #expect(ListInputText.text(of: Self.input(sort: "name", filters: reversed)) == text)
        #expect(text.contains(#"sort: "name""#) && text.contains("limit: 50") && text.contains(#"["a", "b", "c"]"#), "\(text)")
        #expect(ListInputText.text(of: Self.input(sort: nil, filters: filters)) != text)
        #expect(ListInputText.text(of: Self.input(sort: "name", filters: ["key0": "other"])) != text)
    }
}

/// The date transcoder for swift-openapi-generator clients: what `.iso8601` reads and
/// writes, and a clear error for what is no date.
@Suite struct ISO8601TranscoderTests {
    @Test func readsAndWritesWhatTheRuntimesTranscoderDoes() throws {
        let ours = ISO8601Transcoder()
        let theirs = ISO8601DateTranscoder.iso8601
        for text in ["2024-08-14T15:14:26Z", "1999-12-31T23:59:59+02:00", "2030-01-01T00:00:00-05:30"] {
            #expect(try ours.decode(text) == theirs.decode(text), "\(text)")
        }
        let date = Date(timeIntervalSince1970: 1_723_648_466)
        #expect(try ours.encode(date) == theirs.encode(date))
        #expect(try ours.decode("2024-08-14T15:14:26.250Z").timeIntervalSince1970 == 1_723_648_466.25)
        #expect(throws: DecodingError.self) { try ours.decode("yesterday") }
    }
}
