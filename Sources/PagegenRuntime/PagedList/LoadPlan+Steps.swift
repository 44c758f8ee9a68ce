/// The rest of an input once the rows changed: what the plan does with what came of
/// its ``RowAction``s, and the actions that follow from it. An input leaves its steps
/// in ``LoadPlan/pending``; ``LoadPlan/resume(after:_:)`` runs them in order.
extension LoadPlan {
    /// Runs the pending steps with `outcomes`, what came of the actions applied last:
    /// the actions the next step returns, or none once every step ran (the input is
    /// over, its loads planned).
    mutating func resume<Rows: PlannedRows>(after outcomes: [RowOutcome], _ model: Rows) -> [RowAction<Rows.Item>] {
        var outcome = outcomes.last ?? .done
        while !pending.isEmpty {
            let step = pending.removeFirst()
            let actions = run(step, outcome, model)
            outcome = .done
            if !actions.isEmpty { return actions }
        }
        return []
    }

    /// Runs one step; the steps it leads to go first among the pending ones.
    private mutating func run<Rows: PlannedRows>(_ step: PlanStep, _ outcome: RowOutcome, _ model: Rows) -> [RowAction<Rows.Item>] {
        switch step {
        case .plan:
            plan(model)
        case .setStartSlots(let rows):
            if !model.hasContent { startSlots = model.startSlots(for: rows) }
        case .openAtWindow(let window):
            let windowPageSize = window.pageSize > 0 ? window.pageSize : model.pageSize
            let pageRow = max(0, window.pageIndex) * max(1, windowPageSize)
            focusRow = window.focusRow.map { max(0, $0) } ?? pageRow
            startRows = nil
            let slot = model.isIndexed ? model.clampedSlot(pageRow / model.pageSize) : (model.frontier ?? 0)
            startSlots = slot...slot
        case .refreshHead:
            if case .head(let serial?) = outcome { headToLoad = serial }
            refreshing = true
        case .placed(let slot, let opening, let previous):
            if outcome == .placed(false) { requests.ignoreAnswer() }
            pending.insert(.afterPlacing(slot: slot), at: 0)
            if opening { return openAround(previous: previous, model) }
        case .afterPlacing(let slot):
            dropDemands(ofSlot: slot, model)
            pending.insert(.trim(slot: slot, dropsDemands: true), at: 0)
            if slot == headToLoad {
                headToLoad = nil
                if checkNewerAgain { return checkNewerAfterHead() }
            }
        case .tookNewer(let slot, let more):
            if outcome == .placed(false) { requests.ignoreAnswer() }
            pending.insert(.trim(slot: slot, dropsDemands: false), at: 0)
            if checkNewerAgain || more { return checkNewerAfterHead() }
        case .newerHead:
            if case .head(let serial?) = outcome {
                headToLoad = serial
                checkingNewer = true
            }
        case .checkHead:
            // No key can ask: nothing to check.
            guard case .head(let serial?) = outcome else { return [] }
            headToLoad = serial
            checkingNewer = true
            pending.insert(.plan, at: 0)
            return clearFailure(serial)
        case .trim(let slot, let dropsDemands):
            pending.insert(.trimmed(slot: slot, dropsDemands: dropsDemands), at: 0)
            return [.trimToMemory(placed: slot, focus: focusRange(model), options: options)]
        case .trimmed(let slot, let dropsDemands):
            if dropsDemands, outcome == .trimmed(true) { dropDemands(ofSlot: slot, model) }
        }
        return []
    }

    /// The head's answer is in, and another check was asked for meanwhile (or the page
    /// was full): the head is found or made, and checked again.
    private mutating func checkNewerAfterHead<Item>() -> [RowAction<Item>] {
        checkNewerAgain = false
        pending.insert(.newerHead, at: 0)
        return [.openHeadForNewerItems]
    }
}
