import Testing

@testable import PagegenRuntime

/// Cursor lists whose pages, loaded again, no longer line up with the runs they were
/// placed in.
@MainActor
@Suite("PagedList cursor pages")
struct PagedListCursorTests {
    /// A server whose cursors stand for positions (an offset in an opaque token): after
    /// items are removed, the same cursor starts further down the list.
    struct OffsetCursorServer {
        var items: [TestItem]
        let pageSize: Int

        func page(_ key: PageKey) -> Page<TestItem> {
            var start = 0
            if case .after(let token) = key { start = min(items.count, Int(token)!) }
            let end = min(items.count, start + pageSize)
            return Page(
                items: Array(items[start..<end]), key: key, next: end < items.count ? .after(String(end)) : nil, previous: nil,
                total: items.count)
        }

        /// Answers the request for `key`, if one is in flight; true when it did.
        @MainActor @discardableResult
        func answer(_ key: PageKey, _ runner: ManualRunner) -> Bool {
            let request = runner.inFlight.first {
                if case .page(let asked) = $0.target { return asked == key }
                return false
            }
            guard let request else { return false }
            runner.answer(request, with: .page(.success(page(key))))
            return true
        }

        @MainActor
        func answerAll(_ runner: ManualRunner) {
            for _ in 0..<100 {
                guard let request = runner.inFlight.first, case .page(let key) = request.target else { return }
                runner.answer(request, with: .page(.success(page(key))))
            }
        }
    }

    @Test("a page loaded again takes items from the next page's run; that page, loaded again, keeps them")
    func pageTakesItemsOfTheNextRun() {
        var server = OffsetCursorServer(items: (0..<40).map { TestItem(id: $0) }, pageSize: 10)
        let runner = ManualRunner()
        let list = PagedList(
            PageLoader(pageSize: 10, firstKey: .first, identity: { AnyHashable($0.id) }) { _ in
                .failure(APIError(.invalidRequest("answered by the test")))
            }, runner: runner)
        let log = ChangeLog(list)
        list.start()
        list.setVisibleRows(0..<10)
        server.answerAll(runner)
        #expect(list.ids(0..<20) == Array(0..<20))

        // Items 5, 6 and 7 go: the first page now ends with 10, 11 and 12, which the
        // list holds in the second page's run; the second page's cursor now starts at 13.
        server.items.removeAll { (5...7).contains($0.id) }
        list.refresh()
        #expect(server.answer(.first, runner))
        #expect(list.ids(0..<13) == [0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 13, 14, 15])
        server.answerAll(runner)
        #expect(list.ids(0..<13) == [0, 1, 2, 3, 4, 8, 9, 10, 11, 12, 13, 14, 15])

        // Down the list: every item the server has, once, in its order.
        for top in stride(from: 0, to: 40, by: 10) {
            list.setVisibleRows(top..<top + 10)
            server.answerAll(runner)
        }
        #expect(list.loadedIDs == server.items.map(\.id))
        #expect(list.count == server.items.count)
        #expect(log.mismatches.isEmpty)
    }

    @Test("a list that ended grows again when its last page, loaded again, has a next page")
    func endedListGrows() {
        var data = TestData(count: 30, pageSize: 20)
        let runner = ManualRunner()
        let list = PagedList(TestLoaders.cursor(data), runner: runner)
        let log = ChangeLog(list)
        list.start()
        list.setVisibleRows(20..<30)
        runner.answerAll(from: data)
        list.setVisibleRows(20..<30)
        runner.answerAll(from: data)
        #expect(list.loadedIDs == Array(0..<30))
        #expect(list.loadStates.append.isEnd)

        // The server's list grows by more than a page at its end.
        data.items += (30..<55).map { TestItem(id: $0) }
        list.refresh()
        for top in stride(from: 20, to: 60, by: 10) {
            list.setVisibleRows(top..<top + 10)
            runner.answerAll(from: data)
        }
        #expect(list.loadedIDs == Array(0..<55))
        #expect(list.count == 55)
        #expect(list.loadStates.append.isEnd)
        #expect(log.mismatches.isEmpty)
    }
}

extension LoadState {
    /// True when the list's end in this direction is loaded.
    fileprivate var isEnd: Bool {
        if case .endReached = self { return true }
        return false
    }
}
