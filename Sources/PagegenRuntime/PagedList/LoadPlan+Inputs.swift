/// The inputs of the plan: what the list's public methods and the runner's answers
/// feed it. Each ends by planning the loads anew. The ones that change rows (a failure
/// shown, a page placed, a refresh) return the ``RowAction``s for the transaction to
/// apply, and leave the rest of their work as steps (`LoadPlan+Steps`) that run once
/// the rows changed.
extension LoadPlan {
    /// Starts with `rows` on screen (their pages load first, together), or moves the
    /// focus to their first row if already started. `namesFocus` false: the rows are
    /// where the list starts, not a row the app named (``PagedList/start()``), and
    /// there is no focus row.
    mutating func start<Rows: PlannedRows>(atRows rows: Range<Int>, namesFocus: Bool = true, _ model: Rows) -> [RowAction<Rows.Item>] {
        let row = max(0, rows.lowerBound)
        let rows = row..<max(row + 1, rows.upperBound)
        var actions: [RowAction<Rows.Item>] = []
        switch phase {
        case .idle:
            phase = .open
            actions.append(.open(total: nil))
        case .locating:
            requests.cancelAll()
            windowFailure = nil
            phase = .open
        case .open:
            if !model.hasContent {
                if model.startSlots(for: rows) != startSlots { requests.cancelAll() }
                for slot in startSlots { actions += clearFailure(slot) }
            }
        }
        focusRow = namesFocus ? row : nil
        startRows = rows
        visible = nil
        settleTarget = nil
        pending += [.setStartSlots(rows), .plan]
        return actions
    }

    /// Starts at the top; harmless once started.
    mutating func start<Rows: PlannedRows>(_ model: Rows) -> [RowAction<Rows.Item>] {
        phase == .idle ? start(atRows: 0..<1, namesFocus: false, model) : []
    }

    /// Asks the window endpoint where to start; without one, starts at the top.
    mutating func startFromWindow<Rows: PlannedRows>(_ model: Rows) -> [RowAction<Rows.Item>] {
        guard phase == .idle else { return [] }
        guard hasWindow else { return start(model) }
        phase = .locating
        requests.startWindowRequest()
        return []
    }

    /// The rows on screen, as the UI reports them (not empty, from row 0 on). The same
    /// rows reported again mean the scroll is resting (or crawling): a fling target it
    /// has not reached no longer holds, and the rows on screen load.
    mutating func setVisible<Rows: PlannedRows>(_ rows: Range<Int>, _ model: Rows) {
        guard rows != visible else {
            if settleTarget != nil {
                settleTarget = nil
                plan(model)
            }
            return
        }
        if let old = visible, rows.lowerBound != old.lowerBound {
            direction = rows.lowerBound > old.lowerBound ? 1 : -1
        }
        visible = rows
        if let target = settleTarget, rows.overlaps(target) { settleTarget = nil }
        plan(model)
    }

    /// A drag began (the user touched the scroll view, which also stops a fling):
    /// the scroll goes where the finger takes it, not to the fling's target.
    mutating func beginDragging<Rows: PlannedRows>(_ model: Rows) {
        guard settleTarget != nil else { return }
        settleTarget = nil
        plan(model)
    }

    /// A scroll will come to rest at `rows`.
    mutating func willSettle<Rows: PlannedRows>(_ rows: Range<Int>, _ model: Rows) {
        guard !rows.isEmpty, rows.lowerBound >= 0 else { return }
        let from = visible?.lowerBound ?? focusRow ?? 0
        if rows.lowerBound != from { direction = rows.lowerBound > from ? 1 : -1 }
        if let visible, visible.overlaps(rows) {
            settleTarget = nil
        } else {
            settleTarget = rows
        }
        plan(model)
    }

    /// The UI will soon show `rows`.
    mutating func prefetch<Rows: PlannedRows>(_ rows: some Sequence<Int>, _ model: Rows) {
        let focus = focusRange(model)
        let rowCount = count(model)
        let keep = prefetchRows(model) + hysteresisRows(model)
        for row in rows where row >= 0 && (rowCount == 0 || row < rowCount) {
            if model.hasContent, model.isLoaded(model.slotIndex(forRow: row)) { continue }
            let distance = model.distance(ofRow: row, from: focus)
            // During a fling, the rows it passes by are not worth loading.
            if settleTarget != nil, distance > keep { continue }
            demands[row] = max(demands[row] ?? 0, distance)
        }
        plan(model)
    }

    /// The UI no longer expects to show `rows`.
    mutating func cancelPrefetch<Rows: PlannedRows>(_ rows: some Sequence<Int>, _ model: Rows) {
        for row in rows { demands[row] = nil }
        plan(model)
    }

