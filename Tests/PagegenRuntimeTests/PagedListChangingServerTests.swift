import Foundation
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// The server's list moves between page loads: items inserted at the top (drift),
/// removed anywhere, edited. No item shows twice, none present throughout is skipped,
/// and a refresh leaves the row the user reads where it was.
@MainActor
@Suite("PagedList over a server that changes")
struct PagedListChangingServerTests {
    /// What the server does before it answers each request.
    struct Churn {
        var insertAtTop = 0
        var removals = 0
        var edits = 0
    }

    /// A reader going down a list whose server changes before every answer.
    struct Reading {
        var data: TestData
        var random = SeededGenerator(seed: 7)
        var removed: Set<Int> = []
        var seen: Set<Int> = []
        var duplicatesSeen = 0

        /// Answers every request in flight, one at a time, the server changing first.
        @MainActor
        mutating func answerAll(_ runner: ManualRunner, _ list: PagedList<TestItem>, churn: Churn, rounds: Int = 100) {
            for _ in 0..<rounds {
                guard let request = runner.inFlight.first else { return }
                change(churn)
                runner.answer(request, with: .page(.success(data.page(for: request, index: request.pageIndex ?? 0))))
                check(list)
            }
        }

        mutating func change(_ churn: Churn) {
            data.insertAtTop(churn.insertAtTop)
            for _ in 0..<churn.removals where data.items.count > 10 {
                let id = data.items[Int.random(in: 0..<data.items.count, using: &random)].id
                data.remove(id)
                removed.insert(id)
            }
            for _ in 0..<churn.edits {
                data.edit(data.items[Int.random(in: 0..<data.items.count, using: &random)].id)
            }
        }

        /// No item shows twice.
        @MainActor
        mutating func check(_ list: PagedList<TestItem>) {
            let ids = list.loadedIDs
            if Set(ids).count != ids.count {
                duplicatesSeen += 1
                Issue.record("an item shows twice: \(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
            }
        }

        /// Notes the items on screen.
        @MainActor
        mutating func look(_ list: PagedList<TestItem>) {
            for row in list.visibleRows where row < list.count {
                if let id = list[row].item?.id { seen.insert(id) }
            }
        }

        /// The items present from start to end (never removed) between the first and
        /// the last the reader saw, in the server's order, that the reader never saw.
        func missed(base: Int) -> [Int] {
            let read = seen.filter { $0 < base }
            guard let last = read.max() else { return [] }
            return (0...last).filter { !removed.contains($0) && !seen.contains($0) }
        }
    }

    /// Reads `steps` screens down a list of `count` items whose server churns.
    func read(
        count: Int = 2_000, churn: Churn, steps: Int = 60, tellsTotal: Bool = true, offsets: Bool = false,
        runner: ManualRunner = ManualRunner()
    ) -> (Reading, PagedList<TestItem>, ChangeLog) {
        var reading = Reading(data: TestData(count: count, tellsTotal: tellsTotal))
        let loader = offsets ? TestLoaders.offsets(reading.data) : TestLoaders.indexed(reading.data)
        let list = PagedList(loader, runner: runner)
        let log = ChangeLog(list)
        list.start()
        reading.answerAll(runner, list, churn: churn)
        list.setVisibleRows(0..<12)
        reading.answerAll(runner, list, churn: churn)
        reading.look(list)
        for _ in 0..<steps {
            // The table view keeps the anchor still: the visible rows follow it; then
            // the user scrolls a screen down.
            let top = list.visibleRows.lowerBound + 12
            list.setVisibleRows(top..<top + 12)
            reading.answerAll(runner, list, churn: churn)
            // Rows on screen still loading (a gap): the reader waits for them.
            for _ in 0..<4 where list.visibleRows.contains(where: { !list[$0].isItem }) {
                list.setVisibleRows(list.visibleRows)
                reading.answerAll(runner, list, churn: churn)
            }
            reading.look(list)
        }
        return (reading, list, log)
    }

    @Test("items inserted at the top while the user reads down: no item twice, none skipped")
    func drift() {
        let (reading, list, log) = read(churn: Churn(insertAtTop: 3))
        #expect(reading.duplicatesSeen == 0)
        #expect(reading.missed(base: 2_000) == [])
        #expect(reading.seen.filter { $0 < 2_000 }.count > 600)
        #expect(list.count == reading.data.items.count)
        #expect(log.mismatches.isEmpty)
    }

