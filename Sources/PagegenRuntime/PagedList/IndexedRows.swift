/// The rows of a list whose pages are asked for by their position: page numbers and
/// offsets. A row's number is the list's best estimate of the item's position on the
/// server, so page `n` is requested for rows `n * pageSize ..< (n + 1) * pageSize`.
///
/// Page `n` holds the items at positions `n * pageSize…` on the server now. Items
/// already loaded keep their rows and take the fresh copy; the page's other items go
/// next to them in the page's order, into placeholder rows where there are some; rows
/// between two of the page's items that the page does not hold are gone from the
/// server and are deleted. A page none of whose items is loaded goes to the rows of its
/// position. Then:
///
/// - the holes above the page grow or shrink so that its first item's row is its
///   position again (items the server inserted or removed above, as placeholders);
///   what the holes cannot take becomes a *position shift*, an empty marker block;
/// - where the page meets rows loaded when the server's total was different, with no
///   item in common, some items may have slipped between them: a *gap* of placeholder
///   rows goes there, and loads like any placeholder; a gap that two loads did not
///   close shows as failed rows until ``PagedList/retry()``;
/// - a neighbour whose shared boundary shows the server's list moved loads again
///   (``boundaryReloads``), once a refresh;
/// - the first page removes the rows above it; the last page ends the list.
///
/// Invariants (``invariantViolations()``): those of the ``RowCore``, and no block is a
/// cursor list's frontier.
struct IndexedRows<Item: Sendable>: RowPlacement {
    var core: RowCore<Item>
    /// The key of page `n`.
    private let keyForPageIndex: @Sendable (Int) -> PageKey
    /// Offset lists: each page starts at the last item of the page before (pages of
    /// the loader's size, `pageSize` apart, one less), so that two neighbouring pages
    /// share an item and a shift between their loads shows (``checkSharedItems(ofSlot:ids:)``).
    private let overlapsPages: Bool
    /// The pages loaded since the last refresh (dropped pages leave it).
    private var loads: [Int: PageLoadRecord] = [:]
    /// Pages to load again because a neighbour loaded since may have missed items at
    /// their boundary (the server's list moved between the two loads): offset lists,
    /// when the neighbour does not share its item; page numbers, when a page lands
    /// right above an older one once items were seen moving down.
    private var boundaryReloads: Set<Int> = []
    /// True once a page showed items moving down the server's list between loads (an
    /// item already on an earlier page's rows, or a larger total).
    private var itemsMovedDown = false

    /// The rows of `loader`'s list, whose page `n` has the key `keyForPageIndex(n)`.
    init(loader: PageLoader<Item>, keyForPageIndex: @escaping @Sendable (Int) -> PageKey) {
        if loader.identity != nil, let overlapping = Self.overlappingOffsets(loader, key: keyForPageIndex) {
            core = RowCore(pageSize: loader.pageSize - 1, identity: loader.identity)
            self.keyForPageIndex = overlapping
            overlapsPages = true
        } else {
            core = RowCore(pageSize: loader.pageSize, identity: loader.identity)
            self.keyForPageIndex = keyForPageIndex
            overlapsPages = false
        }
    }

    /// For a loader whose pages are at offsets `pageSize` apart: keys `pageSize - 1`
    /// apart, so that each page of `pageSize` items starts at the last item of the page
    /// before. Nil for page numbers, and for pages of fewer than three items.
    private static func overlappingOffsets(
        _ loader: PageLoader<Item>, key: @escaping @Sendable (Int) -> PageKey
    ) -> (@Sendable (Int) -> PageKey)? {
        let size = loader.pageSize
        guard size >= 3, loader.window == nil, case .offset(let first) = key(0), case .offset(let second) = key(1),
            second - first == size
        else { return nil }
        return { index in .offset(first + index * (size - 1)) }
    }

    // MARK: Pages and rows

    var isIndexed: Bool { true }
    var frontier: Int? { nil }
    var newestLoaded: Bool { true }
    var holdsNewerItems: Bool { false }
    var heldNewerItems: [Item] { [] }
    var isLastPageLoaded: Bool { core.endsWithLastItem }

    /// The server position `row` stands for (its row, less the shifts above it).
    private func position(ofRow row: Int) -> Int {
        core.rows.shiftMarkers == 0 ? row : row + core.rows.shift(atRow: row)
    }

