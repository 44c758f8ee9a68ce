import Foundation
import PagegenMock
import PagegenRuntime
import Testing

/// A generated list read over HTTP while `pagegen-mock` inserts items at the top of the
/// server's list before every answer (offset drift): each item shows once, none of those
/// there from the start is skipped, and a refresh mid-list leaves the row the user reads
/// where it was.
@Suite @MainActor struct ChangingListConsumerTests {
    /// The screen of a table view that keeps the anchor row still: its top row follows
    /// every change's anchor.
    final class Screen {
        var top = 0
    }

    /// The ids of the loaded rows, in row order.
    func loadedIDs(_ list: PagedList<ArticlesAPI.Article>) -> [Int] {
        (0..<list.count).compactMap { list[$0].item?.id }
    }

    @Test func readingDownADriftingListShowsEachItemOnceAndARefreshKeepsTheAnchor() async throws {
        let items = 400
        let server = try await MockServer.start(
            specFile: MockSpecs.path("articles"), options: MockOptions(items: items, faults: MockFaults(drift: 2)))
        do {
            try await read(server, items: items)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    func read(_ server: MockServer, items: Int) async throws {
        let list = ArticlesAPI.Client(baseURL: server.baseURL).articlesList(limit: 20)
        let screen = Screen()
        list.onChange = { change in
            if let anchor = change.anchor { screen.top += anchor.after - anchor.before }
        }
        let waiter = PagedListConsumerTests()
        var seen = Set<Int>()
        var duplicates = 0
        /// Shows rows `top..<top + 12` and waits until every one holds its item.
        func show(_ top: Int) async -> Bool {
            screen.top = top
            list.setVisibleRows(top..<top + 12)
            let loaded = await waiter.waitUntil(list) {
                let rows = screen.top..<screen.top + 12
                if list.visibleRows != rows { list.setVisibleRows(rows) }
                return rows.allSatisfy { $0 < list.count && list[$0].item != nil }
            }
            let ids = loadedIDs(list)
            if Set(ids).count != ids.count { duplicates += 1 }
            for row in screen.top..<screen.top + 12 { if let id = list[row].item?.id { seen.insert(id) } }
            return loaded
        }

        list.start()
        #expect(await waiter.waitUntil(list) { list.count > 0 })
        #expect(await show(0))
        for _ in 0..<16 {
            #expect(await show(screen.top + 12))
        }
        #expect(duplicates == 0, "no item shows on two rows")
        // The items there from the start (ids 1…items) come in order below the new ones:
        // every one between the first and the last read was read.
        let read = seen.filter { $0 <= items }
        let missed = (1...(read.max() ?? 0)).filter { !seen.contains($0) }
        #expect(missed == [], "items present throughout that the reader never saw")
        #expect(read.count >= 150)

        // Refresh mid-list: the server inserted more above; the row the user reads stays.
        let anchorRow = try #require(list.anchorRow)
        let anchorID = try #require(list[anchorRow].item?.id)
        screen.top = anchorRow
        list.refresh()
        let refreshed = await waiter.waitUntil(list) {
            !list.loadStates.refresh.isLoading && (screen.top..<screen.top + 12).allSatisfy { list[$0].item != nil }
        }
        #expect(refreshed)
        #expect(list[screen.top].item?.id == anchorID, "the anchor item is on the row the screen kept")
        #expect(list.anchorRow == screen.top)
        let ids = loadedIDs(list)
        #expect(Set(ids).count == ids.count, "no item shows on two rows after the refresh")
        let requests = await server.requests
        #expect(!requests.isEmpty && requests.allSatisfy { $0.faults.contains("drift") }, "every answer came after items were inserted")
        #expect(screen.top > anchorRow, "what the server inserted during the refresh came as rows above the anchor")
    }
}
