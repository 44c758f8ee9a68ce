/// Cursor and link pages: each a block loaded by its key, the frontier after the last
/// one (see `RowModel+Placing`).
extension RowModel {
    /// Places a cursor or link page into block `slot`, loaded by `key`; false when the
    /// block is gone or has another key now.
    mutating func placeChained(
        _ items: [Item], ids: [ItemIdentity?], page: Page<Item>, slot: Int, key: PageKey?, isHead: Bool
    ) -> Bool {
        guard accepts(slot: slot, key: key) else { return false }
        let info = RowList<Item>.RunInfo(
            total: page.total, key: key, next: page.next, previous: page.previous, newerItemsKey: page.newerItemsKey)
        let matched = matchIdentities(items, ids: ids)
        // An item already on an earlier page's rows: the server inserted items above it.
        if !overlapsPages, matched.contains(where: { loadedPage(at: $0.row).map { $0 < slot } ?? false }) {
            itemsMovedDown = true
        }
        if matched.isEmpty {
            placeUnmatched(items, ids: ids, into: slot, info: info, isHead: isHead)
        } else {
            placeChainedAroundMatches(items, ids: ids, matched: matched, into: slot, info: info, isHead: isHead)
        }
        sizeFrontier()
        return true
    }

    /// Cursor and link lists: true when a page asked for with `key` still fits block
    /// `slot` (the block is there and is loaded by that key).
    func accepts(slot: Int, key: PageKey?) -> Bool {
        rows.blockIndex(serial: slot) != nil && key == self.key(forSlot: slot)
    }

    /// Cursor and link lists: true when block `slot` is the frontier, the rows after the
    /// last page loaded.
    func isFrontier(_ slot: Int) -> Bool {
        rows.blockIndex(serial: slot).flatMap { rows.blocks[$0].hole?.isFrontier } ?? false
    }

    /// A cursor page none of whose items is loaded: into its hole (the frontier, a
    /// dropped page, a gap, the head). A page loaded again with none of its old items:
    /// above the old rows, which stay without a key after a gap that walks to them.
    /// Without `connecting`, the items are the page's first ones, and the page's own
    /// items follow them: the rows after them are left for the page to connect.
    mutating func placeUnmatched(
        _ items: [Item], ids: [ItemIdentity?], into slot: Int, info: RowList<Item>.RunInfo, isHead: Bool, connecting: Bool = true
    ) {
        guard var index = rows.blockIndex(serial: slot) else { return }
        let block = rows.blocks[index]
        if block.run != nil {
            let start = rows.rows(ofBlock: index).lowerBound
            if info.next == nil {
                deleteUnprotected(start..<rows.count)
                rows.insert(items, ids: ids, at: start, info: info, ownBlock: true)
                endFrontier()
                return
            }
            // The old rows may follow further down: they load again as the page after
            // the new one.
            rows.setInfo(index) { old in
                old.key = info.next
                old.isStale = true
            }
            rows.renew(index)
            rows.insert(items, ids: ids, at: start, info: info, ownBlock: true)
            return
        }
        let hole = block.hole!
        if hole.isFrontier {
            if block.count > items.count {
                // The rows after this page stay the frontier.
                rows.split(at: rows.rows(ofBlock: index).lowerBound + items.count)
                index = rows.blockIndex(serial: slot)!
                rows.updateHole(index + 1, reload: false) { $0.key = info.next }
                frontier = rows.blocks[index + 1].serial
            } else {
                frontier = rows.insertEmptyHole(
                    RowList<Item>.Hole(key: info.next, isFrontier: true), at: rows.rows(ofBlock: index).upperBound)
                index = rows.blockIndex(serial: slot)!
            }
        }
        rows.convertHole(index, to: items, ids: ids, info: info)
        if hole.isFrontier {
            if info.next == nil { endFrontier() }
            return
        }
        if let placed = rows.blockIndex(serial: slot), placed == 0 || isHead, let previous = info.previous, !items.isEmpty {
            // A page at the top with a previous key: more may come before it, and a hole
            // with that key walks there when the top comes near.
            rows.insertEmptyHole(RowList<Item>.Hole(key: previous), at: 0)
        }
        if connecting, let placed = rows.blockIndex(serial: slot) { connect(after: placed, next: info.next, reached: nil) }
    }

