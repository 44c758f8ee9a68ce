/// Where index-addressed pages meet: the positions of the rows above a page, gaps
/// where items may have slipped between two pages, neighbours loaded again when their
/// shared boundary shows the server's list moved, and rows between two pages that
/// meet that neither holds.
extension RowModel {
    /// Offset lists: a page shares its first item with the page before and its last
    /// with the page after. A page that arrives without the item it shares with a
    /// neighbour loaded before it shows that the server's list moved between the two
    /// loads: items the server removed above shifted up, and the ones that crossed the
    /// boundary are on neither page. A one-row gap goes between the two, and the
    /// neighbour loads again (once a refresh): the items it brings take their places by
    /// identity, and its load closes the gap.
    mutating func checkSharedItems(ofSlot slot: Int, ids: [ItemIdentity?]) {
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
    mutating func checkOlderPageBelow(slot: Int, ids: [ItemIdentity?]) {
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
    mutating func joinNeighbours(ofSlot slot: Int, ids: [ItemIdentity?], total: Int?) {
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
    mutating func deleteStale(_ range: Range<Int>) {
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
    mutating func detectGaps(top: Int, bottom: Int, firstMatched: Bool, lastMatched: Bool, total: Int?) {
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
    mutating func closeGaps(_ gaps: Set<Int>, slot: Int, around ids: [ItemIdentity?]) {
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
}
