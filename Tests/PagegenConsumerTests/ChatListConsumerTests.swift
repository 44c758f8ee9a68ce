import Foundation
import PagegenMock
import PagegenRuntime
import Testing

/// The list adapter over the generated chat client (specs/chat.pagegen.yaml) on
/// pagegen-mock: opened around a message, it focuses that message and loads both ways
/// from it; opened at the newest with the first page at the bottom, it loads older
/// messages as the user scrolls up while the server adds messages, and the newer ones
/// when asked, the content on screen kept still.
@Suite @MainActor struct ChatListConsumerTests {
    let chat = ChatConsumerTests()

    /// The ids of the loaded rows, in row order.
    func loadedIDs(_ list: PagedList<ChatAPI.Message>) -> [String] {
        (0..<list.count).compactMap { list[$0].item?.id }
    }

    /// Shows the `rows` at the top or the bottom of the list, as the list grows, until
    /// `done` holds.
    func scroll(
        _ list: PagedList<ChatAPI.Message>, toTop: Bool, until done: @escaping @MainActor () -> Bool
    ) async -> Bool {
        await PagedListConsumerTests().waitUntil(list) {
            let rows = toTop ? 0..<min(12, list.count) : max(0, list.count - 12)..<list.count
            if list.visibleRows != rows { list.setVisibleRows(rows) }
            return done()
        }
    }

