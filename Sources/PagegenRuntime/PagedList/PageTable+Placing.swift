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
/// arrives takes the rows of its block; its items already loaded elsewhere keep their
/// rows, and the rows from its first item to its last become its block. When the
/// page's next key is not the key of the block after it, and the page did not reach
/// that block's items, the items between are unknown: a one-row gap with the next
/// key goes between, and walks forward until it meets them.
extension PageTable {
    /// Places a loaded page: page `slot` (an index, or a cursor page's block serial),
    /// asked for with `key`.
    mutating func place(_ page: Page<Item>, slot: Int, key: PageKey?) {
        hasContent = true
        if let total = page.total {
            if isIndexed, let old = self.total, total > old { itemsMovedDown = true }
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
        boundaryReloads.remove(slot)
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

    /// Offset lists: a page shares its first item with the page before and its last
    /// with the page after. A page that arrives without the item it shares with a
    /// neighbour loaded before it shows that the server's list moved between the two
    /// loads: items the server removed above shifted up, and the ones that crossed the
    /// boundary are on neither page. A one-row gap goes between the two, and the
    /// neighbour loads again (once a refresh): the items it brings take their places by
    /// identity, and its load closes the gap.
    private mutating func checkSharedItems(ofSlot slot: Int, ids: [ItemIdentity?]) {
        guard overlapsPages, !ids.isEmpty else { return }
        let held = Set(ids.compactMap { $0 })
        /// Marks `neighbour` to load again when the page lacks `shared`, the item the two
        /// share, and it was not marked since the refresh; true when it marked it.
        func reloads(_ neighbour: Int, sharing shared: ItemIdentity?) -> Bool {
            guard let shared, !held.contains(shared), loads[neighbour]?.reloadedForBoundary == false, rows.row(of: shared) != nil
            else { return false }
            loads[neighbour]?.reloadedForBoundary = true
            boundaryReloads.insert(neighbour)
            return true
        }
        if reloads(slot - 1, sharing: loads[slot - 1]?.last), let top = placedRow(ids, first: true) {
            rows.insertHole(1, at: top, hole: RowList<Item>.Hole(isGap: true))
            adjustPositions(above: top, by: -1)
        }
        // Only a full page reaches the first item of the page after it.
        if ids.count > pageSize, reloads(slot + 1, sharing: loads[slot + 1]?.first), let bottom = placedRow(ids, first: false) {
            rows.insertHole(1, at: bottom + 1, hole: RowList<Item>.Hole(isGap: true))
        }
    }

    /// Page numbers: a page that lands right above a page loaded before it, sharing no
    /// item, may end short of it. If the server inserted items above both between the
    /// two loads (and removed as many below, so the total did not change), the items
    /// that crossed the boundary are on neither page, and nothing in the two shows it.
    /// Once the list has seen items move down the server's list, the page below loads
    /// again (once a refresh): the items it brings take their places by identity. (A
    /// page that lands below an older one overlaps it under inserts above; under
    /// removals above, the total changed, and `detectGaps` puts a gap there.)
    private mutating func checkOlderPageBelow(slot: Int, ids: [ItemIdentity?]) {
        guard !overlapsPages, itemsMovedDown, let below = loads[slot + 1], !below.reloadedForBoundary,
            let last = placedRow(ids, first: false), let first = below.first, rows.row(of: first) == last + 1
        else { return }
        loads[slot + 1]?.reloadedForBoundary = true
        boundaryReloads.insert(slot + 1)
    }

    /// Two neighbouring pages loaded since a refresh at the same total meet: rows left
    /// between them from before the refresh, which neither page holds, are not on the
    /// server, and neither are placeholders between them (neither page would load them
    /// again). (Rows loaded since stay: under changes that leave the total as it was, they
    /// may have moved between the two pages' loads. Gaps stay too: they load their page.)
    private mutating func joinNeighbours(ofSlot slot: Int, ids: [ItemIdentity?], total: Int?) {
        let first = ids.first { $0 != nil } ?? nil
        let last = ids.last { $0 != nil } ?? nil
        loads[slot, default: PageLoadRecord()].first = first
        loads[slot, default: PageLoadRecord()].last = last
        loads[slot, default: PageLoadRecord()].total = total
        guard let total else { return }
        if let previous = loads[slot - 1], previous.total == total, let end = previous.last.flatMap({ rows.row(of: $0) }),
            let start = first.flatMap({ rows.row(of: $0) }), start > end + 1
        {
            deleteStale(end + 1..<start)
        }
        if let next = loads[slot + 1], next.total == total, let start = next.first.flatMap({ rows.row(of: $0) }),
            let end = last.flatMap({ rows.row(of: $0) }), start > end + 1
        {
            deleteStale(end + 1..<start)
        }
    }

    /// Deletes the rows among `range` loaded before the current refresh, and the plain
    /// placeholders (not gaps, not failed) among them.
    private mutating func deleteStale(_ range: Range<Int>) {
        var row = range.upperBound - 1
        while row >= range.lowerBound {
            let (index, offset) = rows.locate(row)
            let start = max(range.lowerBound, row - offset)
            switch rows.blocks[index].content {
            case .run(let run) where run.info.isStale: deleteUnprotected(start..<row + 1)
            case .hole(let hole) where !hole.isGap && hole.failure == nil: deleteUnprotected(start..<row + 1)
            default: break
            }
            row = start - 1
        }
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
    private mutating func matchIdentities(_ items: [Item], ids: [ItemIdentity?], dropFar: Bool = true) -> [(index: Int, row: Int)] {
        var matched: [(index: Int, row: Int)] = []
        for (index, id) in ids.enumerated() {
            if let id, let row = rows.row(of: id) { matched.append((index, row)) }
        }
        guard !matched.isEmpty else { return [] }
        // Rows far from where most of the page's items are: the server moved them.
        let offsets = matched.map { $0.row - $0.index }.sorted()
        let median = offsets[offsets.count / 2]
        let reach = max(pageSize, items.count)
        let far = dropFar ? matched.filter { abs($0.row - $0.index - median) > reach } : []
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
    private mutating func placeByPosition(_ items: [Item], ids: [ItemIdentity?], at serverPosition: Int, info: RowList<Item>.RunInfo) {
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
        if isIndexed { rows.absorbShift(below: range.lowerBound, rows: range.count - kept) }
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

    /// Moves the server positions of `row` and the rows below by `delta`: more
    /// placeholder rows above (`delta` > 0: the nearest hole above grows, after any
    /// shift above gives back what it took; with no hole above, rows go at the top), or
    /// fewer (the holes above shrink, nearest first; what they cannot take becomes a
    /// shift right above `row`).
    mutating func adjustPositions(above row: Int, by delta: Int) {
        guard delta != 0 else { return }
        var remaining = delta
        var index = (row < rows.count ? rows.locate(row).block : rows.blocks.count) - 1
        while index >= 0, remaining != 0 {
            let block = rows.blocks[index]
            guard let hole = block.hole, rows.rows(ofBlock: index).upperBound <= row else {
                index -= 1
                continue
            }
            if hole.shift != 0, remaining > 0 {
                let taken = min(remaining, -hole.shift)
                rows.addShift(taken, at: rows.starts[index])
                remaining -= taken
                index = min(index, rows.blocks.count) - 1
                continue
            }
            if hole.key == nil, !hole.isGap, hole.shift == 0 {
                if remaining > 0 {
                    rows.resizeHole(index, to: block.count + remaining)
                    return
                }
                let cut = min(block.count, -remaining)
                rows.resizeHole(index, to: block.count - cut)
                remaining += cut
                index = min(index, rows.blocks.count) - 1
                continue
            }
            index -= 1
        }
        if remaining > 0 {
            rows.insertHole(remaining, at: 0)
        } else if remaining < 0 {
            let target = min(row, rows.count) + 0
            rows.addShift(remaining, at: target)
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
            adjustPositions(above: top, by: -size)
        }
    }

    /// Gaps the page that loaded covers are closed: what was between was the page's
    /// to bring. So is a gap right next to the page with loaded rows on its other side:
    /// the page is the one just before (or after) those rows. (If the server's list keeps
    /// moving, the page's own edges get gaps of their own.)
    private mutating func closeGaps(_ gaps: Set<Int>, slot: Int, around ids: [ItemIdentity?]) {
        guard !gaps.isEmpty else { return }
        var doomed: [Int] = []
        let covered = rowRange(ofSlot: slot).clamped(to: 0..<rows.count)
        for index in rows.blockIndexes(covering: covered) where gaps.contains(rows.blocks[index].serial) {
            doomed.append(rows.blocks[index].serial)
        }
        if let last = placedRow(ids, first: false), last + 1 < rows.count {
            let (index, offset) = rows.locate(last + 1)
            if offset == 0, gaps.contains(rows.blocks[index].serial), index + 1 < rows.blocks.count, rows.blocks[index + 1].run != nil {
                doomed.append(rows.blocks[index].serial)
            }
        }
        if let first = placedRow(ids, first: true), first > 0 {
            let (index, _) = rows.locate(first - 1)
            if gaps.contains(rows.blocks[index].serial), rows.rows(ofBlock: index).upperBound == first, index > 0,
                rows.blocks[index - 1].run != nil
            {
                doomed.append(rows.blocks[index].serial)
            }
        }
        for serial in Set(doomed) {
            guard let index = rows.blockIndex(serial: serial), rows.blocks[index].hole?.isGap == true else { continue }
            rows.delete(rows.rows(ofBlock: index))
        }
    }

    /// The page the item on `row` was loaded with, if the row is loaded.
    private func loadedPage(at row: Int) -> Int? {
        guard row >= 0, row < rows.count, let run = rows.blocks[rows.locate(row).block].run else { return nil }
        return run.info.page
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
        guard let index = rows.blockIndex(serial: slot), key == self.key(forSlot: slot) else {
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
        let matched = matchIdentities(items, ids: ids)
        // An item already on an earlier page's rows: the server inserted items above it.
        if !overlapsPages, matched.contains(where: { loadedPage(at: $0.row).map { $0 < slot } ?? false }) {
            itemsMovedDown = true
        }
        if matched.isEmpty {
            placeUnmatched(items, ids: ids, into: slot, info: info)
        } else {
            placeChainedAroundMatches(items, ids: ids, matched: matched, into: slot, info: info)
        }
        sizeFrontier()
    }

    /// A cursor page none of whose items is loaded: into its hole (the frontier, a
    /// dropped page, a gap, the head). A page loaded again with none of its old items:
    /// above the old rows, which stay without a key after a gap that walks to them.
    private mutating func placeUnmatched(_ items: [Item], ids: [ItemIdentity?], into slot: Int, info: RowList<Item>.RunInfo) {
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
        if let placed = rows.blockIndex(serial: slot), placed == 0 || slot == head, let previous = info.previous, !items.isEmpty {
            // A page at the top with a previous key: more may come before it, and a hole
            // with that key walks there when the top comes near.
            rows.insertEmptyHole(RowList<Item>.Hole(key: previous), at: 0)
        }
        if let placed = rows.blockIndex(serial: slot) { connect(after: placed, next: info.next, reached: nil) }
    }

    /// A cursor page some of whose items are loaded: they keep their rows (with the
    /// fresh copy); the page's other items go next to them in the page's order (into
    /// the page's own hole when it is right there, else into the run beside them); rows
    /// between two of the page's items that it does not hold are gone. A page loaded
    /// again (a run) loses its rows before the page's first item. Then the rows from the
    /// page's first item to its last are one run, loaded by the page's key (wherever they
    /// were), and the rows after it load again as the next page.
    private mutating func placeChainedAroundMatches(
        _ items: [Item], ids: [ItemIdentity?], matched: [(index: Int, row: Int)], into slot: Int, info: RowList<Item>.RunInfo
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
                if !suffix.isEmpty { placeUnmatched(Array(items[suffix]), ids: Array(ids[suffix]), into: slot, info: info) }
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
                placeUnmatched(Array(items[prefix]), ids: Array(ids[prefix]), into: slot, info: info)
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
    private mutating func insertBeside(_ items: [Item], ids: [ItemIdentity?], after row: Int) {
        let (index, offset) = rows.locate(row)
        if rows.blocks[index].run != nil {
            rows.insert(items, ids: ids, intoBlock: index, at: offset + 1)
        } else {
            rows.insert(items, ids: ids, at: row + 1, info: RowList<Item>.RunInfo(generation: generation), joining: true)
        }
    }

    /// Inserts a page's items right before a loaded row, into the run that holds it.
    private mutating func insertBeside(_ items: [Item], ids: [ItemIdentity?], before row: Int) {
        let (index, offset) = rows.locate(row)
        if rows.blocks[index].run != nil {
            rows.insert(items, ids: ids, intoBlock: index, at: offset)
        } else {
            rows.insert(items, ids: ids, at: row, info: RowList<Item>.RunInfo(generation: generation), joining: true)
        }
    }

    /// After a cursor page in block `index` whose next key is `next`: the block after
    /// it is the page after it. When that block was loaded (or dropped) with another key,
    /// it takes this one, and a run of it loads again when it comes near, placing what
    /// came between.
    private mutating func connect(after index: Int, next: PageKey?, reached: Int?) {
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
            rows.setInfo(index + 1) { info in
                info.key = next
                info.isStale = true
            }
            rows.renew(index + 1)
        }
    }

    /// The list ends: the frontier is an empty block without a key at the end, which
    /// takes the next key if the last page, loaded again, has one.
    private mutating func endFrontier() {
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
    private mutating func sizeFrontier() {
        guard let total, !endReached, let frontier, let index = rows.blockIndex(serial: frontier) else { return }
        let target = max(0, total - (rows.count - rows.blocks[index].count))
        if target != rows.blocks[index].count { rows.resizeHole(index, to: target) }
    }

}

extension RowList.Slot {
    /// True for a placeholder row that stands for nothing but its position.
    var isPlainHole: Bool {
        if case .hole(let hole) = self { return hole.key == nil && !hole.isFrontier }
        return false
    }
}
