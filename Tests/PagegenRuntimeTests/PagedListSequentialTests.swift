import Testing

@_spi(Generated) @testable import PagegenRuntime

/// Cursor and link lists, which can only walk from page to page.
@MainActor
@Suite("PagedList with cursor pages")
struct PagedListSequentialTests {
    @Test("a cursor list walks one page at a time towards the focus")
    func walk() {
        let data = TestData(count: 300)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.cursor(data), runner: runner)
        list.start(atRow: 200)
        #expect(runner.started.map(\.target) == [.page(.first)])
        var steps = 0
        while list[200].item == nil, steps < 20 {
            #expect(runner.inFlight.count == 1)
            guard let page = runner.pagesInFlight.first else { break }
            runner.answerPage(page, from: data)
            steps += 1
        }
        #expect(list.count == 300)
        #expect(list[200].item?.id == 200)
        #expect(list.focusRow == 200)
        #expect(runner.pagesRequested == Array(0...7))
        #expect(runner.started[1].target == .page(.after("29")))
    }

    @Test("unknown total: rows loaded plus a loading row, until the last page")
    func unknownTotal() {
        let data = TestData(count: 45, tellsTotal: false)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.cursor(data), runner: runner)
        list.start()
        runner.answerPage(0, from: data)
        #expect(list.count == 31)
        #expect(list[30].summary == "loading")
        runner.failPage(1)
        #expect(list[30].summary == "failed")
        list.retry()
        runner.answerPage(1, from: data)
        #expect(list.count == 45)
        #expect(list.holdsItems(0..<45))
        #expect(list.loadStates.append.isEndReached)
    }

    @Test("dropped cursor pages load again by their key, at most one request per direction")
    func reloadDropped() {
        let data = TestData(count: 3_000)
        let runner = ManualRunner()
        let options = PagedListOptions(maxLoadedItems: 150)
        let list = PagedList(TestLoaders.cursor(data), options: options, runner: runner)
        list.start()
        for top in stride(from: 0, through: 600, by: 10) {
            list.setVisibleRows(top..<top + 12)
            runner.answerAll(from: data)
            #expect(list.loadedItemCount <= 150)
            #expect(runner.inFlight.count <= 1)
        }
        #expect(list[0].summary == "placeholder")
        #expect(list.holdsItems(600..<612))

        // Jump back to the middle of dropped pages: one request before, one after.
        list.setVisibleRows(299..<311)
        #expect(runner.inFlight.count == 2)
        let keys = runner.inFlight.map(\.target)
        #expect(keys.contains(.page(.after("269"))))
        #expect(keys.contains(.page(.after("299"))))
        runner.answerAll(from: data)
        #expect(list.holdsItems(299..<311))
        #expect(list.count == 3_000)
    }

    @Test("a cursor that repeats ends the list instead of looping")
    func loop() {
        let runner = ManualRunner()
        let loader = PageLoader<TestItem>(pageSize: 2, firstKey: .first) { _ in .failure(TestErrors.unavailable) }
        let list = PagedList(loader, runner: runner)
        list.start()
        let first = runner.inFlight[0]
        runner.answer(first, with: .page(.success(Page(items: [TestItem(id: 0), TestItem(id: 1)], key: .first, next: .after("a")))))
        let second = runner.inFlight[0]
        runner.answer(second, with: .page(.success(Page(items: [TestItem(id: 2), TestItem(id: 3)], key: .after("a"), next: .after("a")))))
        #expect(list.count == 4)
        #expect(runner.inFlight.isEmpty)
    }
}
