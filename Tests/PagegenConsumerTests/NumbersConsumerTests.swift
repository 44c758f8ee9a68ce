import Foundation
import PagegenRuntime
import PagegenTestServer
import Testing

/// The numbers API: page numbers from 0, `per_page`, a total, and a window endpoint.
@Suite struct NumbersConsumerTests {
    static var all: [[String: Any]] {
        (0..<100).map { ["id": $0, "value": $0 * 10, "label": "number \($0)", "parity": $0 % 2 == 0 ? "even" : "odd"] as [String: Any] }
    }

    static func handler(_ request: TestRequest) -> TestResponse {
        switch request.path {
        case "/numbers":
            let page = request.intQuery("page_number") ?? 0
            let size = request.intQuery("per_page") ?? 30
            let items = slice(all, from: page * size, count: size)
            return .json(object: ["content": items, "page_number": page, "per_page": size, "total_elements": all.count])
        case "/numbers/window":
            let around = request.intQuery("around") ?? 0
            return .json(object: ["first_page": around / 30, "per_page": 30, "total_elements": all.count, "focus_index": around])
        default:
            return .json(#"{"error": "not found"}"#, status: 404)
        }
    }

    @Test func walksEveryPageOnceAndStopsAtTheTotal() async throws {
        try await withServer(Self.handler) { server in
            let client = NumbersAPI.Client(baseURL: server.baseURL)
            var values: [Int] = []
            for try await number in client.allNumbers(perPage: 7) {
                values.append(number.value)
            }
            #expect(values == (0..<100).map { $0 * 10 })
            // Pages after the next are fetched ahead in parallel: they may arrive in any order.
            let pages = await server.requests.compactMap { $0.intQuery("page_number") }
            #expect(pages.sorted() == Array(0..<15))
        }
    }

    @Test func pagesCarryTheTotalAndTheirNeighbours() async throws {
        try await withServer(Self.handler) { server in
            let client = NumbersAPI.Client(baseURL: server.baseURL)
            var pages: [Page<NumbersAPI.NumberItem>] = []
            for try await page in client.numbersPages(perPage: 40) { pages.append(page) }
            #expect(pages.map(\.items.count) == [40, 40, 20])
            #expect(pages.allSatisfy { $0.total == 100 })
            #expect(pages.map(\.key) == [.number(0), .number(1), .number(2)])
            #expect(pages.last?.next == nil)
            #expect(pages[1].previous == .number(0))
            #expect(pages.map(\.firstRow) == [0, 40, 80])
        }
    }

    @Test func onePageAsyncAndWithACompletionHandler() async throws {
        try await withServer(Self.handler) { server in
            let client = NumbersAPI.Client(baseURL: server.baseURL)
            let page = try await client.numbers(page: 2, perPage: 10).get()
            #expect(page.items.map(\.id) == Array(20..<30))
            #expect(page.items.first?.parity == .even)

            let viaCompletion: Result<Page<NumbersAPI.NumberItem>, APIError> = await withCheckedContinuation { continuation in
                client.numbers(page: 3, perPage: 10) { continuation.resume(returning: $0) }
            }
            #expect(try viaCompletion.get().items.map(\.id) == Array(30..<40))
        }
    }

    @Test func aSizeAboveTheMaximumFailsBeforeAnyRequest() async throws {
        try await withServer(Self.handler) { server in
            let client = NumbersAPI.Client(baseURL: server.baseURL)
            let result = await client.numbers(perPage: 500)
            guard case .failure(let error) = result, case .invalidRequest(let message) = error.kind else {
                Issue.record("expected an invalid request, got \(result)")
                return
            }
            #expect(message.contains("above the maximum of 200"))
            #expect(await server.requests.isEmpty)
        }
    }

    @Test func theWindowSaysWhereToStart() async throws {
        try await withServer(Self.handler) { server in
            let client = NumbersAPI.Client(baseURL: server.baseURL)
            let window = try await client.numbersWindow(around: 75).get()
            #expect(window.firstPage == 2)
            #expect(window.focusIndex == 75)
            let page = try await client.numbers(page: window.firstPage, perPage: window.perPage).get()
            #expect(page.items.contains { $0.id == 75 })
        }
    }

    @Test func unknownEnumValuesDoNotFailThePage() async throws {
        let body =
            #"{"content": [{"id": 1, "value": 1, "label": "one", "parity": "prime"}], "page_number": 0, "per_page": 30, "total_elements": 1}"#
        try await withServer({ _ in .json(body) }) { server in
            let page = try await NumbersAPI.Client(baseURL: server.baseURL).numbers().get()
            #expect(page.items.first?.parity == .unknown("prime"))
        }
    }

    @Test func aServerErrorSaysWhichRequestAndKeepsTheBody() async throws {
        try await withServer({ _ in .json(#"{"message": "maintenance"}"#, status: 503) }) { server in
            let result = await NumbersAPI.Client(baseURL: server.baseURL).numbers(page: 4)
            guard case .failure(let error) = result else {
                Issue.record("expected a failure")
                return
            }
            #expect(error.statusCode == 503)
            #expect(error.request?.url.absoluteString == server.baseURL.absoluteString + "/numbers?page_number=4&per_page=30")
            #expect(error.description.contains("maintenance"))
            #expect(error.page?.contains("page 4") == true)
        }
    }

    @Test func aBadBodyIsADecodingErrorWithItsPath() async throws {
        let body =
            #"{"content": [{"id": 1, "value": "ten", "label": "x", "parity": "odd"}], "page_number": 0, "per_page": 30, "total_elements": 1}"#
        try await withServer({ _ in .json(body) }) { server in
            let result = await NumbersAPI.Client(baseURL: server.baseURL).numbers()
            guard case .failure(let error) = result, case .decoding(let path, _) = error.kind else {
                Issue.record("expected a decoding error, got \(result)")
                return
            }
            #expect(path == "content[0].value")
        }
    }

    @Test func aFailedPageEndsTheSequenceAfterTheEarlierOnes() async throws {
        try await withServer({ request in
            request.intQuery("page_number") == 2 ? .json("{}", status: 500) : Self.handler(request)
        }) { server in
            var received = 0
            var failure: APIError?
            do {
                for try await _ in NumbersAPI.Client(baseURL: server.baseURL).allNumbers(perPage: 10) { received += 1 }
            } catch {
                failure = error as? APIError
            }
            #expect(received == 20)
            #expect(failure?.statusCode == 500)
        }
    }
}
