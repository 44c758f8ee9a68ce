/// Index-addressed pages (page numbers, offsets): placed by identity around the items
/// already loaded, else at the rows of their position (see `RowModel+Placing`).
extension RowModel {
    mutating func placeIndexed(_ items: [Item], ids: [ItemIdentity?], page: Page<Item>, slot: Int) {
        let position = slot * pageSize
        let info = RowList<Item>.RunInfo(page: slot, total: page.total)
        if rows.count == 0, position == 0, items.isEmpty, page.isLast {
            endReached = true
            return
        }
        guard rows.identity != nil else {
            placeWithoutIdentity(items, at: position, info: info)
            finishIndexed(page: page, position: position, lastRow: items.isEmpty ? nil : position + items.count - 1)
            noteHoles(ofSlot: slot)
            return
        }
        let gapsBefore = Set(rows.blocks.filter { $0.hole?.isGap == true }.map(\.serial))
        let matched = matchIdentities(items, ids: ids)
        // An item already on an earlier page's rows: the server inserted items above it.
        if !overlapsPages, matched.contains(where: { loadedPage(at: $0.row).map { $0 < slot } ?? false }) {
            itemsMovedDown = true
        }
        if matched.isEmpty {
            placeByPosition(items, ids: ids, at: position, info: info)
        } else {
            placeAroundMatches(items, ids: ids, matched: matched, info: info)
        }
        closeGaps(gapsBefore, slot: slot, around: ids)
        // The first page: nothing comes before it.
        if position == 0, let first = placedRow(ids, first: true) { deleteUnprotected(0..<first) }
        if let first = placedRow(ids, first: true), let last = placedRow(ids, first: false) {
            markFresh(first..<last + 1, info: info)
            adjustPositions(above: first, by: position - self.position(ofRow: first))
        }
        if let top = ids.first.flatMap({ $0 }).flatMap({ rows.row(of: $0) }),
            let bottom = ids.last.flatMap({ $0 }).flatMap({ rows.row(of: $0) })
        {
            detectGaps(
                top: top, bottom: bottom, firstMatched: matched.first?.index == 0,
                lastMatched: matched.last?.index == items.count - 1, total: page.total)
        }
        checkSharedItems(ofSlot: slot, ids: ids)
        checkOlderPageBelow(slot: slot, ids: ids)
        joinNeighbours(ofSlot: slot, ids: ids, total: page.total)
        finishIndexed(page: page, position: position, lastRow: placedRow(ids, first: false))
        noteHoles(ofSlot: slot)
    }

    /// Items without an identity cannot be matched: the page takes the rows of its
    /// position.
    mutating func placeWithoutIdentity(_ items: [Item], at position: Int, info: RowList<Item>.RunInfo) {
        if position > rows.count { rows.insertHole(position - rows.count, at: rows.count) }
        var offset = 0
        while offset < items.count {
            let row = position + offset
            if row >= rows.count {
                rows.insert(Array(items[offset...]), ids: Array(repeating: nil, count: items.count - offset), at: row, info: info)
                return
            }
            let (index, _) = rows.locate(row)
            let end = min(rows.rows(ofBlock: index).upperBound, position + items.count)
            if rows.blocks[index].hole != nil {
                rows.fill(
                    at: row, with: Array(items[offset..<offset + end - row]), ids: Array(repeating: nil, count: end - row), info: info)
            } else {
                for each in row..<end { rows.replace(at: each, with: items[each - position]) }
            }
            offset = end - position
        }
    }

    /// Remembers how many placeholder rows page `slot` kept after its load (a short
    /// page): loading it again would not fill them.
    mutating func noteHoles(ofSlot slot: Int) {
        loads[slot, default: PageLoadRecord()].holesAtLoad = plainHoles(inSlot: slot)
    }

    /// Places a page none of whose items is loaded at the rows of its position.
    mutating func placeByPosition(_ items: [Item], ids: [ItemIdentity?], at serverPosition: Int, info: RowList<Item>.RunInfo) {
        guard !items.isEmpty else { return }
        let position = row(ofPosition: serverPosition)
        if position >= rows.count {
            if position > rows.count { rows.insertHole(position - rows.count, at: rows.count) }
            rows.insert(items, ids: ids, at: rows.count, info: info, ownBlock: true)
            return
        }
        if !rows.isHole(position), let run = rows.blocks[rows.locate(position).block].run, run.info.isStale {
            // A refresh, and the server's list moved more than a page: assume it moved
            // above, by as much as the total changed.
            if let total = info.total, let old = run.info.total, total != old {
                adjustPositions(above: rowOfTopStaleBlock(from: position), by: total - old)
            }
            if !rows.isHole(position) {
                // Still stale rows there: they are not on the server at this position.
                var row = position
                var end = min(rows.count, position + items.count)
                while row < end {
                    guard let id = rows.identity(at: row), !edits.protects(id),
                        let run = rows.blocks[rows.locate(row).block].run, run.info.isStale
                    else {
                        row += 1
                        continue
                    }
                    rows.delete(row..<row + 1)
                    end -= 1
                }
                rows.insert(items, ids: ids, at: position, info: info, ownBlock: true)
                return
            }
        }
        fillForward(items, ids: ids, from: position, info: info)
    }

