/// The app's changes: updates, removals, insertions and moves, and edits ahead of the
/// server. The row model makes them; each is one transaction, reported as one change.
extension PagedList {
    /// Replaces the loaded item that has `item`'s identity with `item`, on its row.
    /// Returns false when no loaded row holds it (a page that loads later brings the
    /// server's copy).
    @discardableResult
    public func update(_ item: Item) -> Bool {
        performEdit { model.update(item) }
    }

    /// Removes the item with identity `id` from its row; the rows after it move up
    /// and the total goes down by one. Returns the item, or nil when it is not loaded.
    @discardableResult
    public func remove(id: some Hashable) -> Item? {
        performEdit { model.remove(ItemIdentity.of(id)) }
    }

    /// Inserts `item` so that it ends on `row` (0 through the rows); the rows from
    /// there move down and the total goes up by one.
    ///
    /// A local change says what the server now holds: a page that loads later and
    /// does not have the item takes it away again. To show an item before the server
    /// has it, use ``apply(_:confirmedWhen:commit:)``.
    /// - Throws: ``ListEditError`` when the row is outside the list, the item is in
    ///   the list already, or the list's items have no identity.
    public func insert(_ item: Item, at row: Int) throws(ListEditError) {
        try performEdit { () throws(ListEditError) in
            try edit(at: .row(row), inserting: true) { (position) throws(ListEditError) in try model.insert(item, at: position) }
        }
    }

    /// Inserts `item` on the row before (above) the item with identity `id`.
    /// - Throws: ``ListEditError/notLoaded(_:)`` when that item is not loaded, and
    ///   the errors of ``insert(_:at:)``.
    public func insert(_ item: Item, before id: some Hashable) throws(ListEditError) {
        try performEdit { () throws(ListEditError) in
            try model.insert(item, at: corePosition(.before(ItemIdentity.of(id)), inserting: true))
        }
    }

    /// Inserts `item` on the row after (below) the item with identity `id`.
    /// - Throws: ``ListEditError/notLoaded(_:)`` when that item is not loaded, and
    ///   the errors of ``insert(_:at:)``.
    public func insert(_ item: Item, after id: some Hashable) throws(ListEditError) {
        try performEdit { () throws(ListEditError) in try model.insert(item, at: corePosition(.after(ItemIdentity.of(id)), inserting: true))
        }
    }

    /// Moves the item with identity `id` so that it ends on `row`; reported as a move.
    /// - Throws: ``ListEditError`` when the item is not loaded or the row is outside
    ///   the list.
    public func move(id: some Hashable, to row: Int) throws(ListEditError) {
        try performEdit { () throws(ListEditError) in
            try edit(at: .row(row), inserting: false) { (position) throws(ListEditError) in
                try model.move(ItemIdentity.of(id), to: position)
            }
        }
    }

    /// Moves the item with identity `id` to the row before (above) the item with
    /// identity `other`.
    /// - Throws: ``ListEditError`` when either item is not loaded.
    public func move(id: some Hashable, before other: some Hashable) throws(ListEditError) {
        try performEdit { () throws(ListEditError) in
            try model.move(ItemIdentity.of(id), to: corePosition(.before(ItemIdentity.of(other)), inserting: false))
        }
    }

    /// Moves the item with identity `id` to the row after (below) the item with
    /// identity `other`.
    /// - Throws: ``ListEditError`` when either item is not loaded.
    public func move(id: some Hashable, after other: some Hashable) throws(ListEditError) {
        try performEdit { () throws(ListEditError) in
            try model.move(ItemIdentity.of(id), to: corePosition(.after(ItemIdentity.of(other)), inserting: false))
        }
    }

    /// Applies `edit` at once and runs `commit`, the call that makes it on the server.
    ///
    /// The edit shows on its row (and is reported) before `commit` starts. If `commit`
    /// throws, the edit is undone (reported too) and the error rethrown. If it
    /// returns, the edit stays over every page that loads, refreshes included, until
    /// `confirmedWhen` says a page's copy of the item shows it, or until
    /// ``PagedListOptions/editTimeout`` passes on the list's clock; then the server's
    /// copy shows. So a page loaded before the server caught up never flashes the old
    /// value. Without `confirmedWhen`, an insertion is confirmed by a page that holds
    /// the item, a removal by a page that holds a neighbour of it without it, and a
    /// change lasts until the time-out.
    /// - Throws: ``ListEditError`` when the edit cannot be made (then `commit` is not
    ///   called), or what `commit` throws.
    public func apply(
        _ edit: ListEdit<Item>, confirmedWhen: (@Sendable (Item) -> Bool)? = nil,
        commit: @Sendable () async throws -> Void
    ) async throws {
        let serial = try performEdit { () throws(ListEditError) in try model.begin(coreEdit(edit), isConfirmed: confirmedWhen) }
        do {
            try await commit()
        } catch {
            performEdit { model.rollBack(serial) }
            throw error
        }
        let clock = self.clock
        let timeout = options.editTimeout
        performEdit { model.commit(serial, deadline: clock.now() + timeout) }
        Task { [weak self] in
            try? await clock.sleep(timeout)
            guard let self else { return }
            performEdit { model.expireEdits(at: clock.now()) }
        }
    }
}

extension PagedList {
    /// `edit` with its position in the core's order (an insertion's row or neighbour is
    /// said in screen order).
    func coreEdit(_ edit: ListEdit<Item>) -> ListEdit<Item> {
        guard case .insert(let item, let position) = edit.kind else { return edit }
        return ListEdit(kind: .insert(item, corePosition(position, inserting: true)))
    }
}

extension PagedList {
    /// An edit of the app's, as one transaction: the row model makes it, then, once the
    /// rows the plan remembers followed it, the plan plans the loads anew over the rows
    /// it left (a removal brings rows within reach, an insertion pushes them away).
    func performEdit<Result, Failure: Error>(_ edit: () throws(Failure) -> Result) throws(Failure) -> Result {
        try perform(replanning: true, edit)
    }
}
