/// Taking in a loaded page: placing its items on rows by identity first and by
/// position second, so that no item shows twice and none is skipped when the server's
/// list moved since the rows around it loaded.
///
/// **Index-addressed lists** (page number, offset). Page `n` holds the items at
/// positions `n * pageSize…` on the server now. Items already loaded keep their rows
/// and take the fresh copy; the page's other items go next to them in the page's
/// order, into placeholder rows where there are some; rows between two of the page's
/// items that the page does not hold are gone from the server and are deleted. A page
/// none of whose items is loaded goes to the rows of its position. Then:
///
/// - the holes above the page grow or shrink so that its first item's row is its
///   position again (items the server inserted or removed above, as placeholders);
/// - where the page meets rows loaded when the server's total was different, with no
///   item in common, some items may have slipped between them: a *gap* of placeholder
///   rows goes there, and loads like any placeholder; a gap that two loads did not
///   close shows as failed rows until ``PagedList/retry()``;
/// - the first page removes the rows above it; the last page ends the list.
///
/// **Cursor and link lists.** Each page is a block loaded by its key. A page that
/// arrives takes the rows of its block; its items already loaded elsewhere stay there.
/// When the page's next key is not the key of the block after it, and the page did not
/// reach that block's items, the items between are unknown: a one-row gap with the next
/// key goes between, and walks forward until it meets them.
extension PageTable {
    /// Places a loaded page: page `slot` (an index, or a cursor page's block serial),
    /// asked for with `key`.
    mutating func place(_ page: Page<Item>, slot: Int, key: PageKey?) {
        hasContent = true
        if let total = page.total {
            self.total = max(0, total)
            totalIsEstimate = page.totalIsEstimate
        }
        let ids = page.items.map(rows.id(of:))
        let (items, shownIDs) = edits.overlay(page.items, ids: ids)
        if isIndexed {
            placeIndexed(items, ids: shownIDs, page: page, slot: slot)
        } else {
            placeChained(items, ids: shownIDs, page: page, slot: slot, key: key)
        }
        if loads[slot] == nil { loads[slot] = PageLoadRecord() }
        if !demands.isEmpty {
            let range = rowRange(ofSlot: slot)
            for row in demands.keys where range.contains(row) { demands[row] = nil }
        }
        if slot == head { head = nil }
        keepUnderMemoryLimit(placed: slot)
    }

    // MARK: Index-addressed pages

    private mutating func placeIndexed(_ items: [Item], ids: [ItemIdentity?], page: Page<Item>, slot: Int) {
        let position = slot * pageSize
        let info = RowList<Item>.RunInfo(page: slot, total: page.total, generation: generation)
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
        let matched = matchIdentities(items, ids: ids)
        if matched.isEmpty {
            placeByPosition(items, ids: ids, at: position, info: info)
        } else {
            placeAroundMatches(items, ids: ids, matched: matched, info: info)
        }
        // The first page: nothing comes before it.
        if position == 0, let first = placedRow(ids, first: true) { deleteUnprotected(0..<first) }
        if let first = placedRow(ids, first: true), let last = placedRow(ids, first: false) {
            markFresh(first..<last + 1, info: info)
            if position > 0 { adjustHoles(above: first, by: position - first) }
        }
        if let top = ids.first.flatMap({ $0 }).flatMap({ rows.row(of: $0) }),
            let bottom = ids.last.flatMap({ $0 }).flatMap({ rows.row(of: $0) })
        {
            detectGaps(
                top: top, bottom: bottom, firstMatched: matched.first?.index == 0,
                lastMatched: matched.last?.index == items.count - 1, total: page.total)
        }
        finishIndexed(page: page, position: position, lastRow: placedRow(ids, first: false))
        noteHoles(ofSlot: slot)
    }

