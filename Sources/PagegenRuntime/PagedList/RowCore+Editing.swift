/// Local changes: the app edits, inserts, removes and moves items, each reported as
/// an exact row change; edits ahead of the server are kept over the pages that load
/// until the server shows them (see ``PendingEdits``).
extension RowCore {
    /// Replaces the loaded item with `item`'s identity; false when none is loaded.
    mutating func update(_ item: Item) -> Bool {
        guard let id = rows.id(of: item) else { return false }
        edits.noteBase(item, id: id)
        guard let row = rows.row(of: id) else { return false }
        rows.replace(at: row, with: edits.displayed(item, id: id))
        return true
    }

    /// Removes the item with `id`; returns it, or nil when it is not loaded.
    mutating func remove(_ id: ItemIdentity) -> Item? {
        guard let row = rows.row(of: id), let item = rows.item(at: row) else { return nil }
        rows.delete(row..<row + 1)
        adjustTotal(by: -1)
        return item
    }

    /// Inserts `item` at `position`.
    mutating func insert(_ item: Item, at position: ListPosition) throws(ListEditError) {
        guard let id = rows.id(of: item) else { throw .noIdentity }
        guard !rows.contains(id) else { throw .alreadyInList(id) }
        let row = try row(for: position)
        rows.insert([item], ids: [id], at: row, info: RowList<Item>.RunInfo(total: total), joining: true)
        adjustTotal(by: 1)
    }

    /// Moves the item with `id` to `position` (a row counted as if the item were not
    /// there, or next to another item).
    mutating func move(_ id: ItemIdentity, to position: ListPosition) throws(ListEditError) {
        guard rows.identity != nil else { throw .noIdentity }
        guard let from = rows.row(of: id) else { throw .notLoaded(id) }
        var to: Int
        switch position {
        case .row(let row):
            guard row >= 0, row < rows.count else { throw .rowOutOfRange(row, count: rows.count - 1) }
            to = row
        case .before(let other), .after(let other):
            guard let target = rows.row(of: other) else { throw .notLoaded(other) }
            to = target > from ? target - 1 : target
            if case .after = position { to += 1 }
        }
        rows.move(from: from, to: to)
    }

    /// The row an insertion at `position` ends on.
    private func row(for position: ListPosition) throws(ListEditError) -> Int {
        switch position {
        case .row(let row):
            guard row >= 0, row <= rows.count else { throw .rowOutOfRange(row, count: rows.count) }
            return row
        case .before(let other):
            guard let row = rows.row(of: other) else { throw .notLoaded(other) }
            return row
        case .after(let other):
            guard let row = rows.row(of: other) else { throw .notLoaded(other) }
            return row + 1
        }
    }

    // MARK: Edits ahead of the server

    /// Applies `edit` at once and keeps it over the pages that load; returns its serial.
    mutating func begin(_ edit: ListEdit<Item>, isConfirmed: (@Sendable (Item) -> Bool)?) throws(ListEditError) -> Int {
        guard rows.identity != nil else { throw .noIdentity }
        switch edit.kind {
        case .modify(let id, let change):
            let current = rows.row(of: id).flatMap { rows.item(at: $0) }
            let serial = edits.add(id, .modify(change), isConfirmed: isConfirmed, original: current)
            showEdited(id)
            return serial
        case .replace(let item):
            guard let id = rows.id(of: item) else { throw .noIdentity }
            let current = rows.row(of: id).flatMap { rows.item(at: $0) }
            let serial = edits.add(id, .replace(item), isConfirmed: isConfirmed, original: current)
            showEdited(id)
            return serial
        case .insert(let item, let position):
            guard let id = rows.id(of: item) else { throw .noIdentity }
            try insert(item, at: position)
            return edits.add(id, .insert(item), isConfirmed: isConfirmed, original: nil)
        case .remove(let id):
            let row = rows.row(of: id)
            let before = row.flatMap { $0 > 0 ? rows.identity(at: $0 - 1) : nil }
            let after = row.flatMap { rows.identity(at: $0 + 1) }
            let item = row.flatMap { rows.item(at: $0) }
            if let row {
                rows.delete(row..<row + 1)
                adjustTotal(by: -1)
            }
            return edits.add(
                id, .remove(item, before: before, after: after, row: row ?? 0), isConfirmed: isConfirmed, original: nil)
        }
    }

    /// The call that makes edit `serial` on the server returned: the edit stays until
    /// the server's copy confirms it, or until `deadline` on the list's clock.
    mutating func commit(_ serial: Int, deadline: Duration) {
        edits.commit(serial, deadline: deadline)
    }

    /// The call that makes edit `serial` failed: the edit is undone.
    mutating func rollBack(_ serial: Int) {
        guard let edit = edits.edit(serial) else { return }
        let base = edits.base[edit.target]
        edits.remove(serial)
        switch edit.kind {
        case .modify, .replace:
            if let base, let row = rows.row(of: edit.target) {
                rows.replace(at: row, with: edits.displayed(base, id: edit.target))
            }
        case .insert:
            if !edits.protects(edit.target), let row = rows.row(of: edit.target) {
                rows.delete(row..<row + 1)
                adjustTotal(by: -1)
            }
        case .remove(let item, let before, let after, let oldRow):
            guard let item, !rows.contains(edit.target) else { return }
            let row =
                before.flatMap { rows.row(of: $0) }.map { $0 + 1 } ?? after.flatMap { rows.row(of: $0) }
                ?? min(oldRow, rows.count)
            rows.insert(
                [item], ids: [edit.target], at: row, info: RowList<Item>.RunInfo(total: total), joining: true)
            adjustTotal(by: 1)
        }
    }

    /// Edit `serial` lapsed before the server confirmed it: from now on the server's
    /// copy shows (the last one a page brought, if any).
    mutating func expire(_ serial: Int) {
        guard let edit = edits.edit(serial) else { return }
        edits.remove(serial)
        switch edit.kind {
        case .modify, .replace:
            if let copy = edit.serverCopy, let row = rows.row(of: edit.target) {
                rows.replace(at: row, with: edits.displayed(copy, id: edit.target))
            }
        case .insert, .remove:
            break
        }
    }

    /// Edits whose deadline passed by `now` lapse.
    mutating func expireEdits(at now: Duration) {
        for serial in edits.lapsed(at: now) { expire(serial) }
    }

    /// Shows the loaded item with `id` with every edit applied.
    private mutating func showEdited(_ id: ItemIdentity) {
        guard let row = rows.row(of: id), let base = edits.base[id] else { return }
        rows.replace(at: row, with: edits.displayed(base, id: id))
    }
}