    /// A cursor page some of whose items are loaded: they keep their rows (with the
    /// fresh copy); the page's other items go next to them in the page's order (into
    /// the page's own hole when it is right there, else into the run beside them); rows
    /// between two of the page's items that it does not hold are gone. A page loaded
    /// again (a run) loses its rows before the page's first item. Then the rows from the
    /// page's first item to its last are one run, loaded by the page's key (wherever they
    /// were), and the rows after it load again as the next page.
    mutating func placeChainedAroundMatches(
        _ items: [Item], ids: [ItemIdentity?], matched: [(index: Int, row: Int)], into slot: Int, info: RowList<Item>.RunInfo,
        isHead: Bool
    ) {
        let targetIsRun = rows.blockIndex(serial: slot).map { rows.blocks[$0].run != nil } ?? false
        let wasFrontier = rows.blockIndex(serial: slot).flatMap { rows.blocks[$0].hole?.isFrontier } ?? false
        if targetIsRun, let index = rows.blockIndex(serial: slot), let firstRow = row(ofMatch: matched[0], ids) {
            let range = rows.rows(ofBlock: index)
            if range.contains(firstRow) { deleteUnprotected(range.lowerBound..<firstRow) }
        }
        // Bottom up, so that the rows of what is still to place stay put.
        let last = matched[matched.count - 1]
        let suffix = (last.index + 1)..<items.count
        if let row = row(ofMatch: last, ids) {
            if let index = rows.blockIndex(serial: slot), rows.blocks[index].hole != nil, rows.rows(ofBlock: index).lowerBound == row + 1 {
                if !suffix.isEmpty { placeUnmatched(Array(items[suffix]), ids: Array(ids[suffix]), into: slot, info: info, isHead: isHead) }
            } else {
                if !suffix.isEmpty { insertBeside(Array(items[suffix]), ids: Array(ids[suffix]), after: row) }
            }
        }
        for pair in zip(matched.dropLast(), matched.dropFirst()).reversed() {
            guard let upper = row(ofMatch: pair.0, ids), let lower = row(ofMatch: pair.1, ids), lower > upper else { continue }
            let kept = deleteUnprotected(upper + 1..<lower)
            let inner = (pair.0.index + 1)..<pair.1.index
            if !inner.isEmpty { insertBeside(Array(items[inner]), ids: Array(ids[inner]), after: upper + kept) }
        }
        for entry in matched {
            guard let row = row(ofMatch: entry, ids) else { continue }
            rows.replace(at: row, with: items[entry.index])
        }
        let first = matched[0]
        if first.index > 0, let row = row(ofMatch: first, ids) {
            let prefix = 0..<first.index
            if let index = rows.blockIndex(serial: slot), rows.blocks[index].hole != nil, rows.rows(ofBlock: index).upperBound == row {
                // The page's first items, before its own loaded ones: its next key is for
                // after its last item, connected below.
                placeUnmatched(Array(items[prefix]), ids: Array(ids[prefix]), into: slot, info: info, isHead: isHead, connecting: false)
            } else {
                insertBeside(Array(items[prefix]), ids: Array(ids[prefix]), before: row)
            }
        }
        // A page at the top with a previous key (new items, or a page that was the top
        // and no longer is): more may come before it.
        if let previous = info.previous, ids.first.flatMap({ $0 }).flatMap({ rows.row(of: $0) }) == 0,
            rows.blocks.first?.hole?.key != previous
        {
            rows.insertEmptyHole(RowList<Item>.Hole(key: previous), at: 0)
        }
        // The page's hole, if nothing went into it, goes (the frontier moves on).
        var frontierStays = false
        if let index = rows.blockIndex(serial: slot), rows.blocks[index].hole != nil {
            if wasFrontier {
                rows.updateHole(index, reload: false) { $0.key = info.next }
                if info.next == nil { endFrontier() }
                frontierStays = true
            } else {
                rows.convertHole(index, to: [], ids: [], info: info)
            }
        } else if let index = rows.blockIndex(serial: slot), let first = placedRow(ids, first: true),
            let last = placedRow(ids, first: false), !rows.rows(ofBlock: index).overlaps(first..<last + 1)
        {
            // The page's old rows hold none of its items: left over, no key loads them.
            rows.setInfo(index) { old in
                old.key = nil
                old.isStale = true
            }
            rows.renew(index)
        }
        // The page's items, first to last, become one run loaded by its key, so that no
        // other page's load drops them; the rows after it are the next page.
        guard var first = placedRow(ids, first: true), let last = placedRow(ids, first: false) else { return }
        if let index = rows.blockIndex(serial: slot), rows.blocks[index].run != nil {
            // With the rows of the page's block above its first item that stayed.
            first = min(first, rows.rows(ofBlock: index).lowerBound)
        }
        let serial = frontierStays ? rows.makeSerial() : slot
        // (Should a marker sit among them, the rows after the last item still follow.)
        let index = rows.join(first..<last + 1, info: info, serial: serial) ?? rows.locate(last).block
        if wasFrontier { return }
        // After the page's last item: the next page, or a gap that walks there.
        connect(after: index, next: info.next, reached: nil)
    }