    /// Items without an identity cannot be matched: the page takes the rows of its
    /// position.
    private mutating func placeWithoutIdentity(_ items: [Item], at position: Int, info: RowList<Item>.RunInfo) {
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
    private mutating func noteHoles(ofSlot slot: Int) {
        loads[slot, default: PageLoadRecord()].holesAtLoad = plainHoles(inSlot: slot)
    }

    /// The placeholder rows (not gaps) among page `slot`'s rows.
    func plainHoles(inSlot slot: Int) -> Int {
        let range = rowRange(ofSlot: slot).clamped(to: 0..<rows.count)
        guard !range.isEmpty else { return 0 }
        var holes = 0
        for index in rows.blockIndexes(covering: range) {
            guard let hole = rows.blocks[index].hole, !hole.isGap else { continue }
            holes += rows.rows(ofBlock: index).clamped(to: range).count
        }
        return holes
    }

    /// The page's items already loaded, as (index in the page, row), in page order,
    /// after taking out the ones far from the others (items the server moved far: their
    /// old rows are deleted, and they are placed with the page) and moving the ones out
    /// of the page's order into it.
    private mutating func matchIdentities(_ items: [Item], ids: [ItemIdentity?]) -> [(index: Int, row: Int)] {
        var matched: [(index: Int, row: Int)] = []
        for (index, id) in ids.enumerated() {
            if let id, let row = rows.row(of: id) { matched.append((index, row)) }
        }
        guard !matched.isEmpty else { return [] }
        // Rows far from where most of the page's items are: the server moved them.
        let offsets = matched.map { $0.row - $0.index }.sorted()
        let median = offsets[offsets.count / 2]
        let reach = max(pageSize, items.count)
        let far = matched.filter { abs($0.row - $0.index - median) > reach }
        if !far.isEmpty {
            for entry in far {
                guard let id = ids[entry.index], !edits.protects(id), let row = rows.row(of: id) else { continue }
                rows.delete(row..<row + 1)
            }
            matched = []
            for (index, id) in ids.enumerated() {
                if let id, let row = rows.row(of: id) { matched.append((index, row)) }
            }
        }
        // Put items the server reordered into the page's order.
        var previous = -1
        for entry in matched {
            guard let id = ids[entry.index], let row = rows.row(of: id) else { continue }
            if row > previous {
                previous = row
            } else {
                rows.move(from: row, to: previous)
            }
        }
        return matched.compactMap { entry in ids[entry.index].flatMap { rows.row(of: $0) }.map { (entry.index, $0) } }
    }

    /// Places a page none of whose items is loaded at the rows of its position.
    private mutating func placeByPosition(_ items: [Item], ids: [ItemIdentity?], at position: Int, info: RowList<Item>.RunInfo) {
        guard !items.isEmpty else { return }
        if position >= rows.count {
            if position > rows.count { rows.insertHole(position - rows.count, at: rows.count) }
            rows.insert(items, ids: ids, at: rows.count, info: info, ownBlock: true)
            return
        }
        if !rows.isHole(position), let run = rows.blocks[rows.locate(position).block].run, run.info.isStale {
            // A refresh, and the server's list moved more than a page: assume it moved
            // above, by as much as the total changed.
            if let total = info.total, let old = run.info.total, total != old {
                adjustHoles(above: rowOfTopStaleBlock(from: position), by: total - old)
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
    private func rowOfTopStaleBlock(from row: Int) -> Int {
        var index = rows.locate(row).block
        while index > 0, let run = rows.blocks[index - 1].run, run.info.isStale { index -= 1 }
        return rows.rows(ofBlock: index).lowerBound
    }

    /// Places a page some of whose items are loaded: those keep their rows, the others
    /// go next to them in the page's order.
    private mutating func placeAroundMatches(
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

    private func row(ofMatch match: (index: Int, row: Int), _ ids: [ItemIdentity?]) -> Int? {
        ids[match.index].flatMap { rows.row(of: $0) }
    }

    /// Puts `items` from `row` on: into the placeholder rows there, then inserted.
    private mutating func fillForward(_ items: [Item], ids: [ItemIdentity?], from row: Int, info: RowList<Item>.RunInfo) {
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
    private mutating func fillBackward(_ items: [Item], ids: [ItemIdentity?], before row: Int, info: RowList<Item>.RunInfo) {
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

    /// Deletes the rows of `range` but those of items an edit inserted; returns how
    /// many stayed.
    @discardableResult
    mutating func deleteUnprotected(_ range: Range<Int>) -> Int {
        let range = range.clamped(to: 0..<rows.count)
        guard !range.isEmpty else { return 0 }
        var kept = 0
        var end = range.upperBound
        var row = range.upperBound - 1
        while row >= range.lowerBound {
            if let id = rows.identity(at: row), edits.protects(id) {
                if end > row + 1 { rows.delete(row + 1..<end) }
                kept += 1
                end = row
            }
            row -= 1
        }
        if end > range.lowerBound { rows.delete(range.lowerBound..<end) }
        return kept
    }

    /// The row of the page's first (or last) item that is on a row now.
    private func placedRow(_ ids: [ItemIdentity?], first: Bool) -> Int? {
        let order = first ? Array(ids.indices) : ids.indices.reversed()
        for index in order {
            if let id = ids[index], let row = rows.row(of: id) { return row }
        }
        return nil
    }

    /// Marks the runs on `range` as loaded now, with `info`.
    private mutating func markFresh(_ range: Range<Int>, info: RowList<Item>.RunInfo) {
        guard !range.isEmpty, range.upperBound <= rows.count else { return }
        rows.split(at: range.lowerBound)
        rows.split(at: range.upperBound)
        for index in rows.blockIndexes(covering: range) where rows.blocks[index].run != nil {
            rows.setInfo(index) { $0 = info }
        }
    }

    /// Grows (`delta` > 0) or shrinks the placeholder rows above `row` by `delta`: the
    /// nearest hole above grows; holes above shrink, nearest first. With no hole above
    /// to grow, placeholder rows go at the top.
    mutating func adjustHoles(above row: Int, by delta: Int) {
        guard delta != 0, row > 0 || delta > 0 else { return }
        var index = row < rows.count ? rows.locate(row).block : rows.blocks.count
        if index < rows.blocks.count, rows.rows(ofBlock: index).lowerBound < row { index += 0 } else { index -= 1 }
        if delta > 0 {
            var candidate = index
            while candidate >= 0 {
                if let hole = rows.blocks[candidate].hole, hole.key == nil, !hole.isGap, rows.rows(ofBlock: candidate).upperBound <= row {
                    rows.resizeHole(candidate, to: rows.blocks[candidate].count + delta)
                    return
                }
                candidate -= 1
            }
            rows.insertHole(delta, at: 0)
            return
        }
        var remaining = -delta
        var candidate = index
        while candidate >= 0, remaining > 0 {
            if let hole = rows.blocks[candidate].hole, hole.key == nil, !hole.isGap, rows.rows(ofBlock: candidate).upperBound <= row {
                let size = rows.blocks[candidate].count
                let cut = min(size, remaining)
                rows.resizeHole(candidate, to: size - cut)
                remaining -= cut
                candidate = min(candidate, rows.blocks.count - 1)
            }
            candidate -= 1
        }
    }

    /// Puts gaps where the page meets rows loaded when the server's total was
    /// different and nothing shows the two are neighbours: above the page when items
    /// were removed since (those below moved up, past the page's start), below it when
    /// items were inserted (those below moved down, away from the page's end).
    private mutating func detectGaps(top: Int, bottom: Int, firstMatched: Bool, lastMatched: Bool, total: Int?) {
        guard let total else { return }
        if !lastMatched, bottom + 1 < rows.count, let old = loadedTotal(at: bottom + 1), total > old {
            rows.insertHole(min(pageSize, total - old), at: bottom + 1, hole: RowList<Item>.Hole(isGap: true))
        }
        if !firstMatched, top > 0, let old = loadedTotal(at: top - 1), total < old {
            let size = min(pageSize, old - total)
            rows.insertHole(size, at: top, hole: RowList<Item>.Hole(isGap: true))
            adjustHoles(above: top, by: -size)
        }
    }

    /// The total the API gave with the item on `row`, if the row is loaded.
    private func loadedTotal(at row: Int) -> Int? {
        guard row >= 0, row < rows.count, let run = rows.blocks[rows.locate(row).block].run else { return nil }
        return run.info.total
    }

    /// Ends the list at the last page, or sizes the rows after the last loaded one to
    /// the total.
    private mutating func finishIndexed(page: Page<Item>, position: Int, lastRow: Int?) {
        if page.isLast {
            let end = lastRow.map { $0 + 1 } ?? min(position, rows.count)
            deleteUnprotected(end..<rows.count)
            endReached = true
            return
        }
        if let total {
            let target = totalIsEstimate ? max(total, loadedEnd) : total
            resizeTrailingHole(to: target)
        } else if rows.count < position + pageSize {
            rows.insertHole(position + pageSize - rows.count, at: rows.count)
        }
    }

    /// Grows or shrinks the placeholder rows at the end so that there are `target`
    /// rows (shrinking no further than the loaded rows).
    private mutating func resizeTrailingHole(to target: Int) {
        if rows.count < target {
            if let last = rows.blocks.indices.last, let hole = rows.blocks[last].hole, hole.key == nil, !hole.isGap {
                rows.resizeHole(last, to: rows.blocks[last].count + target - rows.count)
            } else {
                rows.insertHole(target - rows.count, at: rows.count)
            }
        } else if rows.count > target, let last = rows.blocks.indices.last, let hole = rows.blocks[last].hole, hole.key == nil,
            !hole.isGap
        {
            rows.resizeHole(last, to: max(0, rows.blocks[last].count - (rows.count - target)))
        }
    }

    // MARK: Cursor and link pages

    private mutating func placeChained(_ items: [Item], ids: [ItemIdentity?], page: Page<Item>, slot: Int, key: PageKey?) {
        guard let index = rows.blockIndex(serial: slot) else {
            ignoredResponses += 1
            return
        }
        var next = page.next
        if rows.blocks[index].hole?.isFrontier == true, let key {
            // A next key walked before: the list loops; it ends here instead.
            walkedKeys.insert(key)
            if let repeated = next, walkedKeys.contains(repeated) { next = nil }
        }
        let info = RowList<Item>.RunInfo(total: page.total, key: key, next: next, previous: page.previous, generation: generation)
        switch rows.blocks[index].content {
        case .hole(let hole):
            placeIntoHole(index, hole: hole, items, ids: ids, info: info)
        case .run:
            reloadRun(index, items, ids: ids, info: info)
        }
        sizeFrontier()
    }

    /// A cursor page into the hole it was loaded for: the frontier, a dropped page, a
    /// gap, the head.
    private mutating func placeIntoHole(
        _ index: Int, hole: RowList<Item>.Hole, _ items: [Item], ids: [ItemIdentity?], info: RowList<Item>.RunInfo
    ) {
        let serial = rows.blocks[index].serial
        let isHead = serial == head
        // Items loaded elsewhere stay there, with the fresh copy.
        var fresh: [Item] = []
        var freshIDs: [ItemIdentity?] = []
        var firstMatch: Int?
        var lastMatchBlock: Int?
        for (item, id) in zip(items, ids) {
            if let id, let row = rows.row(of: id) {
                rows.replace(at: row, with: item)
                if firstMatch == nil { firstMatch = row }
                lastMatchBlock = rows.blocks[rows.locate(row).block].serial
                continue
            }
            fresh.append(item)
            freshIDs.append(id)
        }
        guard var position = rows.blockIndex(serial: serial) else { return }
        var holeRows = rows.blocks[position].count
        if hole.isFrontier, holeRows > fresh.count {
            // The rows after this page stay the frontier.
            rows.split(at: rows.rows(ofBlock: position).lowerBound + fresh.count)
            position = rows.blockIndex(serial: serial)!
            holeRows = rows.blocks[position].count
        }
        if hole.isFrontier {
            // A new frontier after this page (it took the old one's rows, if any).
            let after = rows.rows(ofBlock: position).upperBound
            if position + 1 < rows.blocks.count, rows.blocks[position + 1].hole != nil,
                rows.rows(ofBlock: position + 1).lowerBound == after, rows.blocks[position + 1].hole?.isGap == false
            {
                let next = position + 1
                rows.updateHole(next, reload: false) { $0 = RowList<Item>.Hole(key: info.next, isFrontier: true) }
                frontier = rows.blocks[next].serial
            } else {
                frontier = rows.insertEmptyHole(RowList<Item>.Hole(key: info.next, isFrontier: true), at: after)
            }
            position = rows.blockIndex(serial: serial)!
        }
        if fresh.isEmpty, holeRows == 0 {
            rows.convertHole(position, to: [], ids: [], info: info)
            if let firstMatch, !hole.isFrontier, !isHead { adoptKey(info.key, atRow: firstMatch) }
        } else {
            rows.convertHole(position, to: fresh, ids: freshIDs, info: info)
        }
        if hole.isFrontier {
            if info.next == nil { endFrontier() }
            return
        }
        if isHead {
            // More new items may come before these: a head hole walks there when the
            // top comes near.
            if let previous = info.previous, !fresh.isEmpty {
                rows.insertEmptyHole(RowList<Item>.Hole(key: previous), at: 0)
            }
            return
        }
        guard let placed = rows.blockIndex(serial: serial) else { return }
        connect(after: placed, next: info.next, reached: lastMatchBlock)
    }

    /// A cursor page loaded again (a refresh): its items keep their rows where they
    /// are loaded; rows of the old page the new one passes over are gone; new items go
    /// in the page's order.
    private mutating func reloadRun(_ index: Int, _ items: [Item], ids: [ItemIdentity?], info: RowList<Item>.RunInfo) {
        let serial = rows.blocks[index].serial
        var cursor = rows.rows(ofBlock: index).lowerBound
        var lastMatchBlock: Int?
        for (item, id) in zip(items, ids) {
            guard let position = rows.blockIndex(serial: serial) else { return }
            let blockRows = rows.rows(ofBlock: position)
            if let id, let row = rows.row(of: id) {
                if blockRows.contains(row), row >= cursor {
                    deleteUnprotected(cursor..<row)
                    let now = rows.row(of: id) ?? row
                    rows.replace(at: now, with: item)
                    cursor = now + 1
                } else {
                    rows.replace(at: row, with: item)
                    if !blockRows.contains(row) { lastMatchBlock = rows.blocks[rows.locate(row).block].serial }
                }
                continue
            }
            rows.insert([item], ids: [id], intoBlock: position, at: cursor - blockRows.lowerBound)
            cursor += 1
        }
        guard var position = rows.blockIndex(serial: serial) else { return }
        rows.setInfo(position) { $0 = info }
        let end = rows.rows(ofBlock: position).upperBound
        if info.next == nil {
            deleteUnprotected(cursor..<rows.count)
            endFrontier()
            return
        }
        if cursor < end {
            // Rows after the page's last item: what the next page holds now, if still
            // on the server. They stay, without a key, after a gap that walks to them.
            rows.split(at: cursor)
            if let tail = rows.blockIndex(serial: rows.blocks[rows.locate(cursor).block].serial) {
                rows.setInfo(tail) { $0.key = nil }
            }
            rows.insertHole(1, at: cursor, hole: RowList<Item>.Hole(key: info.next, isGap: true))
            return
        }
        position = rows.blockIndex(serial: serial) ?? position
        connect(after: position, next: info.next, reached: lastMatchBlock)
    }

    /// After a cursor page in block `index` whose next key is `next`: when the block
    /// after it is not that page, and the page did not reach it, a gap walks there.
    private mutating func connect(after index: Int, next: PageKey?, reached: Int?) {
        let after = rows.rows(ofBlock: index).upperBound
        guard index + 1 < rows.blocks.count else { return }
        let following = rows.blocks[index + 1]
        if let reached, reached == following.serial { return }
        let followingKey: PageKey? =
            switch following.content {
            case .hole(let hole): hole.key
            case .run(let run): run.info.key
            }
        guard let next else {
            deleteUnprotected(after..<rows.count)
            endFrontier()
            return
        }
        if followingKey == next { return }
        if following.hole?.isFrontier == true {
            rows.updateHole(index + 1, reload: false) { $0.key = next }
            return
        }
        rows.insertHole(1, at: after, hole: RowList<Item>.Hole(key: next, isGap: true))
    }

    /// A keyless run whose first item a gap's page starts with takes the gap's key.
    private mutating func adoptKey(_ key: PageKey?, atRow row: Int) {
        guard let key else { return }
        let (index, offset) = rows.locate(row)
        guard offset == 0, let run = rows.blocks[index].run, run.info.key == nil else { return }
        rows.setInfo(index) { $0.key = key }
    }

    /// The list ends: no frontier any more.
    private mutating func endFrontier() {
        endReached = true
        if let frontier, let index = rows.blockIndex(serial: frontier) {
            rows.updateHole(index, reload: false) { $0.key = nil }
            if rows.blocks[index].count > 0 { rows.delete(rows.rows(ofBlock: index)) }
        }
    }

    /// Sizes the frontier's placeholder rows so that the list has as many rows as the
    /// total says.
    private mutating func sizeFrontier() {
        guard let total, !endReached, let frontier, let index = rows.blockIndex(serial: frontier) else { return }
        let target = max(0, total - (rows.count - rows.blocks[index].count))
        if target != rows.blocks[index].count { rows.resizeHole(index, to: target) }
    }

    // MARK: Gaps

    /// A load of page `slot` starts: the gaps among its rows count one more try.
    mutating func countGapAttempts(_ slot: Int) {
        let range = rowRange(ofSlot: slot).clamped(to: 0..<rows.count)
        guard !range.isEmpty else { return }
        for index in rows.blockIndexes(covering: range) {
            guard let hole = rows.blocks[index].hole, hole.isGap else { continue }
            rows.updateHole(index, reload: hole.attempts + 1 >= 2) { $0.attempts += 1 }
        }
    }
}

extension RowList.Slot {
    /// True for a placeholder row that stands for nothing but its position.
    var isPlainHole: Bool {
        if case .hole(let hole) = self { return hole.key == nil && !hole.isFrontier }
        return false
    }
}
