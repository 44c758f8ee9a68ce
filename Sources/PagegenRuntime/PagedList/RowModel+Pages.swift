/// Pages and rows: which page holds a row, which rows a page holds, its key, how far
/// a page is from given rows, and whether a page has rows to load.
extension RowModel {
    /// Index-addressed lists: the server position `row` stands for (its row, less the
    /// shifts above it).
    func position(ofRow row: Int) -> Int {
        rows.shiftMarkers == 0 ? row : row + rows.shift(atRow: row)
    }

    /// Index-addressed lists: the row that stands for server position `position` (below
    /// the last shift that leaves it inside the rows it applies to).
    func row(ofPosition position: Int) -> Int {
        guard rows.shiftMarkers > 0 else { return position }
        let segments = rows.shiftSegments
        var result = position - segments[segments.count - 1].shift
        for (index, segment) in segments.enumerated() {
            let row = position - segment.shift
            let end = index + 1 < segments.count ? segments[index + 1].row : Int.max
            if row >= segment.row, row < end { result = row }
        }
        return result
    }

    /// The page holding `row`: its index for index-addressed lists, else the serial
    /// of its block (the frontier's for rows past the loaded ones).
    func slotIndex(forRow row: Int) -> Int {
        if isIndexed { return max(0, position(ofRow: max(0, row))) / pageSize }
        if row >= rows.count || row < 0 || rows.blocks.isEmpty { return frontier ?? -1 }
        return rows.blocks[rows.locate(row).block].serial
    }

    /// The rows page `slot` holds (for an empty frontier, the loading row).
    func rowRange(ofSlot slot: Int) -> Range<Int> {
        if isIndexed {
            let lower = row(ofPosition: slot * pageSize)
            return lower..<max(lower, row(ofPosition: (slot + 1) * pageSize))
        }
        guard let index = rows.blockIndex(serial: slot) else { return rows.count..<rows.count }
        let range = rows.rows(ofBlock: index)
        if range.isEmpty, slot == frontier, hasTrailingRow { return rows.count..<rows.count + 1 }
        return range
    }

    /// The pages holding some of `rows`, in row order (with the empty blocks that
    /// sit among them, for a cursor list).
    func slots(in range: Range<Int>) -> [Int] {
        guard !range.isEmpty else { return [] }
        if isIndexed { return Array(slotIndex(forRow: range.lowerBound)...slotIndex(forRow: range.upperBound - 1)) }
        var result: [Int] = []
        for (index, block) in rows.blocks.enumerated() {
            let blockRows = rows.rows(ofBlock: index)
            if blockRows.isEmpty
                ? (blockRows.lowerBound >= range.lowerBound && blockRows.lowerBound <= range.upperBound)
                : blockRows.overlaps(range)
            {
                result.append(block.serial)
            }
        }
        if range.upperBound > rows.count, let frontier, !result.contains(frontier) { result.append(frontier) }
        return result
    }

    /// The key to request page `slot` with; nil when it cannot be requested.
    func key(forSlot slot: Int) -> PageKey? {
        if isIndexed {
            guard slot >= 0 else { return nil }
            if hasContent, slot * pageSize >= position(ofRow: rows.count) + (hasTrailingRow ? 1 : 0) { return nil }
            return keyForPageIndex?(slot)
        }
        guard let index = rows.blockIndex(serial: slot) else { return nil }
        switch rows.blocks[index].content {
        case .hole(let hole): return hole.key
        case .run(let run): return run.info.key
        }
    }

    /// True when page `slot` holds fresh items on all its rows.
    func isLoaded(_ slot: Int) -> Bool {
        if isIndexed {
            let range = rowRange(ofSlot: slot).clamped(to: 0..<rows.count)
            guard !range.isEmpty else { return false }
            let refreshed = loads[slot] != nil
            for index in rows.blockIndexes(covering: range) {
                guard let run = rows.blocks[index].run else {
                    if rows.blocks[index].count > 0 { return false }
                    continue
                }
                if run.info.isStale, !refreshed { return false }
            }
            return !(hasTrailingRow && range.upperBound == rows.count && rowRange(ofSlot: slot).contains(rows.count))
        }
        guard let index = rows.blockIndex(serial: slot), let run = rows.blocks[index].run else { return false }
        return !run.info.isStale
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

    /// True when page `slot` has rows to load: rows not loaded (or not reloaded since
    /// the refresh), a gap, a boundary to check again, and a key to request it with.
    /// (Whether it may be requested now, not in flight and not failed, is the plan's
    /// to say.)
    func needsContent(_ slot: Int) -> Bool {
        guard key(forSlot: slot) != nil else { return false }
        if isIndexed {
            let range = rowRange(ofSlot: slot)
            guard hasContent else { return true }
            if hasTrailingRow, range.contains(rows.count) { return true }
            if boundaryReloads.contains(slot) { return true }
            let refreshed = loads[slot] != nil
            var holes = false
            for index in rows.blockIndexes(covering: range.clamped(to: 0..<rows.count)) {
                switch rows.blocks[index].content {
                case .hole(let hole):
                    guard rows.blocks[index].count > 0 else { continue }
                    if hole.isGap { return true }
                    holes = true
                case .run(let run):
                    if run.info.isStale, !refreshed { return true }
                }
            }
            // Placeholders a load of this page left (a short page) wait for a refresh.
            return holes && !(refreshed && plainHoles(inSlot: slot) <= (loads[slot]?.holesAtLoad ?? 0))
        }
        guard let index = rows.blockIndex(serial: slot) else { return false }
        switch rows.blocks[index].content {
        case .hole:
            return true
        case .run(let run):
            return run.info.isStale && loads[slot] == nil
        }
    }

    /// The pages that hold `rows` at the start (the first page for a chain, which
    /// can only be walked).
    func startSlots(for rows: Range<Int>) -> ClosedRange<Int> {
        guard isIndexed else {
            let first = frontier ?? 0
            return first...first
        }
        return clampedSlot(rows.lowerBound / pageSize)...clampedSlot((rows.upperBound - 1) / pageSize)
    }

    /// `slot`, kept inside a known total.
    func clampedSlot(_ slot: Int) -> Int {
        guard isIndexed, let total, !totalIsEstimate, total > 0 else { return slot }
        return min(slot, (total - 1) / pageSize)
    }

    /// True when the list's last page holds items.
    var isLastPageLoaded: Bool {
        let rowCount = count
        guard rowCount > 0, !hasTrailingRow else { return endReached && rowCount == 0 }
        guard endReached || (total != nil && !totalIsEstimate) else { return false }
        if !isIndexed, let frontier, let index = rows.blockIndex(serial: frontier), rows.blocks[index].hole?.key != nil {
            return false
        }
        return !rows.isHole(rowCount - 1)
    }
}