    @Test func theListOpensAroundAMessageFocusedOnItAndLoadsBothWays() async throws {
        try await chat.serve { server in
            let newest = try await chat.serverMessages(server)
            let middle = newest[50]
            let before = await chat.listQueries(server).count
            let list = ChatAPI.Client(baseURL: server.baseURL, token: "t").messagesList(
                channelID: ChatConsumerTests.channel, limit: 20, around: middle)
            list.start()
            let waiter = PagedListConsumerTests()
            #expect(await waiter.waitUntil(list) { list.focusRow != nil && list.row(ofItem: middle) != nil })
            let focus = try #require(list.focusRow)
            #expect(list[focus].item?.id == middle, "the focus row is the message the list opened at")
            #expect(list.anchorRow == focus)
            #expect(await chat.listQueries(server).dropFirst(before).first == "around=\(middle)&limit=20", "one request opens it")

            #expect(await scroll(list, toTop: true) { list.count > 0 && list[0].item?.id == newest[0] && !list.loadStates.isLoading })
            #expect(
                await scroll(list, toTop: false) {
                    list.count > 0 && list[list.count - 1].item?.id == newest.last && !list.loadStates.isLoading
                })
            let ids = loadedIDs(list)
            #expect(ids.count - Set(ids).count == 0, "duplicates")
            #expect(Set(newest).subtracting(ids).isEmpty, "missed")
            #expect(ids == newest, "the server's order")
            let queries = await chat.listQueries(server).dropFirst(before)
            #expect(queries.filter { $0.contains("around=") }.count == 1)
        }
    }

    /// The screen of a table view over `list` that keeps its content still: its top row
    /// follows every change's anchor.
    @MainActor final class Screen {
        let list: PagedList<ChatAPI.Message>
        var top = 0
        /// Reports after which a message was on two rows.
        var duplicateSteps = 0

        init(_ list: PagedList<ChatAPI.Message>) {
            self.list = list
            list.onChange = { [unowned self] change in self.received(change) }
        }

        func received(_ change: ListChange) {
            if let anchor = change.anchor { top += anchor.after - anchor.before }
            let ids = (0..<list.count).compactMap { list[$0].item?.id }
            if Set(ids).count != ids.count { duplicateSteps += 1 }
        }

        /// The rows on screen.
        var rows: Range<Int> { max(0, min(top, list.count - 12))..<max(0, min(top + 12, list.count)) }

        /// Puts row `row` at the top of the screen and waits until every row on it holds its item.
        func show(_ row: Int) async -> Bool {
            top = row
            return await PagedListConsumerTests().waitUntil(list) {
                if list.visibleRows != rows { list.setVisibleRows(rows) }
                return !list.loadStates.isLoading && !rows.isEmpty && rows.allSatisfy { list[$0].item != nil }
            }
        }
    }

    @Test func aChatScrolledUpWhileMessagesArriveLoadsTheNewerOnesWithTheScreenStill() async throws {
        // The server's list grows by a request of another client, between the list's
        // requests, never during a check: what a check brings is known.
        try await chat.serve { server in
            let oldest = try #require(try await chat.serverMessages(server).last)
            // Someone else in the channel: each message posted arrives at the newest end.
            let poster = ChatAPI.Client(baseURL: server.baseURL, token: "t", middlewares: [MockFaultHeaders(fault: "drift=1")])
            var posted = 0
            func post() async throws {
                _ = try await poster.messages(channelID: ChatConsumerTests.channel, limit: 1).get()
                posted += 1
            }
            let list = ChatAPI.Client(baseURL: server.baseURL, token: "t").messagesList(
                channelID: ChatConsumerTests.channel, limit: 20, options: PagedListOptions(order: .firstPageAtBottom))
            let screen = Screen(list)
            let waiter = PagedListConsumerTests()
            list.start()
            #expect(await waiter.waitUntil(list) { list.count >= 12 })
            // The newest message is at the bottom; the user scrolls up to the oldest.
            #expect(await screen.show(list.count - 12))
            var screens = 0
            while list[0].item?.id != oldest, screens < 40 {
                try await post()
                #expect(await screen.show(max(0, screen.top - 12)))
                screens += 1
            }
            #expect(list[0].item?.id == oldest, "scrolled up to the oldest message")
            #expect(posted >= 3, "messages arrived while the user scrolled up")

            // Far from the newest end, the newer messages wait, counted; shown, the screen stays still.
            list.loadNewerItems()
            #expect(await waiter.waitUntil(list) { list.newerItemCount > 0 && !list.loadStates.isLoading })
            let held = list.newerItemCount
            #expect(held == posted, "every message posted while the user read older ones")
            let topID = list[screen.top].item?.id
            let countBefore = list.count
            list.showNewerItems()
            #expect(list.newerItemCount == 0)
            #expect(list.count == countBefore + held)
            #expect(list[screen.top].item?.id == topID, "the content on screen kept still")

            // At the newest end, newer messages show at once.
            try await post()
            try await post()
            #expect(await screen.show(list.count - 12))
            list.loadNewerItems()
            #expect(await waiter.waitUntil(list) { !list.loadStates.isLoading && list.newerItemCount == 0 })
            #expect(await screen.show(list.count - 12))

            let final = try await chat.serverMessages(server)
            let ids = loadedIDs(list)
            #expect(screen.duplicateSteps == 0, "reports after which a message showed on two rows")
            #expect(ids.count - Set(ids).count == 0, "duplicates")
            #expect(Set(final).subtracting(ids).isEmpty, "missed")
            #expect(ids == final.reversed(), "oldest at the top, newest at the bottom")
        }
    }

    @Test func eachCheckForNewerMessagesAsksFromTheNewestMessageTheListHas() async throws {
        try await chat.serve { server in
            let poster = ChatAPI.Client(baseURL: server.baseURL, token: "t", middlewares: [MockFaultHeaders(fault: "drift=1")])
            let list = ChatAPI.Client(baseURL: server.baseURL, token: "t").messagesList(
                channelID: ChatConsumerTests.channel, limit: 20, options: PagedListOptions(order: .firstPageAtBottom))
            let screen = Screen(list)
            let waiter = PagedListConsumerTests()
            list.start()
            #expect(await waiter.waitUntil(list) { list.count >= 12 })
            // The user reads older messages, far from the newest: what a check brings waits.
            #expect(await screen.show(0))
            var asked: [String] = []
            for _ in 0..<3 {
                // One new message: the check's page is short, which ends the list upward for
                // now (`shortPageEnds`), and has no previous key.
                _ = try await poster.messages(channelID: ChatConsumerTests.channel, limit: 1).get()
                let before = await chat.listQueries(server).count
                list.loadNewerItems()
                #expect(await waiter.waitUntil(list) { !list.loadStates.isLoading })
                asked += await chat.listQueries(server).dropFirst(before).filter { $0.contains("after=") }
            }
            #expect(list.newerItemCount == 3, "each new message fetched once, waiting")
            #expect(asked.count == 3 && Set(asked).count == 3, "each check asks from the newest message the list has: \(asked)")
        }
    }
}
