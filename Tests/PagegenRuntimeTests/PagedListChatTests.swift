import Foundation
import Testing

@_spi(Generated) @testable import PagegenRuntime

#if canImport(Observation)
import Observation
#endif

/// Chats and feeds: a list whose first page is at the bottom, a first page fetched
/// around an item, and newer items at the newest end.
@MainActor
@Suite("PagedList chats and feeds")
struct PagedListChatTests {
    /// A chat's server: cursor pages with a previous key, also at the top (asked again
    /// for newer messages).
    static func chatData(count: Int = 200, pageSize: Int = 20) -> TestData {
        var data = TestData(count: count, pageSize: pageSize, tellsTotal: false)
        data.givesPrevious = true
        data.keepsPreviousAtTop = true
        return data
    }

    /// Answers `request` from `data`.
    static func answer(_ request: PageLoadRequest, _ runner: ManualRunner, from data: TestData) {
        runner.answer(request, with: .page(.success(data.page(for: request, index: request.pageIndex ?? 0))))
    }

    /// The request in flight for `key`.
    static func request(_ key: PageKey, _ runner: ManualRunner) -> PageLoadRequest? {
        runner.inFlight.first { $0.target == .page(key) }
    }

    // MARK: The first page at the bottom

    @Test("first page at the bottom: every entry point counts rows from the top of the screen")
    func bottomUpEntryPoints() throws {
        let data = TestData(count: 100, pageSize: 20)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), options: PagedListOptions(order: .firstPageAtBottom), runner: runner)
        let log = ChangeLog(list)
        // Before the first page there is no count: the rows count from the bottom.
        list.start(atRows: 0..<12)
        #expect(runner.pagesInFlight == [0])
        runner.answerPage(0, from: data)
        #expect(list.count == 100)
        #expect(list.focusRow == 99)
        #expect(list[99].item?.id == 0 && list.row(at: 80).item?.id == 19 && !list[79].isItem)
        #expect(list.rowID(at: 99) == .item(ItemIdentity(0)))
        #expect(list.rows[99].index == 99 && list.rows[99].row.item?.id == 0)
        #expect(Array(list.rows.suffix(3)).map(\.row.item?.id) == [2, 1, 0])
        #expect(list.rows.map(\.id).last == .item(ItemIdentity(0)))
        #expect(list.row(ofItem: 5) == 94)

        list.setVisibleRows(88..<100, firstFullyVisible: 89)
        #expect(list.visibleRows == 88..<100)
        #expect(list.anchorRow == 89)
        // Scrolling up loads the page above, which the load states call prepending.
        list.setVisibleRows(70..<82)
        #expect(runner.pagesInFlight.contains(1))
        #expect(list.loadStates.prepend.isLoading && !list.loadStates.append.isLoading)
        runner.answerAll(from: data)
        #expect(list[60].item?.id == 39)
        #expect(list.anchorRow == 70 && list[70].item?.id == 29)

        // Prefetching the top rows asks for the server's last page; cancelling drops it.
        list.prefetch(rows: [5])
        #expect(runner.pagesInFlight.contains(4))
        list.cancelPrefetch(rows: [5])
        #expect(runner.pagesCancelled.contains(4))
        // A fling toward the top: its target's page first.
        list.willSettle(atRows: 10..<22)
        #expect(runner.pagesInFlight.contains(3))
        runner.answerAll(from: data)
        list.setVisibleRows(40..<52)
        runner.answerAll(from: data)
        list.setVisibleRows(88..<100)
        runner.answerAll(from: data)

        // The app's changes, in screen order.
        try list.insert(TestItem(id: 1_000), at: 99)
        #expect(list.count == 101 && list[99].item?.id == 1_000 && list[100].item?.id == 0)
        #expect(log.changes.last?.insertedRows == [99..<100])
        try list.insert(TestItem(id: 1_001), after: 0)
        #expect(list[101].item?.id == 1_001)
        try list.insert(TestItem(id: 1_002), before: 0)
        #expect(list[100].item?.id == 1_002 && list[101].item?.id == 0)
        try list.move(id: 1_000, to: 102)
        #expect(list[102].item?.id == 1_000)
        try list.move(id: 1_000, before: 1)
        #expect(list.row(ofItem: 1_000) == list.row(ofItem: 1)! - 1)
        try list.move(id: 1_000, after: 0)
        #expect(list.row(ofItem: 1_000) == list.row(ofItem: 0)! + 1)
        #expect(throws: ListEditError.rowOutOfRange(200, count: 103)) { try list.insert(TestItem(id: 1_003), at: 200) }
        #expect(list.remove(id: 1_001)?.id == 1_001)

        // SwiftUI's appearances, and a jump once started.
        list.didAppear(row: 50)
        list.didAppear(row: 51)
        #expect(list.visibleRows == 50..<52)
        list.start(atRow: 10)
        #expect(list.focusRow == 10)
        #expect(log.mismatches.isEmpty)
        #expect(list.model.invariantViolations().isEmpty && list.plan.invariantViolations().isEmpty)
    }

    @Test("side by side, a list upside down answers every entry point as the same list the right way up, mirrored")
    func sideBySide() throws {
        var random = SeededGenerator(seed: 5)
        let data = TestData(count: 120, pageSize: 20)
        let (topRunner, bottomRunner) = (ManualRunner(), ManualRunner())
        let top = PagedList(TestLoaders.indexed(data), runner: topRunner)
        let bottom = PagedList(TestLoaders.indexed(data), options: PagedListOptions(order: .firstPageAtBottom), runner: bottomRunner)
        var topChanges: [ListChange] = []
        var bottomChanges: [ListChange] = []
        top.onChange = { topChanges.append($0) }
        bottom.onChange = { bottomChanges.append($0) }
        // Before the first page, rows count from the first item on both.
        top.start(atRows: 0..<12)
        bottom.start(atRows: 0..<12)
        var nextID = 1_000
        for step in 0..<150 {
            let count = top.count
            func flip(_ row: Int) -> Int { count - 1 - row }
            func flip(_ rows: Range<Int>) -> Range<Int> { (count - rows.upperBound)..<(count - rows.lowerBound) }
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<3:
                guard let request = topRunner.inFlight.randomElement(using: &random),
                    let twin = bottomRunner.request(forPage: request.pageIndex ?? -1)
                else { continue }
                let page = PageLoadResult<TestItem>.page(.success(data.page(request.pageIndex ?? 0)))
                topRunner.answer(request, with: page)
                bottomRunner.answer(twin, with: page)
            case 3..<5 where count > 12:
                let lower = Int.random(in: 0...(count - 12), using: &random)
                let anchor = lower + Int.random(in: 0..<3, using: &random)
                top.setVisibleRows(lower..<lower + 12, firstFullyVisible: anchor)
                // The first fully visible row upside down is the last of the mirrored rows.
                bottom.setVisibleRows(flip(lower..<lower + 12), firstFullyVisible: flip(anchor))
            case 5 where count > 0:
                let rows = (0..<3).map { _ in Int.random(in: 0..<count, using: &random) }
                top.prefetch(rows: rows)
                bottom.prefetch(rows: rows.map(flip))
            case 6 where count > 12:
                let lower = Int.random(in: 0...(count - 12), using: &random)
                top.willSettle(atRows: lower..<lower + 12)
                bottom.willSettle(atRows: flip(lower..<lower + 12))
            case 7 where count > 0:
                let row = Int.random(in: 0...count, using: &random)
                let item = TestItem(id: nextID)
                nextID += 1
                try top.insert(item, at: row)
                // Ending on `row` from the top is ending on `count - row` from the bottom.
                try bottom.insert(item, at: count - row)
            case 8:
                let ids = top.loadedIDs
                guard ids.count > 2, let id = ids.randomElement(using: &random), let other = ids.randomElement(using: &random), id != other
                else { continue }
                if Bool.random(using: &random) {
                    try top.move(id: id, after: other)
                    try bottom.move(id: id, before: other)
                } else {
                    try top.insert(TestItem(id: nextID), before: other)
                    try bottom.insert(TestItem(id: nextID), after: other)
                    nextID += 1
                }
            case 9:
                guard let id = top.loadedIDs.randomElement(using: &random) else { continue }
                if Bool.random(using: &random) {
                    #expect(top.remove(id: id)?.id == id)
                    #expect(bottom.remove(id: id)?.id == id)
                } else {
                    let row = Int.random(in: 0..<count, using: &random)
                    try top.move(id: id, to: row)
                    try bottom.move(id: id, to: flip(row))
                }
            default:
                continue
            }
            let mirror = RowMirror(isMirrored: true, count: top.count)
            #expect(bottom.count == top.count)
            #expect(bottom.summaries == top.summaries.reversed(), "step \(step)")
            #expect(bottomChanges == topChanges.map { $0.mirrored() }, "step \(step)")
            #expect(bottom.visibleRows == mirror.rows(top.visibleRows) || top.visibleRows.isEmpty, "step \(step)")
            #expect(bottom.anchorRow == top.anchorRow.map(mirror.row), "step \(step)")
            #expect(bottom.focusRow == top.focusRow.map(mirror.row), "step \(step)")
            #expect(topRunner.pagesInFlight == bottomRunner.pagesInFlight, "step \(step)")
            #expect(bottom.loadStates.prepend.isLoading == top.loadStates.append.isLoading, "step \(step)")
            if let id = top.loadedIDs.first {
                #expect(bottom.row(ofItem: id) == top.row(ofItem: id).map(mirror.row))
                #expect(bottom.rowID(at: bottom.row(ofItem: id)!) == top.rowID(at: top.row(ofItem: id)!))
            }
            if bottom.summaries != top.summaries.reversed() { break }
        }
    }

    @Test("first page at the bottom, without a total: the loading row is at the top, and pages loaded above keep the screen still")
    func bottomUpCursor() {
        let data = Self.chatData(count: 100)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.cursor(data), options: PagedListOptions(order: .firstPageAtBottom), runner: runner)
        let log = ChangeLog(list)
        list.start()
        runner.answerAll(from: data)
        // Opened at its first page, the list names no row: the app shows the bottom.
        #expect(list.focusRow == nil)
        #expect(list.summary(at: 0) == .loading || list[0].isItem)
        let bottom = list.count - 1
        #expect(list[bottom].item?.id == 0)
        list.setVisibleRows(bottom - 11..<bottom + 1)
        let anchorItem = list[bottom - 11].item?.id
        // Up to the top of what is loaded: older pages come in above, the anchor follows.
        for _ in 0..<3 {
            list.setVisibleRows(0..<12)
            let before = log.changes.count
            runner.answerAll(from: data)
            for change in log.changes[before...] where change.insertedRows.contains(where: { $0.lowerBound == 0 || $0.lowerBound == 1 }) {
                #expect(change.anchor?.moved == true, "rows inserted above must move the anchor: \(change)")
            }
        }
        #expect(list.row(ofItem: anchorItem!) != nil)
        #expect(list.ids(0..<list.count).filter { $0 >= 0 } == Array((0..<list.loadedItemCount).reversed()))
        #expect(log.mismatches.isEmpty)
    }

    // MARK: Around an item

    @Test(
        "opened around an item: its row is the focus and the anchor, one request before the first screen, then both ways",
        arguments: [PagedListOptions.RowOrder.firstPageAtTop, .firstPageAtBottom])
    func around(order: PagedListOptions.RowOrder) {
        let data = Self.chatData(count: 200)
        var loader = TestLoaders.cursor(data)
        loader.focusItem = 100
        let runner = ManualRunner()
        let list = PagedList(loader, options: PagedListOptions(order: order), runner: runner)
        let log = ChangeLog(list)
        list.start()
        #expect(runner.started.count == 1)
        runner.answer(runner.inFlight[0], with: .page(.success(data.aroundPage(100, before: 10, after: 9))))
        // The first screen came with one request.
        let focus = list.focusRow
        #expect(focus != nil)
        #expect(focus.map { list[$0].item?.id } == 100)
        #expect(list.anchorRow == focus)
        #expect(order == .firstPageAtTop ? focus == 10 : focus == list.count - 1 - 10)
        // Both neighbours load: the page before it (newer) and the page after it (older).
        #expect(Set(runner.inFlight.map(\.target)) == [.page(.before("90")), .page(.after("109"))])
        runner.answerAll(from: data)
        #expect(list.row(ofItem: 89) != nil && list.row(ofItem: 110) != nil)
        // The content the user reads stayed still: the anchor is still on item 100.
        #expect(list.anchorRow.map { list[$0].item?.id } == 100)
        // Scrolled to the newest end, the list loads up to the first item.
        for _ in 0..<10 {
            list.setVisibleRows(order == .firstPageAtTop ? 0..<12 : list.count - 12..<list.count)
            runner.answerAll(from: data)
        }
        let ids = log.loadedIDs
        #expect((order == .firstPageAtTop ? ids.first : ids.last) == 0)
        #expect(Set(ids).count == ids.count)
        let sorted = order == .firstPageAtTop ? ids : ids.reversed()
        #expect(sorted == Array(sorted.first!...sorted.last!))
        #expect(log.mismatches.isEmpty)
    }

    @Test("opened around an item, the pages loaded above it do not make the rows below them load again")
    func aroundLoadsNothingTwice() {
        let data = Self.chatData(count: 400)
        var loader = TestLoaders.cursor(data)
        loader.focusItem = 200
        let runner = ManualRunner()
        let list = PagedList(loader, options: PagedListOptions(order: .firstPageAtBottom), runner: runner)
        let log = ChangeLog(list)
        list.start()
        runner.answer(runner.inFlight[0], with: .page(.success(data.aroundPage(200, before: 10, after: 9))))
        // Read toward the newest message, page by page, then back down to the oldest
        // loaded.
        for _ in 0..<12 {
            list.setVisibleRows(list.count - 12..<list.count)
            runner.answerAll(from: data)
        }
        for _ in 0..<12 {
            list.setVisibleRows(0..<12)
            runner.answerAll(from: data)
        }
        let keys = runner.started.map(\.target)
        #expect(Set(keys).count == keys.count, "a key asked for twice: \(keys)")
        // The page after each page loaded above is the one already below it: never asked for.
        #expect(!keys.contains(.page(.after("189"))))
        let ids = list.ids(0..<list.count).filter { $0 >= 0 }
        #expect(Set(ids).count == ids.count && ids == Array((ids.last!...ids.first!).reversed()))
        #expect(log.mismatches.isEmpty)
        #expect(list.model.invariantViolations().isEmpty && list.plan.invariantViolations().isEmpty)
    }

    @Test("opened around an item the first page does not hold: no focus, as if opened at the first page")
    func aroundNotFound() {
        let data = Self.chatData(count: 200)
        var loader = TestLoaders.cursor(data)
        loader.focusItem = 5_000
        let runner = ManualRunner()
        let list = PagedList(loader, runner: runner)
        list.start()
        Self.answer(runner.inFlight[0], runner, from: data)
        #expect(list.focusRow == nil)
        #expect(list[0].item?.id == 0)
        // Only the next page: no head above the first page.
        #expect(runner.inFlight.map(\.target) == [.page(.after("19"))])
    }

    // MARK: Newer items

    /// A chat opened at its newest message, at the bottom, with `pages` pages loaded.
    static func openChat(_ data: TestData, _ runner: ManualRunner, pages: Int = 3) -> PagedList<TestItem> {
        let list = PagedList(TestLoaders.cursor(data), options: PagedListOptions(order: .firstPageAtBottom), runner: runner)
        list.start()
        runner.answerAll(from: data)
        for _ in 1..<pages {
            list.setVisibleRows(0..<12)
            runner.answerAll(from: data)
        }
        return list
    }

    @Test("newer items at the bottom on screen appear at once, the screen kept still")
    func newerVisible() {
        var data = Self.chatData()
        let runner = ManualRunner()
        let list = Self.openChat(data, runner, pages: 1)
        let log = ChangeLog(list)
        list.setVisibleRows(list.count - 12..<list.count)
        runner.answerAll(from: data)
        list.setVisibleRows(list.count - 12..<list.count)
        data.insertAtTop(2)
        list.loadNewerItems()
        let request = Self.request(.before("0"), runner)
        #expect(request != nil && runner.inFlight.count == 1)
        let changes = log.changes.count
        Self.answer(request!, runner, from: data)
        #expect(list.ids(list.count - 3..<list.count) == [0, 1_000_000, 1_000_001])
        #expect(list.newerItemCount == 0)
        #expect(log.changes.count == changes + 1)
        #expect(log.changes.last?.insertedRows == [list.count - 2..<list.count])
        #expect(log.changes.last?.anchor?.moved == false)
        // Nothing more is asked for until the next check: not the head above the newest
        // item, nor the page below the new ones again.
        list.setVisibleRows(list.count - 12..<list.count)
        #expect(runner.inFlight.isEmpty)
        // The next check asks from the newest item on.
        data.insertAtTop(1)
        list.setVisibleRows(list.count - 12..<list.count)
        list.loadNewerItems()
        #expect(Self.request(.before("1000001"), runner) != nil)
        runner.answerAll(from: data)
        #expect(list[list.count - 1].item?.id == 1_000_002)
        #expect(log.mismatches.isEmpty)
    }

    @Test("newer items far from the bottom wait, counted, and show when asked or when the user comes to the bottom")
    func newerFar() {
        var data = Self.chatData()
        let runner = ManualRunner()
        let list = Self.openChat(data, runner)
        let log = ChangeLog(list)
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        let count = list.count
        let changes = log.changes.count
        data.insertAtTop(3)
        list.loadNewerItems()
        runner.answerAll(from: data)
        #expect(list.newerItemCount == 3)
        #expect(list.count == count && log.changes.count == changes)
        data.insertAtTop(2)
        list.loadNewerItems()
        #expect(Self.request(.before("1000002"), runner) != nil)
        runner.answerAll(from: data)
        #expect(list.newerItemCount == 5)
        #expect(list.count == count && log.changes.count == changes)
        // Shown: at the bottom, the screen still.
        list.showNewerItems()
        #expect(list.newerItemCount == 0)
        #expect(list.count == count + 5)
        #expect(list.ids(list.count - 6..<list.count) == [0, 1_000_000, 1_000_001, 1_000_002, 1_000_003, 1_000_004])
        #expect(log.changes.last?.anchor?.moved == false)

        // Held again, then the user scrolls to the bottom: they show there.
        data.insertAtTop(1)
        list.setVisibleRows(0..<12)
        list.loadNewerItems()
        runner.answerAll(from: data)
        #expect(list.newerItemCount == 1)
        list.setVisibleRows(list.count - 12..<list.count)
        #expect(list.newerItemCount == 0)
        #expect(list[list.count - 1].item?.id == 1_000_005)
        #expect(log.mismatches.isEmpty)
        #expect(list.model.invariantViolations().isEmpty && list.plan.invariantViolations().isEmpty)
    }

    @Test("an API whose short page of newer items has no previous key: each check asks from the newest item it has")
    func newerAfterShortPages() {
        var data = Self.chatData()
        data.shortNewerPageEndsList = true
        let runner = ManualRunner()
        let list = Self.openChat(data, runner)
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        var newest = 0
        for check in 1...4 {
            data.insertAtTop(1)
            list.loadNewerItems()
            #expect(runner.inFlight.map(\.target) == [.page(.before(String(newest)))])
            runner.answerAll(from: data)
            newest = 1_000_000 + check - 1
            #expect(list.newerItemCount == check)
        }
        // Nothing new: the check brings an empty page and asks from the same item next time.
        list.loadNewerItems()
        runner.answerAll(from: data)
        data.insertAtTop(1)
        list.loadNewerItems()
        #expect(runner.inFlight.map(\.target) == [.page(.before(String(newest)))])
        runner.answerAll(from: data)
        list.showNewerItems()
        #expect(list.ids(list.count - 6..<list.count) == [0, 1_000_000, 1_000_001, 1_000_002, 1_000_003, 1_000_004])
        // Each message came once: no answer brought one that an earlier answer had.
        let asked = runner.started.compactMap { request -> PageKey? in
            guard case .page(let key) = request.target, case .before = key else { return nil }
            return key
        }
        #expect(Set(asked).count == asked.count - 1)  // the empty check's key, asked once more
        #expect(list.model.invariantViolations().isEmpty && list.plan.invariantViolations().isEmpty)
    }

    @Test("a burst of newer items larger than a page: checked page after page, each item once")
    func newerBurst() {
        var data = Self.chatData()
        let runner = ManualRunner()
        let list = Self.openChat(data, runner)
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        data.insertAtTop(45)
        list.loadNewerItems()
        runner.answerAll(from: data)
        #expect(list.newerItemCount == 45)
        list.showNewerItems()
        let ids = list.loadedIDs
        #expect(Set(ids).count == ids.count)
        #expect(Array(ids.suffix(46)) == [0] + (1_000_000..<1_000_045))
    }

    @Test("checks that overlap: a call while one loads checks again after it, and nothing shows twice or goes missing")
    func newerOverlapping() {
        var data = Self.chatData()
        let runner = ManualRunner()
        let list = Self.openChat(data, runner)
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        data.insertAtTop(2)
        list.loadNewerItems()
        list.loadNewerItems()
        #expect(runner.inFlight.count == 1)
        let first = runner.inFlight[0]
        // More arrive before the answer; the second call was made for them.
        data.insertAtTop(3)
        list.loadNewerItems()
        Self.answer(first, runner, from: data)
        #expect(runner.inFlight.count == 1, "the check asked for meanwhile goes now")
        runner.answerAll(from: data)
        #expect(list.newerItemCount == 5)
        // The user scrolls meanwhile, then to the bottom.
        list.setVisibleRows(20..<32)
        runner.answerAll(from: data)
        list.setVisibleRows(list.count - 12..<list.count)
        let ids = list.loadedIDs
        #expect(Set(ids).count == ids.count)
        #expect(Array(ids.suffix(6)) == [0] + (1_000_000..<1_000_005))
        #expect(list.newerItemCount == 0)
    }

    @Test("a check that fails shows in the load states, goes again with retry, and loses nothing")
    func newerFailure() {
        var data = Self.chatData()
        let runner = ManualRunner()
        let list = Self.openChat(data, runner)
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        data.insertAtTop(2)
        list.loadNewerItems()
        runner.answer(runner.inFlight[0], with: .page(.failure(TestErrors.unavailable)))
        #expect(list.loadStates.append.error != nil, "the newest end is below the screen")
        #expect(list.newerItemCount == 0)
        list.retry()
        #expect(Self.request(.before("0"), runner) != nil)
        runner.answerAll(from: data)
        #expect(list.newerItemCount == 2)
        // A failure again, and the next call sends it again.
        data.insertAtTop(1)
        list.loadNewerItems()
        runner.answer(runner.inFlight[0], with: .page(.failure(TestErrors.unavailable)))
        list.loadNewerItems()
        runner.answerAll(from: data)
        #expect(list.newerItemCount == 3)
    }

    @Test("a refresh while newer items wait asks for them again, as the server has them now, and shows them")
    func newerThenRefresh() {
        var data = Self.chatData()
        let runner = ManualRunner()
        let list = Self.openChat(data, runner)
        let log = ChangeLog(list)
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        data.insertAtTop(2)
        list.loadNewerItems()
        runner.answerAll(from: data)
        #expect(list.newerItemCount == 2)
        // While they wait, the server removes one and adds another: the refresh asks again.
        data.remove(1_000_000)
        data.insertAtTop(1)
        list.refresh()
        runner.answerAll(from: data)
        #expect(list.newerItemCount == 0)
        list.setVisibleRows(list.count - 12..<list.count)
        runner.answerAll(from: data)
        let ids = list.loadedIDs
        #expect(Set(ids).count == ids.count)
        #expect(Array(ids.suffix(3)) == [0, 1_000_001, 1_000_002])
        #expect(log.mismatches.isEmpty)
    }

    #if canImport(Observation)
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("newerItemCount is observable")
    func newerObservable() {
        var data = Self.chatData()
        let runner = ManualRunner()
        let list = Self.openChat(data, runner)
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        let changed = LockedFlag()
        withObservationTracking {
            _ = list.newerItemCount
        } onChange: {
            changed.set()
        }
        data.insertAtTop(1)
        list.loadNewerItems()
        runner.answerAll(from: data)
        #expect(changed.value)
        #expect(list.newerItemCount == 1)
    }
    #endif
}

/// A flag set from an observation's change handler.
final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var isSet = false
    var value: Bool { lock.withLock { isSet } }
    func set() { lock.withLock { isSet = true } }
}
