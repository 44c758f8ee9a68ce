/// What the plan says of loading: the load states in each direction, what a refresh
/// waits for, and its invariants.
extension LoadPlan {
    /// The load state in each direction.
    func loadStates<Rows: PlannedRows>(_ model: Rows) -> LoadStates {
        var states = LoadStates()
        switch phase {
        case .idle:
            return states
        case .locating:
            states.refresh = windowFailure.map { .failed($0) } ?? .loading
            return states
        case .open:
            break
        }
        guard model.hasContent else {
            states.refresh = startSlots.lazy.compactMap { self.slots[$0]?.failure }.first.map { .failed($0) } ?? .loading
            return states
        }
        let onScreen = refreshing ? Set(refreshSlots(model)) : []
        if refreshing {
            let failure = onScreen.sorted().lazy.compactMap { self.slots[$0]?.failure }.first
            states.refresh = failure.map { .failed($0) } ?? .loading
        }
        let focus = focusRange(model)
        var prepend: LoadState?
        var append: LoadState?
        for slot in slots.keys.sorted() {
            guard let page = slots[slot], page.request != nil || page.failure != nil else { continue }
            if onScreen.contains(slot) { continue }
            let state: LoadState = page.failure.map { .failed($0) } ?? .loading
            if isBefore(slot, focus, model) {
                prepend = Self.merge(prepend, state)
            } else {
                append = Self.merge(append, state)
            }
        }
        states.prepend = prepend ?? (model.isLoaded(model.slotIndex(forRow: 0)) && headToLoad == nil ? .endReached : .notLoading)
        states.append = append ?? (model.isLastPageLoaded ? .endReached : .notLoading)
        return states
    }

    /// The pages a refresh waits for: those of the rows on screen.
    func refreshSlots<Rows: PlannedRows>(_ model: Rows) -> [Int] {
        let rowCount = count(model)
        guard rowCount > 0 else { return [] }
        let focus = focusRange(model)
        return model.slots(in: focus.clamped(to: 0..<rowCount))
    }

    /// True when page `slot` lies before `focus`: loading it is prepending.
    private func isBefore<Rows: PlannedRows>(_ slot: Int, _ focus: Range<Int>, _ model: Rows) -> Bool {
        let range = model.rowRange(ofSlot: slot)
        return range.upperBound <= focus.lowerBound && !(range.isEmpty && range.lowerBound == focus.lowerBound && slot != headToLoad)
    }

    /// A failure outranks loading; the first failure stays.
    private static func merge(_ current: LoadState?, _ new: LoadState) -> LoadState {
        switch (current, new) {
        case (.failed?, _): current!
        case (_, .failed): new
        default: new
        }
    }

    /// Where the plan and the rows disagree about failures, in words; empty when they
    /// agree. The plan records which pages failed; the rows only show it: every row
    /// that shows a failure shows one the plan records, for the page it names.
    func failureViolations<Item>(_ model: RowModel<Item>) -> [String] {
        var problems: [String] = []
        for block in model.rows.blocks {
            guard let hole = block.hole, hole.failure != nil || hole.failedPage != nil else { continue }
            guard let page = hole.failedPage, hole.failure != nil else {
                problems.append("block \(block.serial) shows a failure without its page")
                continue
            }
            if slots[page]?.failure == nil { problems.append("block \(block.serial) shows a failure of page \(page), which did not fail") }
        }
        if let trailing = model.trailingFailure, slots[trailing.slot]?.failure == nil {
            problems.append("the loading row shows a failure of page \(trailing.slot), which did not fail")
        }
        return problems
    }

    /// Every invariant of the plan that does not hold, in words; empty when all do.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var pagesInFlight: [Int: Int] = [:]
        for (id, flight) in flights {
            if flight.request.id != id { problems.append("request \(id) is filed as \(flight.request.id)") }
            guard let slot = flight.slot else { continue }
            if slots[slot]?.request != id { problems.append("request \(id) for page \(slot) is not the page's") }
            pagesInFlight[slot, default: 0] += 1
        }
        for (slot, times) in pagesInFlight where times > 1 { problems.append("page \(slot) has \(times) requests in flight") }
        var keysInFlight: [PageKey: Int] = [:]
        for flight in flights.values { if let key = flight.key { keysInFlight[key, default: 0] += 1 } }
        for (key, times) in keysInFlight where times > 1 { problems.append("\(key) is asked for by \(times) requests in flight") }
        for (slot, page) in slots {
            if page.isVacant { problems.append("page \(slot) is kept with nothing to remember") }
            if let request = page.request, flights[request]?.slot != slot {
                problems.append("page \(slot) names request \(request), not in flight for it")
            }
        }
        let limit = max(1, options.maxConcurrentLoads)
        if pagesInFlight.values.reduce(0, +) > limit {
            problems.append("\(pagesInFlight.count) pages in flight, over the limit of \(limit)")
        }
        if phase == .idle, !flights.isEmpty { problems.append("requests in flight before the list started") }
        if !pending.isEmpty { problems.append("\(pending.count) steps of an input still pending") }
        if let next = flights.keys.max(), next >= nextRequestID {
            problems.append("request \(next) is not below the next id \(nextRequestID)")
        }
        return problems
    }
}
