import Foundation
import Testing

@testable import PagegenRuntime

#if canImport(Observation)
import Observation
#endif

/// Row count, rows, identifiers, starting anywhere, change events, observation.
@MainActor
@Suite("PagedList basics")
struct PagedListTests {
    @Test("known total: the count is the total from the first response on; unloaded rows are placeholders")
    func knownTotal() {
        let data = TestData(count: 1_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        #expect(list.count == 0)
        list.start()
        #expect(runner.pagesRequested == [0])
        #expect(list.loadStates.refresh.isLoading)
        #expect(list.count == 0)

        runner.answerPage(0, from: data)
        #expect(list.count == 1_000)
        #expect(list.holdsItems(0..<30))
        #expect(list[30].summary == "placeholder")
        #expect(list[999].summary == "placeholder")
        #expect(list[1_000].summary == "placeholder")
        #expect(!list.loadStates.refresh.isLoading)
    }

    @Test("start(atRow:) sends one request before the first content, then fills in both directions")
    func startAtRow() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start(atRow: 5_000)
        #expect(list.focusRow == 5_000)
        #expect(runner.pagesRequested == [166])

        // Calls made while the first page loads add no request and are not lost.
        list.prefetch(rows: 5_012..<5_020)
        list.start(atRow: 5_000)
        list.setVisibleRows(5_000..<5_012)
        list.retry()
        list.refresh()
        #expect(runner.pagesRequested == [166])

        runner.answerPage(166, from: data)
        #expect(list.count == 10_000)
        #expect(list.holdsItems(4_980..<5_010))
        // Rows 4970..<5042 are wanted (the visible rows and a page on each side).
        #expect(runner.pagesRequested == [166, 167, 165, 168])
        #expect(runner.pagesInFlight == [165, 167, 168])
    }

    @Test("start() begins at the top and is harmless when repeated")
    func startAtTop() {
        let data = TestData(count: 100)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        list.start()
        list.startFromWindow()
        #expect(runner.pagesRequested == [0])
        runner.answerAll(from: data)
        list.setVisibleRows(80..<92)
        runner.answerAll(from: data)
        #expect(list.holdsItems(0..<100))
        #expect(list.count == 100)
        #expect(list.loadStates.append.isEndReached)
        #expect(list.loadStates.prepend.isEndReached)
        #expect(Set(runner.pagesRequested) == [0, 1, 2, 3])
        #expect(runner.pagesRequested.count == 4)
    }

    @Test("a window loader: the window names the first page, the total and the focus row")
    func window() {
        let data = TestData(count: 1_000)
        let runner = ManualRunner()
        let window = WindowStart(pageIndex: 10, pageSize: 30, total: 1_000, focusRow: 315)
        let list = PagedList(TestLoaders.windowed(data, window: window), runner: runner)
        list.startFromWindow()
        list.startFromWindow()
        #expect(runner.started.map(\.target) == [.window])
        #expect(list.loadStates.refresh.isLoading)

        runner.answer(runner.started[0], with: .window(.success(window)))
        #expect(list.count == 1_000)
        #expect(list.focusRow == 315)
        #expect(runner.pagesRequested == [10])
        #expect(list[315].summary == "placeholder")
        runner.answerPage(10, from: data)
        #expect(list.holdsItems(300..<330))
    }

    @Test("a failed window request is sent again by retry()")
    func windowRetry() {
        let data = TestData(count: 1_000)
        let runner = ManualRunner()
        let window = WindowStart(pageIndex: 2, pageSize: 30, total: 1_000)
        let list = PagedList(TestLoaders.windowed(data, window: window), runner: runner)
        list.startFromWindow()
        runner.answer(runner.started[0], with: .window(.failure(TestErrors.unavailable)))
        #expect(list.loadStates.refresh.error?.statusCode == 503)
        list.retry()
        #expect(runner.started.map(\.target) == [.window, .window])
        runner.answer(runner.started[1], with: .window(.success(window)))
        #expect(list.focusRow == 60)
        #expect(runner.pagesRequested == [2])
    }

    @Test("unknown total: loaded rows plus a loading row, which fails, retries and ends")
    func unknownTotal() {
        let data = TestData(count: 75, tellsTotal: false)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerPage(0, from: data)
        #expect(list.count == 31)
        #expect(list[30].summary == "loading")
        #expect(runner.pagesInFlight == [1])

        runner.failPage(1)
        #expect(list[30].summary == "failed")
        #expect(list.loadStates.append.error?.statusCode == 503)
        list.retry()
        #expect(list[30].summary == "loading")
        #expect(runner.pagesInFlight == [1])

        runner.answerPage(1, from: data)
        #expect(list.count == 61)
        #expect(list[60].summary == "loading")
        list.setVisibleRows(40..<52)
        runner.answerPage(2, from: data)
        #expect(list.count == 75)
        #expect(list.holdsItems(0..<75))
        #expect(list.loadStates.append.isEndReached)
        #expect(runner.pagesRequested == [0, 1, 1, 2])
    }

