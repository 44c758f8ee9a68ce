/// Deciding what to load and what to cancel, after every input.
extension LoadPlan {
    /// A page worth loading, and how urgently.
    struct Candidate {
        var slot: Int
        var distance: Int
        /// True when it lies against the scroll direction.
        var isBehind: Bool
        /// Lower sorts first.
        var order: (Int, Int, Int) { (distance, isBehind ? 1 : 0, slot) }
    }

    /// Cancels requests for pages that left the window, then starts loads for the
    /// wanted pages, nearest to the focus first, within the concurrency limit.
    mutating func plan<Rows: PlannedRows>(_ model: Rows) {
        guard phase == .open else { return }
        let focus = focusRange(model)
        pruneDemands(around: focus, model)
        let keep = prefetchRows(model) + hysteresisRows(model)
        for (id, flight) in requests.flights.sorted(by: { $0.key < $1.key }) {
            guard let slot = flight.slot else { continue }
            // A cursor page whose block is gone, or has another key now, loads anew.
            let isCurrent = model.isIndexed || flight.key == model.key(forSlot: slot)
            if !isCurrent || !isKept(slot, focus: focus, keep: keep, model) { requests.cancel(id) }
        }
        for candidate in candidates(around: focus, model) {
            if hasCapacity(for: candidate.slot, focus: focus, model) {
                startLoad(candidate.slot, model)
            } else if candidate.distance == 0, !isKeyInFlight(for: candidate.slot, model),
                let victim = preemptable(for: candidate.slot, focus: focus, model)
            {
                requests.cancel(victim)
                startLoad(candidate.slot, model)
            }
        }
    }

    /// True when page `slot` should be requested: it has rows to load (see
    /// ``RowModel/needsContent(_:)``), and is neither in flight nor failed.
    func needsLoad<Rows: PlannedRows>(_ slot: Int, _ model: Rows) -> Bool {
        if requests.isInFlight(slot) || requests.failure(of: slot) != nil { return false }
        return model.needsContent(slot)
    }

    /// Sends a request for page `slot`, if it has a key that no request in flight asks
    /// with (two blocks that a moving server left with one key: the answer placed by
    /// identity may fill both, and the other asks once it is in, if it still needs to).
    private mutating func startLoad<Rows: PlannedRows>(_ slot: Int, _ model: Rows) {
        guard let key = model.key(forSlot: slot), !isKeyInFlight(for: slot, model) else { return }
        requests.start(slot, key: key)
    }

    /// True when a request in flight asks with the key of page `slot`.
    private func isKeyInFlight<Rows: PlannedRows>(for slot: Int, _ model: Rows) -> Bool {
        guard let key = model.key(forSlot: slot) else { return false }
        return requests.isAsking(with: key)
    }

    /// The pages to load, most urgent first.
    private func candidates<Rows: PlannedRows>(around focus: Range<Int>, _ model: Rows) -> [Candidate] {
        var seen = Set<Int>()
        var result: [Candidate] = []
        func consider(_ slot: Int) {
            // A head above the newest item loads when checked, not when the user comes near.
            guard seen.insert(slot).inserted, needsLoad(slot, model), slot == headToLoad || !model.waitsForCheck(slot) else { return }
            let rows = model.rowRange(ofSlot: slot)
            let isBehind = direction > 0 ? rows.upperBound <= focus.lowerBound : rows.lowerBound >= focus.upperBound
            result.append(Candidate(slot: slot, distance: model.distance(ofSlot: slot, from: focus), isBehind: isBehind))
        }
        guard model.hasContent else {
            for slot in startSlots { consider(slot) }
            return result.sorted { $0.order < $1.order }
        }
        let rowCount = count(model)
        let prefetch = prefetchRows(model)
        let lower = max(0, focus.lowerBound - prefetch)
        let upper = min(rowCount, focus.upperBound + prefetch)
        if lower < upper {
            for slot in model.slots(in: lower..<upper) { consider(slot) }
        }
        for row in demands.keys where row < rowCount {
            consider(model.slotIndex(forRow: row))
        }
        if let headToLoad, needsLoad(headToLoad, model), seen.insert(headToLoad).inserted {
            // A refresh checks the head of a cursor list wherever the user is.
            result.append(
                Candidate(slot: headToLoad, distance: min(prefetch, model.distance(ofSlot: headToLoad, from: focus)), isBehind: true))
        }
        return result.sorted { $0.order < $1.order }
    }

