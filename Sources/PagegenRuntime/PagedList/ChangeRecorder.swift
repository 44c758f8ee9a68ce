/// One edit of the rows, in the numbering of its moment: what the row model tells the
/// change recorder.
enum RowEdit: Sendable, Equatable {
    /// `count` rows inserted at `at`.
    case insert(at: Int, count: Int)
    /// `count` rows deleted from `at` on.
    case delete(at: Int, count: Int)
    /// The content of the rows changed in place.
    case reload(Range<Int>)
    /// The row `from` moved to `to`, `to` counted after taking it out.
    case move(from: Int, to: Int)
}

/// What the screen must do: turns the row edits of one transaction, each given in the
/// numbering of its moment (insert here, delete there, reload this, move that), into
/// one ``ListChange`` in batch-update form, with where the row the user reads (the
/// anchor) went.
///
/// It keeps the rows after the edits so far as pieces: a stretch of rows from before
/// the transaction, rows inserted during it, or one row moved from before it. An edit
/// splits the pieces it touches; the transaction's cost grows with the number of
/// edits, never with the row count.
///
/// Between transactions it holds the anchor: the row the user reads and the item on it
/// (none while the row is a placeholder). The anchor follows its item; a placeholder
/// anchor follows its row, and on the loading row, the rows added at the end take its
/// place.
struct ChangeRecorder: Sendable {
    private enum Kind: Sendable, Equatable {
        /// Rows `start..<start + count` from before the transaction.
        case old(start: Int)
        /// Rows inserted during the transaction.
        case new
        /// The row `from` from before the transaction, moved here.
        case moved(from: Int)
    }

    private struct Piece: Sendable {
        var kind: Kind
        var count: Int
        var reloaded = false
    }

    /// What the list was at the start of the transaction.
    private struct Start: Sendable {
        /// True when the list had its loading row.
        var trailingRow = false
        /// The anchor row.
        var anchorRow: Int?
        /// The rows before the loading row.
        var rowCount = 0
    }

    private var pieces: [Piece] = []
    private(set) var countBefore = 0
    /// True once an edit was recorded.
    private(set) var hasEdits = false
    /// True once a row was inserted, deleted or moved.
    private(set) var movedRows = false
    private var start = Start()
    /// The row the user reads: the first row fully on screen, following its item.
    private(set) var anchorRow: Int?
    /// The item on the anchor row; nil while the row is a placeholder.
    private(set) var anchorItem: ItemIdentity?

    /// Starts a transaction on a list of `count` rows, `rowCount` of them before its
    /// loading row, if it has one (`trailingRow`).
    mutating func begin(count: Int, rowCount: Int, trailingRow: Bool) {
        begin(count: count)
        start = Start(trailingRow: trailingRow, anchorRow: anchorRow, rowCount: rowCount)
    }

    /// The user reads `row` (numbered as the rows were at the start of the
    /// transaction), which holds `item`, or a placeholder: the anchor, from which the
    /// transaction's change starts.
    mutating func setAnchor(_ row: Int, item: ItemIdentity?) {
        anchorRow = row
        anchorItem = item
        start.anchorRow = row
    }

    /// Records the edits the rows went through, in order.
    mutating func record(_ edits: [RowEdit]) {
        for edit in edits {
            switch edit {
            case .insert(let row, let count): insert(at: row, count: count)
            case .delete(let row, let count): delete(at: row, count: count)
            case .reload(let rows): reload(rows)
            case .move(let from, let to): move(from: from, to: to)
            }
        }
    }

    /// Ends the transaction: the list has `count` rows, `rowCount` of them before its
    /// loading row, if it has one (`trailingRow`); `itemRow` says where an item is now,
    /// and `itemOn` which item a row holds. Returns the change, or nil when no row
    /// changed, and moves the anchor where its item (or row) went.
    mutating func finish(
        count: Int, rowCount: Int, trailingRow: Bool, itemRow: (ItemIdentity) -> Int?, itemOn: (Int) -> ItemIdentity?
    ) -> ListChange? {
        if trailingRow != start.trailingRow {
            if trailingRow {
                insert(at: rowCount, count: 1)
            } else {
                delete(at: rowCount, count: 1)
            }
        }
        var anchor: ListChange.Anchor?
        if let before = start.anchorRow, countBefore > 0, count > 0 {
            var after: Int
            if let row = anchorItem.flatMap(itemRow) {
                after = row
            } else if before >= start.rowCount, start.rowCount > 0, let row = row(after: start.rowCount - 1) {
                // The loading row (or a row past it): rows added at the end take its place,
                // below the last row before them.
                after = row
            } else {
                after = newRow(ofOldRow: before)
            }
            after = min(max(0, after), count - 1)
            anchor = ListChange.Anchor(before: before, after: after)
            anchorRow = after
            anchorItem = itemOn(after)
        }
        return change(countAfter: count, anchor: anchor)
    }

    /// Starts a transaction on `count` rows.
    mutating func begin(count: Int) {
        countBefore = count
        pieces.removeAll(keepingCapacity: true)
        if count > 0 { pieces.append(Piece(kind: .old(start: 0), count: count)) }
        hasEdits = false
        movedRows = false
    }

    /// The row count after the edits so far.
    var count: Int { pieces.reduce(0) { $0 + $1.count } }

    /// `count` rows inserted at `row`.
    mutating func insert(at row: Int, count: Int) {
        guard count > 0 else { return }
        hasEdits = true
        movedRows = true
        let index = split(at: row)
        if index > 0, pieces[index - 1].kind == .new, !pieces[index - 1].reloaded {
            pieces[index - 1].count += count
        } else if index < pieces.count, pieces[index].kind == .new {
            pieces[index].count += count
        } else {
            pieces.insert(Piece(kind: .new, count: count), at: index)
        }
    }

