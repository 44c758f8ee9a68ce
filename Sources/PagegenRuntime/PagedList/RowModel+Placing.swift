/// Taking in a loaded page: placing its items on rows by identity first and by
/// position second, so that no item shows twice and none is skipped when the server's
/// list moved since the rows around it loaded.
///
/// **Index-addressed lists** (page number, offset; `RowModel+IndexedPages`). Page `n`
/// holds the items at positions `n * pageSize…` on the server now. Items already
/// loaded keep their rows and take the fresh copy; the page's other items go next to
/// them in the page's order, into placeholder rows where there are some; rows between
/// two of the page's items that the page does not hold are gone from the server and
/// are deleted. A page none of whose items is loaded goes to the rows of its position.
/// Then (`RowModel+Boundaries`):
///
/// - the holes above the page grow or shrink so that its first item's row is its
///   position again (items the server inserted or removed above, as placeholders);
/// - where the page meets rows loaded when the server's total was different, with no
///   item in common, some items may have slipped between them: a *gap* of placeholder
///   rows goes there, and loads like any placeholder; a gap that two loads did not
///   close shows as failed rows until ``PagedList/retry()``;
/// - the first page removes the rows above it; the last page ends the list.
///
/// **Cursor and link lists** (`RowModel+ChainedPages`). Each page is a block loaded by
/// its key. A page that arrives takes the rows of its block; its items already loaded
/// elsewhere keep their rows, and the rows from its first item to its last become its
/// block. When the page's next key is not the key of the block after it, and the page
/// did not reach that block's items, the items between are unknown: a one-row gap with
/// the next key goes between, and walks forward until it meets them.
extension RowModel {
    /// Places a loaded page: page `slot` (an index, or a cursor page's block serial),
    /// asked for with `key`; `isHead` when it is the head a refresh checks. Returns
    /// false when the page no longer fits the rows (a cursor page whose block is gone,
    /// or has another key now): nothing was placed.
    @discardableResult
    mutating func place(_ page: Page<Item>, slot: Int, key: PageKey?, isHead: Bool) -> Bool {
        hasContent = true
        if let total = page.total {
            if isIndexed, let old = self.total, total > old { itemsMovedDown = true }
            self.total = max(0, total)
            totalIsEstimate = page.totalIsEstimate
        }
        // Newer items held go above the first page before anything goes above them.
        if !heldNewer.isEmpty, slot == headSerial { showHeldNewer() }
        let ids = page.items.map(rows.id(of:))
        let (items, shownIDs) = edits.overlay(page.items, ids: ids)
        var placed = true
        if isIndexed {
            placeIndexed(items, ids: shownIDs, page: page, slot: slot)
        } else {
            placed = placeChained(items, ids: shownIDs, page: page, slot: slot, key: key, isHead: isHead)
        }
        if loads[slot] == nil { loads[slot] = PageLoadRecord() }
        boundaryReloads.remove(slot)
        return placed
    }

    /// The page's items already loaded, as (index in the page, row), in page order,
    /// after taking out the ones far from the others (items the server moved far: their
    /// old rows are deleted, and they are placed with the page) and moving the ones out
    /// of the page's order into it.
    mutating func matchIdentities(_ items: [Item], ids: [ItemIdentity?], dropFar: Bool = true) -> [(index: Int, row: Int)] {
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

    func row(ofMatch match: (index: Int, row: Int), _ ids: [ItemIdentity?]) -> Int? {
        ids[match.index].flatMap { rows.row(of: $0) }
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
    func placedRow(_ ids: [ItemIdentity?], first: Bool) -> Int? {
        let order = first ? Array(ids.indices) : ids.indices.reversed()
        for index in order {
            if let id = ids[index], let row = rows.row(of: id) { return row }
        }
        return nil
    }

    /// Marks the runs on `range` as loaded now, with `info`.
    mutating func markFresh(_ range: Range<Int>, info: RowList<Item>.RunInfo) {
        guard !range.isEmpty, range.upperBound <= rows.count else { return }
        rows.split(at: range.lowerBound)
        rows.split(at: range.upperBound)
        for index in rows.blockIndexes(covering: range) where rows.blocks[index].run != nil {
            rows.setInfo(index) { $0 = info }
        }
    }

    /// The page the item on `row` was loaded with, if the row is loaded.
    func loadedPage(at row: Int) -> Int? {
        guard row >= 0, row < rows.count, let run = rows.blocks[rows.locate(row).block].run else { return nil }
        return run.info.page
    }

    /// The total the API gave with the item on `row`, if the row is loaded.
    func loadedTotal(at row: Int) -> Int? {
        guard row >= 0, row < rows.count, let run = rows.blocks[rows.locate(row).block].run else { return nil }
        return run.info.total
    }
}

extension RowList.Slot {
    /// True for a placeholder row that stands for nothing but its position.
    var isPlainHole: Bool {
        if case .hole(let hole) = self { return hole.key == nil && !hole.isFrontier }
        return false
    }
}
