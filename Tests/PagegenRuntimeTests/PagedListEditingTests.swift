import Foundation
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// The app's own changes: update, remove, insert, move, and edits ahead of the server.
@MainActor
@Suite("PagedList local changes")
struct PagedListEditingTests {
    /// A list of `count` items with every page up to row `loaded` loaded.
    func loadedList(
        count: Int = 300, loaded: Int = 90, data: TestData? = nil, clock: ManualClock = ManualClock(),
        options: PagedListOptions = PagedListOptions()
    ) -> (PagedList<TestItem>, ManualRunner, ChangeLog) {
        let data = data ?? TestData(count: count)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), options: options, runner: runner, clock: clock)
        let log = ChangeLog(list)
        list.start()
        runner.answerAll(from: data)
        list.setVisibleRows(30..<42)
        runner.answerAll(from: data)
        #expect(list.holdsItems(0..<loaded))
        log.clear()
        return (list, runner, log)
    }

    @Test("update(_:) replaces the item on its row: one reloaded row")
    func update() {
        let (list, _, log) = loadedList()
        #expect(list.update(TestItem(id: 40, version: 3)))
        #expect(list[40].item?.version == 3)
        #expect(log.changes.map(\.reloadedRows) == [[40..<41]])
        #expect(!list.update(TestItem(id: 250, version: 1)), "item 250 is not loaded")
        #expect(log.changes.count == 1)
        #expect(log.mismatches.isEmpty)
    }

    @Test("remove(id:) deletes its row: the rows after it move up, the count goes down")
    func remove() throws {
        let (list, _, log) = loadedList()
        let removed = list.remove(id: 35)
        #expect(removed?.id == 35)
        #expect(list.count == 299)
        #expect(list.ids(34..<37) == [34, 36, 37])
        let change = try #require(log.changes.last)
        #expect(change.deletedRows == [35..<36])
        #expect(change.insertedRows.isEmpty)
        #expect(list.remove(id: 35) == nil)
        #expect(log.mismatches.isEmpty)
    }

    @Test("insert(_:at:), before:, after: add a row; the anchor follows its item")
    func insert() throws {
        let (list, _, log) = loadedList()
        list.setVisibleRows(30..<42, firstFullyVisible: 31)
        #expect(list.anchorRow == 31)
        try list.insert(TestItem(id: 5_000), at: 10)
        #expect(list[10].item?.id == 5_000)
        #expect(list.count == 301)
        var change = try #require(log.changes.last)
        #expect(change.insertedRows == [10..<11])
        #expect(change.anchor == ListChange.Anchor(before: 31, after: 32))
        #expect(list.anchorRow == 32)
        #expect(list.visibleRows == 31..<43)

        try list.insert(TestItem(id: 5_001), before: 20)
        #expect(list.ids(20..<23) == [19, 5_001, 20])
        try list.insert(TestItem(id: 5_002), after: 20)
        #expect(list.ids(21..<24) == [5_001, 20, 5_002])
        change = try #require(log.changes.last)
        #expect(change.insertedRows == [23..<24])
        #expect(log.mismatches.isEmpty)
    }

    @Test("a placeholder reported as the first fully visible row is the anchor at once; changes start from it")
    func anchorOnAPlaceholder() throws {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        let log = ChangeLog(list)
        list.start()
        runner.answerAll(from: data)
        list.setVisibleRows(0..<13)
        runner.answerAll(from: data)
        #expect(list.anchorRow == 0)

        // A jump: the rows on screen are placeholders until their pages load.
        list.setVisibleRows(2_000..<2_013, firstFullyVisible: 2_001)
        #expect(list[2_001].summary == "placeholder")
        #expect(list.anchorRow == 2_001)
        // A row inserted above it before its page loads: the report starts from it.
        log.clear()
        try list.insert(TestItem(id: 50_000), at: 5)
        let change = try #require(log.changes.last)
        #expect(change.anchor == ListChange.Anchor(before: 2_001, after: 2_002))
        #expect(list.anchorRow == 2_002)
        // Its page loads: the anchor holds the item that came on its row.
        runner.answerAll(from: data)
        let anchor = try #require(list.anchorRow)
        #expect(list[anchor].isItem)
        #expect(log.changes.allSatisfy { $0.anchor.map { $0.before >= 2_001 } ?? true })
        #expect(log.mismatches.isEmpty)
    }

    @Test("the loading row as the anchor: the page that comes takes its place, and the anchor stays on its row")
    func anchorOnTheLoadingRow() throws {
        let data = TestData(count: 200, tellsTotal: false)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        let log = ChangeLog(list)
        list.start()
        runner.answerAll(from: data)
        #expect(list.count == 61)
        #expect(list[60].summary == "loading")

        list.setVisibleRows(60..<72)
        #expect(list.anchorRow == 60)
        log.clear()
        runner.answerPage(2, from: data)
        let change = try #require(log.changes.last)
        #expect(change.insertedRows == [60..<90])
        #expect(change.anchor == ListChange.Anchor(before: 60, after: 60), "the rows came where the loading row was")
        #expect(list.anchorRow == 60)
        #expect(list[60].item?.id == 60)
        #expect(log.mismatches.isEmpty)
    }

    @Test("move(id:to:) is one moved row")
    func move() throws {
        let (list, _, log) = loadedList()
        try list.move(id: 5, to: 50)
        #expect(list[50].item?.id == 5)
        #expect(list.ids(4..<6) == [4, 6])
        let change = try #require(log.changes.last)
        #expect(change.movedRows == [ListChange.Move(from: 5, to: 50)])
        #expect(change.deletedRows.isEmpty && change.insertedRows.isEmpty)
        try list.move(id: 5, before: 2)
        #expect(list.ids(1..<4) == [1, 5, 2])
        try list.move(id: 5, after: 60)
        #expect(list.ids(59..<62) == [60, 5, 61])
        #expect(log.mismatches.isEmpty)
    }

    @Test("local changes that cannot be made throw, naming what is wrong, and change nothing")
    func errors() {
        let (list, _, log) = loadedList()
        #expect(throws: ListEditError.alreadyInList(ItemIdentity(3))) { try list.insert(TestItem(id: 3), at: 0) }
        #expect(throws: ListEditError.rowOutOfRange(301, count: 300)) { try list.insert(TestItem(id: 9_000), at: 301) }
        #expect(throws: ListEditError.notLoaded(ItemIdentity(250))) { try list.insert(TestItem(id: 9_000), before: 250) }
        #expect(throws: ListEditError.notLoaded(ItemIdentity(250))) { try list.move(id: 250, to: 0) }
        #expect(log.changes.isEmpty)
        let plain = PagedList(TestLoaders.indexed(TestData(count: 10), withIdentity: false), runner: ManualRunner())
        #expect(throws: ListEditError.noIdentity) { try plain.insert(TestItem(id: 1), at: 0) }
        #expect(ListEditError.noIdentity.description.contains("identity"))
    }

    @Test("a page that loads after a local change the server also made shows each item once")
    func localChangeThenReload() throws {
        var data = TestData(count: 300)
        let (list, runner, log) = loadedList(data: data)
        try list.insert(TestItem(id: 5_000), at: 40)
        _ = list.remove(id: 10)
        data.items.insert(TestItem(id: 5_000), at: 41)
        data.remove(10)
        list.refresh()
        runner.answerAll(from: data)
        #expect(list.loadedIDs.count == Set(list.loadedIDs).count)
        #expect(Array(list.loadedIDs.prefix(90)) == Array(data.items.prefix(90).map(\.id)))
        #expect(list.count == 300)
        #expect(log.mismatches.isEmpty)
    }

    @Test("a local change on a 100,000-row list is one exact change of a row or two")
    func largeList() throws {
        let data = TestData(count: 100_000, pageSize: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), options: PagedListOptions(maxLoadedItems: 200_000), runner: runner)
        list.start()
        runner.answerAll(from: data)
        list.prefetch(rows: stride(from: 0, to: 100_000, by: 10_000))
        runner.answerAll(from: data)
        #expect(list.loadedItemCount == 100_000)
        var changes: [ListChange] = []
        list.onChange = { changes.append($0) }
        try list.insert(TestItem(id: 200_000), at: 50_000)
        _ = list.remove(id: 99_999)
        try list.move(id: 3, to: 70_000)
        #expect(list.update(TestItem(id: 12_345, version: 2)))
        #expect(changes.map(\.insertedRows) == [[50_000..<50_001], [], [], []])
        #expect(changes.map(\.deletedRows) == [[], [100_000..<100_001], [], []])
        #expect(changes[2].movedRows == [ListChange.Move(from: 3, to: 70_000)])
        #expect(changes[3].reloadedRows == [12_344..<12_345])
        #expect(list[70_000].item?.id == 3)
        #expect(list[49_999].item?.id == 200_000, "it moved up a row when item 3 left row 3")
        #expect(list.count == 100_000)
    }
}

