/// The one place where the load plan's ``RowAction``s reach the rows: each applied to
/// the ``RowModel`` in order, what came of them handed back to the ``LoadPlan``
/// (``LoadPlan/resume(after:_:)``), until the plan has nothing more to ask of the rows.
/// A ``PagedList`` runs every input through it (`PagedList+Transaction`); the tests of
/// the plan and the row model run theirs the same way.
enum RowTransaction {
    /// Applies `actions`, and the ones the plan returns after them, to `model`.
    static func apply<Rows: PlannedRows>(_ actions: [RowAction<Rows.Item>], to model: inout Rows, plan: inout LoadPlan) {
        var actions = actions
        repeat {
            let outcomes = actions.map { model.apply($0) }
            actions = plan.resume(after: outcomes, model)
        } while !actions.isEmpty
    }
}
