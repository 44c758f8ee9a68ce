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
            phase = .open
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

    /// The rows on screen, as the UI reports them. The same rows reported again mean
    /// the scroll is resting (or crawling): a fling target it has not reached no
    /// longer holds, and the rows on screen load.
    mutating func setVisible(_ rows: Range<Int>) {
        guard !rows.isEmpty, rows.lowerBound >= 0 else { return }
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
            let rows = rowRange(ofSlot: slot)
            guard hasContent, distance(ofSlot: slot, from: focus) <= keep else { continue }
            let row = min(rows.lowerBound, max(0, count - 1))
            demands[row] = max(demands[row] ?? 0, distance(ofRow: row, from: focus))
        }
        plan()
    }

    /// Reloads what is loaded, around the focus first, keeping old rows until their
    /// replacement arrives.
    mutating func refresh() {
        switch phase {
        case .idle:
            return start()
        case .locating:
            return
        case .open:
            guard hasContent, refreshing == nil else { return }
        }
        cancelAll()
        let focus = focusRange
        let wanted = prefetchRows
        var awaited = Set<Int>()
        for slot in slots.keys.sorted() {
            clearFailure(slot)
            guard let page = slots[slot], page.items != nil else { continue }
            let distance = distance(ofSlot: slot, from: focus)
            if distance <= wanted {
                slots[slot]?.isStale = true
                if distance == 0 { awaited.insert(slot) }
            } else {
                evict(slot)
            }
        }
        refreshing = awaited.isEmpty ? nil : awaited
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
            case .success(let page): apply(page, to: slot)
            case .failure(let error): fail(slot, with: error)
            }
        default:
            ignoredResponses += 1
        }
        plan()
    }
}

// MARK: Helpers

extension PageTable {
    private mutating func sendWindowRequest() {
        let request = PageLoadRequest(id: nextRequestID, target: .window, pageIndex: nil)
        nextRequestID += 1
        flights[request.id] = Flight(request: request, slot: nil)
        commands.append(.start(request))
    }

    /// Opens the list where the window said.
    private mutating func open(at window: WindowStart) {
        phase = .open
        let windowPageSize = window.pageSize > 0 ? window.pageSize : pageSize
        let pageRow = max(0, window.pageIndex) * max(1, windowPageSize)
        if let total = window.total {
            self.total = max(0, total)
            totalIsEstimate = false
        }
        focusRow = window.focusRow.map { max(0, $0) } ?? pageRow
        startRows = nil
        let slot = isIndexed ? clampedSlot(pageRow / pageSize) : 0
        startSlots = slot...slot
    }

    /// The pages that hold `rows` at the start (the first page for a chain, which
    /// can only be walked).
    func startSlots(for rows: Range<Int>) -> ClosedRange<Int> {
        guard isIndexed else { return 0...0 }
        return clampedSlot(rows.lowerBound / pageSize)...clampedSlot((rows.upperBound - 1) / pageSize)
    }

    /// `slot`, kept inside a known total.
    func clampedSlot(_ slot: Int) -> Int {
        guard isIndexed, let total, !totalIsEstimate, total > 0 else { return slot }
        return min(slot, (total - 1) / pageSize)
    }

    mutating func clearFailure(_ slot: Int) {
        guard let page = slots[slot], page.failure != nil else { return }
        slots[slot]?.failure = nil
        activity += 1
        if page.items == nil { changes.update(clampedRows(ofSlot: slot)) }
        removeIfVacant(slot)
    }

    mutating func cancelAll() {
        for id in flights.keys.sorted() { cancelRequest(id) }
    }

    mutating func removeIfVacant(_ slot: Int) {
        if slots[slot]?.isVacant == true { slots[slot] = nil }
    }
}
