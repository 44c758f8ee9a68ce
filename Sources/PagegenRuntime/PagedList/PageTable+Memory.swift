/// Memory: dropping the pages farthest from the focus back to placeholders to stay
/// under ``PagedListOptions/maxLoadedItems``, and what a refresh drops or keeps.
extension PageTable {
    /// ``PagedListOptions/maxLoadedItems``, but never less than the focus and the
    /// prefetch distance on both sides need (in whole pages, plus one partial page
    /// at each end).
    var memoryBudget: Int {
        let size = nominalPageSize
        let window = focusRange.count + 2 * prefetchRows
        return max(options.maxLoadedItems, ((window + size - 1) / size + 2) * size)
    }

    /// Drops the pages farthest from the focus until the items held fit the budget,
    /// after page `placed` arrived; the page itself goes too when it is the farthest
    /// and outside the prefetch distance (it was not worth memory).
    mutating func keepUnderMemoryLimit(placed: Int) {
        guard rows.heldItems > memoryBudget else { return }
        let focus = focusRange
        let mine = distance(ofSlot: placed, from: focus)
        var victims = loadedSlots().filter { $0 != placed }.map { (slot: $0, distance: distance(ofSlot: $0, from: focus)) }
        victims.sort { ($0.distance, $0.slot) > ($1.distance, $1.slot) }
        for victim in victims where rows.heldItems > memoryBudget {
            if victim.distance <= mine, mine > prefetchRows {
                evict(slot: placed)
                let range = rowRange(ofSlot: placed)
                for row in demands.keys where range.contains(row) { demands[row] = nil }
                return
            }
            evict(slot: victim.slot)
        }
    }

    /// The pages that hold loaded items that may be dropped.
    private func loadedSlots() -> [Int] {
        var result: [Int] = []
        var seen = Set<Int>()
        for (index, block) in rows.blocks.enumerated() {
            guard let run = block.run, block.count > 0 else { continue }
            if isIndexed {
                let range = rows.rows(ofBlock: index)
                for slot in slotIndex(forRow: range.lowerBound)...slotIndex(forRow: range.upperBound - 1) where seen.insert(slot).inserted {
                    result.append(slot)
                }
            } else if run.info.key != nil {
                result.append(block.serial)
            }
        }
        return result
    }

    /// Drops the items of page `slot` back to placeholders (but those an edit
    /// inserted and the server has not shown); returns how many.
    @discardableResult
    mutating func evict(slot: Int) -> Int {
        loads[slot] = nil
        if isIndexed {
            let edits = self.edits
            return rows.evict(rowRange(ofSlot: slot), keep: { edits.protects($0) })
        }
        guard let index = rows.blockIndex(serial: slot) else { return 0 }
        return evictBlock(index)
    }

    /// Drops the items of block `index`: back to placeholders for an index-addressed
    /// list, to a hole with its key for a cursor list.
    @discardableResult
    mutating func evictBlock(_ index: Int) -> Int {
        let serial = rows.blocks[index].serial
        guard let run = rows.blocks[index].run else { return 0 }
        if isIndexed {
            let edits = self.edits
            return rows.evict(rows.rows(ofBlock: index), keep: { edits.protects($0) })
        }
        guard let key = run.info.key, !run.ids.contains(where: { $0.map(edits.protects) ?? false }) else { return 0 }
        loads[serial] = nil
        return rows.evictBlock(index, hole: RowList<Item>.Hole(key: key))
    }

    /// A refresh of a cursor list checks its head: through the first page's previous
    /// key when it has one (a page of what came before it), else by loading the first
    /// page again. Returns the first page's block when it is to be kept and reloaded.
    mutating func prepareHeadReload() -> Int? {
        guard let first = rows.blocks.first else { return nil }
        if let hole = first.hole, hole.key != nil, !hole.isFrontier {
            head = first.serial
        } else if let run = first.run, let previous = run.info.previous {
            head = rows.insertEmptyHole(RowList<Item>.Hole(key: previous), at: 0)
        } else if first.run != nil {
            head = first.serial
            return first.serial
        }
        return nil
    }
}
