/// The inputs of the page table: what the list's public methods and the runner's
/// answers feed it. Each ends by planning the loads anew.
extension PageTable {
    /// Starts with `rows` on screen (their pages load first, together), or moves the
    /// focus to their first row if already started.
    mutating func start(atRows rows: Range<Int>) {
        let row = max(0, rows.lowerBound)
        let rows = row..<max(row + 1, rows.upperBound)
        switch phase {
        case .idle:
            open()
        case .locating:
            cancelAll()
            windowFailure = nil
            phase = .open
        case .open:
            if !hasContent {
                if startSlots(for: rows) != startSlots { cancelAll() }
                for slot in startSlots { clearFailure(slot) }
            }
        }
        focusRow = row
        startRows = rows
        visible = nil
        settleTarget = nil
        if !hasContent { startSlots = startSlots(for: rows) }
        plan()
    }

    /// Starts at `row`, or moves the focus there if already started.
    mutating func start(atRow row: Int) {
        start(atRows: row..<row + 1)
    }

    /// Starts at the top; harmless once started.
    mutating func start() {
        if phase == .idle { start(atRow: 0) }
    }

    /// Asks the window endpoint where to start; without one, starts at the top.
    mutating func startFromWindow() {
        guard phase == .idle else { return }
        guard hasWindow else { return start(atRow: 0) }
        phase = .locating
        sendWindowRequest()
    }

    /// The rows on screen, as the UI reports them, and the first of them fully on
    /// screen (the anchor). The same rows reported again mean the scroll is resting
    /// (or crawling): a fling target it has not reached no longer holds, and the rows
    /// on screen load.
    mutating func setVisible(_ rows: Range<Int>, anchor: Int? = nil) {
        guard !rows.isEmpty, rows.lowerBound >= 0 else { return }
        setAnchor(anchor.map { min(max($0, rows.lowerBound), rows.upperBound - 1) } ?? rows.lowerBound)
        guard rows != visible else {
            if settleTarget != nil {
                settleTarget = nil
                plan()
            }
            return
        }
        if let old = visible, rows.lowerBound != old.lowerBound {
            direction = rows.lowerBound > old.lowerBound ? 1 : -1
        }
        visible = rows
        if let target = settleTarget, rows.overlaps(target) { settleTarget = nil }
        plan()
    }

    /// Notes the first row the user reads, and the item on it (none when the row is a
    /// placeholder: the row itself is the anchor until an item comes on it). The row is
    /// given as the UI shows the rows, before any change of this transaction: the
    /// transaction's change starts from it.
    mutating func setAnchor(_ row: Int) {
        anchorRow = row
        anchorID = self.rows.identity(at: row)
        transaction.anchorRow = row
    }

    /// A drag began (the user touched the scroll view, which also stops a fling):
    /// the scroll goes where the finger takes it, not to the fling's target.
    mutating func beginDragging() {
        guard settleTarget != nil else { return }
        settleTarget = nil
        plan()
    }

    /// A scroll will come to rest at `rows`.
    mutating func willSettle(_ rows: Range<Int>) {
        guard !rows.isEmpty, rows.lowerBound >= 0 else { return }
        let from = visible?.lowerBound ?? focusRow ?? 0
        if rows.lowerBound != from { direction = rows.lowerBound > from ? 1 : -1 }
        if let visible, visible.overlaps(rows) {
            settleTarget = nil
        } else {
            settleTarget = rows
        }
        plan()
    }

    /// The UI will soon show `rows`.
    mutating func prefetch(_ rows: some Sequence<Int>) {
        let focus = focusRange
        let rowCount = count
        let keep = prefetchRows + hysteresisRows
        for row in rows where row >= 0 && (rowCount == 0 || row < rowCount) {
            if hasContent, isLoaded(slotIndex(forRow: row)) { continue }
            let distance = distance(ofRow: row, from: focus)
            // During a fling, the rows it passes by are not worth loading.
            if settleTarget != nil, distance > keep { continue }
            demands[row] = max(demands[row] ?? 0, distance)
        }
        plan()
    }

    /// The UI no longer expects to show `rows` soon.
    mutating func cancelPrefetch(_ rows: some Sequence<Int>) {
        for row in rows { demands[row] = nil }
        plan()
    }

    /// Sends the failed requests again.
    mutating func retry() {
        if phase == .locating {
            if windowFailure != nil {
                windowFailure = nil
                activity += 1
                sendWindowRequest()
            }
            return
        }
        guard phase == .open else { return }
        let focus = focusRange
        let keep = prefetchRows + hysteresisRows
        for slot in slots.keys.sorted() where slots[slot]?.failure != nil {
            clearFailure(slot)
            let range = rowRange(ofSlot: slot)
            guard hasContent, distance(ofSlot: slot, from: focus) <= keep else { continue }
            let row = min(max(0, range.lowerBound), max(0, count - 1))
            demands[row] = max(demands[row] ?? 0, distance(ofRow: row, from: focus))
        }
        plan()
    }

