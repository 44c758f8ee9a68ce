/// Rows and pages: the row count, which page holds a row, which rows a page holds,
/// and how far a page is from where the user looks.
extension PageTable {
    /// The number of rows the list shows.
    ///
    /// The total once a response gave one; else the rows known plus one loading
    /// row, until the last page arrives. Zero before the first response.
    var count: Int {
        guard phase != .idle else { return 0 }
        if endReached { return knownRows }
        if let total {
            return totalIsEstimate && hasContent ? max(total, knownRows + 1) : max(total, knownRows)
        }
        return hasContent ? knownRows + 1 : 0
    }

    /// True when the last row is the "loading more" row of a list whose length is
    /// not known.
    var hasTrailingRow: Bool {
        hasContent && !endReached && (total == nil || (totalIsEstimate && knownRows + 1 >= count))
    }

    /// The page size used to measure distances given in pages.
    var nominalPageSize: Int {
        if pageSize > 0 { return pageSize }
        guard chain.count > 0 else { return 20 }
        return max(1, knownRows / chain.count)
    }

    /// ``PagedListOptions/prefetchDistance`` in rows.
    var prefetchRows: Int { options.prefetchDistance.rows(pageSize: nominalPageSize) }

    /// ``PagedListOptions/dropHysteresis`` in rows.
    var hysteresisRows: Int { options.dropHysteresis.rows(pageSize: nominalPageSize) }

    /// The page holding `row`.
    func slotIndex(forRow row: Int) -> Int {
        if isIndexed { return row / pageSize }
        if row >= knownRows || chain.count == 0 { return chain.count }
        return chain.index(ofRow: row)
    }

    /// The rows page `slot` holds (for the frontier of a chain: every row not known yet).
    func rowRange(ofSlot slot: Int) -> Range<Int> {
        if isIndexed { return slot * pageSize..<(slot + 1) * pageSize }
        if slot < chain.count {
            let first = chain.firstRows[slot]
            return first..<first + chain.rowCounts[slot]
        }
        return knownRows..<max(count, knownRows + 1)
    }

    /// The rows of page `slot` that exist.
    func clampedRows(ofSlot slot: Int) -> Range<Int> {
        rowRange(ofSlot: slot).clamped(to: 0..<count)
    }

    /// The pages holding some of `rows` (not empty, all below the count).
    func slots(covering rows: Range<Int>) -> ClosedRange<Int> {
        slotIndex(forRow: rows.lowerBound)...slotIndex(forRow: rows.upperBound - 1)
    }

    /// The key to request page `slot` with; nil when it cannot be requested.
    func key(forSlot slot: Int) -> PageKey? {
        guard slot >= 0 else { return nil }
        if isIndexed {
            if hasContent, slot * pageSize >= count { return nil }
            return keyForPageIndex?(slot)
        }
        if slot < chain.count { return chain.keys[slot] }
        return slot == chain.count ? chain.frontier : nil
    }

    /// True when page `slot` holds fresh items.
    func isLoaded(_ slot: Int) -> Bool {
        guard let page = slots[slot] else { return false }
        return page.items != nil && !page.isStale
    }

    /// True when page `slot` should be requested: not loaded (or stale), not in
    /// flight, not failed, and requestable.
    func needsLoad(_ slot: Int) -> Bool {
        if let page = slots[slot] {
            guard page.request == nil, page.failure == nil, page.items == nil || page.isStale else { return false }
        }
        return key(forSlot: slot) != nil
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
        rowRange(ofSlot: slot).upperBound <= focus.lowerBound
    }
}