/// Edits ahead of the server: shown at once, kept over every page until the server
/// shows them or they lapse on the list's clock, undone when their call fails.
@MainActor
@Suite("PagedList edits ahead of the server")
struct PagedListOptimisticTests {
    struct Refused: Error {}

    /// Holds a commit until the test opens it.
    actor Gate {
        private var opened = false
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func wait() async {
            if opened { return }
            await withCheckedContinuation { waiters.append($0) }
        }

        func open() {
            opened = true
            for waiter in waiters { waiter.resume() }
            waiters = []
        }
    }

    @Test("an edit shows at once, stays over a refresh that brings the old copy, and ends when a copy confirms it")
    func confirmed() async throws {
        var data = TestData(count: 300)
        let clock = ManualClock()
        let (list, runner, log) = PagedListEditingTests().loadedList(data: data, clock: clock)
        let gate = Gate()
        let apply = Task {
            try await list.apply(.modify(id: 40) { $0.version = 7 }, confirmedWhen: { $0.version == 7 }) { await gate.wait() }
        }
        #expect(await waitUntil("the edit to show") { list[40].item?.version == 7 })
        // The server has not made it yet: a refresh brings version 0, which does not show.
        list.refresh()
        runner.answerAll(from: data)
        #expect(list[40].item?.version == 7)
        await gate.open()
        try await apply.value
        list.refresh()
        runner.answerAll(from: data)
        #expect(list[40].item?.version == 7, "the server has not caught up: still the edit")
        // The server caught up (and changed it again): its copy confirms the edit, and
        // from then on the server's copies show.
        data.items[40].version = 7
        list.refresh()
        runner.answerAll(from: data)
        data.items[40].version = 8
        list.refresh()
        runner.answerAll(from: data)
        #expect(list[40].item?.version == 8)
        #expect(log.mismatches.isEmpty)
    }