    @Test("every row has a stable, unique identifier")
    func identifiers() {
        let data = TestData(count: 200)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerAll(from: data)
        #expect(list.rowID(at: 5) == .item(ItemIdentity(5)))
        #expect(list.rowID(at: 150) == .position(150))
        let ids = list.rows.map(\.id)
        #expect(ids.count == 200)
        #expect(Set(ids).count == 200)
        #expect(list.rows[5].row.item?.id == 5)
        #expect(list.rows[5].index == 5)

        // Without an item identity, rows are identified by position, loaded or not.
        let plain = PagedList(TestLoaders.indexed(data, withIdentity: false), runner: ManualRunner())
        #expect(plain.rowID(at: 5) == .position(5))
    }

    @Test("walking the rows gives what reading each by index gives: items, placeholders, failures, the loading row")
    func walkingTheRows() {
        let data = TestData(count: 500)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerAll(from: data)
        list.setVisibleRows(60..<70)
        runner.answerAll(from: data)
        list.setVisibleRows(300..<310)
        let far = runner.inFlight
        #expect(!far.isEmpty)
        for request in far { runner.answer(request, with: .page(.failure(TestErrors.unavailable))) }
        list.setVisibleRows(120..<130)
        #expect(Self.walkMatchesIndexing(list) == ["item", "placeholder", "failed"])

        let growing = TestData(count: 500, tellsTotal: false)
        let growingRunner = ManualRunner()
        let growingList = PagedList(TestLoaders.indexed(growing), runner: growingRunner)
        growingList.start()
        growingRunner.answerAll(from: growing)
        #expect(Self.walkMatchesIndexing(growingList) == ["item", "loading"])
    }

    /// Checks that walking `list.rows` gives the elements that reading each index gives,
    /// and returns the kinds of row seen.
    private static func walkMatchesIndexing(_ list: PagedList<TestItem>) -> Set<String> {
        let rows = list.rows
        var walked: [(index: Int, id: ListRowID, row: RowSummary)] = []
        for element in rows { walked.append((element.index, element.id, PagedList.summary(of: element.row))) }
        let indexed = rows.indices.map { (index: rows[$0].index, id: rows[$0].id, row: PagedList.summary(of: rows[$0].row)) }
        #expect(walked.count == list.count)
        #expect(walked.map(\.index) == indexed.map(\.index))
        #expect(walked.map(\.id) == indexed.map(\.id))
        #expect(walked.map(\.row) == indexed.map(\.row))
        return Set(
            walked.map {
                switch $0.row {
                case .item: "item"
                default: "\($0.row)"
                }
            })
    }

    @Test("change events name the rows that changed")
    func changeEvents() async {
        let data = TestData(count: 1_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        let log = ChangeLog(list)
        var stream = list.changes().makeAsyncIterator()
        list.start()
        runner.answerPage(0, from: data)
        #expect(log.changes.count == 1)
        #expect(log.changes[0].countBefore == 0)
        #expect(log.changes[0].insertedRows == [0..<1_000])
        let first = await stream.next()
        #expect(first?.insertedRows == [0..<1_000])

        runner.answerPage(1, from: data)
        #expect(log.changes.last?.reloadedRows == [30..<60])
        #expect(log.changes.last?.insertedRows.isEmpty == true)
        let second = await stream.next()
        #expect(second?.reloadedRows == [30..<60])
    }

    @Test("items arriving before the loading row are insertions before it")
    func trailingRowChange() {
        let data = TestData(count: 100, tellsTotal: false)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        let log = ChangeLog(list)
        list.start()
        runner.answerPage(0, from: data)
        log.clear()
        runner.answerPage(1, from: data)
        #expect(log.changes == [ListChange(countBefore: 31, countAfter: 61, insertedRows: [30..<60])])
    }

    #if canImport(Observation)
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("it is Observable: reading count registers, loading notifies")
    func observation() async {
        let data = TestData(count: 100)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        let (changes, continuation) = AsyncStream<String>.makeStream()
        withObservationTracking {
            _ = list.count
        } onChange: {
            continuation.yield("count")
        }
        withObservationTracking {
            _ = list.loadStates
        } onChange: {
            continuation.yield("loadStates")
        }
        list.start()
        runner.answerPage(0, from: data)
        continuation.finish()
        var seen: [String] = []
        for await change in changes { seen.append(change) }
        #expect(seen.sorted() == ["count", "loadStates"])
    }
    #endif
}

extension LoadState {
    var isEndReached: Bool {
        if case .endReached = self { return true }
        return false
    }
}
