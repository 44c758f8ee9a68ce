/// What the UI calls: starting, the rows on screen and soon on screen, flings, retries
/// and refreshes. Each is one transaction (see `PagedList+Transaction`): the plan takes
/// the input, and the rows it changes are reported as one change.
extension PagedList {
    /// Starts at the top, or, with a store (``PageLoader/stored``), where the user
    /// left the list: the stored rows show at once, at the stored anchor row, before
    /// any request, and are then revalidated in the background (conditional requests:
    /// unchanged pages cost no decoding, changed ones replace their rows by identity,
    /// the row the user reads staying still). Harmless once started.
    public func start() {
        guard let stored = loader.stored, plan.phase == .idle else {
            return perform { act(plan.start(model)) }
        }
        var anchor: Int?
        do throws(PageStoreError) {
            anchor = try stored.store.state(of: stored.id)?.anchorRow
        } catch {
            stored.configuration.onError?(error)
        }
        keptAnchorRow = anchor ?? 0
        answeringFromStore = true
        let row = anchor ?? 0
        perform { act(plan.start(atRows: row..<row + 1, namesFocus: anchor != nil, model)) }
        answeringFromStore = false
        if !storedPagesShown.isEmpty, storedPagesReading == 0 { revalidateStoredRows() }
    }

    /// Tells the list that the network is back (from an `NWPathMonitor` path update,
    /// say): stored rows the server could not be asked about are revalidated, and
    /// failed pages are requested again (``retry()``).
    public func networkDidBecomeAvailable() {
        if storedState?.failure != nil { revalidateStoredRows() }
        retry()
    }

    /// Starts at `row`: the page holding it loads first, alone, then the pages
    /// around it. Cursor and link loaders, which cannot jump, walk there from the
    /// top. Once started, moves the focus to `row` (as a jump would). (With
    /// ``PagedListOptions/RowOrder/firstPageAtBottom``, before the first page the
    /// row counts from the bottom.)
    public func start(atRow row: Int) {
        perform { act(plan.start(atRows: coreRows(row..<row + 1), model)) }
    }

    /// Starts with `rows` on screen (the first of them at the top, ``focusRow``):
    /// every page they need loads first, all at once, so that the whole screen fills
    /// after one round trip, then the pages around them. Cursor and link loaders walk
    /// there from the top. Once started, moves the focus there (as a jump would).
    public func start(atRows rows: Range<Int>) {
        perform { act(plan.start(atRows: coreRows(rows), model)) }
    }

    /// Asks the loader's window endpoint where to start (the page, the total and
    /// the row to focus, see ``focusRow``), then starts there. Without a window
    /// endpoint, starts at the top. Harmless once started.
    public func startFromWindow() {
        perform { act(plan.startFromWindow(model)) }
    }

    /// Reports the rows on screen (from `scrollViewDidScroll`, or
    /// `indexPathsForVisibleRows`) and the first of them fully on screen (by default
    /// the first row): the *anchor*, the row whose content the list keeps still when
    /// rows come or go above it (see ``ListChange/anchor``). Loads what the rows and
    /// the prefetch distance need, cancels requests for pages that moved out of reach.
    /// Empty ranges are ignored.
    ///
    /// The same rows reported again mean the scroll rests there: a fling target
    /// (``willSettle(atRows:)``) it stopped short of is dropped, and the rows on
    /// screen load.
    public func setVisibleRows(_ rows: Range<Int>, firstFullyVisible: Int? = nil) {
        perform {
            guard !rows.isEmpty, rows.lowerBound >= 0 else { return }
            let screenAnchor = firstFullyVisible.map { min(max($0, rows.lowerBound), rows.upperBound - 1) } ?? rows.lowerBound
            let anchor = mirror.row(screenAnchor)
            let rows = coreRows(rows)
            guard !rows.isEmpty else { return }
            recorder.setAnchor(anchor, item: model.identity(at: anchor))
            plan.setVisible(rows, model)
            act(plan.showHeldNewerIfAtNewestEnd(model))
        }
        keepAnchorRow()
    }

    /// For SwiftUI: `row` appeared (`onAppear`). Updates ``visibleRows``.
    public func didAppear(row: Int) {
        appearedRows.insert(row)
        reportAppearedRows()
    }

    /// For SwiftUI: `row` disappeared (`onDisappear`). Updates ``visibleRows``.
    public func didDisappear(row: Int) {
        appearedRows.remove(row)
        reportAppearedRows()
    }

    /// `tableView(_:prefetchRowsAt:)`: the UI will show these rows soon; their
    /// pages load (if not loaded or loading). A demand lasts until its page loads,
    /// it is cancelled, or the visible rows move away from it.
    public func prefetch(rows: some Sequence<Int>) {
        let mirror = self.mirror
        perform { plan.prefetch(rows.lazy.map(mirror.row), model) }
    }

    /// `tableView(_:cancelPrefetchingForRowsAt:)`: the UI no longer expects these
    /// rows. A request only they wanted is cancelled; one the visible rows still
    /// need keeps going.
    public func cancelPrefetch(rows: some Sequence<Int>) {
        let mirror = self.mirror
        perform { plan.cancelPrefetch(rows.lazy.map(mirror.row), model) }
    }

    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: the
    /// scroll will come to rest showing `rows`. Their pages load first; requests
    /// for pages the fling passes by are cancelled and not sent, until the visible
    /// rows reach `rows`, the scroll rests short of them (the same visible rows
    /// reported again), a drag begins (``willBeginDragging()``), or the next call.
    public func willSettle(atRows rows: Range<Int>) {
        perform { plan.willSettle(rows.isEmpty ? rows : coreRows(rows), model) }
    }

    /// `scrollViewWillBeginDragging(_:)`: the user touched the scroll view. A fling
    /// announced with ``willSettle(atRows:)`` stops where it is when caught, so its
    /// target is dropped and the rows on screen load at once, while the finger is
    /// still down.
    public func willBeginDragging() {
        perform { plan.beginDragging(model) }
    }

    /// Sends the failed requests again: exactly the pages that failed (the ones
    /// still near the visible rows now; the others become placeholders and load
    /// when reached), or the window request. Requests in flight are left alone.
    public func retry() {
        perform { act(plan.retry(model)) }
    }

    /// Reloads the list: the pages on screen first, then those around them.
    /// Loaded rows stay on screen until their replacement arrives; items keep their
    /// rows and identifiers (pages are matched by item identity), and what the server
    /// inserted or removed above the anchor row comes as rows inserted or deleted
    /// above it, with ``ListChange/anchor`` saying where the anchor went. Pages far
    /// from the visible rows go back to placeholders. A cursor list also checks its
    /// head for new items (the first page's previous key, or the first page again).
    /// Before ``start()``, starts; while a refresh is under way, does nothing more.
    public func refresh() {
        perform { act(plan.refresh(model)) }
    }

    /// Reports the rows SwiftUI says are on screen.
    private func reportAppearedRows() {
        guard let lower = appearedRows.min(), let upper = appearedRows.max() else { return }
        setVisibleRows(lower..<upper + 1)
    }
}
