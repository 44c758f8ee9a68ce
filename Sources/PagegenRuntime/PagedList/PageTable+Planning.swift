/// Deciding what to load and what to cancel, after every input.
extension PageTable {
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
    mutating func plan() {
        guard phase == .open else { return }
        let focus = focusRange
        pruneDemands(around: focus)
        let keep = prefetchRows + hysteresisRows
        for (id, flight) in flights.sorted(by: { $0.key < $1.key }) {
            guard let slot = flight.slot else { continue }
            // A cursor page whose block is gone, or has another key now, loads anew.
            let isCurrent = isIndexed || flight.key == key(forSlot: slot)
            if !isCurrent || !isKept(slot, focus: focus, keep: keep) { cancelRequest(id) }
        }
        for candidate in candidates(around: focus) {
            if hasCapacity(for: candidate.slot, focus: focus) {
                startLoad(candidate.slot)
            } else if candidate.distance == 0, let victim = preemptable(for: candidate.slot, focus: focus) {
                cancelRequest(victim)
                startLoad(candidate.slot)
            }
        }
    }

    /// The pages to load, most urgent first.
    private func candidates(around focus: Range<Int>) -> [Candidate] {
        var seen = Set<Int>()
        var result: [Candidate] = []
        func consider(_ slot: Int) {
            guard seen.insert(slot).inserted, needsLoad(slot) else { return }
            let rows = rowRange(ofSlot: slot)
            let isBehind = direction > 0 ? rows.upperBound <= focus.lowerBound : rows.lowerBound >= focus.upperBound
            result.append(Candidate(slot: slot, distance: distance(ofSlot: slot, from: focus), isBehind: isBehind))
        }
        guard hasContent else {
            for slot in startSlots { consider(slot) }
            return result.sorted { $0.order < $1.order }
        }
        let rowCount = count
        let lower = max(0, focus.lowerBound - prefetchRows)
        let upper = min(rowCount, focus.upperBound + prefetchRows)
        if lower < upper {
            for slot in slots(in: lower..<upper) { consider(slot) }
        }
        for row in demands.keys where row < rowCount {
            consider(slotIndex(forRow: row))
        }
        if let head, needsLoad(head), seen.insert(head).inserted {
            // A refresh checks the head of a cursor list wherever the user is.
            result.append(Candidate(slot: head, distance: min(prefetchRows, distance(ofSlot: head, from: focus)), isBehind: true))
        }
        return result.sorted { $0.order < $1.order }
    }

    /// True when the request for page `slot` should stay in flight.
    private func isKept(_ slot: Int, focus: Range<Int>, keep: Int) -> Bool {
        guard hasContent else { return startSlots.contains(slot) }
        if slot == head || distance(ofSlot: slot, from: focus) <= keep { return true }
        let rows = rowRange(ofSlot: slot)
        return demands.keys.contains { rows.contains($0) }
    }

    /// True when another request may start for page `slot`: fewer than
    /// ``PagedListOptions/maxConcurrentLoads`` in flight, and for a chain of cursor
    /// or link pages, none in flight in the same direction. Before the first
    /// content, only the pages the start rows need, all at once.
    private func hasCapacity(for slot: Int, focus: Range<Int>) -> Bool {
        let pages = flights.values.compactMap(\.slot)
        guard hasContent else { return pages.count < max(1, min(options.maxConcurrentLoads, startSlots.count)) }
        let limit = max(1, options.maxConcurrentLoads)
        guard pages.count < (isIndexed ? limit : min(limit, 2)) else { return false }
        if isIndexed { return true }
        let before = isBeforeCenter(slot, focus)
        return !pages.contains { isBeforeCenter($0, focus) == before }
    }

    /// For a chain: true when page `slot` lies before the middle of `focus`, so
    /// that the pages on screen load one from each side.
    private func isBeforeCenter(_ slot: Int, _ focus: Range<Int>) -> Bool {
        let rows = rowRange(ofSlot: slot)
        return rows.lowerBound + rows.upperBound < focus.lowerBound + focus.upperBound
    }

    /// For a page on screen that cannot start: the request farthest from the
    /// focus that is not on screen itself (in the same direction, for a chain).
    private func preemptable(for slot: Int, focus: Range<Int>) -> Int? {
        guard hasContent else { return nil }
        let before = isBeforeCenter(slot, focus)
        var best: (id: Int, distance: Int)?
        for (id, flight) in flights {
            guard let other = flight.slot else { continue }
            if !isIndexed, isBeforeCenter(other, focus) != before { continue }
            let distance = distance(ofSlot: other, from: focus)
            guard distance > 0 else { continue }
            if best == nil || distance > best!.distance || (distance == best!.distance && id > best!.id) {
                best = (id, distance)
            }
        }
        return best?.id
    }

    /// Drops prefetch demands that are met (the page is loaded), out of the list,
    /// or that the focus moved away from.
    private mutating func pruneDemands(around focus: Range<Int>) {
        guard hasContent, !demands.isEmpty else { return }
        let rowCount = count
        let slack = hysteresisRows
        for (row, allowed) in demands {
            if row >= rowCount || isLoaded(slotIndex(forRow: row)) || distance(ofRow: row, from: focus) > allowed + slack {
                demands[row] = nil
            }
        }
    }

    /// Sends a request for page `slot`.
    mutating func startLoad(_ slot: Int) {
        guard let key = key(forSlot: slot) else { return }
        let request = PageLoadRequest(id: nextRequestID, target: .page(key), pageIndex: slot)
        nextRequestID += 1
        flights[request.id] = Flight(request: request, slot: slot, key: key)
        slots[slot, default: PageSlot()].request = request.id
        activity += 1
        commands.append(.start(request))
    }

    /// Cancels request `id`; its answer will be ignored.
    mutating func cancelRequest(_ id: Int) {
        guard let flight = flights.removeValue(forKey: id) else { return }
        if let slot = flight.slot {
            slots[slot]?.request = nil
            removeIfVacant(slot)
        }
        activity += 1
        commands.append(.cancel(flight.request))
    }
}