    /// The first row of the stale blocks around `row`.
    func rowOfTopStaleBlock(from row: Int) -> Int {
        var index = rows.locate(row).block
        while index > 0, let run = rows.blocks[index - 1].run, run.info.isStale { index -= 1 }
        return rows.rows(ofBlock: index).lowerBound
    }

    /// Places a page some of whose items are loaded: those keep their rows, the others
    /// go next to them in the page's order.
    mutating func placeAroundMatches(
        _ items: [Item], ids: [ItemIdentity?], matched: [(index: Int, row: Int)], info: RowList<Item>.RunInfo
    ) {
        // Bottom up, so that the rows of what is still to place stay put.
        let last = matched[matched.count - 1]
        if last.index + 1 < items.count, let row = row(ofMatch: last, ids) {
            fillForward(Array(items[(last.index + 1)...]), ids: Array(ids[(last.index + 1)...]), from: row + 1, info: info)
        }
        for pair in zip(matched.dropLast(), matched.dropFirst()).reversed() {
            guard let upper = row(ofMatch: pair.0, ids), let lower = row(ofMatch: pair.1, ids), lower > upper else { continue }
            // Rows between two neighbours of the page are not on the server.
            let between = upper + 1..<lower
            let kept = deleteUnprotected(between)
            let inner = (pair.0.index + 1)..<pair.1.index
            if !inner.isEmpty {
                rows.insert(Array(items[inner]), ids: Array(ids[inner]), at: upper + 1 + kept, info: info)
            }
        }
        for entry in matched {
            guard let row = row(ofMatch: entry, ids) else { continue }
            rows.replace(at: row, with: items[entry.index])
        }
        let first = matched[0]
        if first.index > 0, let row = row(ofMatch: first, ids) {
            fillBackward(Array(items[..<first.index]), ids: Array(ids[..<first.index]), before: row, info: info)
        }
    }

    /// Puts `items` from `row` on: into the placeholder rows there, then inserted.
    mutating func fillForward(_ items: [Item], ids: [ItemIdentity?], from row: Int, info: RowList<Item>.RunInfo) {
        guard !items.isEmpty else { return }
        var filled = 0
        if row < rows.count, rows.isHole(row), rows.slot(at: row).isPlainHole {
            let (index, _) = rows.locate(row)
            filled = min(items.count, rows.rows(ofBlock: index).upperBound - row)
            rows.fill(at: row, with: Array(items[..<filled]), ids: Array(ids[..<filled]), info: info)
        }
        if filled < items.count {
            rows.insert(Array(items[filled...]), ids: Array(ids[filled...]), at: row + filled, info: info)
        }
    }

    /// Puts `items` right before `row`: into the placeholder rows there, then inserted.
    mutating func fillBackward(_ items: [Item], ids: [ItemIdentity?], before row: Int, info: RowList<Item>.RunInfo) {
        guard !items.isEmpty else { return }
        var filled = 0
        if row > 0, rows.isHole(row - 1), rows.slot(at: row - 1).isPlainHole {
            let (index, _) = rows.locate(row - 1)
            filled = min(items.count, row - rows.rows(ofBlock: index).lowerBound)
            let from = items.count - filled
            rows.fill(at: row - filled, with: Array(items[from...]), ids: Array(ids[from...]), info: info)
        }
        if filled < items.count {
            let rest = items.count - filled
            rows.insert(Array(items[..<rest]), ids: Array(ids[..<rest]), at: row - filled, info: info)
        }
    }

    /// Ends the list at the last page, or sizes the rows after the last loaded one to
    /// the total.
    mutating func finishIndexed(page: Page<Item>, position: Int, lastRow: Int?) {
        if page.isLast {
            let end = lastRow.map { $0 + 1 } ?? min(row(ofPosition: position), rows.count)
            deleteUnprotected(end..<rows.count)
            endReached = true
            return
        }
        let shift = rows.shift(atRow: rows.count)
        if let total {
            let target = totalIsEstimate ? max(total - shift, loadedEnd) : total - shift
            resizeTrailingHole(to: target)
        } else if self.position(ofRow: rows.count) < position + pageSize {
            rows.insertHole(position + pageSize - self.position(ofRow: rows.count), at: rows.count)
        }
    }

    /// Grows or shrinks the placeholder rows at the end so that there are `target`
    /// rows (shrinking no further than the loaded rows).
    mutating func resizeTrailingHole(to target: Int) {
        // A plain placeholder block at the end: not a gap, nor a position shift's marker,
        // which stays empty.
        let last = rows.blocks.indices.last.flatMap { index in
            rows.blocks[index].hole.map { $0.key == nil && !$0.isGap && $0.shift == 0 } == true ? index : nil
        }
        if rows.count < target {
            if let last {
                rows.resizeHole(last, to: rows.blocks[last].count + target - rows.count)
            } else {
                rows.insertHole(target - rows.count, at: rows.count)
            }
        } else if rows.count > target, let last {
            rows.resizeHole(last, to: max(0, rows.blocks[last].count - (rows.count - target)))
        }
    }
}