    /// Reloads what is loaded, around the focus first, keeping the rows until their
    /// replacement arrives.
    mutating func refresh() {
        switch phase {
        case .idle:
            return start()
        case .locating:
            return
        case .open:
            // A refresh still loading the rows on screen goes on; one that failed there
            // starts over.
            guard hasContent, !refreshing || refreshSlots.contains(where: { slots[$0]?.failure != nil }) else { return }
        }
        cancelAll()
        for slot in slots.keys.sorted() { clearFailure(slot) }
        generation += 1
        loads.removeAll()
        boundaryReloads.removeAll()
        walkedKeys.removeAll()
        endReached = false
        let focus = focusRange
        let window = max(0, focus.lowerBound - prefetchRows)..<min(rows.count, focus.upperBound + prefetchRows)
        // A cursor list checks its head: a page before the first through its previous
        // key, or else the first page again (kept, stale, wherever the user is).
        let keepHead = isIndexed ? nil : prepareHeadReload()
        // Far pages go back to placeholders; near ones stay, stale, until reloaded.
        // (Backwards: evicting merges a block with its neighbours.)
        var index = rows.blocks.count - 1
        while index >= 0 {
            let block = rows.blocks[index]
            if let run = block.run {
                if rows.rows(ofBlock: index).overlaps(window) || block.serial == keepHead {
                    rows.setInfo(index) { $0.isStale = true }
                } else if isIndexed || run.info.key != nil {
                    evictBlock(index)
                } else if !run.ids.contains(where: { $0.map(edits.protects) ?? false }) {
                    // Rows no key loads again: the pages around them bring them back
                    // if the server still has them.
                    rows.delete(rows.rows(ofBlock: index))
                }
            }
            index = min(index - 1, rows.blocks.count - 1)
        }
        refreshing = true
        plan()
    }

    /// The answer to request `id` arrived.
    mutating func receive(_ id: Int, _ result: PageLoadResult<Item>) {
        guard let flight = flights.removeValue(forKey: id) else {
            ignoredResponses += 1
            return
        }
        activity += 1
        switch (result, flight.slot) {
        case (.window(.success(let window)), nil):
            open(at: window)
        case (.window(.failure(let error)), nil):
            windowFailure = error
        case (.page(let result), let slot?):
            slots[slot]?.request = nil
            switch result {
            case .success(let page): place(page, slot: slot, key: flight.key)
            case .failure(let error): fail(slot, with: error)
            }
            removeIfVacant(slot)
        default:
            ignoredResponses += 1
        }
        plan()
    }
}

// MARK: Helpers

extension PageTable {
    /// Opens the list: a cursor list gets its frontier, the block its first page goes to.
    private mutating func open() {
        phase = .open
        if !isIndexed, frontier == nil {
            frontier = rows.appendEmptyHole(RowList<Item>.Hole(key: firstKey, isFrontier: true))
        }
    }

    private mutating func sendWindowRequest() {
        let request = PageLoadRequest(id: nextRequestID, target: .window, pageIndex: nil)
        nextRequestID += 1
        flights[request.id] = Flight(request: request, slot: nil)
        commands.append(.start(request))
    }

    /// Opens the list where the window said: its total sizes the rows at once.
    private mutating func open(at window: WindowStart) {
        open()
        let windowPageSize = window.pageSize > 0 ? window.pageSize : pageSize
        let pageRow = max(0, window.pageIndex) * max(1, windowPageSize)
        if let total = window.total {
            self.total = max(0, total)
            totalIsEstimate = false
            if isIndexed, rows.count == 0 { rows.insertHole(max(0, total), at: 0) }
        }
        focusRow = window.focusRow.map { max(0, $0) } ?? pageRow
        startRows = nil
        let slot = isIndexed ? clampedSlot(pageRow / pageSize) : (frontier ?? 0)
        startSlots = slot...slot
    }

    /// The pages that hold `rows` at the start (the first page for a chain, which
    /// can only be walked).
    func startSlots(for rows: Range<Int>) -> ClosedRange<Int> {
        guard isIndexed else {
            let first = frontier ?? 0
            return first...first
        }
        return clampedSlot(rows.lowerBound / pageSize)...clampedSlot((rows.upperBound - 1) / pageSize)
    }

    /// `slot`, kept inside a known total.
    func clampedSlot(_ slot: Int) -> Int {
        guard isIndexed, let total, !totalIsEstimate, total > 0 else { return slot }
        return min(slot, (total - 1) / pageSize)
    }

    mutating func clearFailure(_ slot: Int) {
        guard slots[slot]?.failure != nil else { return }
        slots[slot]?.failure = nil
        activity += 1
        showFailure(nil, of: slot)
        removeIfVacant(slot)
    }

    /// Records a failed load of page `slot`.
    mutating func fail(_ slot: Int, with error: APIError) {
        slots[slot, default: PageSlot()].failure = error
        showFailure(error, of: slot)
    }

    /// The rows of page `slot` not loaded (and the loading row, when it is the page's)
    /// show `error`, or nothing any more.
    private mutating func showFailure(_ error: APIError?, of slot: Int) {
        if let error {
            let range = rowRange(ofSlot: slot)
            if hasTrailingRow, range.contains(rows.count) || (!isIndexed && slot == frontier) {
                trailingFailure = (slot, error)
                rows.recorder.reload(rows.count..<rows.count + 1)
            }
            let holes = range.clamped(to: 0..<rows.count)
            guard !holes.isEmpty else { return }
            rows.split(at: holes.lowerBound)
            rows.split(at: holes.upperBound)
            for index in rows.blockIndexes(covering: holes) where rows.blocks[index].hole != nil && rows.blocks[index].count > 0 {
                rows.updateHole(index, reload: true) { hole in
                    hole.failure = error
                    hole.failedPage = slot
                }
            }
            return
        }
        if let trailing = trailingFailure, trailing.slot == slot {
            trailingFailure = nil
            if hasTrailingRow { rows.recorder.reload(rows.count..<rows.count + 1) }
        }
        var index = 0
        while index < rows.blocks.count {
            if let hole = rows.blocks[index].hole, hole.failedPage == slot {
                rows.updateHole(index, reload: true) { hole in
                    hole.failure = nil
                    hole.failedPage = nil
                }
            }
            index += 1
        }
    }

    mutating func cancelAll() {
        for id in flights.keys.sorted() { cancelRequest(id) }
    }

    mutating func removeIfVacant(_ slot: Int) {
        if slots[slot]?.isVacant == true { slots[slot] = nil }
    }

}
