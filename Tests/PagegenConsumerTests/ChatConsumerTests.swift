import Foundation
import PagegenMock
import PagegenRuntime
import Testing

/// The generated client of specs/chat.pagegen.yaml (a channel's messages as Discord
/// serves them: newest first, `before`, `after`, `around` and `limit`) on pagegen-mock:
/// it opens at the newest messages, walks older pages to the end, and opens around a
/// message in the middle, loading both ways from it.
@Suite @MainActor struct ChatConsumerTests {
    /// The messages of the channel on the server.
    static let messages = 95
    static let channel = "1130"

    /// The messages as the server lists them, newest first, read with the sequence in pages of 100.
    func serverMessages(_ server: MockServer) async throws -> [String] {
        let still = ChatAPI.Client(baseURL: server.baseURL, token: "t", middlewares: [MockFaultHeaders(fault: "none")])
        return try await collect(still.allMessages(channelID: Self.channel, limit: 100)).map(\.id)
    }

    /// Starts a server for specs/chat.pagegen.yaml, runs `body`, and stops it whatever happens.
    func serve(faults: MockFaults = MockFaults(), _ body: (MockServer) async throws -> Void) async throws {
        try await withMockServer("chat", items: Self.messages, faults: faults, body)
    }

    /// The queries of the list requests the server answered, in order.
    func listQueries(_ server: MockServer) async -> [String] {
        await server.requests.filter { $0.endpoint == "messages" }.map(\.query)
    }

    @Test func theListOpensAtTheNewestMessagesInOneRequest() async throws {
        try await serve { server in
            let newest = try await serverMessages(server)
            let before = await listQueries(server).count
            let list = ChatAPI.Client(baseURL: server.baseURL, token: "t").messagesList(channelID: Self.channel, limit: 20)
            list.start()
            let waiter = PagedListConsumerTests()
            #expect(await waiter.waitUntil(list) { list.count >= 20 && (0..<20).allSatisfy { list[$0].item != nil } })
            let queries = await listQueries(server).dropFirst(before)
            #expect(queries.first == "limit=20", "the first screen is one request, with no cursor")
            #expect((0..<20).compactMap { list[$0].item?.id } == Array(newest.prefix(20)))
        }
    }

    @Test func theSequenceWalksOlderPagesToTheEnd() async throws {
        try await serve { server in
            let newest = try await serverMessages(server)
            #expect(newest.count == Self.messages)
            let client = ChatAPI.Client(baseURL: server.baseURL, token: "t")
            var pages: [[ChatAPI.Message]] = []
            for try await page in client.messagesPages(channelID: Self.channel, limit: 20) { pages.append(page.items) }
            let walked = pages.flatMap { $0 }.map(\.id)
            let times = pages.flatMap { $0 }.map(\.timestamp)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 > $1 }, "each message posted before the one above it")
            #expect(walked.count - Set(walked).count == 0, "duplicates")
            #expect(Set(newest).subtracting(walked).isEmpty, "missed")
            #expect(walked == newest, "newest first, in the server's order")
            #expect(pages.map(\.count) == [20, 20, 20, 20, 15], "the short page ends the walk")
            let queries = await listQueries(server).suffix(5)
            #expect(queries.first == "limit=20")
            #expect(queries.dropFirst().allSatisfy { $0.hasPrefix("before=") && !$0.contains("after=") && !$0.contains("around=") })
        }
    }

    @Test func theOnePageFunctionOpensAroundAMessage() async throws {
        try await serve { server in
            let newest = try await serverMessages(server)
            let client = ChatAPI.Client(baseURL: server.baseURL, token: "t")
            let middle = newest[50]
            let loader = client.messagesLoader(channelID: Self.channel, limit: 20, around: middle)
            #expect(loader.firstKey == .around(middle))
            let page = try await loader.load(loader.firstKey).get()
            #expect(page.items.map(\.id) == Array(newest[40..<60]), "the page centred on the message")
            #expect(page.next == .after(newest[59]))
            #expect(page.previous == .before(newest[40]))
            #expect(await listQueries(server).last == "around=\(middle)&limit=20")

            let older = try await loader.load(try #require(page.next)).get()
            #expect(older.items.map(\.id) == Array(newest[60..<80]))
            let newer = try await loader.load(try #require(page.previous)).get()
            #expect(newer.items.map(\.id) == Array(newest[20..<40]))
            #expect(await listQueries(server).suffix(2) == ["before=\(newest[59])&limit=20", "after=\(newest[40])&limit=20"])
        }
    }
}
