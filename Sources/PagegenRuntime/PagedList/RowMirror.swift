/// The rows as the screen numbers them, for a list whose first page is at the bottom
/// (``PagedListOptions/RowOrder/firstPageAtBottom``): row `count - 1 - row` of the
/// core, which keeps the server's order. The one place where the two numberings meet:
/// every public entry point of ``PagedList`` turns the screen's rows into the core's
/// with it, and the core's rows and changes back.
///
/// Without a count (before the first page) there is nothing to measure from, and the
/// rows stay as they are: they count from the first page's first item, at the bottom.
struct RowMirror: Sendable, Equatable {
    /// True when the screen shows the rows upside down.
    let isMirrored: Bool
    /// The row count the rows are numbered in.
    let count: Int

    /// The row of the other numbering (the mirror is its own inverse).
    func row(_ row: Int) -> Int {
        isMirrored && count > 0 ? count - 1 - row : row
    }

    /// The rows of the other numbering.
    func rows(_ rows: Range<Int>) -> Range<Int> {
        isMirrored && count > 0 ? (count - rows.upperBound)..<(count - rows.lowerBound) : rows
    }

    /// The load states as the screen names them: the pages above the visible rows are
    /// the ones before them in the core's order, unless mirrored.
    func loadStates(_ states: LoadStates) -> LoadStates {
        guard isMirrored else { return states }
        return LoadStates(refresh: states.refresh, prepend: states.append, append: states.prepend)
    }
}

extension ListChange {
    /// The same change on the rows upside down (row `count - 1 - row`, with the count
    /// before the change for the rows before it and the count after for the rows after
    /// it): deleted rows and move sources mirrored in ``countBefore``; inserted and
    /// reloaded rows and move destinations in ``countAfter``; the anchor likewise.
    /// Mirroring twice gives the change back.
    func mirrored() -> ListChange {
        func flip(_ ranges: [Range<Int>], _ count: Int) -> [Range<Int>] {
            ranges.reversed().map { (count - $0.upperBound)..<(count - $0.lowerBound) }
        }
        return ListChange(
            countBefore: countBefore, countAfter: countAfter, deletedRows: flip(deletedRows, countBefore),
            insertedRows: flip(insertedRows, countAfter),
            movedRows: movedRows.reversed().map { Move(from: countBefore - 1 - $0.from, to: countAfter - 1 - $0.to) },
            reloadedRows: flip(reloadedRows, countAfter),
            anchor: anchor.map { Anchor(before: countBefore - 1 - $0.before, after: countAfter - 1 - $0.after) })
    }
}

extension PagedList {
    /// The screen's rows and the core's, at the row count of now.
    var mirror: RowMirror {
        RowMirror(isMirrored: options.order == .firstPageAtBottom, count: plan.count(model))
    }

    /// The core's rows for `rows` on screen (upside down, those past the top are cut).
    func coreRows(_ rows: Range<Int>) -> Range<Int> {
        let mirror = self.mirror
        guard mirror.isMirrored else { return rows }
        let mirrored = mirror.rows(rows)
        return max(0, mirrored.lowerBound)..<max(0, mirrored.upperBound)
    }

    /// `position`, said in screen order, in the core's order: a row counts from the
    /// other end (for an insertion, in the count after it), and before an item on
    /// screen is after it in the server's order.
    func corePosition(_ position: ListPosition, inserting: Bool) -> ListPosition {
        let mirror = self.mirror
        guard mirror.isMirrored else { return position }
        switch position {
        case .row(let row): return .row(inserting ? mirror.count - row : mirror.row(row))
        case .before(let id): return .after(id)
        case .after(let id): return .before(id)
        }
    }

    /// Runs an edit at `position`, given in screen order; a row out of range is
    /// reported as the screen numbers it.
    func edit<Result>(
        at position: ListPosition, inserting: Bool, _ body: (ListPosition) throws(ListEditError) -> Result
    ) throws(ListEditError) -> Result {
        do {
            return try body(corePosition(position, inserting: inserting))
        } catch .rowOutOfRange(_, let count) {
            if case .row(let row) = position { throw .rowOutOfRange(row, count: count) }
            throw .rowOutOfRange(0, count: count)
        }
    }
}
