import Testing

@testable import PagegenRuntime

/// Failures, retry, refresh and load states.
@MainActor
@Suite("PagedList failures and refresh")
struct PagedListFailureTests {
    @Test("a failed page marks its rows failed with the error; other pages keep theirs")
    func failedPage() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerPage(0, from: data)
        list.setVisibleRows(20..<32)
        #expect(runner.pagesInFlight == [1, 2])
        runner.failPage(1)
        runner.answerPage(2, from: data)
        #expect(list.holdsItems(0..<30))
        #expect(list.holdsItems(60..<90))
        for row in 30..<60 {
            guard case .failed(let error) = list[row] else {
                Issue.record("row \(row) is \(list[row].summary)")
                continue
            }
            #expect(error.statusCode == 503)
        }
        #expect(list.loadStates.append.error?.statusCode == 503)
        #expect(list.count == 10_000)
        // A failed page is not sent again by itself.
        list.setVisibleRows(25..<37)
        #expect(runner.pagesInFlight.isEmpty)
    }

    @Test("retry() re-sends exactly the failed pages")
    func retryExactlyFailed() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start(atRow: 3_000)
        runner.answerPage(100, from: data)
        #expect(runner.pagesInFlight == [99, 101])
        runner.failPage(99)
        runner.failPage(101)
        #expect(runner.pagesRequested == [100, 99, 101])
        #expect(list.loadStates.prepend.error != nil)
        #expect(list.loadStates.append.error != nil)

        let log = ChangeLog(list)
        list.retry()
        #expect(runner.pagesRequested.count == 5)
        #expect(runner.pagesInFlight == [99, 101])
        #expect(list[2_980].summary == "placeholder")
        #expect(log.touched(2_980) && log.touched(3_040))
        #expect(list.holdsItems(3_000..<3_030))
        runner.answerAll(from: data)
        #expect(list.holdsItems(2_970..<3_060))
    }

    @Test("retry() while a page loads does not send it twice")
    func retryDuringLoad() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerPage(0, from: data)
        list.setVisibleRows(20..<32)
        runner.failPage(2)
        #expect(runner.pagesInFlight == [1])
        list.retry()
        list.retry()
        #expect(runner.pagesInFlight == [1, 2])
        #expect(runner.pagesRequested == [0, 1, 2, 2])
    }

    @Test("a failed first page: the refresh state says so and retry() sends it again")
    func failedStart() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start(atRow: 300)
        runner.failPage(10)
        #expect(list.count == 0)
        #expect(list.loadStates.refresh.error?.statusCode == 503)
        list.retry()
        #expect(runner.pagesRequested == [10, 10])
        runner.answerPage(10, from: data)
        #expect(list.count == 10_000)
        #expect(list.holdsItems(300..<330))
    }

    @Test("refresh() reloads visible rows first, keeps old rows until replaced, matches items by identity")
    func refresh() {
        var data = TestData(count: 1_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        let log = ChangeLog(list)
        list.start()
        runner.answerPage(0, from: data)
        list.setVisibleRows(20..<32)
        runner.answerAll(from: data)
        list.prefetch(rows: 600..<601)
        runner.answerAll(from: data)
        #expect(list.holdsItems(0..<90))
        #expect(list.holdsItems(600..<630))
        let requestsBefore = runner.pagesRequested.count

        list.refresh()
        list.refresh()
        #expect(list.loadStates.refresh.isLoading)
        // Pages on screen first (0 and 1), then page 2 (in the prefetch distance);
        // page 20 is far away: dropped back to placeholders.
        #expect(Array(runner.pagesRequested.dropFirst(requestsBefore)) == [0, 1, 2])
        #expect(list.holdsItems(0..<90))
        #expect(list[600].summary == "placeholder")

        // The server removed item 0: every item moved up one position.
        data.items.removeFirst()
        runner.answerPage(1, from: data)
        // Page 1's items keep their rows (fresh copies); item 30, now on page 0, stays
        // until page 0 says where it is.
        #expect(list.ids(29..<32) == [29, 30, 31])
        #expect(list.loadStates.refresh.isLoading)
        runner.answerPage(0, from: data)
        // Page 0 starts the list with item 1: item 0 is gone, every row moved up one.
        #expect(list.ids(0..<3) == [1, 2, 3])
        #expect(list.ids(28..<31) == [29, 30, 31])
        #expect(!list.loadStates.refresh.isLoading)
        #expect(list.count == 999)
        // Item 1 moved from row 1 to row 0 and kept its identifier; every item shows once.
        #expect(list.rowID(at: 0) == .item(ItemIdentity(1)))
        let ids = (0..<90).map { list.rowID(at: $0) }
        #expect(Set(ids).count == 90)
        #expect(log.changes.allSatisfy { $0.anchor?.moved != true || $0.anchor!.after == $0.anchor!.before - 1 })

        runner.answerPage(2, from: data)
        #expect(list.ids(58..<62) == [59, 60, 61, 62])
        #expect(list.rowID(at: 60) == .item(ItemIdentity(61)))
        #expect(log.mismatches.isEmpty)
    }

    @Test("a failed refresh keeps the old rows; retry() sends the page again")
    func failedRefresh() {
        let data = TestData(count: 1_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerPage(0, from: data)
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        var states: [LoadStates] = []
        list.onLoadStatesChange = { states.append($0) }
        list.refresh()
        #expect(states.last?.refresh.isLoading == true)
        runner.failPage(0)
        #expect(states.last?.refresh.error?.statusCode == 503)
        #expect(list.holdsItems(0..<30))
        #expect(list.loadStates.refresh.error?.statusCode == 503)
        list.retry()
        #expect(runner.pagesInFlight == [0, 1])
        runner.answerAll(from: data)
        #expect(!list.loadStates.refresh.isLoading)
        #expect(list.loadStates.refresh.error == nil)
    }

    @Test("refresh() after a refresh failed on the rows on screen starts over")
    func refreshAfterFailedRefresh() {
        var data = TestData(count: 1_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerPage(0, from: data)
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        list.refresh()
        runner.failPage(0)
        runner.answerAll(from: data)
        #expect(list.loadStates.refresh.error?.statusCode == 503)
        data.items[0].version = 1
        list.refresh()
        #expect(list.loadStates.refresh.isLoading)
        #expect(runner.pagesInFlight.contains(0))
        runner.answerAll(from: data)
        #expect(!list.loadStates.refresh.isLoading)
        #expect(list.loadStates.refresh.error == nil)
        #expect(list[0].item?.version == 1)
    }

    @Test("refresh() before start() starts")
    func refreshBeforeStart() {
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(TestData(count: 10)), runner: runner)
        list.refresh()
        #expect(runner.pagesRequested == [0])
    }

    @Test("load states per direction")
    func loadStates() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        #expect(!list.loadStates.isLoading)
        list.start(atRow: 3_000)
        #expect(list.loadStates.refresh.isLoading)
        #expect(!list.loadStates.append.isLoading)
        runner.answerPage(100, from: data)
        list.setVisibleRows(3_000..<3_012)
        #expect(!list.loadStates.refresh.isLoading)
        #expect(list.loadStates.prepend.isLoading)
        #expect(list.loadStates.append.isLoading)
        runner.failPage(99)
        #expect(list.loadStates.prepend.error != nil)
        runner.answerPage(101, from: data)
        guard case .notLoading = list.loadStates.append else {
            Issue.record("append is \(list.loadStates.append)")
            return
        }
    }
}
