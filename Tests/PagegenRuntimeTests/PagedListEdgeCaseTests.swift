import Testing

@_spi(Generated) @testable import PagegenRuntime

/// Jumps, estimated totals, SwiftUI's appear/disappear, pages that change length.
@MainActor
@Suite("PagedList edge cases")
struct PagedListEdgeCaseTests {
    @Test("start(atRow:) after the first content jumps: the new row's page loads first, the count stays")
    func jump() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerAll(from: data)
        list.start(atRow: 3_000)
        #expect(list.focusRow == 3_000)
        #expect(runner.pagesRequested == [0, 1, 100, 99, 101])
        runner.answerAll(from: data)
        #expect(list.holdsItems(0..<60))
        #expect(list.holdsItems(2_970..<3_060))
        #expect(list.count == 10_000)
    }

    @Test("an estimated total sizes the placeholders but does not end the list")
    func estimatedTotal() {
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(TestData(count: 0)), runner: runner)
        let log = ChangeLog(list)
        list.start()
        let items = (0..<90).map { TestItem(id: $0) }
        runner.answer(
            runner.inFlight[0],
            with: .page(
                .success(
                    Page(
                        items: Array(items[0..<30]), key: .number(0), next: .number(1), total: 40, totalIsEstimate: true))))
        #expect(list.count == 40)
        #expect(list[39].summary == "placeholder")
        runner.answer(
            runner.inFlight[0],
            with: .page(
                .success(
                    Page(
                        items: Array(items[30..<60]), key: .number(1), next: .number(2), total: 40, totalIsEstimate: true))))
        #expect(list.count == 61)
        #expect(list[60].summary == "loading")
        list.setVisibleRows(50..<61)
        runner.answer(
            runner.inFlight[0],
            with: .page(
                .success(
                    Page(
                        items: Array(items[60..<75]), key: .number(2), next: nil, total: 40, totalIsEstimate: true))))
        #expect(list.count == 75)
        #expect(list.holdsItems(0..<75))
        #expect(log.changes.last?.countBefore == 61)
        #expect(log.changes.last?.insertedRows == [60..<75])
        #expect(log.changes.last?.deletedRows == [60..<61])
    }

    @Test("an estimate above the real length shrinks to it when the last page arrives")
    func estimateTooHigh() {
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(TestData(count: 0)), runner: runner)
        let log = ChangeLog(list)
        list.start()
        let items = (0..<50).map { TestItem(id: $0) }
        runner.answer(
            runner.inFlight[0],
            with: .page(
                .success(
                    Page(
                        items: Array(items[0..<30]), key: .number(0), next: .number(1), total: 100, totalIsEstimate: true))))
        #expect(list.count == 100)
        runner.answer(
            runner.inFlight[0],
            with: .page(
                .success(
                    Page(
                        items: Array(items[30..<50]), key: .number(1), next: nil, total: 100, totalIsEstimate: true))))
        #expect(list.count == 50)
        #expect(log.changes.last?.deletedRows == [50..<100])
        #expect(list.holdsItems(0..<50))
    }

    @Test("SwiftUI: rows that appear and disappear make the visible rows")
    func appearDisappear() {
        let data = TestData(count: 1_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerAll(from: data)
        for row in 0..<12 { list.didAppear(row: row) }
        #expect(list.visibleRows == 0..<12)
        list.didAppear(row: 12)
        list.didDisappear(row: 0)
        #expect(list.visibleRows == 1..<13)
        for row in 13..<40 { list.didAppear(row: row) }
        for row in 1..<28 { list.didDisappear(row: row) }
        #expect(list.visibleRows == 28..<40)
        #expect(runner.pagesInFlight == [2])
    }

    @Test("a cursor page that comes back shorter: the rows after it stay, and load again as the next page")
    func chainResize() {
        let data = TestData(count: 90)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.cursor(data), runner: runner)
        let log = ChangeLog(list)
        list.start()
        runner.answerPage(0, from: data)
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        #expect(list.holdsItems(0..<60))

        list.refresh()
        #expect(runner.inFlight.map(\.target) == [.page(.first)])
        let shorter = Array(data.items[0..<25])
        runner.answer(runner.inFlight[0], with: .page(.success(Page(items: shorter, key: .first, next: .after("24"), total: 85))))
        // Items 25…29 were on the first page; the new one ends before them. They stay
        // (nothing says they are gone), and load again as the page after 24.
        #expect(list.ids(23..<27) == [23, 24, 25, 26])
        #expect(runner.inFlight.map(\.target).contains(.page(.after("24"))))
        let ids = (0..<list.count).map { list.rowID(at: $0) }
        #expect(Set(ids).count == ids.count)
        // The page after 24 holds 25…54: every one loaded already.
        runner.answerAll(from: data)
        #expect(list.holdsItems(0..<60))
        #expect(list[60].summary == "placeholder")
        #expect(list.count == 90)
        #expect(log.mismatches.isEmpty)
    }

    @Test("rows outside the list read as placeholders")
    func outOfRange() {
        let list = PagedList(TestLoaders.indexed(TestData(count: 10)), runner: ManualRunner())
        #expect(list[-1].summary == "placeholder")
        #expect(list[5].summary == "placeholder")
        #expect(list.rowID(at: 5) == .position(5))
        #expect(list.rows.isEmpty)
    }

    @Test("the change stream ends when the list goes away")
    func streamEnds() async {
        var list: PagedList<TestItem>? = PagedList(TestLoaders.indexed(TestData(count: 10)), runner: ManualRunner())
        let stream = list!.changes()
        list = nil
        var events = 0
        for await _ in stream { events += 1 }
        #expect(events == 0)
    }
}
