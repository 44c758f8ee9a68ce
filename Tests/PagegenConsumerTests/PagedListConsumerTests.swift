import Foundation
import PagegenMock
import PagegenRuntime
import PagegenTestServer
import Testing

/// The generated `…List` factories drive a PagedList over real HTTP.
@Suite @MainActor struct PagedListConsumerTests {
    /// Starts a server, runs `body` on the main actor, and stops the server.
    func withListServer(
        _ handler: @escaping @Sendable (TestRequest) async -> TestResponse,
        _ body: @MainActor (TestServer) async throws -> Void
    ) async throws {
        try await withServer(handler, body)
    }

    /// Waits until `condition` holds, looking every 5 ms (at most `timeout`). The timeout is generous: it only
    /// matters when the test fails, and the whole suite on a 2-core machine can hold
    /// every thread for seconds with synchronous generator tests.
    func waitUntil<Item>(_ list: PagedList<Item>, timeout: Duration = .seconds(120), _ condition: @MainActor () -> Bool) async -> Bool {
        if condition() { return true }
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
            if condition() { return true }
        }
        return false
    }

    @Test func aListWithATotalHasPlaceholdersAndFillsAroundTheVisibleRows() async throws {
        try await withListServer(NumbersConsumerTests.handler) { server in
            let list = NumbersAPI.Client(baseURL: server.baseURL).numbersList(perPage: 10)
            list.start()
            #expect(await waitUntil(list) { list.count == 100 && list[0].item != nil })
            #expect(list[99].item == nil)
            list.setVisibleRows(60..<72)
            #expect(await waitUntil(list) { (60..<72).allSatisfy { list[$0].item != nil } })
            #expect(list[65].item?.value == 650)
            let pages = await server.requests.compactMap { $0.intQuery("page_number") }
            #expect(Set(pages).count == pages.count, "no page is requested twice: \(pages)")
        }
    }

    @Test func aWindowEndpointSaysWhereTheListStarts() async throws {
        try await withListServer(NumbersConsumerTests.handler) { server in
            let list = NumbersAPI.Client(baseURL: server.baseURL).numbersWindowList(around: 75)
            list.startFromWindow()
            #expect(await waitUntil(list) { list.focusRow == 75 && list[75].item != nil })
            #expect(list.count == 100)
            #expect(list[75].item?.id == 75)
            let requests = await server.requests
            #expect(requests.first?.path == "/numbers/window")
            #expect(requests.dropFirst().first?.intQuery("page_number") == 2)
        }
    }

    @Test func startingInTheMiddleSendsOneRequestBeforeContent() async throws {
        try await withListServer(NumbersConsumerTests.handler) { server in
            let list = NumbersAPI.Client(baseURL: server.baseURL).numbersList(perPage: 10)
            list.start(atRow: 57)
            #expect(await waitUntil(list) { list[57].item != nil })
            #expect(await server.requests.first?.intQuery("page_number") == 5)
        }
    }

    @Test func aCursorListEndsWithALoadingRowUntilTheEnd() async throws {
        try await withListServer({ request in
            let cursor = Int(request.query("cursor") ?? "0") ?? 0
            let next = cursor < 2 ? String(cursor + 1) : ""
            return .json(object: [
                "ok": true, "channels": (0..<5).map { ["id": "C\(cursor * 5 + $0)"] }, "response_metadata": ["next_cursor": next],
            ])
        }) { server in
            let list = SlackAPI.Client(baseURL: server.baseURL).conversationsList(limit: 5)
            list.start()
            #expect(await waitUntil(list) { list.count == 6 })
            if case .loading = list[5] {} else { Issue.record("the last row is the loading row, not \(list[5])") }
            list.setVisibleRows(0..<6)
            #expect(await waitUntil(list) { list.count == 15 && list[14].item?.id == "C14" })
        }
    }

    @Test func aFailedPageIsRetried() async throws {
        let failures = FailOnce()
        try await withListServer({ request in
            if request.intQuery("page_number") == 1, await failures.shouldFail() { return .json("{}", status: 500) }
            return NumbersConsumerTests.handler(request)
        }) { server in
            let list = NumbersAPI.Client(baseURL: server.baseURL).numbersList(perPage: 10)
            list.start()
            list.setVisibleRows(8..<20)
            #expect(
                await waitUntil(list) {
                    if case .failed(let error) = list[15] { return error.statusCode == 500 }
                    return false
                })
            #expect(list[5].item != nil)
            list.retry()
            #expect(await waitUntil(list) { list[15].item?.id == 15 })
        }
    }
}

/// Fails the first call only.
actor FailOnce {
    private var failed = false
    func shouldFail() -> Bool {
        defer { failed = true }
        return !failed
    }
}

/// What the README shows: a generated list scrolled against `pagegen-mock`.
@Suite @MainActor struct PagedListMockTests {
    @Test func scrollingAGeneratedListAgainstTheMockServer() async throws {
        let server = try await MockServer.start(specFile: MockSpecs.path("numbers"), options: testOptions(items: 10_000))
        let client = NumbersAPI.Client(baseURL: server.baseURL)
        let list = client.numbersWindowList(around: 5_000)
        list.startFromWindow()
        var visible = 5_000..<5_012
        var loaded = await PagedListConsumerTests().waitUntil(list) {
            list.focusRow == 5_000 && visible.allSatisfy { list[$0].item != nil }
        }
        #expect(loaded)
        #expect(list.count == 10_000)
        // Scroll down a screen at a time, telling the list what is on screen.
        for _ in 0..<20 {
            visible = visible.upperBound..<visible.upperBound + 12
            list.setVisibleRows(visible)
            loaded = await PagedListConsumerTests().waitUntil(list) { visible.allSatisfy { list[$0].item != nil } }
            #expect(loaded)
        }
        #expect(list[visible.lowerBound].item?.id == visible.lowerBound + 1)
        let requests = await server.requests
        await server.stop()
        #expect(requests.first?.path.hasSuffix("/numbers/window") == true)
        #expect(requests.count < 20)
    }
}
