import Testing

@testable import PagegenRuntime

/// A fling the user catches, and a cold start whose first screen spans two pages.
@MainActor
@Suite("PagedList caught flings and cold starts")
struct PagedListSettleTests {
    /// A list over 10,000 rows with pages 0 and 1 loaded and rows 0..<12 visible,
    /// then a fling announced to land at row 2,000 that has reached row 1,200.
    private func flingInProgress() -> (PagedList<TestItem>, ManualRunner, TestData) {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerPage(0, from: data)
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        list.willSettle(atRows: 2_000..<2_012)
        #expect(runner.pagesInFlight == [65, 66, 67])
        list.setVisibleRows(1_200..<1_212)
        #expect(runner.pagesInFlight == [65, 66, 67], "the rows the fling passes by load nothing")
        return (list, runner, data)
    }

    @Test("a drag that catches a fling drops its target: the rows on screen load while the finger is down")
    func dragDropsTheTarget() {
        let (list, runner, data) = flingInProgress()
        list.willBeginDragging()
        #expect(runner.pagesInFlight.contains(40), "the page on screen loads at once")
        #expect(runner.pagesCancelled == [65, 66, 67], "the landing pages are out of reach now")
        runner.answerPage(40, from: data)
        #expect(list.holdsItems(1_200..<1_212))
        // Lifting the finger without moving settles where the rows are: nothing changes.
        let requested = runner.pagesRequested.count
        list.willSettle(atRows: 1_200..<1_212)
        #expect(runner.pagesRequested.count >= requested)
        #expect(list.holdsItems(1_200..<1_212))
    }

    @Test("the same visible rows reported again mean the scroll stopped short of the target")
    func restingViewportWins() {
        let (list, runner, data) = flingInProgress()
        list.setVisibleRows(1_200..<1_212)
        #expect(runner.pagesInFlight.contains(40))
        runner.answerPage(40, from: data)
        #expect(list.holdsItems(1_200..<1_212))
    }

    @Test("a drag with no fling under way changes nothing")
    func dragWithoutAFling() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerPage(0, from: data)
        list.setVisibleRows(0..<12)
        let requested = runner.pagesRequested
        list.willBeginDragging()
        list.setVisibleRows(0..<12)
        #expect(runner.pagesRequested == requested)
        #expect(runner.pagesCancelled.isEmpty)
    }

    @Test("a cold start whose first screen spans two pages requests both at once")
    func coldStartAcrossTwoPages() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start(atRows: 5_035..<5_047)
        #expect(runner.pagesRequested == [167, 168], "both pages of the first screen, before any answer")
        #expect(list.focusRow == 5_035)
        #expect(list.loadStates.refresh.isLoading)
        // First content after one round trip, whichever page answers first.
        runner.answerPage(168, from: data)
        #expect(list.count == 10_000)
        #expect(list.holdsItems(5_040..<5_047))
        runner.answerPage(167, from: data)
        #expect(list.holdsItems(5_035..<5_047))
        #expect(Set(runner.pagesRequested).count == runner.pagesRequested.count)
    }

    @Test("a cold start whose first screen fits one page, or a start at one row, sends one request")
    func coldStartInOnePage() {
        let data = TestData(count: 10_000)
        for start in [5_010..<5_022, 5_000..<5_001] {
            let runner = ManualRunner()
            let list = PagedList(TestLoaders.indexed(data), runner: runner)
            list.start(atRows: start)
            #expect(runner.pagesRequested == [start.lowerBound / 30])
        }
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start(atRow: 5_000)
        #expect(runner.pagesRequested == [166])
    }

    @Test("a failed start page reports the refresh as failed; retry sends it again")
    func coldStartFailure() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start(atRows: 5_035..<5_047)
        runner.answer(runner.request(forPage: 167)!, with: .page(.failure(TestErrors.unavailable)))
        #expect(list.loadStates.refresh.error != nil)
        runner.answerPage(168, from: data)
        list.retry()
        #expect(runner.pagesInFlight.contains(167))
        runner.answerPage(167, from: data)
        #expect(list.holdsItems(5_035..<5_047))
    }

    @Test("a cursor list started at rows walks from the top, one page at a time")
    func cursorColdStart() {
        let data = TestData(count: 100)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.cursor(data), runner: runner)
        list.start(atRows: 50..<62)
        #expect(runner.pagesRequested == [0])
    }
}
