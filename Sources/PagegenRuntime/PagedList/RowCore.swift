/// What both ways of placing pages keep of a list's rows: the rows themselves (a
/// ``RowList``: runs of loaded items and holes, by identity), the app's edits ahead of
/// the server, the list's length, whether the first page and the last one arrived, and
/// the failure the loading row shows.
///
/// ``IndexedRows`` (page numbers, offsets) and ``ChainedRows`` (cursors, links) each
/// hold one and place pages into its rows; what they share is here: reading rows,
/// matching a page's items to the rows they are on, deleting rows but the ones the
/// app's edits keep, the app's edits themselves, and the memory
/// budget. Every row it changes is noted in the journal of its ``RowList``, which the
/// ``ChangeRecorder`` turns into a ``ListChange``.
///
/// Rows are numbered from the first row held, not from the server's first item: a
/// page placed above the first row comes as rows inserted above, and the anchor, which
/// follows its item, keeps the rows on screen still. The list can grow at both ends.
struct RowCore<Item: Sendable>: Sendable {
    /// Rows a page holds (index-addressed lists: one less than the loader's pages when
    /// they overlap).
    let pageSize: Int
    /// The rows. The placement that holds this core changes them through the methods
    /// of "Changing the rows", below; the app's edits, through those of "The app's edits".
    private(set) var rows: RowList<Item>
    /// Edits applied ahead of the server, until it shows them.
    private(set) var edits = PendingEdits<Item>()
    /// The list's length as the API last said, if it did (adjusted by local edits).
    private(set) var total: Int?
    /// True when ``total`` is the API's estimate.
    private(set) var totalIsEstimate = false
    /// True once the last page was loaded.
    private(set) var endReached = false
    /// True once the first page arrived.
    private(set) var hasContent = false
    /// The failure the loading row shows, and the page whose load failed.
    private(set) var trailingFailure: (slot: Int, error: APIError)?

    init(pageSize: Int, identity: (@Sendable (Item) -> AnyHashable)?) {
        self.pageSize = max(0, pageSize)
        rows = RowList(identity: identity)
    }

    // MARK: Reading

    /// The number of rows the list shows: the rows of the ``RowList`` plus, while the
    /// list's length is not known, one "loading" row.
    var count: Int { rows.count + (hasTrailingRow ? 1 : 0) }

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

    /// True when the rows end with the list's last item: the last page arrived (or the
    /// total is known) and the last row is loaded.
    var endsWithLastItem: Bool {
        let rowCount = count
        guard rowCount > 0, !hasTrailingRow else { return endReached && rowCount == 0 }
        guard endReached || (total != nil && !totalIsEstimate) else { return false }
        return !rows.isHole(rowCount - 1)
    }

    /// The page size used to measure distances given in pages.
    var nominalPageSize: Int {
        if pageSize > 0 { return pageSize }
        let pages = rows.blocks.count { $0.run != nil }
        guard pages > 0 else { return 20 }
        return max(1, rows.heldItems / pages)
    }

    /// `distance` in rows.
    func rows(in distance: PagedListOptions.Distance) -> Int {
        distance.rows(pageSize: nominalPageSize)
    }

    /// What `row` shows; rows outside `0..<count` read as placeholders.
    func row(at row: Int) -> ListRow<Item> {
        guard row >= 0, row < count else { return .placeholder }
        if row >= rows.count { return trailingFailure.map { .failed($0.error) } ?? .loading }
        return Self.row(showing: rows.slot(at: row))
    }

    /// What a row that holds `slot` shows.
    static func row(showing slot: RowList<Item>.Slot) -> ListRow<Item> {
        switch slot {
        case .item(let item, _): .item(item)
        case .hole(let hole): hole.failure.map { .failed($0) } ?? .placeholder
        }
    }

