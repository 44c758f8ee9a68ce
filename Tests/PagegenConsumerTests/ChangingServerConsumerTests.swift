import Foundation
import PagegenMock
import PagegenRuntime
import Testing

/// Generated lists read over HTTP while `pagegen-mock` inserts items at the top,
/// removes items and edits items before every list answer (`drift`, `remove`, `edit`),
/// with offsets, page numbers and cursors. The user reads down the list, thumbs ahead
/// and refreshes mid-list; at every step no item shows on two rows, the change
/// reports applied to a plain array give the list's rows, and after every refresh
/// the item the user reads is on the same screen row. At the end, every item present
/// on the server throughout that lies within a stretch the user read was seen, in
/// the server's order.
@Suite @MainActor struct ChangingServerConsumerTests {
    /// The changes the server makes before every list answer.
    static let faults = MockFaults(drift: 1, remove: 2, removeLimit: 1000, edit: 2, editLimit: 1000)
    /// The server's items at the start.
    static let items = 300
    /// Rows on one screen.
    static let screen = 12

    /// A user of a list with a table view: keeps a copy of the rows that follows the
    /// change reports, and a screen whose top row follows every report's anchor.
    @MainActor final class Reader<Item: Sendable> {
        let list: PagedList<Item>
        let id: (Item) -> String
        /// The top row of the screen.
        var top = 0
        /// The rows as the reports say, one text per row (the item's id, or the row's kind).
        var copy: [String] = []
        var reports = 0
        /// Reports after which the copy differed from the list.
        var wrongReports: [String] = []
        /// Reports after which an item was on two rows.
        var duplicateSteps: [String] = []
        /// Ids seen on screen, one array per stretch read without a jump.
        var stretches: [[String]] = [[]]

        init(_ list: PagedList<Item>, id: @escaping (Item) -> String) {
            self.list = list
            self.id = id
            list.onChange = { [unowned self] change in self.received(change) }
        }

        /// A row as the copy holds it: the item's id, or what the row is (rows other than
        /// items are identified by position, so their identifier is not compared).
        func text(_ row: Int) -> String {
            switch list[row] {
            case .item(let item): "item \(id(item))"
            case let other: "\(other)".prefix { $0 != "(" }.description
            }
        }

        var rows: [String] { (0..<list.count).map(text) }

        var loadedIDs: [String] { (0..<list.count).compactMap { list[$0].item.map(id) } }

        func received(_ change: ListChange) {
            reports += 1
            if copy.count == change.countBefore {
                change.apply(to: &copy, element: text)
                if copy != rows {
                    wrongReports.append(change.description)
                    copy = rows
                }
            } else {
                wrongReports.append("\(change.description), from \(copy.count) rows")
                copy = rows
            }
            if let anchor = change.anchor { top += anchor.after - anchor.before }
            let ids = loadedIDs
            if Set(ids).count != ids.count { duplicateSteps.append(change.description) }
        }

        /// The rows on screen.
        var screenRows: Range<Int> { max(0, min(top, list.count - 1))..<max(0, min(top + screen, list.count)) }

        /// Puts row `row` at the top of the screen and waits until every row on it holds its item.
        func show(_ row: Int) async -> Bool {
            top = row
            list.setVisibleRows(screenRows)
            let loaded = await PagedListConsumerTests().waitUntil(list, timeout: .seconds(300)) {
                if list.visibleRows != screenRows { list.setVisibleRows(screenRows) }
                return !list.loadStates.isLoading && !screenRows.isEmpty && screenRows.allSatisfy { list[$0].item != nil }
            }
            noteScreen()
            return loaded
        }

        /// Adds the items on screen to the stretch being read.
        func noteScreen() {
            for row in screenRows { if let item = list[row].item { stretches[stretches.count - 1].append(id(item)) } }
        }

        /// Refreshes with the screen where it is: the anchor item stays on its screen row
        /// unless the server removed it. Returns the anchor's id and whether it stayed.
        func refresh() async throws -> (anchor: String, stayed: Bool) {
            let anchorRow = try #require(list.anchorRow)
            let anchor = try #require(list[anchorRow].item.map(id))
            let offset = anchorRow - top
            list.refresh()
            let refreshed = await PagedListConsumerTests().waitUntil(list, timeout: .seconds(300)) {
                !list.loadStates.isLoading && !screenRows.isEmpty && screenRows.allSatisfy { list[$0].item != nil }
            }
            #expect(refreshed)
            // The screen shows the refreshed rows: items the server moved onto it are seen.
            noteScreen()
            let row = top + offset
            return (anchor, row < list.count && list[row].item.map(id) == anchor && list.anchorRow == row)
        }
    }