    /// The row that stands for server position `position` (below the last shift that
    /// leaves it inside the rows it applies to).
    private func row(ofPosition position: Int) -> Int {
        guard core.rows.shiftMarkers > 0 else { return position }
        let segments = core.rows.shiftSegments
        var result = position - segments[segments.count - 1].shift
        for (index, segment) in segments.enumerated() {
            let row = position - segment.shift
            let end = index + 1 < segments.count ? segments[index + 1].row : Int.max
            if row >= segment.row, row < end { result = row }
        }
        return result
    }

    func slotIndex(forRow row: Int) -> Int { max(0, position(ofRow: max(0, row))) / pageSize }

    func rowRange(ofSlot slot: Int) -> Range<Int> {
        let lower = row(ofPosition: slot * pageSize)
        return lower..<max(lower, row(ofPosition: (slot + 1) * pageSize))
    }

    func slots(in range: Range<Int>) -> [Int] {
        guard !range.isEmpty else { return [] }
        return Array(slotIndex(forRow: range.lowerBound)...slotIndex(forRow: range.upperBound - 1))
    }

    func key(forSlot slot: Int) -> PageKey? {
        guard slot >= 0 else { return nil }
        if hasContent, slot * pageSize >= position(ofRow: core.rows.count) + (hasTrailingRow ? 1 : 0) { return nil }
        return keyForPageIndex(slot)
    }

