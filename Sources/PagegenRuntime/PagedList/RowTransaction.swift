/// One input to the rows, from start to change: the ``ChangeRecorder`` starts from the
/// rows as they are (``begin(_:_:count:trailingRow:)``), the load plan's ``RowAction``s
/// reach the rows here alone, each applied to the ``RowModel`` in order, what came of
/// them handed back to the ``LoadPlan`` (``LoadPlan/resume(after:_:)``) until the plan
/// has nothing more to ask of the rows (``apply(_:to:plan:)``), and the row model's
/// journal becomes one ``ListChange`` (``end(_:_:count:trailingRow:)``). A
/// ``PagedList`` runs every input through it (`PagedList+Transaction`); the tests of the
/// plan and the row model run theirs the same way.
enum RowTransaction {
    /// Applies `actions`, and the ones the plan returns after them, to `model`.
    static func apply<Rows: PlannedRows>(_ actions: [RowAction<Rows.Item>], to model: inout Rows, plan: inout LoadPlan) {
        var actions = actions
        repeat {
            let outcomes = actions.map { model.apply($0) }
            actions = plan.resume(after: outcomes, model)
        } while !actions.isEmpty
    }

    /// Begins a transaction: `recorder` starts from the rows of `model` as they are,
    /// `count` of them shown (with the loading row when `trailingRow`).
    static func begin<Item>(_ recorder: inout ChangeRecorder, _ model: RowModel<Item>, count: Int, trailingRow: Bool) {
        recorder.begin(count: count, rowCount: model.rowCount, trailingRow: trailingRow)
    }

    /// Ends a transaction: the edits `model` noted become one change, or nil when no
    /// row changed; `count` rows are shown now (with the loading row when `trailingRow`).
    static func end<Item>(_ recorder: inout ChangeRecorder, _ model: inout RowModel<Item>, count: Int, trailingRow: Bool) -> ListChange? {
        recorder.record(model.takeJournal())
        let rows = model
        return recorder.finish(
            count: count, rowCount: rows.rowCount, trailingRow: trailingRow, itemRow: { rows.row(of: $0) },
            itemOn: { rows.identity(at: $0) })
    }
}