    /// `count` rows deleted from `row` on.
    mutating func delete(at row: Int, count: Int) {
        guard count > 0 else { return }
        hasEdits = true
        movedRows = true
        let first = split(at: row)
        let end = split(at: row + count)
        pieces.removeSubrange(first..<end)
    }

    /// The content of `rows` changed in place.
    mutating func reload(_ rows: Range<Int>) {
        guard !rows.isEmpty else { return }
        hasEdits = true
        let first = split(at: rows.lowerBound)
        let end = split(at: rows.upperBound)
        for index in first..<end where pieces[index].kind != .new {
            pieces[index].reloaded = true
        }
    }

    /// The row at `from` moved to `to`, `to` counted after taking it out.
    mutating func move(from: Int, to: Int) {
        guard from != to else { return }
        hasEdits = true
        movedRows = true
        let index = split(at: from)
        _ = split(at: from + 1)
        var piece = pieces.remove(at: index)
        switch piece.kind {
        case .old(let start): piece.kind = .moved(from: start)
        case .new, .moved: break
        }
        let target = split(at: to)
        pieces.insert(piece, at: target)
    }

    /// Where row `old` (before the transaction) is now: its row, or, if it was
    /// deleted, the row of the first row after it that is still there (the count
    /// when none is).
    func newRow(ofOldRow old: Int) -> Int {
        var row = 0
        var following: Int?
        for piece in pieces {
            switch piece.kind {
            case .old(let start):
                if old >= start, old < start + piece.count { return row + old - start }
                if start > old, following == nil { following = row }
            case .moved(let from):
                if from == old { return row }
            case .new:
                break
            }
            row += piece.count
        }
        return following ?? row
    }

    /// The row right after row `old` (before the transaction), when that row is still
    /// where it was among the rows before it (neither deleted nor moved): rows inserted
    /// right after it come before the returned row.
    func row(after old: Int) -> Int? {
        var row = 0
        for piece in pieces {
            if case .old(let start) = piece.kind, old >= start, old < start + piece.count { return row + old - start + 1 }
            row += piece.count
        }
        return nil
    }

    /// The change the edits make, ending the transaction; nil when none changed a row.
    func change(countAfter: Int, anchor: ListChange.Anchor?) -> ListChange? {
        guard hasEdits || countBefore != countAfter else { return nil }
        assert(count == countAfter, "recorded \(count) rows, the list has \(countAfter)")
        var deleted: [Range<Int>] = []
        var keptRanges: [Range<Int>] = []
        var inserted: [Range<Int>] = []
        var reloaded: [Range<Int>] = []
        var moves: [ListChange.Move] = []
        var row = 0
        var lastOld = -1
        for (index, piece) in pieces.enumerated() {
            let rows = row..<row + piece.count
            switch piece.kind {
            case .old(let start):
                keptRanges.append(start..<start + piece.count)
                lastOld = start + piece.count - 1
                if piece.reloaded { Self.append(rows, to: &reloaded) }
            case .new:
                Self.append(rows, to: &inserted)
            case .moved(let from):
                // A row "moved" back between its old neighbours did not move.
                let nextOld = pieces[(index + 1)...].lazy.compactMap { piece -> Int? in
                    switch piece.kind {
                    case .old(let start): start
                    case .moved(let from): from
                    case .new: nil
                    }
                }.first
                keptRanges.append(from..<from + 1)
                if from > lastOld, from < (nextOld ?? Int.max) {
                    lastOld = from
                } else {
                    moves.append(ListChange.Move(from: from, to: row))
                }
                if piece.reloaded { Self.append(rows, to: &reloaded) }
            }
            row += piece.count
        }
        // Deleted: every row before the transaction that is neither kept nor moved.
        let sources = keptRanges.sorted { $0.lowerBound < $1.lowerBound }
        var cursor = 0
        for range in sources {
            if range.lowerBound > cursor { Self.append(cursor..<range.lowerBound, to: &deleted) }
            cursor = max(cursor, range.upperBound)
        }
        if cursor < countBefore { Self.append(cursor..<countBefore, to: &deleted) }
        let change = ListChange(
            countBefore: countBefore, countAfter: countAfter, deletedRows: deleted, insertedRows: inserted,
            movedRows: moves, reloadedRows: reloaded, anchor: anchor)
        return change.isEmpty ? nil : change
    }

    /// Appends `range` to sorted, merged `ranges`.
    private static func append(_ range: Range<Int>, to ranges: inout [Range<Int>]) {
        guard !range.isEmpty else { return }
        if let last = ranges.last, last.upperBound >= range.lowerBound {
            ranges[ranges.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
        } else {
            ranges.append(range)
        }
    }

    /// Splits the pieces so that one starts at `row`; returns its index (the piece
    /// count when `row` is the end).
    private mutating func split(at row: Int) -> Int {
        var start = 0
        for index in pieces.indices {
            let piece = pieces[index]
            if row == start { return index }
            if row < start + piece.count {
                let head = row - start
                var tail = piece
                tail.count = piece.count - head
                if case .old(let first) = piece.kind { tail.kind = .old(start: first + head) }
                pieces[index].count = head
                pieces.insert(tail, at: index + 1)
                return index + 1
            }
            start += piece.count
        }
        precondition(row == start, "row \(row) is past the \(start) rows")
        return pieces.count
    }
}