    func isLoaded(_ slot: Int) -> Bool {
        let rows = core.rows
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

    /// The placeholder rows (not gaps) among page `slot`'s rows.
    private func plainHoles(inSlot slot: Int) -> Int {
        let rows = core.rows
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
    func needsContent(_ slot: Int) -> Bool {
        guard key(forSlot: slot) != nil else { return false }
        let rows = core.rows
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

    func startSlots(for rows: Range<Int>) -> ClosedRange<Int> {
        clampedSlot(rows.lowerBound / pageSize)...clampedSlot((rows.upperBound - 1) / pageSize)
    }

    func clampedSlot(_ slot: Int) -> Int {
        guard let total = core.total, !core.totalIsEstimate, total > 0 else { return slot }
        return min(slot, (total - 1) / pageSize)
    }

    // Pages are asked for by position: no block waits for a key.
    func accepts(slot: Int, key: PageKey?) -> Bool { false }
    func isFrontier(_ slot: Int) -> Bool { false }
    func waitsForCheck(_ slot: Int) -> Bool { false }

    // MARK: Actions

    mutating func apply(_ action: RowAction<Item>) -> RowOutcome {
        switch action {
        case .open(let total):
            if let total {
                core.open(total: total)
                if core.rows.count == 0 { core.insertHole(max(0, total), at: 0) }
            }
        case .showFailure(let error?, let slot):
            let range = rowRange(ofSlot: slot)
            core.showFailure(error, of: slot, on: range, loadingRow: range.contains(core.rows.count))
        case .showFailure(nil, let slot):
            core.clearFailure(of: slot)
        case .prepareRefresh(let window):
            loads.removeAll()
            boundaryReloads.removeAll()
            core.forgetEnd()
            dropPages(outside: window)
            return .head(nil)
        case .place(let page, let slot, _, _):
            place(page, slot: slot)
            return .placed(true)
        case .trimToMemory(let placed, let focus, let options):
            return .trimmed(keepUnderMemoryLimit(placed: placed, focus: focus, options: options))
        case .takeNewer:
            // Newer items come from a refresh: there is no head to take them.
            return .placed(false)
        case .openHeadForNewerItems:
            return .head(nil)
        case .openAround, .showHeldNewer:
            break
        }
        return .done
    }

    /// A refresh: the pages that overlap `window` stay, stale, until reloaded; the
    /// others go back to placeholders.
    private mutating func dropPages(outside window: Range<Int>) {
        // Backwards: evicting merges a block with its neighbours.
        var index = core.rows.blocks.count - 1
        while index >= 0 {
            if core.rows.blocks[index].run != nil {
                if core.rows.rows(ofBlock: index).overlaps(window) {
                    core.setInfo(index) { $0.isStale = true }
                } else {
                    core.evict(core.rows.rows(ofBlock: index))
                }
            }
            index = min(index - 1, core.rows.blocks.count - 1)
        }
    }

    // MARK: Memory

    func loadedSlots() -> [Int] {
        var result: [Int] = []
        var seen = Set<Int>()
        for (index, block) in core.rows.blocks.enumerated() where block.run != nil && block.count > 0 {
            let range = core.rows.rows(ofBlock: index)
            for slot in slotIndex(forRow: range.lowerBound)...slotIndex(forRow: range.upperBound - 1) where seen.insert(slot).inserted {
                result.append(slot)
            }
        }
        return result
    }

    @discardableResult
    mutating func evict(slot: Int) -> Int {
        loads[slot] = nil
        return core.evict(rowRange(ofSlot: slot))
    }

    // MARK: Placing a page

    /// Places page `slot`: by identity around the items already loaded, else at the
    /// rows of its position; then the boundaries with its neighbours.
    private mutating func place(_ page: Page<Item>, slot: Int) {
        if let total = page.total, let old = core.total, total > old { itemsMovedDown = true }
        core.receive(page)
        let (items, ids) = core.shown(page)
        placeItems(items, ids: ids, page: page, slot: slot)
        if loads[slot] == nil { loads[slot] = PageLoadRecord() }
        boundaryReloads.remove(slot)
    }

    private mutating func placeItems(_ items: [Item], ids: [ItemIdentity?], page: Page<Item>, slot: Int) {
        let position = slot * pageSize
        let info = RowList<Item>.RunInfo(page: slot, total: page.total)
        if core.rows.count == 0, position == 0, items.isEmpty, page.isLast {
            core.markEnd()
            return
        }
        guard core.rows.identity != nil else {
            placeWithoutIdentity(items, at: position, info: info)
            finish(page: page, position: position, lastRow: items.isEmpty ? nil : position + items.count - 1)
            noteHoles(ofSlot: slot)
            return
        }
        let gapsBefore = Set(core.rows.blocks.filter { $0.hole?.isGap == true }.map(\.serial))
        let matched = core.matchIdentities(items, ids: ids)
        // An item already on an earlier page's rows: the server inserted items above it.
        if !overlapsPages, matched.contains(where: { core.loadedPage(at: $0.row).map { $0 < slot } ?? false }) {
            itemsMovedDown = true
        }
        if matched.isEmpty {
            placeByPosition(items, ids: ids, at: position, info: info)
        } else {
            placeAroundMatches(items, ids: ids, matched: matched, info: info)
        }
        closeGaps(gapsBefore, slot: slot, around: ids)
        // The first page: nothing comes before it.
        if position == 0, let first = core.placedRow(ids, first: true) { core.deleteUnprotected(0..<first) }
        if let first = core.placedRow(ids, first: true), let last = core.placedRow(ids, first: false) {
            core.markFresh(first..<last + 1, info: info)
            adjustPositions(above: first, by: position - self.position(ofRow: first))
        }
        if let top = ids.first.flatMap({ $0 }).flatMap({ core.rows.row(of: $0) }),
            let bottom = ids.last.flatMap({ $0 }).flatMap({ core.rows.row(of: $0) })
        {
            detectGaps(
                top: top, bottom: bottom, firstMatched: matched.first?.index == 0,
                lastMatched: matched.last?.index == items.count - 1, total: page.total)
        }
        checkSharedItems(ofSlot: slot, ids: ids)
        checkOlderPageBelow(slot: slot, ids: ids)
        joinNeighbours(ofSlot: slot, ids: ids, total: page.total)
        finish(page: page, position: position, lastRow: core.placedRow(ids, first: false))
        noteHoles(ofSlot: slot)
    }

    /// Items without an identity cannot be matched: the page takes the rows of its
    /// position.
    private mutating func placeWithoutIdentity(_ items: [Item], at position: Int, info: RowList<Item>.RunInfo) {
        if position > core.rows.count { core.insertHole(position - core.rows.count, at: core.rows.count) }
        var offset = 0
        while offset < items.count {
            let row = position + offset
            if row >= core.rows.count {
                let rest = Array(items[offset...])
                core.insert(rest, ids: Array(repeating: nil, count: rest.count), at: row, info: info)
                return
            }
            let (index, _) = core.rows.locate(row)
            let end = min(core.rows.rows(ofBlock: index).upperBound, position + items.count)
            if core.rows.blocks[index].hole != nil {
                core.fill(
                    at: row, with: Array(items[offset..<offset + end - row]), ids: Array(repeating: nil, count: end - row), info: info)
            } else {
                for each in row..<end { core.replace(at: each, with: items[each - position]) }
            }
            offset = end - position
        }
    }

    /// Remembers how many placeholder rows page `slot` kept after its load (a short
    /// page): loading it again would not fill them.
    private mutating func noteHoles(ofSlot slot: Int) {
        loads[slot, default: PageLoadRecord()].holesAtLoad = plainHoles(inSlot: slot)
    }

    /// Places a page none of whose items is loaded at the rows of its position.
    private mutating func placeByPosition(_ items: [Item], ids: [ItemIdentity?], at serverPosition: Int, info: RowList<Item>.RunInfo) {
        guard !items.isEmpty else { return }
        let position = row(ofPosition: serverPosition)
        if position >= core.rows.count {
            if position > core.rows.count { core.insertHole(position - core.rows.count, at: core.rows.count) }
            core.insert(items, ids: ids, at: core.rows.count, info: info, ownBlock: true)
            return
        }
        if !core.rows.isHole(position), let run = core.rows.blocks[core.rows.locate(position).block].run, run.info.isStale {
            // A refresh, and the server's list moved more than a page: assume it moved
            // above, by as much as the total changed.
            if let total = info.total, let old = run.info.total, total != old {
                adjustPositions(above: rowOfTopStaleBlock(from: position), by: total - old)
            }
            if !core.rows.isHole(position) {
                // Still stale rows there: they are not on the server at this position.
                var row = position
                var end = min(core.rows.count, position + items.count)
                while row < end {
                    guard let id = core.rows.identity(at: row), !core.edits.protects(id),
                        let run = core.rows.blocks[core.rows.locate(row).block].run, run.info.isStale
                    else {
                        row += 1
                        continue
                    }
                    core.delete(row..<row + 1)
                    end -= 1
                }
                core.insert(items, ids: ids, at: position, info: info, ownBlock: true)
                return
            }
        }
        fillForward(items, ids: ids, from: position, info: info)
    }

    /// The first row of the stale blocks around `row`.
    private func rowOfTopStaleBlock(from row: Int) -> Int {
        var index = core.rows.locate(row).block
        while index > 0, let run = core.rows.blocks[index - 1].run, run.info.isStale { index -= 1 }
        return core.rows.rows(ofBlock: index).lowerBound
    }

    /// Places a page some of whose items are loaded: those keep their rows, the others
    /// go next to them in the page's order.
    private mutating func placeAroundMatches(
        _ items: [Item], ids: [ItemIdentity?], matched: [(index: Int, row: Int)], info: RowList<Item>.RunInfo
    ) {
        // Bottom up, so that the rows of what is still to place stay put.
        let last = matched[matched.count - 1]
        if last.index + 1 < items.count, let row = core.row(ofMatch: last, ids) {
            fillForward(Array(items[(last.index + 1)...]), ids: Array(ids[(last.index + 1)...]), from: row + 1, info: info)
        }
        for pair in zip(matched.dropLast(), matched.dropFirst()).reversed() {
            guard let upper = core.row(ofMatch: pair.0, ids), let lower = core.row(ofMatch: pair.1, ids), lower > upper else { continue }
            // Rows between two neighbours of the page are not on the server.
            let kept = core.deleteUnprotected(upper + 1..<lower)
            let inner = (pair.0.index + 1)..<pair.1.index
            if !inner.isEmpty {
                core.insert(Array(items[inner]), ids: Array(ids[inner]), at: upper + 1 + kept, info: info)
            }
        }
        for entry in matched {
            guard let row = core.row(ofMatch: entry, ids) else { continue }
            core.replace(at: row, with: items[entry.index])
        }
        let first = matched[0]
        if first.index > 0, let row = core.row(ofMatch: first, ids) {
            fillBackward(Array(items[..<first.index]), ids: Array(ids[..<first.index]), before: row, info: info)
        }
    }

    /// Puts `items` from `row` on: into the placeholder rows there, then inserted.
    private mutating func fillForward(_ items: [Item], ids: [ItemIdentity?], from row: Int, info: RowList<Item>.RunInfo) {
        guard !items.isEmpty else { return }
        var filled = 0
        if row < core.rows.count, core.rows.isHole(row), core.rows.slot(at: row).isPlainHole {
            let (index, _) = core.rows.locate(row)
            filled = min(items.count, core.rows.rows(ofBlock: index).upperBound - row)
            core.fill(at: row, with: Array(items[..<filled]), ids: Array(ids[..<filled]), info: info)
        }
        if filled < items.count {
            core.insert(Array(items[filled...]), ids: Array(ids[filled...]), at: row + filled, info: info)
        }
    }

    /// Puts `items` right before `row`: into the placeholder rows there, then inserted.
    private mutating func fillBackward(_ items: [Item], ids: [ItemIdentity?], before row: Int, info: RowList<Item>.RunInfo) {
        guard !items.isEmpty else { return }
        var filled = 0
        if row > 0, core.rows.isHole(row - 1), core.rows.slot(at: row - 1).isPlainHole {
            let (index, _) = core.rows.locate(row - 1)
            filled = min(items.count, row - core.rows.rows(ofBlock: index).lowerBound)
            let from = items.count - filled
            core.fill(at: row - filled, with: Array(items[from...]), ids: Array(ids[from...]), info: info)
        }
        if filled < items.count {
            let rest = items.count - filled
            core.insert(Array(items[..<rest]), ids: Array(ids[..<rest]), at: row - filled, info: info)
        }
    }

    /// Ends the list at the last page, or sizes the rows after the last loaded one to
    /// the total.
    private mutating func finish(page: Page<Item>, position: Int, lastRow: Int?) {
        if page.isLast {
            let end = lastRow.map { $0 + 1 } ?? min(row(ofPosition: position), core.rows.count)
            core.deleteUnprotected(end..<core.rows.count)
            core.markEnd()
            return
        }
        let shift = core.rows.shift(atRow: core.rows.count)
        if let total = core.total {
            let target = core.totalIsEstimate ? max(total - shift, core.loadedEnd) : total - shift
            resizeTrailingHole(to: target)
        } else if self.position(ofRow: core.rows.count) < position + pageSize {
            core.insertHole(position + pageSize - self.position(ofRow: core.rows.count), at: core.rows.count)
        }
    }

    /// Grows or shrinks the placeholder rows at the end so that there are `target`
    /// rows (shrinking no further than the loaded rows).
    private mutating func resizeTrailingHole(to target: Int) {
        // A plain placeholder block at the end: not a gap, nor a position shift's marker,
        // which stays empty.
        let last = core.rows.blocks.indices.last.flatMap { index in
            core.rows.blocks[index].hole.map { $0.key == nil && !$0.isGap && $0.shift == 0 } == true ? index : nil
        }
        if core.rows.count < target {
            if let last {
                core.resizeHole(last, to: core.rows.blocks[last].count + target - core.rows.count)
            } else {
                core.insertHole(target - core.rows.count, at: core.rows.count)
            }
        } else if core.rows.count > target, let last {
            core.resizeHole(last, to: max(0, core.rows.blocks[last].count - (core.rows.count - target)))
        }
    }

    // MARK: Boundaries

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
            guard let shared, !held.contains(shared), loads[neighbour]?.reloadedForBoundary == false, core.rows.row(of: shared) != nil
            else { return false }
            loads[neighbour]?.reloadedForBoundary = true
            boundaryReloads.insert(neighbour)
            return true
        }
        if reloads(slot - 1, sharing: loads[slot - 1]?.last), let top = core.placedRow(ids, first: true) {
            core.insertHole(1, at: top, hole: RowList<Item>.Hole(isGap: true))
            adjustPositions(above: top, by: -1)
        }
        // Only a full page reaches the first item of the page after it.
        if ids.count > pageSize, reloads(slot + 1, sharing: loads[slot + 1]?.first), let bottom = core.placedRow(ids, first: false) {
            core.insertHole(1, at: bottom + 1, hole: RowList<Item>.Hole(isGap: true))
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
            let last = core.placedRow(ids, first: false), let first = below.first, core.rows.row(of: first) == last + 1
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
        if let previous = loads[slot - 1], previous.total == total, let end = previous.last.flatMap({ core.rows.row(of: $0) }),
            let start = first.flatMap({ core.rows.row(of: $0) }), start > end + 1
        {
            deleteStale(end + 1..<start)
        }
        if let next = loads[slot + 1], next.total == total, let start = next.first.flatMap({ core.rows.row(of: $0) }),
            let end = last.flatMap({ core.rows.row(of: $0) }), start > end + 1
        {
            deleteStale(end + 1..<start)
        }
    }

    /// Deletes the rows among `range` loaded before the current refresh, and the plain
    /// placeholders (not gaps, not failed) among them.
    private mutating func deleteStale(_ range: Range<Int>) {
        var row = range.upperBound - 1
        while row >= range.lowerBound {
            let (index, offset) = core.rows.locate(row)
            let start = max(range.lowerBound, row - offset)
            switch core.rows.blocks[index].content {
            case .run(let run) where run.info.isStale: core.deleteUnprotected(start..<row + 1)
            case .hole(let hole) where !hole.isGap && hole.failure == nil: core.deleteUnprotected(start..<row + 1)
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
    private mutating func adjustPositions(above row: Int, by delta: Int) {
        guard delta != 0 else { return }
        var remaining = delta
        var index = (row < core.rows.count ? core.rows.locate(row).block : core.rows.blocks.count) - 1
        while index >= 0, remaining != 0 {
            let block = core.rows.blocks[index]
            guard let hole = block.hole, core.rows.rows(ofBlock: index).upperBound <= row else {
                index -= 1
                continue
            }
            if hole.shift != 0, remaining > 0 {
                let taken = min(remaining, -hole.shift)
                core.addShift(taken, at: core.rows.starts[index])
                remaining -= taken
                index = min(index, core.rows.blocks.count) - 1
                continue
            }
            if hole.key == nil, !hole.isGap, hole.shift == 0 {
                if remaining > 0 {
                    core.resizeHole(index, to: block.count + remaining)
                    return
                }
                let cut = min(block.count, -remaining)
                core.resizeHole(index, to: block.count - cut)
                remaining += cut
                index = min(index, core.rows.blocks.count) - 1
                continue
            }
            index -= 1
        }
        if remaining > 0 {
            core.insertHole(remaining, at: 0)
        } else if remaining < 0 {
            core.addShift(remaining, at: min(row, core.rows.count))
        }
    }

    /// Puts gaps where the page meets rows loaded when the server's total was
    /// different and nothing shows the two are neighbours: above the page when items
    /// were removed since (those below moved up, past the page's start), below it when
    /// items were inserted (those below moved down, away from the page's end).
    private mutating func detectGaps(top: Int, bottom: Int, firstMatched: Bool, lastMatched: Bool, total: Int?) {
        guard let total else { return }
        if !lastMatched, bottom + 1 < core.rows.count, let old = core.loadedTotal(at: bottom + 1), total > old {
            core.insertHole(min(pageSize, total - old), at: bottom + 1, hole: RowList<Item>.Hole(isGap: true))
        }
        if !firstMatched, top > 0, let old = core.loadedTotal(at: top - 1), total < old {
            let size = min(pageSize, old - total)
            core.insertHole(size, at: top, hole: RowList<Item>.Hole(isGap: true))
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
        let covered = rowRange(ofSlot: slot).clamped(to: 0..<core.rows.count)
        for index in core.rows.blockIndexes(covering: covered) where gaps.contains(core.rows.blocks[index].serial) {
            doomed.append(core.rows.blocks[index].serial)
        }
        if let last = core.placedRow(ids, first: false), last + 1 < core.rows.count {
            let (index, offset) = core.rows.locate(last + 1)
            if offset == 0, gaps.contains(core.rows.blocks[index].serial), index + 1 < core.rows.blocks.count,
                core.rows.blocks[index + 1].run != nil
            {
                doomed.append(core.rows.blocks[index].serial)
            }
        }
        if let first = core.placedRow(ids, first: true), first > 0 {
            let (index, _) = core.rows.locate(first - 1)
            if gaps.contains(core.rows.blocks[index].serial), core.rows.rows(ofBlock: index).upperBound == first, index > 0,
                core.rows.blocks[index - 1].run != nil
            {
                doomed.append(core.rows.blocks[index].serial)
            }
        }
        for serial in Set(doomed) {
            guard let index = core.rows.blockIndex(serial: serial), core.rows.blocks[index].hole?.isGap == true else { continue }
            core.delete(core.rows.rows(ofBlock: index))
        }
    }

    // MARK: Invariants

    func invariantViolations() -> [String] {
        var problems = core.invariantViolations()
        if core.rows.blocks.contains(where: { $0.hole?.isFrontier == true }) { problems.append("an index-addressed list has a frontier") }
        return problems
    }
}

/// What the rows of an index-addressed list remember of a page loaded since the last
/// refresh.
struct PageLoadRecord: Sendable {
    /// The placeholder rows the page kept after its load (a short page), which loading
    /// it again would not fill.
    var holesAtLoad = 0
    /// The page's first and last items, and the total it came with, to tell that two
    /// neighbouring pages meet.
    var first: ItemIdentity?
    var last: ItemIdentity?
    var total: Int?
    /// True once the page was asked to load again for a neighbour loaded after it
    /// (once a refresh, so that a list that keeps moving does not load pages back and
    /// forth).
    var reloadedForBoundary = false
}