    @Test("an edit whose call fails is undone, and the error comes back")
    func rolledBack() async throws {
        let (list, _, log) = PagedListEditingTests().loadedList()
        await #expect(throws: Refused.self) {
            try await list.apply(.modify(id: 40) { $0.version = 7 }) { throw Refused() }
        }
        #expect(list[40].item?.version == 0)
        let row = try #require(list.row(ofItem: 30))
        await #expect(throws: Refused.self) {
            try await list.apply(.remove(id: 30)) { throw Refused() }
        }
        #expect(list.row(ofItem: 30) == row)
        await #expect(throws: Refused.self) {
            try await list.apply(.insert(TestItem(id: 7_000), at: .after(id: 12))) { throw Refused() }
        }
        #expect(list.row(ofItem: 7_000) == nil)
        #expect(list.count == 300)
        // Three edits shown and three undone, each one change.
        #expect(log.changes.count == 6)
        #expect(log.mismatches.isEmpty)
    }

    @Test("an edit the server never confirms lapses on the list's clock: then the server's copy shows")
    func timeOut() async throws {
        let data = TestData(count: 300)
        let clock = ManualClock()
        let options = PagedListOptions(editTimeout: .seconds(10))
        let (list, runner, log) = PagedListEditingTests().loadedList(data: data, clock: clock, options: options)
        try await list.apply(.update(TestItem(id: 40, version: 5))) {}
        #expect(list[40].item?.version == 5)
        list.refresh()
        runner.answerAll(from: data)
        #expect(list[40].item?.version == 5)
        #expect(await waitUntil("the time-out to start waiting") { clock.waiting == 1 })
        clock.advance(by: .seconds(9))
        #expect(list[40].item?.version == 5)
        clock.advance(by: .seconds(1))
        #expect(await waitUntil("the edit to lapse") { list[40].item?.version == 0 })
        #expect(log.mismatches.isEmpty)
    }

    @Test("an inserted item stays on its row over refreshes until a page holds it; then it shows once")
    func insertion() async throws {
        var data = TestData(count: 300)
        let (list, runner, log) = PagedListEditingTests().loadedList(data: data)
        try await list.apply(.insert(TestItem(id: 7_000), at: .row(35))) {}
        #expect(list[35].item?.id == 7_000)
        list.refresh()
        runner.answerAll(from: data)
        #expect(list[35].item?.id == 7_000, "the server does not have it yet; it stays")
        data.items.insert(TestItem(id: 7_000), at: 20)
        list.refresh()
        runner.answerAll(from: data)
        #expect(list.loadedIDs.filter { $0 == 7_000 }.count == 1)
        list.refresh()
        runner.answerAll(from: data)
        #expect(Array(list.loadedIDs.prefix(60)) == Array(data.items.prefix(60).map(\.id)))
        #expect(log.mismatches.isEmpty)
    }

    @Test("a removed item stays away over refreshes that still hold it")
    func removal() async throws {
        var data = TestData(count: 300)
        let (list, runner, log) = PagedListEditingTests().loadedList(data: data)
        try await list.apply(.remove(id: 33)) {}
        #expect(list.row(ofItem: 33) == nil)
        list.refresh()
        runner.answerAll(from: data)
        #expect(list.row(ofItem: 33) == nil, "the server still has it; it stays away")
        data.remove(33)
        list.refresh()
        runner.answerAll(from: data)
        #expect(Array(list.loadedIDs.prefix(60)) == Array(data.items.prefix(60).map(\.id)))
        #expect(log.mismatches.isEmpty)
    }

    @Test("removing rows brings the next page within reach: it loads with the edit, not at the next scroll")
    func removalsArePlanned() throws {
        var data = TestData(count: 200, pageSize: 20, tellsTotal: false)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.cursor(data), options: PagedListOptions(prefetchDistance: .rows(5)), runner: runner)
        list.start()
        runner.answerAll(from: data)
        list.setVisibleRows(0..<10)
        #expect(runner.inFlight.isEmpty, "the loading row at row 20 is beyond 10 rows and 5 more")
        // The user deletes six messages on screen: the loading row comes within reach.
        for id in 0..<6 {
            list.remove(id: id)
            data.items.removeAll { $0.id == id }
        }
        #expect(runner.inFlight.map(\.target) == [.page(.after("19"))])
        runner.answerAll(from: data)
        #expect(list.loadedIDs.prefix(20) == Array(6..<26)[...])
    }
}