    /// The identifier of `row`.
    func rowID(at row: Int) -> ListRowID {
        if row >= 0, row < rows.count, let id = rows.identity(at: row) { return .item(id) }
        return .position(row)
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

    /// The row of the page's first (or last) item that is on a row now.
    func placedRow(_ ids: [ItemIdentity?], first: Bool) -> Int? {
        let order = first ? Array(ids.indices) : ids.indices.reversed()
        for index in order {
            if let id = ids[index], let row = rows.row(of: id) { return row }
        }
        return nil
    }

    /// The row of a matched item of a page now (see ``matchIdentities(_:ids:)``).
    func row(ofMatch match: (index: Int, row: Int), _ ids: [ItemIdentity?]) -> Int? {
        ids[match.index].flatMap { rows.row(of: $0) }
    }

    // MARK: The list's state

    /// The list opens with the total a window endpoint gave.
    mutating func open(total: Int) {
        self.total = max(0, total)
        totalIsEstimate = false
    }

    /// A page arrived: the list has content, and takes the page's total if it has one.
    mutating func receive(_ page: Page<Item>) {
        hasContent = true
        if let total = page.total {
            self.total = max(0, total)
            totalIsEstimate = page.totalIsEstimate
        }
    }

    /// The page's items as the rows show them (the app's edits over them), with their
    /// identities.
    mutating func shown(_ page: Page<Item>) -> (items: [Item], ids: [ItemIdentity?]) {
        edits.overlay(page.items, ids: page.items.map(rows.id(of:)))
    }

    /// The last page arrived.
    mutating func markEnd() { endReached = true }

    /// A refresh starts: the end is to be found again.
    mutating func forgetEnd() { endReached = false }

    /// The total follows the app's insertions and removals until the server says.
    mutating func adjustTotal(by delta: Int) {
        if let total { self.total = max(0, total + delta) }
    }

    // MARK: Placing

    /// The page's items already loaded, as (index in the page, row), in page order,
    /// after taking out the ones far from the others (items the server moved far: their
    /// old rows are deleted, and they are placed with the page) and moving the ones out
    /// of the page's order into it.
    mutating func matchIdentities(_ items: [Item], ids: [ItemIdentity?]) -> [(index: Int, row: Int)] {
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

    /// Deletes the rows of `range` but those of items an edit inserted (a position shift
    /// below takes back the rows deleted); returns how many stayed.
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
        rows.absorbShift(below: range.lowerBound, rows: range.count - kept)
        return kept
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

    /// True when the run of block `index` holds an item an edit inserted.
    func holdsProtectedItems(_ index: Int) -> Bool {
        rows.blocks[index].run?.ids.contains { $0.map(edits.protects) ?? false } ?? false
    }

    /// Drops the items on `range` back to placeholders (but those an edit inserted and
    /// the server has not shown); returns how many.
    @discardableResult
    mutating func evict(_ range: Range<Int>) -> Int {
        let edits = self.edits
        return rows.evict(range, keep: { edits.protects($0) })
    }

    // MARK: Changing the rows

    // The placement that holds this core changes its rows through these, each the
    // ``RowList`` method of the same name.

    @discardableResult
    mutating func insert(
        _ items: [Item], ids: [ItemIdentity?], at row: Int, info: RowList<Item>.RunInfo, ownBlock: Bool = false, joining: Bool = false
    ) -> Int {
        rows.insert(items, ids: ids, at: row, info: info, ownBlock: ownBlock, joining: joining)
    }

    mutating func insert(_ items: [Item], ids: [ItemIdentity?], intoBlock index: Int, at offset: Int) {
        rows.insert(items, ids: ids, intoBlock: index, at: offset)
    }

    @discardableResult
    mutating func insertHole(_ count: Int, at row: Int, hole: RowList<Item>.Hole = RowList<Item>.Hole()) -> Int {
        rows.insertHole(count, at: row, hole: hole)
    }

    @discardableResult
    mutating func insertEmptyHole(_ hole: RowList<Item>.Hole, at row: Int) -> Int { rows.insertEmptyHole(hole, at: row) }

    @discardableResult
    mutating func insertEmptyHole(_ hole: RowList<Item>.Hole, beforeBlock index: Int) -> Int {
        rows.insertEmptyHole(hole, beforeBlock: index)
    }

    @discardableResult
    mutating func appendEmptyHole(_ hole: RowList<Item>.Hole) -> Int { rows.appendEmptyHole(hole) }

    @discardableResult
    mutating func delete(_ range: Range<Int>) -> [ItemIdentity] { rows.delete(range) }

    mutating func replace(at row: Int, with item: Item) { rows.replace(at: row, with: item) }

    @discardableResult
    mutating func fill(at row: Int, with items: [Item], ids: [ItemIdentity?], info: RowList<Item>.RunInfo) -> Int {
        rows.fill(at: row, with: items, ids: ids, info: info)
    }

    mutating func resizeHole(_ index: Int, to count: Int) { rows.resizeHole(index, to: count) }

    mutating func updateHole(_ index: Int, reload: Bool, _ update: (inout RowList<Item>.Hole) -> Void) {
        rows.updateHole(index, reload: reload, update)
    }

    mutating func convertHole(_ index: Int, to items: [Item], ids: [ItemIdentity?], info: RowList<Item>.RunInfo) {
        rows.convertHole(index, to: items, ids: ids, info: info)
    }

    mutating func setInfo(_ index: Int, _ update: (inout RowList<Item>.RunInfo) -> Void) { rows.setInfo(index, update) }

    @discardableResult
    mutating func renew(_ index: Int) -> Int { rows.renew(index) }

    @discardableResult
    mutating func join(_ range: Range<Int>, info: RowList<Item>.RunInfo, serial: Int) -> Int? {
        rows.join(range, info: info, serial: serial)
    }

    @discardableResult
    mutating func evictBlock(_ index: Int, hole: RowList<Item>.Hole) -> Int { rows.evictBlock(index, hole: hole) }

    @discardableResult
    mutating func split(at row: Int) -> Int { rows.split(at: row) }

    mutating func addShift(_ delta: Int, at row: Int) { rows.addShift(delta, at: row) }

    mutating func makeSerial() -> Int { rows.makeSerial() }

    /// The edits of the rows since the last call, in order.
    mutating func takeJournal() -> [RowEdit] { rows.takeJournal() }

    // MARK: Memory

    /// ``PagedListOptions/maxLoadedItems``, but never less than `focus` and the
    /// prefetch distance on both sides need (in whole pages, plus one partial page at
    /// each end).
    func memoryBudget(focus: Range<Int>, options: PagedListOptions) -> Int {
        let size = nominalPageSize
        let window = focus.count + 2 * rows(in: options.prefetchDistance)
        return max(options.maxLoadedItems, ((window + size - 1) / size + 2) * size)
    }

    // MARK: Failures

    /// The rows of `range` not loaded show `error` as page `slot`'s failure, and so does
    /// the loading row when `loadingRow` (the page is the one it waits for).
    mutating func showFailure(_ error: APIError, of slot: Int, on range: Range<Int>, loadingRow: Bool) {
        if hasTrailingRow, loadingRow {
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
    }

    /// The rows that showed page `slot`'s failure (the loading row too) show
    /// placeholders again.
    mutating func clearFailure(of slot: Int) {
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

    // MARK: The app's edits

    // Local changes: the app edits, inserts, removes and moves items, each reported as
    // an exact row change; edits ahead of the server are kept over the pages that load
    // until the server shows them (see ``PendingEdits``).

    /// Replaces the loaded item with `item`'s identity; false when none is loaded.
    mutating func update(_ item: Item) -> Bool {
        guard let id = rows.id(of: item) else { return false }
        edits.noteBase(item, id: id)
        guard let row = rows.row(of: id) else { return false }
        rows.replace(at: row, with: edits.displayed(item, id: id))
        return true
    }

    /// Removes the item with `id`; returns it, or nil when it is not loaded.
    mutating func remove(_ id: ItemIdentity) -> Item? {
        guard let row = rows.row(of: id), let item = rows.item(at: row) else { return nil }
        rows.delete(row..<row + 1)
        adjustTotal(by: -1)
        return item
    }

    /// Inserts `item` at `position`.
    mutating func insert(_ item: Item, at position: ListPosition) throws(ListEditError) {
        guard let id = rows.id(of: item) else { throw .noIdentity }
        guard !rows.contains(id) else { throw .alreadyInList(id) }
        let row = try row(for: position)
        rows.insert([item], ids: [id], at: row, info: RowList<Item>.RunInfo(total: total), joining: true)
        adjustTotal(by: 1)
    }

    /// Moves the item with `id` to `position` (a row counted as if the item were not
    /// there, or next to another item).
    mutating func move(_ id: ItemIdentity, to position: ListPosition) throws(ListEditError) {
        guard rows.identity != nil else { throw .noIdentity }
        guard let from = rows.row(of: id) else { throw .notLoaded(id) }
        var to: Int
        switch position {
        case .row(let row):
            guard row >= 0, row < rows.count else { throw .rowOutOfRange(row, count: rows.count - 1) }
            to = row
        case .before(let other), .after(let other):
            guard let target = rows.row(of: other) else { throw .notLoaded(other) }
            to = target > from ? target - 1 : target
            if case .after = position { to += 1 }
        }
        rows.move(from: from, to: to)
    }

    /// The row an insertion at `position` ends on.
    private func row(for position: ListPosition) throws(ListEditError) -> Int {
        switch position {
        case .row(let row):
            guard row >= 0, row <= rows.count else { throw .rowOutOfRange(row, count: rows.count) }
            return row
        case .before(let other):
            guard let row = rows.row(of: other) else { throw .notLoaded(other) }
            return row
        case .after(let other):
            guard let row = rows.row(of: other) else { throw .notLoaded(other) }
            return row + 1
        }
    }

    // MARK: Edits ahead of the server

    /// Applies `edit` at once and keeps it over the pages that load; returns its serial.
    mutating func begin(_ edit: ListEdit<Item>, isConfirmed: (@Sendable (Item) -> Bool)?) throws(ListEditError) -> Int {
        guard rows.identity != nil else { throw .noIdentity }
        switch edit.kind {
        case .modify(let id, let change):
            let current = rows.row(of: id).flatMap { rows.item(at: $0) }
            let serial = edits.add(id, .modify(change), isConfirmed: isConfirmed, original: current)
            showEdited(id)
            return serial
        case .replace(let item):
            guard let id = rows.id(of: item) else { throw .noIdentity }
            let current = rows.row(of: id).flatMap { rows.item(at: $0) }
            let serial = edits.add(id, .replace(item), isConfirmed: isConfirmed, original: current)
            showEdited(id)
            return serial
        case .insert(let item, let position):
            guard let id = rows.id(of: item) else { throw .noIdentity }
            try insert(item, at: position)
            return edits.add(id, .insert(item), isConfirmed: isConfirmed, original: nil)
        case .remove(let id):
            let row = rows.row(of: id)
            let before = row.flatMap { $0 > 0 ? rows.identity(at: $0 - 1) : nil }
            let after = row.flatMap { rows.identity(at: $0 + 1) }
            let item = row.flatMap { rows.item(at: $0) }
            if let row {
                rows.delete(row..<row + 1)
                adjustTotal(by: -1)
            }
            return edits.add(
                id, .remove(item, before: before, after: after, row: row ?? 0), isConfirmed: isConfirmed, original: nil)
        }
    }

    /// The call that makes edit `serial` on the server returned: the edit stays until
    /// the server's copy confirms it, or until `deadline` on the list's clock.
    mutating func commit(_ serial: Int, deadline: Duration) {
        edits.commit(serial, deadline: deadline)
    }

    /// The call that makes edit `serial` failed: the edit is undone.
    mutating func rollBack(_ serial: Int) {
        guard let edit = edits.edit(serial) else { return }
        let base = edits.base[edit.target]
        edits.remove(serial)
        switch edit.kind {
        case .modify, .replace:
            if let base, let row = rows.row(of: edit.target) {
                rows.replace(at: row, with: edits.displayed(base, id: edit.target))
            }
        case .insert:
            if !edits.protects(edit.target), let row = rows.row(of: edit.target) {
                rows.delete(row..<row + 1)
                adjustTotal(by: -1)
            }
        case .remove(let item, let before, let after, let oldRow):
            guard let item, !rows.contains(edit.target) else { return }
            let row =
                before.flatMap { rows.row(of: $0) }.map { $0 + 1 } ?? after.flatMap { rows.row(of: $0) }
                ?? min(oldRow, rows.count)
            rows.insert(
                [item], ids: [edit.target], at: row, info: RowList<Item>.RunInfo(total: total), joining: true)
            adjustTotal(by: 1)
        }
    }

    /// Edit `serial` lapsed before the server confirmed it: from now on the server's
    /// copy shows (the last one a page brought, if any).
    mutating func expire(_ serial: Int) {
        guard let edit = edits.edit(serial) else { return }
        edits.remove(serial)
        switch edit.kind {
        case .modify, .replace:
            if let copy = edit.serverCopy, let row = rows.row(of: edit.target) {
                rows.replace(at: row, with: edits.displayed(copy, id: edit.target))
            }
        case .insert, .remove:
            break
        }
    }

    /// Edits whose deadline passed by `now` lapse.
    mutating func expireEdits(at now: Duration) {
        for serial in edits.lapsed(at: now) { expire(serial) }
    }

    /// Shows the loaded item with `id` with every edit applied.
    private mutating func showEdited(_ id: ItemIdentity) {
        guard let row = rows.row(of: id), let base = edits.base[id] else { return }
        rows.replace(at: row, with: edits.displayed(base, id: id))
    }

    // MARK: Invariants

    /// Every invariant of the rows that does not hold, in words.
    func invariantViolations() -> [String] {
        // (An item on two rows shows in the identity index: see RowList's check.)
        var problems = rows.invariantViolations()
        if let total, total < 0 { problems.append("a negative total \(total)") }
        return problems
    }
}