    @Test("items removed anywhere while the user reads down: none of the others skipped")
    func removals() {
        let (reading, _, log) = read(churn: Churn(removals: 2))
        #expect(reading.duplicatesSeen == 0)
        #expect(reading.missed(base: 2_000) == [])
        #expect(reading.seen.count > 600)
        #expect(log.mismatches.isEmpty)
    }

    @Test("insertions, removals and edits together")
    func churn() {
        let (reading, _, log) = read(churn: Churn(insertAtTop: 2, removals: 2, edits: 3))
        #expect(reading.duplicatesSeen == 0)
        #expect(reading.missed(base: 2_000) == [])
        #expect(log.mismatches.isEmpty)
    }

    @Test("offsets without a total: items removed above while the user reads down, none of the others skipped")
    func removalsAboveAnOffsetListWithoutATotal() {
        let runner = ManualRunner()
        let (reading, _, log) = read(churn: Churn(removals: 2), tellsTotal: false, offsets: true, runner: runner)
        #expect(reading.duplicatesSeen == 0)
        #expect(reading.missed(base: 2_000) == [])
        #expect(reading.seen.count > 600)
        #expect(log.mismatches.isEmpty)
        // Each page starts at the last item of the page before: pages of 30, 29 apart.
        let offsets = Set(runner.started.compactMap { if case .page(.offset(let offset)) = $0.target { offset } else { nil } })
        #expect(offsets.isSuperset(of: [0, 29, 58, 87]))
        #expect(offsets.allSatisfy { $0 % 29 == 0 })
    }

    @Test("offsets with a total and insertions, removals and edits together")
    func churnOverOffsets() {
        let (reading, _, log) = read(churn: Churn(insertAtTop: 2, removals: 2, edits: 3), offsets: true)
        #expect(reading.duplicatesSeen == 0)
        #expect(reading.missed(base: 2_000) == [])
        #expect(log.mismatches.isEmpty)
    }

    @Test("without a total: insertions at the top show no item twice, none skipped")
    func driftWithoutTotal() {
        let (reading, _, log) = read(churn: Churn(insertAtTop: 3), tellsTotal: false)
        #expect(reading.duplicatesSeen == 0)
        #expect(reading.missed(base: 2_000) == [])
        #expect(log.mismatches.isEmpty)
    }