    /// True when the request for page `slot` should stay in flight.
    private func isKept<Rows: PlannedRows>(_ slot: Int, focus: Range<Int>, keep: Int, _ model: Rows) -> Bool {
        guard model.hasContent else { return startSlots.contains(slot) }
        if slot == headToLoad || model.distance(ofSlot: slot, from: focus) <= keep { return true }
        let rows = model.rowRange(ofSlot: slot)
        return demands.keys.contains { rows.contains($0) }
    }

    /// True when another request may start for page `slot`: fewer than
    /// ``PagedListOptions/maxConcurrentLoads`` in flight, and for a chain of cursor
    /// or link pages, none in flight in the same direction. Before the first
    /// content, only the pages the start rows need, all at once.
    private func hasCapacity<Rows: PlannedRows>(for slot: Int, focus: Range<Int>, _ model: Rows) -> Bool {
        let pages = requests.slotsInFlight
        guard model.hasContent else { return pages.count < max(1, min(options.maxConcurrentLoads, startSlots.count)) }
        let limit = max(1, options.maxConcurrentLoads)
        guard pages.count < (model.isIndexed ? limit : min(limit, 2)) else { return false }
        if model.isIndexed { return true }
        let before = isBeforeCenter(slot, focus, model)
        return !pages.contains { isBeforeCenter($0, focus, model) == before }
    }

    /// For a chain: true when page `slot` lies before the middle of `focus`, so
    /// that the pages on screen load one from each side.
    private func isBeforeCenter<Rows: PlannedRows>(_ slot: Int, _ focus: Range<Int>, _ model: Rows) -> Bool {
        let rows = model.rowRange(ofSlot: slot)
        return rows.lowerBound + rows.upperBound < focus.lowerBound + focus.upperBound
    }

    /// For a page on screen that cannot start: the request farthest from the
    /// focus that is not on screen itself (in the same direction, for a chain).
    private func preemptable<Rows: PlannedRows>(for slot: Int, focus: Range<Int>, _ model: Rows) -> Int? {
        guard model.hasContent else { return nil }
        let before = isBeforeCenter(slot, focus, model)
        var best: (id: Int, distance: Int)?
        for (id, flight) in requests.flights {
            guard let other = flight.slot else { continue }
            if !model.isIndexed, isBeforeCenter(other, focus, model) != before { continue }
            let distance = model.distance(ofSlot: other, from: focus)
            guard distance > 0 else { continue }
            if best == nil || distance > best!.distance || (distance == best!.distance && id > best!.id) {
                best = (id, distance)
            }
        }
        return best?.id
    }

    /// Drops prefetch demands that are met (the page is loaded), out of the list,
    /// or that the focus moved away from.
    private mutating func pruneDemands<Rows: PlannedRows>(around focus: Range<Int>, _ model: Rows) {
        guard model.hasContent, !demands.isEmpty else { return }
        let rowCount = count(model)
        let slack = hysteresisRows(model)
        for (row, allowed) in demands {
            if row >= rowCount || model.isLoaded(model.slotIndex(forRow: row)) || model.distance(ofRow: row, from: focus) > allowed + slack
            {
                demands[row] = nil
            }
        }
    }

    /// A refresh that reloaded the rows on screen is over.
    mutating func finishRefreshIfDone<Rows: PlannedRows>(_ model: Rows) {
        if refreshing, refreshSlots(model).allSatisfy({ requests.pages[$0] == nil && !needsLoad($0, model) }) {
            refreshing = false
            requests.noteActivity()
        }
    }
}
