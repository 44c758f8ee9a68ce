/// Rows and pages: the row count, which page holds a row, which rows a page holds,
/// and how far a page is from where the user looks.
extension PageTable {
    /// The number of rows the list shows: the rows of the ``RowList`` plus, while the
    /// list's length is not known, one "loading" row. Zero before the first response
    /// (or the window's total).
    var count: Int {
        guard phase != .idle else { return 0 }
        return rows.count + (hasTrailingRow ? 1 : 0)
    }

    /// True when the last row is the "loading more" row of a list whose length is
    /// not known (or whose estimated total the loaded rows reached).
    var hasTrailingRow: Bool {
        guard hasContent, !endReached else { return false }
        guard let total else { return true }
        return totalIsEstimate && loadedEnd >= total
    }

    /// The row after the last loaded item (0 when none is).
    var loadedEnd: Int {
        for index in rows.blocks.indices.reversed() where rows.blocks[index].run != nil && rows.blocks[index].count > 0 {
            return rows.rows(ofBlock: index).upperBound
        }
        return 0
    }

    /// The page size used to measure distances given in pages.
    var nominalPageSize: Int {
        if pageSize > 0 { return pageSize }
        let pages = rows.blocks.count { $0.run != nil }
        guard pages > 0 else { return 20 }
        return max(1, rows.heldItems / pages)
    }

    /// ``PagedListOptions/prefetchDistance`` in rows.
    var prefetchRows: Int { options.prefetchDistance.rows(pageSize: nominalPageSize) }

    /// ``PagedListOptions/dropHysteresis`` in rows.
    var hysteresisRows: Int { options.dropHysteresis.rows(pageSize: nominalPageSize) }

    // MARK: Pages and rows

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

    /// The rows of page `slot` that exist.
    func clampedRows(ofSlot slot: Int) -> Range<Int> {
        rowRange(ofSlot: slot).clamped(to: 0..<count)
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

    /// True when page `slot` should be requested: it has rows not loaded (or not
    /// reloaded since the refresh), is not in flight, has not failed, and can be
    /// requested.
    func needsLoad(_ slot: Int) -> Bool {
        if let page = slots[slot], page.request != nil || page.failure != nil { return false }
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

    /// The rows loading revolves around: where a fling will stop, else the visible
    /// rows, else the rows the list started with; inside the count once there is one.
    var focusRange: Range<Int> {
        let raw: Range<Int>
        if let settleTarget {
            raw = settleTarget
        } else if let visible {
            raw = visible
        } else if let startRows {
            raw = startRows
        } else {
            let row = focusRow ?? 0
            raw = row..<row + 1
        }
        let rowCount = count
        guard rowCount > 0 else { return raw }
        let lower = min(max(0, raw.lowerBound), rowCount - 1)
        return lower..<max(lower + 1, min(raw.upperBound, rowCount))
    }

    /// Rows between page `slot` and `focus`: 0 when they overlap, 1 when adjacent.
    func distance(ofSlot slot: Int, from focus: Range<Int>) -> Int {
        distance(of: rowRange(ofSlot: slot), from: focus)
    }

    /// Rows between `row` and `focus`.
    func distance(ofRow row: Int, from focus: Range<Int>) -> Int {
        distance(of: row..<row + 1, from: focus)
    }

    private func distance(of rows: Range<Int>, from focus: Range<Int>) -> Int {
        if rows.upperBound <= focus.lowerBound { return focus.lowerBound - max(rows.lowerBound, rows.upperBound - 1) }
        if rows.lowerBound >= focus.upperBound { return rows.lowerBound - focus.upperBound + 1 }
        return 0
    }

    /// True when page `slot` lies before `focus`: loading it is prepending.
    func isBefore(_ slot: Int, _ focus: Range<Int>) -> Bool {
        let range = rowRange(ofSlot: slot)
        return range.upperBound <= focus.lowerBound && !(range.isEmpty && range.lowerBound == focus.lowerBound && slot != head)
    }
}