    @Test("page numbers: a page that lands right above an older one after the server moved loads the older one again")
    func pageAboveAnOlderPage() {
        var data = TestData(count: 2_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        let log = ChangeLog(list)
        list.start()
        runner.answerAll(from: data)
        // Page 1 loads after 2 items came at the top: it repeats page 0's last two, so
        // the list has seen the server move.
        list.setVisibleRows(20..<32)
        data.insertAtTop(2)
        runner.answerAll(from: data)
        // A jump: page 50 loads first. Then the server inserts 2 at the top and removes
        // 2 near the end (the total stays), and page 49 loads: it ends 2 items before
        // page 50 starts.
        list.setVisibleRows(1_505..<1_517)
        let below = runner.pagesInFlight.last!
        runner.answerPage(below, from: data)
        data.insertAtTop(2)
        for id in [1_990, 1_991] { data.remove(id) }
        let lastOfPageAbove = data.page(below - 1).items.last!.id
        runner.answerPage(below - 1, from: data)
        #expect(runner.pagesInFlight.contains(below), "page \(below) loads again")
        runner.answerAll(from: data)
        let ids = list.loadedIDs
        #expect(Set(ids).count == ids.count)
        let start = ids.firstIndex(of: data.page(below - 1).items.first!.id) ?? 0
        let shown = Array(ids[start...].prefix(60))
        let expected = data.items.map(\.id).drop { $0 != shown.first }.prefix(60)
        #expect(shown == Array(expected), "the items around \(lastOfPageAbove), in the server's order")
        #expect(log.mismatches.isEmpty)
    }

    /// Follows the changes as a table view would, keeping the anchor still: the row
    /// at the top of the screen.
    @MainActor
    final class Screen {
        var top: Int
        var moves = 0

        init(_ log: ChangeLog, top: Int) {
            self.top = top
            log.then = { [unowned self] change in
                guard let anchor = change.anchor else { return }
                self.top += anchor.after - anchor.before
                self.moves += 1
            }
        }
    }

    @Test(
        "a refresh after the server inserted more than three pages above: the row the user reads stays where it was", arguments: [5, 100])
    func refreshKeepsTheAnchor(inserted: Int) throws {
        var data = TestData(count: 2_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        let log = ChangeLog(list)
        list.start()
        runner.answerAll(from: data)
        list.setVisibleRows(300..<312, firstFullyVisible: 301)
        runner.answerAll(from: data)
        let anchor = try #require(list[301].item)
        let screen = Screen(log, top: 301)
        data.insertAtTop(inserted)
        for id in stride(from: 280, to: 340, by: 7) { data.edit(id) }
        list.refresh()
        runner.answerAll(from: data)
        #expect(!list.loadStates.refresh.isLoading)
        #expect(list[screen.top].item?.id == anchor.id, "the anchor item is on the row the screen kept")
        #expect(list.anchorRow == screen.top)
        #expect(screen.top == 301 + inserted)
        #expect(list.count == data.items.count)
        // What is on screen is fresh, and in the server's order.
        let shown = (screen.top..<screen.top + 12).map { list[$0].item }
        let expected = data.items[screen.top..<screen.top + 12]
        #expect(shown.map { $0?.id } == expected.map(\.id))
        #expect(shown.map { $0?.version } == expected.map(\.version))
        #expect(log.mismatches.isEmpty)
    }

    @Test("a refresh after the server removed the row the user reads: its next neighbour takes its place")
    func refreshAnchorRemoved() throws {
        var data = TestData(count: 2_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        let log = ChangeLog(list)
        list.start()
        runner.answerAll(from: data)
        list.setVisibleRows(300..<312)
        runner.answerAll(from: data)
        data.remove(300)
        data.remove(10)
        list.refresh()
        runner.answerAll(from: data)
        #expect(list.anchorRow == list.row(ofItem: 301))
        #expect(list.row(ofItem: 300) == nil)
        #expect(list.count == 1_998)
        #expect(log.mismatches.isEmpty)
    }

    @Test("a cursor list with previous keys: a refresh brings new items at the head above the anchor")
    func cursorHead() throws {
        var data = TestData(count: 500)
        data.givesPrevious = true
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.cursor(data), runner: runner)
        let log = ChangeLog(list)
        list.start()
        runner.answerAll(from: data)
        for top in stride(from: 0, through: 120, by: 12) {
            list.setVisibleRows(top..<top + 12)
            runner.answerAll(from: data)
        }
        let screen = Screen(log, top: 120)
        let anchor = try #require(list[120].item)
        data.insertAtTop(45)
        list.refresh()
        runner.answerAll(from: data)
        #expect(runner.started.map(\.target).contains(.page(.before("0"))))
        #expect(list[screen.top].item?.id == anchor.id)
        #expect(screen.top == 120 + 30, "one page of the new items came, above the anchor")
        // The user goes to the top: the rest of the new items come as they near.
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        #expect(list.ids(0..<40) == data.items.prefix(40).map(\.id))
        #expect(list.loadedIDs.count == Set(list.loadedIDs).count)
        #expect(list.loadedIDs.isInOrder(of: data))
        #expect(log.mismatches.isEmpty)
    }

    @Test(
        "a cursor list without previous keys: a refresh loads the first page again; new items go above, a gap walks to the old ones",
        arguments: [5, 45])
    func cursorFirstPage(inserted: Int) throws {
        var data = TestData(count: 500)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.cursor(data), runner: runner)
        let log = ChangeLog(list)
        list.start()
        runner.answerAll(from: data)
        for top in stride(from: 0, through: 120, by: 12) {
            list.setVisibleRows(top..<top + 12)
            runner.answerAll(from: data)
        }
        let screen = Screen(log, top: 120)
        let anchor = try #require(list[120].item)
        data.insertAtTop(inserted)
        list.refresh()
        runner.answerAll(from: data)
        #expect(list[screen.top].item?.id == anchor.id)
        list.setVisibleRows(0..<12)
        for _ in 0..<6 {
            runner.answerAll(from: data)
            list.setVisibleRows(list.visibleRows)
        }
        #expect(list.ids(0..<40) == data.items.prefix(40).map(\.id))
        #expect(list.loadedIDs.count == Set(list.loadedIDs).count)
        #expect(list.loadedIDs.isInOrder(of: data))
        #expect(log.mismatches.isEmpty)
    }
}

extension [Int] {
    /// True when these ids come in the order the server's list has them.
    func isInOrder(of data: TestData) -> Bool {
        var positions: [Int: Int] = [:]
        for (position, item) in data.items.enumerated() { positions[item.id] = position }
        let known = compactMap { positions[$0] }
        return known == known.sorted()
    }
}
