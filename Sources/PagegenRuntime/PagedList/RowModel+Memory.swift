/// What the rows hold over time: dropping the pages farthest from where the user looks
/// back to placeholders to stay under ``PagedListOptions/maxLoadedItems``, what a
/// refresh keeps and drops, the failures rows show, and the list's opening.
extension RowModel {
    /// ``PagedListOptions/maxLoadedItems``, but never less than `focus` and the
    /// prefetch distance on both sides need (in whole pages, plus one partial page at
    /// each end).
    func memoryBudget(focus: Range<Int>, options: PagedListOptions) -> Int {
        let size = nominalPageSize
        let window = focus.count + 2 * rows(in: options.prefetchDistance)
        return max(options.maxLoadedItems, ((window + size - 1) / size + 2) * size)
    }

    /// Drops the pages farthest from `focus` until the items held fit the budget, after
    /// page `placed` arrived; the page itself goes too when it is the farthest and
    /// outside the prefetch distance (it was not worth memory). Returns true when it
    /// did.
    mutating func keepUnderMemoryLimit(placed: Int, focus: Range<Int>, options: PagedListOptions) -> Bool {
        guard rows.heldItems > memoryBudget(focus: focus, options: options) else { return false }
        let mine = distance(ofSlot: placed, from: focus)
        var victims = loadedSlots().filter { $0 != placed }.map { (slot: $0, distance: distance(ofSlot: $0, from: focus)) }
        victims.sort { ($0.distance, $0.slot) > ($1.distance, $1.slot) }
        for victim in victims where rows.heldItems > memoryBudget(focus: focus, options: options) {
            if victim.distance <= mine, mine > rows(in: options.prefetchDistance) {
                evict(slot: placed)
                return true
            }
            evict(slot: victim.slot)
        }
        return false
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

    // MARK: Refresh

    /// A refresh starts: no page counts as loaded since, no boundary waits to be loaded
    /// again, and the end is to be found again.
    mutating func forgetLoads() {
        loads.removeAll()
        boundaryReloads.removeAll()
        endReached = false
    }

    /// A refresh of a cursor list checks its head: through the first page's previous
    /// key when it has one (a page of what came before it, in an empty block put at the
    /// top), else by loading the first page again. Returns the head's block, and
    /// whether it is the first page, to be kept and reloaded; nil when there is no head
    /// to check.
    mutating func prepareHeadReload() -> (head: Int, keep: Bool)? {
        guard let first = rows.blocks.first else { return nil }
        if let hole = first.hole, hole.key != nil, !hole.isFrontier {
            return (first.serial, false)
        } else if let run = first.run, let previous = run.info.previous {
            return (rows.insertEmptyHole(RowList<Item>.Hole(key: previous), at: 0), false)
        } else if first.run != nil {
            return (first.serial, true)
        }
        return nil
    }

    /// A refresh: the pages that overlap `window` (and block `keep`, the head) stay,
    /// stale, until reloaded; the others go back to placeholders (rows no key loads
    /// again are deleted: the pages around them bring them back if the server still has
    /// them).
    mutating func dropPages(outside window: Range<Int>, keeping keep: Int?) {
        // Backwards: evicting merges a block with its neighbours.
        var index = rows.blocks.count - 1
        while index >= 0 {
            let block = rows.blocks[index]
            if let run = block.run {
                if rows.rows(ofBlock: index).overlaps(window) || block.serial == keep {
                    rows.setInfo(index) { $0.isStale = true }
                } else if isIndexed || run.info.key != nil {
                    evictBlock(index)
                } else if !run.ids.contains(where: { $0.map(edits.protects) ?? false }) {
                    rows.delete(rows.rows(ofBlock: index))
                }
            }
            index = min(index - 1, rows.blocks.count - 1)
        }
    }

    // MARK: Failures

    /// The rows of page `slot` not loaded (and the loading row, when it is the page's)
    /// show `error`, or nothing any more.
    mutating func showFailure(_ error: APIError?, of slot: Int) {
        if let error {
            let range = rowRange(ofSlot: slot)
            if hasTrailingRow, range.contains(rows.count) || (!isIndexed && slot == frontier) {
                trailingFailure = (slot, error)
                rows.noteTrailingRowReloaded()
            }
            let holes = range.clamped(to: 0..<rows.count)
            guard !holes.isEmpty else { return }
            rows.split(at: holes.lowerBound)
            rows.split(at: holes.upperBound)
            for index in rows.blockIndexes(covering: holes) where rows.blocks[index].hole != nil && rows.blocks[index].count > 0 {
                rows.updateHole(index, reload: true) { hole in
                    hole.failure = error
                    hole.failedPage = slot
                }
            }
            return
        }
        if let trailing = trailingFailure, trailing.slot == slot {
            trailingFailure = nil
            if hasTrailingRow { rows.noteTrailingRowReloaded() }
        }
        var index = 0
        while index < rows.blocks.count {
            if let hole = rows.blocks[index].hole, hole.failedPage == slot {
                rows.updateHole(index, reload: true) { hole in
                    hole.failure = nil
                    hole.failedPage = nil
                }
            }
            index += 1
        }
    }

    // MARK: Opening

    /// The list opens: a cursor list gets its frontier, the block its first page goes to.
    mutating func open() {
        if !isIndexed, frontier == nil {
            frontier = rows.appendEmptyHole(RowList<Item>.Hole(key: firstKey, isFrontier: true))
        }
    }

    /// The list opens where a window endpoint said, with the total it gave, if any: the
    /// total sizes the rows at once.
    mutating func open(total: Int?) {
        open()
        guard let total else { return }
        self.total = max(0, total)
        totalIsEstimate = false
        if isIndexed, rows.count == 0 { rows.insertHole(max(0, total), at: 0) }
    }
}