    /// Reads `list` as a user does, then checks what the reader saw against the server's
    /// list at the start and at the end (`walk` reads it without changing it).
    func read<Item: Sendable>(
        _ list: PagedList<Item>, id: @escaping (Item) -> String, server: MockServer, style: String,
        walk: () async throws -> [String]
    ) async throws {
        let initial = try await walk()
        #expect(initial.count == Self.items)
        let reader = Reader(list, id: id)
        list.start()
        #expect(await PagedListConsumerTests().waitUntil(list, timeout: .seconds(300)) { list.count > 0 })

        // Read down six screens, refresh, read two more.
        var anchorMoves: [String] = []
        #expect(await reader.show(0))
        for _ in 0..<6 { #expect(await reader.show(reader.top + Self.screen)) }
        var refreshed = try await reader.refresh()
        if !refreshed.stayed { anchorMoves.append(refreshed.anchor) }
        for _ in 0..<2 { #expect(await reader.show(reader.top + Self.screen)) }

        // Thumb ahead: jump by many screens at once (as far as the list has rows),
        // then read three screens there and refresh.
        for _ in 0..<3 {
            reader.stretches.append([])
            #expect(await reader.show(min(reader.top + 5 * Self.screen, max(0, reader.list.count - Self.screen))))
        }
        for _ in 0..<3 { #expect(await reader.show(reader.top + Self.screen)) }
        refreshed = try await reader.refresh()
        if !refreshed.stayed { anchorMoves.append(refreshed.anchor) }

        let final = try await walk()
        let requests = await server.requests
        let listRequests = requests.filter { !$0.faults.isEmpty }
        #expect(listRequests.count >= 10, "\(style): the list's requests changed the server's list")
        #expect(listRequests.allSatisfy { $0.faults == ["drift", "remove", "edit"] })
        #expect(final.count == Self.items + listRequests.count - 2 * listRequests.count, "\(style): one in, two out per request")

        #expect(reader.duplicateSteps == [], "\(style): reports after which an item showed on two rows")
        #expect(reader.wrongReports == [], "\(style): reports that, applied to an array, did not give the list's rows")
        #expect(reader.reports > 10)
        #expect(anchorMoves == [], "\(style): anchor items not on their screen row after a refresh")

        // Items present throughout, in the server's order: within every stretch read, those
        // between the first and the last seen were all seen.
        let initialSet = Set(initial)
        let throughout = final.filter { initialSet.contains($0) }
        let place = Dictionary(uniqueKeysWithValues: throughout.enumerated().map { ($1, $0) })
        var missed: [String] = []
        for stretch in reader.stretches {
            let places = stretch.compactMap { place[$0] }
            guard let first = places.min(), let last = places.max() else { continue }
            let seen = Set(stretch)
            missed += throughout[first...last].filter { !seen.contains($0) }
        }
        #expect(missed == [], "\(style): items present throughout, within a stretch read, never seen")
        let loaded = reader.loadedIDs.filter { place[$0] != nil }
        #expect(loaded == loaded.sorted { place[$0]! < place[$1]! }, "\(style): the list holds the items in the server's order")
        #expect(reader.stretches.map(\.count).reduce(0, +) >= 120)
    }

    /// Starts a server for `specs/<spec>.pagegen.yaml` that changes its lists, runs
    /// `body`, and stops it whatever happens.
    func serve(_ spec: String, _ body: (MockServer) async throws -> Void) async throws {
        try await withMockServer(spec, items: Self.items, faults: Self.faults, body)
    }

    @Test(.timeLimit(.minutes(10))) func anOffsetListWhileTheServerInsertsRemovesAndEdits() async throws {
        try await serve("articles") { server in
            let list = ArticlesAPI.Client(baseURL: server.baseURL).articlesList(limit: 20)
            let still = ArticlesAPI.Client(baseURL: server.baseURL, middlewares: [MockFaultHeaders(fault: "none")])
            try await read(list, id: { String($0.id) }, server: server, style: "offsets") {
                try await collect(still.allArticles(limit: 100)).map { String($0.id) }
            }
        }
    }

    @Test(.timeLimit(.minutes(10))) func aPageNumberListWhileTheServerInsertsRemovesAndEdits() async throws {
        try await serve("gitlab") { server in
            let list = GitLabAPI.Client(baseURL: server.baseURL).issuesList(id: "7", perPage: 20)
            let still = GitLabAPI.Client(baseURL: server.baseURL, middlewares: [MockFaultHeaders(fault: "none")])
            try await read(list, id: { String($0.id) }, server: server, style: "page numbers") {
                try await collect(still.allIssues(id: "7", perPage: 100)).map { String($0.id) }
            }
        }
    }

    @Test(.timeLimit(.minutes(10))) func aCursorListWhileTheServerInsertsRemovesAndEdits() async throws {
        try await serve("stripe") { server in
            let list = StripeAPI.Client(baseURL: server.baseURL).customersList(limit: 20)
            let still = StripeAPI.Client(baseURL: server.baseURL, middlewares: [MockFaultHeaders(fault: "none")])
            try await read(list, id: { $0.id }, server: server, style: "cursors") {
                try await collect(still.allCustomers(limit: 100)).map { $0.id }
            }
        }
    }
}
