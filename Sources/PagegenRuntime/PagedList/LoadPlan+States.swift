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
            states.refresh = startSlots.lazy.compactMap { self.requests.failure(of: $0) }.first.map { .failed($0) } ?? .loading
            return states
        }
        let onScreen = refreshing ? Set(refreshSlots(model)) : []
        if refreshing {
            let failure = onScreen.sorted().lazy.compactMap { self.requests.failure(of: $0) }.first
            states.refresh = failure.map { .failed($0) } ?? .loading
        }
        let focus = focusRange(model)
        var prepend: LoadState?
        var append: LoadState?
        for slot in requests.pages.keys.sorted() {
            guard let page = requests.pages[slot], page.request != nil || page.failure != nil else { continue }
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
    /// agree. The plan records which pages failed; the rows only show it.
    func failureViolations<Item>(_ model: RowModel<Item>) -> [String] {
        requests.failureViolations(model.core)
    }

    /// Every invariant of the plan that does not hold, in words; empty when all do.
    func invariantViolations() -> [String] {
        var problems = requests.invariantViolations(limit: max(1, options.maxConcurrentLoads), isIdle: phase == .idle)
        if !pending.isEmpty { problems.append("\(pending.count) steps of an input still pending") }
        return problems
    }
}
