/// Running the three values: every input is one transaction. The change recorder
/// starts from the rows as they are; the input goes to the load plan, whose row actions
/// the transaction applies to the row model (``act(_:)``), or, for the app's edits, to
/// the row model, after which the plan plans anew; the row model's edits become one
/// ``ListChange``, the rows the plan remembers follow them, and the plan's commands go
/// to the runner. Observers hear of what changed.
extension PagedList {
    /// Applies one input, runs the commands it gives, and tells observers what
    /// changed. `replanning`: the plan plans the loads anew after the rows it remembers
    /// followed the input's changes (an edit of the app's, which the plan did not make).
    @discardableResult
    func perform<Result, Failure: Error>(replanning: Bool = false, _ input: () throws(Failure) -> Result) throws(Failure) -> Result {
        let countBefore = plan.count(model)
        let activityBefore = plan.activity
        let focusBefore = plan.focusRow
        RowTransaction.begin(&recorder, model, count: countBefore, trailingRow: plan.hasTrailingRow(model))
        let result: Result
        do {
            result = try input()
        } catch {
            _ = endTransaction()
            throw error
        }
        let change = endTransaction().map { mirror.isMirrored ? $0.mirrored() : $0 }
        if let row = plan.takeFoundFocus() {
            // Opened around an item: the anchor starts on its row, as the user will read there.
            recorder.setAnchor(row, item: model.identity(at: row))
        }
        if replanning { plan.plan(model) }
        let countAfter = plan.count(model)
        let commands = plan.takeCommands()

        isDispatching = true
        for command in commands {
            switch command {
            case .start(let request):
                if answeringFromStore, case .page(let key) = request.target {
                    if let page = revalidatedPages[key] {
                        deferred.append((request.id, .page(.success(page))))
                        continue
                    }
                    if let stored = loader.stored, stored.readsAtOnce, let found = stored.page(at: key) {
                        storedPagesShown[key] = found.storedAt
                        deferred.append((request.id, .page(.success(found.page))))
                        continue
                    }
                    if let stored = loader.stored, !stored.readsAtOnce, let found = stored.storedPage(at: key) {
                        storedPagesShown[key] = found.storedAt
                        readReplayed(found, of: stored, for: request)
                        continue
                    }
                }
                runner.start(request, loader: loader) { [weak self] result in
                    self?.receive(request.id, result)
                }
            case .cancel(let request):
                runner.cancel(request)
            }
        }
        isDispatching = false
        #if DEBUG
        let problems = plan.invariantViolations() + model.invariantViolations() + plan.failureViolations(model)
        assert(problems.isEmpty, "PagedList: an invariant does not hold after a transaction: \(problems.joined(separator: "; "))")
        #endif

        if countBefore != countAfter { observeMutation(keyPaths.count) }
        if change != nil {
            contentVersion &+= 1
            observeMutation(keyPaths.content)
        }
        let loadStatesChanged = plan.activity != activityBefore || countBefore != countAfter
        if loadStatesChanged { observeMutation(keyPaths.loadStates) }
        // Upside down, the focus's row counts from the end, which moves with the count.
        if plan.focusRow != focusBefore || (mirror.isMirrored && plan.focusRow != nil && countBefore != countAfter) {
            observeMutation(keyPaths.focusRow)
        }
        updateNewerItemCount()
        if let change {
            onChange?(change)
            for subscriber in subscribers.values { subscriber.yield(change) }
        }
        if loadStatesChanged, let onLoadStatesChange { onLoadStatesChange(mirror.loadStates(plan.loadStates(model))) }
        if !deferred.isEmpty {
            let next = deferred.removeFirst()
            receive(next.id, next.result)
        }
        return result
    }

    /// Applies the plan's row actions to the row model (``RowTransaction``).
    func act(_ actions: [RowAction<Item>]) {
        RowTransaction.apply(actions, to: &model, plan: &plan)
    }

    /// Ends the transaction: the change the row model's edits made, or nil when no
    /// row changed; the rows the plan remembers follow the rows that moved.
    private func endTransaction() -> ListChange? {
        plan.finishRefreshIfDone(model)
        let change = RowTransaction.end(&recorder, &model, count: plan.count(model), trailingRow: plan.hasTrailingRow(model))
        if recorder.movedRows, recorder.countBefore > 0 { plan.follow { recorder.newRow(ofOldRow: $0) } }
        return change
    }

    /// An answer from the runner.
    func receive(_ id: Int, _ result: PageLoadResult<Item>) {
        if isDispatching {
            deferred.append((id, result))
            return
        }
        perform { act(plan.receive(id, result, model)) }
    }
}
