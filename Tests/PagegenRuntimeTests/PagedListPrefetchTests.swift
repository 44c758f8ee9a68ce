import Testing

@_spi(Generated) @testable import PagegenRuntime

/// Prefetching, cancelling, concurrency, flings and the memory bound.
@MainActor
@Suite("PagedList prefetching")
struct PagedListPrefetchTests {
    /// A list over 10,000 rows with pages 0 and 1 loaded and rows 0..<12 visible.
    private func loadedList(
        _ options: PagedListOptions = PagedListOptions()
    ) -> (PagedList<TestItem>, ManualRunner, TestData) {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), options: options, runner: runner)
        list.start()
        runner.answerPage(0, from: data)
        list.setVisibleRows(0..<12)
        runner.answerAll(from: data)
        return (list, runner, data)
    }

    @Test("pages within the prefetch distance of the visible rows load ahead, no further")
    func prefetchDistance() {
        let (list, runner, _) = loadedList()
        #expect(runner.pagesRequested == [0, 1])
        list.setVisibleRows(20..<32)
        #expect(runner.pagesInFlight == [2])
        list.setVisibleRows(25..<37)
        #expect(runner.pagesInFlight == [2])
        #expect(runner.pagesRequested == [0, 1, 2])
    }

    @Test("at most maxConcurrentLoads requests at once, nearest to the visible rows first")
    func concurrencyLimit() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let options = PagedListOptions(prefetchDistance: .pages(2), maxConcurrentLoads: 3)
        let list = PagedList(TestLoaders.indexed(data), options: options, runner: runner)
        list.start(atRow: 3_000)
        runner.answerPage(100, from: data)
        // Rows 2940..<3061 are wanted: pages 98...102. Nearest first, ahead before behind.
        #expect(runner.pagesRequested == [100, 99, 101, 98])
        #expect(runner.pagesInFlight.count == 3)
        runner.answerPage(99, from: data)
        #expect(runner.pagesRequested == [100, 99, 101, 98, 102])
        #expect(runner.pagesInFlight.count == 3)
    }

    @Test("a visible page that cannot start preempts the farthest prefetch")
    func preemption() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let options = PagedListOptions(prefetchDistance: .pages(3), dropHysteresis: .pages(10), maxConcurrentLoads: 2)
        let list = PagedList(TestLoaders.indexed(data), options: options, runner: runner)
        list.start()
        runner.answerPage(0, from: data)
        list.setVisibleRows(0..<12)
        #expect(runner.pagesInFlight == [1, 2])
        // Jump a little: page 3 is on screen now, pages 1 and 2 are still wanted.
        list.setVisibleRows(95..<107)
        #expect(runner.pagesInFlight.contains(3))
        #expect(runner.pagesCancelled == [1])
        #expect(runner.pagesInFlight.count == 2)
    }

    @Test("requests for pages that left the window are cancelled; their late answer is never applied")
    func cancelOnScrollAway() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerPage(0, from: data)
        let page1 = try! #require(runner.request(forPage: 1))
        list.setVisibleRows(3_000..<3_012)
        #expect(runner.pagesCancelled == [1])
        #expect(runner.pagesInFlight == [99, 100, 101])

        runner.answer(page1, with: .page(.success(data.page(1))))
        #expect(list[30].summary == "placeholder")
        #expect(list.ignoredResponses == 1)
        #expect(list.loadedItemCount == 30)
    }

    @Test("an old request's late answer never stands in for a newer request of the same page")
    func generations() {
        let (list, runner, data) = loadedList()
        list.setVisibleRows(20..<32)
        let old = try! #require(runner.request(forPage: 2))
        list.setVisibleRows(3_000..<3_012)
        list.setVisibleRows(20..<32)
        let new = try! #require(runner.request(forPage: 2))
        #expect(old.id != new.id)

        var changed = data
        changed.items = changed.items.map { TestItem(id: $0.id, version: 1) }
        runner.answer(old, with: .page(.success(changed.page(2))))
        #expect(list[60].summary == "placeholder")
        #expect(runner.pagesInFlight.contains(2))
        runner.answer(new, with: .page(.success(data.page(2))))
        #expect(list[60].item == TestItem(id: 60, version: 0))
        #expect(list.ignoredResponses >= 1)
    }

    @Test("a small scroll back and forth keeps requests in flight (hysteresis)")
    func hysteresis() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerPage(0, from: data)
        #expect(runner.pagesInFlight == [1])
        list.setVisibleRows(100..<112)
        list.setVisibleRows(90..<102)
        list.setVisibleRows(100..<112)
        #expect(runner.pagesCancelled.isEmpty)
        #expect(runner.pagesInFlight.contains(1))
        list.setVisibleRows(130..<142)
        #expect(runner.pagesCancelled == [1])
    }

    @Test("prefetch and cancel of the same rows in quick succession")
    func prefetchThenCancel() {
        let (list, runner, data) = loadedList()
        list.prefetch(rows: 600..<610)
        let first = try! #require(runner.request(forPage: 20))
        list.cancelPrefetch(rows: 600..<610)
        list.prefetch(rows: 600..<610)
        let second = try! #require(runner.request(forPage: 20))
        list.cancelPrefetch(rows: 600..<610)
        #expect(runner.pagesCancelled == [20, 20])
        #expect(runner.pagesInFlight.isEmpty)
        #expect(first.id != second.id)

        // Both answers come late: neither is applied.
        runner.answer(first, with: .page(.success(data.page(20))))
        runner.answer(second, with: .page(.success(data.page(20))))
        #expect(list[600].summary == "placeholder")
        #expect(list.ignoredResponses == 2)

        // Prefetch, cancel, prefetch: one request in flight, and its answer applies.
        list.prefetch(rows: 600..<610)
        list.cancelPrefetch(rows: 600..<610)
        list.prefetch(rows: 600..<610)
        #expect(runner.pagesInFlight == [20])
        runner.answerPage(20, from: data)
        #expect(list.holdsItems(600..<630))
    }

    @Test("cancelPrefetch keeps a request the visible rows still need")
    func cancelKeepsWanted() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.indexed(data), runner: runner)
        list.start()
        runner.answerPage(0, from: data)
        list.setVisibleRows(0..<12)
        list.prefetch(rows: 30..<40)
        list.cancelPrefetch(rows: 30..<40)
        #expect(runner.pagesCancelled.isEmpty)
        #expect(runner.pagesInFlight == [1])
    }

    @Test("prefetch(rows:) of rows already loaded sends nothing")
    func prefetchLoaded() {
        let (list, runner, _) = loadedList()
        list.prefetch(rows: 0..<60)
        #expect(runner.pagesRequested == [0, 1])
    }

    @Test("willSettle loads the landing page first and cancels the passed-by requests")
    func willSettle() {
        let (list, runner, data) = loadedList()
        list.setVisibleRows(20..<32)
        #expect(runner.pagesInFlight == [2])

        list.willSettle(atRows: 2_000..<2_012)
        #expect(runner.pagesCancelled == [2])
        #expect(runner.pagesRequested.suffix(3) == [66, 67, 65])

        // Rows the fling passes by load nothing, even when the UI prefetches them.
        list.setVisibleRows(500..<512)
        list.prefetch(rows: 512..<524)
        list.setVisibleRows(1_500..<1_512)
        #expect(runner.pagesInFlight == [65, 66, 67])
        #expect(runner.pagesRequested.count == 6)

        runner.answerPage(66, from: data)
        runner.answerPage(67, from: data)
        list.setVisibleRows(1_995..<2_007)
        #expect(list.holdsItems(1_995..<2_007))
        list.setVisibleRows(2_000..<2_012)
        #expect(list.holdsItems(2_000..<2_012))
    }

    @Test("never more than one request in flight per page, whatever the UI calls")
    func noDuplicates() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let options = PagedListOptions(maxLoadedItems: 200)
        let list = PagedList(TestLoaders.indexed(data), options: options, runner: runner)
        var random = SplitMix(seed: 7)
        list.start()
        for step in 0..<2_000 {
            let row = random.next(below: 10_000)
            switch random.next(below: 9) {
            case 0, 1:
                list.setVisibleRows(row..<row + 12)
            case 2:
                list.prefetch(rows: row..<row + 10)
            case 3:
                list.cancelPrefetch(rows: row..<row + 10)
            case 4:
                list.willSettle(atRows: row..<row + 12)
            case 5:
                list.retry()
            case 6:
                if let request = runner.inFlight.randomElement(using: &random) {
                    runner.answer(request, with: .page(.failure(TestErrors.unavailable)))
                }
            default:
                if let request = runner.inFlight.randomElement(using: &random), let index = request.pageIndex {
                    runner.answer(request, with: .page(.success(data.page(index))))
                }
            }
            let pages = runner.pagesInFlight
            #expect(Set(pages).count == pages.count, "duplicate request at step \(step): \(pages)")
            #expect(pages.count <= 3)
            #expect(list.loadedItemCount <= 200 + 30)
            #expect(list.count == 0 || list.count == 10_000)
            for page in pages {
                #expect(list[page * 30].item == nil, "page \(page) requested while loaded")
            }
        }
        #expect(list.count == 10_000)
        #expect(runner.started.count > 500)
        #expect(list.loadedItemCount > 0)
    }

    @Test("memory stays under maxLoadedItems: far pages go back to placeholders, the count stays")
    func memoryBound() {
        let data = TestData(count: 10_000)
        let runner = ManualRunner()
        let options = PagedListOptions(maxLoadedItems: 150)
        let list = PagedList(TestLoaders.indexed(data), options: options, runner: runner)
        list.start()
        var maxHeld = 0
        for top in stride(from: 0, through: 3_000, by: 10) {
            list.setVisibleRows(top..<top + 12)
            runner.answerAll(from: data)
            maxHeld = max(maxHeld, list.loadedItemCount)
            #expect(list.holdsItems(top..<top + 12))
        }
        #expect(maxHeld <= 150)
        #expect(list.count == 10_000)
        #expect(list[0].summary == "placeholder")
        #expect(list.rowID(at: 0) == .position(0))

        let before = runner.pagesRequested.count
        list.setVisibleRows(0..<12)
        #expect(runner.pagesRequested.count > before)
        runner.answerAll(from: data)
        #expect(list.holdsItems(0..<12))
        #expect(list.loadedItemCount <= 150)
    }
}

/// A small deterministic random number generator.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