    /// Sends the failed requests again.
    mutating func retry<Rows: PlannedRows>(_ model: Rows) -> [RowAction<Rows.Item>] {
        if phase == .locating {
            if windowFailure != nil {
                windowFailure = nil
                requests.noteActivity()
                requests.startWindowRequest()
            }
            return []
        }
        guard phase == .open else { return [] }
        let focus = focusRange(model)
        let keep = prefetchRows(model) + hysteresisRows(model)
        var actions: [RowAction<Rows.Item>] = []
        for slot in requests.failedSlots {
            actions += clearFailure(slot)
            let range = model.rowRange(ofSlot: slot)
            guard model.hasContent, model.distance(ofSlot: slot, from: focus) <= keep else { continue }
            let row = min(max(0, range.lowerBound), max(0, count(model) - 1))
            demands[row] = max(demands[row] ?? 0, model.distance(ofRow: row, from: focus))
        }
        pending.append(.plan)
        return actions
    }

    /// Reloads what is loaded, around the focus first, keeping the rows until their
    /// replacement arrives.
    mutating func refresh<Rows: PlannedRows>(_ model: Rows) -> [RowAction<Rows.Item>] {
        switch phase {
        case .idle:
            return start(model)
        case .locating:
            return []
        case .open:
            // A refresh still loading the rows on screen goes on; one that failed there
            // starts over.
            guard model.hasContent, !refreshing || refreshSlots(model).contains(where: { requests.failure(of: $0) != nil }) else {
                return []
            }
        }
        requests.cancelAll()
        var actions: [RowAction<Rows.Item>] = requests.failedSlots.flatMap { clearFailure($0) }
        // The head's check shows what it finds, as a refresh does; newer items held are
        // asked for again with it.
        checkingNewer = false
        walkedKeys.removeAll()
        let focus = focusRange(model)
        let prefetch = prefetchRows(model)
        let window = max(0, focus.lowerBound - prefetch)..<min(model.rowCount, focus.upperBound + prefetch)
        // A cursor list checks its head: a page before the first through its previous
        // key, or else the first page again (kept, stale, wherever the user is). Far
        // pages go back to placeholders; near ones stay, stale, until reloaded.
        actions.append(.prepareRefresh(window: window))
        pending += [.refreshHead, .plan]
        return actions
    }

    /// The answer to request `id` arrived.
    mutating func receive<Rows: PlannedRows>(_ id: Int, _ result: PageLoadResult<Rows.Item>, _ model: Rows) -> [RowAction<Rows.Item>] {
        guard let flight = requests.land(id) else { return [] }
        var actions: [RowAction<Rows.Item>] = []
        switch (result, flight.slot) {
        case (.window(.success(let window)), nil):
            phase = .open
            actions.append(.open(total: window.total))
            pending.append(.openAtWindow(window))
        case (.window(.failure(let error)), nil):
            windowFailure = error
        case (.page(let result), let slot?):
            switch result {
            case .success(let page): actions = place(page, slot: slot, key: flight.key, model)
            case .failure(let error): actions = fail(slot, with: error)
            }
        default:
            requests.ignoreAnswer()
        }
        pending.append(.plan)
        return actions
    }

    /// Page `slot`, asked for with `key`, is to go into the rows; once it is there,
    /// its demands are met, and the pages farthest from the focus go if memory is short
    /// (the steps after ``PlanStep/placed(slot:opening:previous:)``).
    private mutating func place<Rows: PlannedRows>(
        _ page: Page<Rows.Item>, slot: Int, key: PageKey?, _ model: Rows
    ) -> [RowAction<Rows.Item>] {
        var page = page
        if !model.isIndexed, let key, model.accepts(slot: slot, key: key), model.isFrontier(slot) {
            // A next key walked before: the list loops; it ends here instead.
            walkedKeys.insert(key)
            if let repeated = page.next, walkedKeys.contains(repeated) { page.next = nil }
        }
        if slot == headToLoad, checkingNewer {
            return takeNewer(page, slot: slot, key: key, model)
        }
        pending.append(.placed(slot: slot, opening: !model.hasContent, previous: page.previous))
        return [.place(page, slot: slot, key: key, asHead: slot == headToLoad)]
    }

    /// The prefetch demands for rows of page `slot` are met (or given up).
    mutating func dropDemands<Rows: PlannedRows>(ofSlot slot: Int, _ model: Rows) {
        guard !demands.isEmpty else { return }
        let range = model.rowRange(ofSlot: slot)
        for row in demands.keys where range.contains(row) { demands[row] = nil }
    }
}