    /// Inserts a page's items next to a loaded row, into the run that holds it.
    mutating func insertBeside(_ items: [Item], ids: [ItemIdentity?], after row: Int) {
        let (index, offset) = rows.locate(row)
        if rows.blocks[index].run != nil {
            rows.insert(items, ids: ids, intoBlock: index, at: offset + 1)
        } else {
            rows.insert(items, ids: ids, at: row + 1, info: RowList<Item>.RunInfo(), joining: true)
        }
    }

    /// Inserts a page's items right before a loaded row, into the run that holds it.
    mutating func insertBeside(_ items: [Item], ids: [ItemIdentity?], before row: Int) {
        let (index, offset) = rows.locate(row)
        if rows.blocks[index].run != nil {
            rows.insert(items, ids: ids, intoBlock: index, at: offset)
        } else {
            rows.insert(items, ids: ids, at: row, info: RowList<Item>.RunInfo(), joining: true)
        }
    }

    /// After a cursor page in block `index` whose next key is `next`: the block after
    /// it is the page after it. When that block was loaded (or dropped) with another key,
    /// it takes this one, and a run of it loads again when it comes near, placing what
    /// came between; unless the page was asked for with that run's own previous key:
    /// then it is what comes right before the run, and nothing came between.
    mutating func connect(after index: Int, next: PageKey?, reached: Int?) {
        let after = rows.rows(ofBlock: index).upperBound
        guard let next else {
            deleteUnprotected(after..<rows.count)
            endFrontier()
            return
        }
        guard index + 1 < rows.blocks.count else { return }
        let following = rows.blocks[index + 1]
        if let reached, reached == following.serial { return }
        switch following.content {
        case .hole(let hole):
            if hole.key != next { rows.updateHole(index + 1, reload: false) { $0.key = next } }
        case .run(let run):
            guard run.info.key != next else { return }
            if let key = rows.blocks[index].run?.info.key, key == run.info.previous || key == run.info.newerItemsKey { return }
            rows.setInfo(index + 1) { info in
                info.key = next
                info.isStale = true
            }
            rows.renew(index + 1)
        }
    }

    /// The list ends: the frontier is an empty block without a key at the end, which
    /// takes the next key if the last page, loaded again, has one.
    mutating func endFrontier() {
        endReached = true
        if let frontier, let index = rows.blockIndex(serial: frontier) {
            rows.updateHole(index, reload: false) { $0.key = nil }
            if rows.blocks[index].count > 0 { rows.resizeHole(index, to: 0) }
        } else {
            frontier = rows.appendEmptyHole(RowList<Item>.Hole(isFrontier: true))
        }
    }

    /// Sizes the frontier's placeholder rows so that the list has as many rows as the
    /// total says.
    mutating func sizeFrontier() {
        guard let total, !endReached, let frontier, let index = rows.blockIndex(serial: frontier) else { return }
        let target = max(0, total - (rows.count - rows.blocks[index].count))
        if target != rows.blocks[index].count { rows.resizeHole(index, to: target) }
    }
}
