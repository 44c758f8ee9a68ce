/// The rows of a list whose pages are asked for by the keys the pages around them gave:
/// cursors and links. Each page is a block of its own, loaded by its key; the block
/// after the last page is the *frontier*, and an empty block at the top with the first
/// page's previous key is the *head*.
///
/// A page that arrives takes the rows of its block; its items already loaded elsewhere
/// keep their rows, and the rows from its first item to its last become its block.
/// When the page's next key is not the key of the block after it, and the page did not
/// reach that block's items, the items between are unknown: a one-row gap with the
/// next key goes between, and walks forward until it meets them.
///
/// Newer items are the pages before the first page, fetched through the head. While
/// the user reads far from the top they wait off the rows (``heldNewer``), so that
/// nothing on screen moves; shown, they take their rows above the first page, oldest
/// first, as if each had loaded into the head then. The head keeps the key of the next
/// check: the one the last page fetched (held or shown) gives for what comes before it
/// (``Page/newerItemsKey``: its previous key, or, on a short page that ends the list
/// upward for now, the key from its newest item), or, when a page has none, the key it
/// was asked with (nothing newer yet: ask again). So no page is fetched twice and none
/// is skipped, whether its items are held or shown.
///
/// Invariants (``invariantViolations()``): those of the ``RowCore``; the frontier, when
/// there is one, is the one frontier block.
struct ChainedRows<Item: Sendable>: RowPlacement {
    var core: RowCore<Item>
    /// The key of the first page.
    private let firstKey: PageKey
    /// The block after the last page loaded.
    private(set) var frontier: Int?
    /// Pages of newer items fetched through the head while the user was far from it,
    /// oldest first, each with the key it was asked for.
    private var heldNewer: [(key: PageKey, page: Page<Item>)] = []
    /// True while the rows reach the newest end, so that items before the first page
    /// are newer items (a list opened around an item is not, until the head brings a
    /// short page).
    private(set) var newestLoaded = true
    /// The blocks loaded since the last refresh (dropped pages leave it).
    private var refreshed: Set<Int> = []

    /// The rows of `loader`'s list.
    init(loader: PageLoader<Item>) {
        core = RowCore(pageSize: loader.pageSize, identity: loader.identity)
        firstKey = loader.firstKey
    }

    // MARK: Pages and rows

    var isIndexed: Bool { false }
    var holdsNewerItems: Bool { !heldNewer.isEmpty }

    var isLastPageLoaded: Bool {
        guard core.endsWithLastItem else { return false }
        // A frontier with a key: the last page, loaded again, has a next key now.
        guard core.count > 0, let frontier, let index = core.rows.blockIndex(serial: frontier) else { return true }
        return core.rows.blocks[index].hole?.key == nil
    }

    /// The serial of the block holding `row` (the frontier's for rows past the loaded
    /// ones).
    func slotIndex(forRow row: Int) -> Int {
        if row >= core.rows.count || row < 0 || core.rows.blocks.isEmpty { return frontier ?? -1 }
        return core.rows.blocks[core.rows.locate(row).block].serial
    }

    /// The rows of block `slot` (for an empty frontier, the loading row).
    func rowRange(ofSlot slot: Int) -> Range<Int> {
        guard let index = core.rows.blockIndex(serial: slot) else { return core.rows.count..<core.rows.count }
        let range = core.rows.rows(ofBlock: index)
        if range.isEmpty, slot == frontier, hasTrailingRow { return core.rows.count..<core.rows.count + 1 }
        return range
    }

    /// The blocks holding some of `range`, in row order, with the empty blocks that
    /// sit among them.
    func slots(in range: Range<Int>) -> [Int] {
        guard !range.isEmpty else { return [] }
        var result: [Int] = []
        for (index, block) in core.rows.blocks.enumerated() {
            let blockRows = core.rows.rows(ofBlock: index)
            if blockRows.isEmpty
                ? (blockRows.lowerBound >= range.lowerBound && blockRows.lowerBound <= range.upperBound)
                : blockRows.overlaps(range)
            {
                result.append(block.serial)
            }
        }
        if range.upperBound > core.rows.count, let frontier, !result.contains(frontier) { result.append(frontier) }
        return result
    }

    func key(forSlot slot: Int) -> PageKey? {
        guard let index = core.rows.blockIndex(serial: slot) else { return nil }
        switch core.rows.blocks[index].content {
        case .hole(let hole): return hole.key
        case .run(let run): return run.info.key
        }
    }

    func isLoaded(_ slot: Int) -> Bool {
        guard let index = core.rows.blockIndex(serial: slot), let run = core.rows.blocks[index].run else { return false }
        return !run.info.isStale
    }

    func needsContent(_ slot: Int) -> Bool {
        guard key(forSlot: slot) != nil, let index = core.rows.blockIndex(serial: slot) else { return false }
        switch core.rows.blocks[index].content {
        case .hole:
            return true
        case .run(let run):
            return run.info.isStale && !refreshed.contains(slot)
        }
    }

    /// The first page's block: a chain can only be walked.
    func startSlots(for rows: Range<Int>) -> ClosedRange<Int> {
        let first = frontier ?? 0
        return first...first
    }

    func clampedSlot(_ slot: Int) -> Int { slot }

    /// True when a page asked for with `key` still fits block `slot` (the block is
    /// there and is loaded by that key).
    func accepts(slot: Int, key: PageKey?) -> Bool {
        core.rows.blockIndex(serial: slot) != nil && key == self.key(forSlot: slot)
    }

    func isFrontier(_ slot: Int) -> Bool {
        core.rows.blockIndex(serial: slot).flatMap { core.rows.blocks[$0].hole?.isFrontier } ?? false
    }

    func waitsForCheck(_ slot: Int) -> Bool {
        core.rows.blockIndex(serial: slot).flatMap { core.rows.blocks[$0].hole?.waitsForCheck } ?? false
    }

    // MARK: Actions

    mutating func apply(_ action: RowAction<Item>) -> RowOutcome {
        switch action {
        case .open(let total):
            if frontier == nil {
                frontier = core.appendEmptyHole(RowList<Item>.Hole(key: firstKey, isFrontier: true))
            }
            if let total { core.open(total: total) }
        case .showFailure(let error?, let slot):
            let range = rowRange(ofSlot: slot)
            core.showFailure(error, of: slot, on: range, loadingRow: range.contains(core.rows.count) || slot == frontier)
        case .showFailure(nil, let slot):
            core.clearFailure(of: slot)
        case .prepareRefresh(let window):
            return .head(prepareRefresh(window: window))
        case .place(let page, let slot, let key, let asHead):
            let wasHead = slot == headSerial
            let placed = place(page, slot: slot, key: key, isHead: asHead)
            // Through the head, a page with nothing before it, or a short one: the rows
            // reach the newest end.
            if wasHead, page.previous == nil || page.items.count < max(1, pageSize) { newestLoaded = true }
            return .placed(placed)
        case .takeNewer(let page, let slot, let key, let hold):
            return .placed(takeNewer(page, slot: slot, key: key, hold: hold))
        case .openAround(let previous):
            // The first page, fetched around an item, holds it: the rows do not reach the
            // newest end until the head brings a short page.
            newestLoaded = false
            if let previous, headIndex == nil { core.insertEmptyHole(RowList<Item>.Hole(key: previous), beforeBlock: 0) }
        case .openHeadForNewerItems:
            return .head(headForNewerItems())
        case .showHeldNewer:
            showHeldNewer()
        case .trimToMemory(let placed, let focus, let options):
            return .trimmed(keepUnderMemoryLimit(placed: placed, focus: focus, options: options))
        }
        return .done
    }

    // MARK: Refresh and memory

    /// A refresh: the newer items held (asked for again from where the first of them
    /// was) and the load records go; the head is made ready to check (see
    /// ``prepareHeadReload()``); far pages go back to holes with their keys, near ones
    /// (and a first page the head reloads) stay, stale. Returns the head; nil when there
    /// is none to check.
    private mutating func prepareRefresh(window: Range<Int>) -> Int? {
        forgetHeldNewer()
        refreshed.removeAll()
        core.forgetEnd()
        let found = prepareHeadReload()
        dropPages(outside: window, keeping: found?.keep == true ? found?.head : nil)
        return found?.head
    }

    /// The head a refresh checks: through the first page's previous key when it has one
    /// (a page of what came before it, in an empty block put at the top), else by
    /// loading the first page again. Returns the head's block, and whether it is the
    /// first page, to be kept and reloaded; nil when there is no head to check.
    private mutating func prepareHeadReload() -> (head: Int, keep: Bool)? {
        guard let first = core.rows.blocks.first else { return nil }
        if let hole = first.hole, hole.key != nil, !hole.isFrontier {
            return (first.serial, false)
        } else if let run = first.run, let previous = run.info.previous {
            return (core.insertEmptyHole(RowList<Item>.Hole(key: previous), at: 0), false)
        } else if first.run != nil {
            return (first.serial, true)
        }
        return nil
    }

    /// A refresh: the pages that overlap `window` (and block `keep`, the head) stay,
    /// stale, until reloaded; the others go back to holes with their keys (rows no key
    /// loads again are deleted: the pages around them bring them back if the server
    /// still has them).
    private mutating func dropPages(outside window: Range<Int>, keeping keep: Int?) {
        // Backwards: evicting merges a block with its neighbours.
        var index = core.rows.blocks.count - 1
        while index >= 0 {
            let block = core.rows.blocks[index]
            if let run = block.run {
                if core.rows.rows(ofBlock: index).overlaps(window) || block.serial == keep {
                    core.setInfo(index) { $0.isStale = true }
                } else if run.info.key != nil {
                    evictBlock(index)
                } else if !core.holdsProtectedItems(index) {
                    core.delete(core.rows.rows(ofBlock: index))
                }
            }
            index = min(index - 1, core.rows.blocks.count - 1)
        }
    }

    func loadedSlots() -> [Int] {
        core.rows.blocks.compactMap { block in
            guard let run = block.run, block.count > 0, run.info.key != nil else { return nil }
            return block.serial
        }
    }

    @discardableResult
    mutating func evict(slot: Int) -> Int {
        refreshed.remove(slot)
        guard let index = core.rows.blockIndex(serial: slot) else { return 0 }
        return evictBlock(index)
    }

    /// Drops the items of block `index` to a hole with its key (unless an edit inserted
    /// one of them); returns how many.
    @discardableResult
    private mutating func evictBlock(_ index: Int) -> Int {
        let serial = core.rows.blocks[index].serial
        guard let key = core.rows.blocks[index].run?.info.key, !core.holdsProtectedItems(index) else { return 0 }
        refreshed.remove(serial)
        return core.evictBlock(index, hole: RowList<Item>.Hole(key: key))
    }

    // MARK: Placing a page

    /// Places page `page`, asked for with `key`, into block `slot`; `isHead` when it is
    /// the head a refresh checks. Returns false when the block is gone or has another
    /// key now: nothing was placed.
    @discardableResult
    private mutating func place(_ page: Page<Item>, slot: Int, key: PageKey?, isHead: Bool) -> Bool {
        core.receive(page)
        // Newer items held go above the first page before anything goes above them.
        if !heldNewer.isEmpty, slot == headSerial { showHeldNewer() }
        let (items, ids) = core.shown(page)
        let placed = placeItems(items, ids: ids, page: page, slot: slot, key: key, isHead: isHead)
        refreshed.insert(slot)
        return placed
    }

    private mutating func placeItems(
        _ items: [Item], ids: [ItemIdentity?], page: Page<Item>, slot: Int, key: PageKey?, isHead: Bool
    ) -> Bool {
        guard accepts(slot: slot, key: key) else { return false }
        let info = RowList<Item>.RunInfo(
            total: page.total, key: key, next: page.next, previous: page.previous, newerItemsKey: page.newerItemsKey)
        let matched = core.matchIdentities(items, ids: ids)
        if matched.isEmpty {
            placeUnmatched(items, ids: ids, into: slot, info: info, isHead: isHead)
        } else {
            placeAroundMatches(items, ids: ids, matched: matched, into: slot, info: info, isHead: isHead)
        }
        sizeFrontier()
        return true
    }

    /// A page none of whose items is loaded: into its hole (the frontier, a dropped
    /// page, a gap, the head). A page loaded again with none of its old items: above
    /// the old rows, which stay without a key after a gap that walks to them. Without
    /// `connecting`, the items are the page's first ones, and the page's own items
    /// follow them: the rows after them are left for the page to connect.
    private mutating func placeUnmatched(
        _ items: [Item], ids: [ItemIdentity?], into slot: Int, info: RowList<Item>.RunInfo, isHead: Bool, connecting: Bool = true
    ) {
        guard var index = core.rows.blockIndex(serial: slot) else { return }
        let block = core.rows.blocks[index]
        if block.run != nil {
            let start = core.rows.rows(ofBlock: index).lowerBound
            if info.next == nil {
                core.deleteUnprotected(start..<core.rows.count)
                core.insert(items, ids: ids, at: start, info: info, ownBlock: true)
                endFrontier()
                return
            }
            // The old rows may follow further down: they load again as the page after
            // the new one.
            core.setInfo(index) { old in
                old.key = info.next
                old.isStale = true
            }
            core.renew(index)
            core.insert(items, ids: ids, at: start, info: info, ownBlock: true)
            return
        }
        guard let hole = block.hole else { return }
        if hole.isFrontier {
            if block.count > items.count {
                // The rows after this page stay the frontier.
                core.split(at: core.rows.rows(ofBlock: index).lowerBound + items.count)
                index = core.rows.blockIndex(serial: slot)!
                core.updateHole(index + 1, reload: false) { $0.key = info.next }
                frontier = core.rows.blocks[index + 1].serial
            } else {
                frontier = core.insertEmptyHole(
                    RowList<Item>.Hole(key: info.next, isFrontier: true), at: core.rows.rows(ofBlock: index).upperBound)
                index = core.rows.blockIndex(serial: slot)!
            }
        }
        core.convertHole(index, to: items, ids: ids, info: info)
        if hole.isFrontier {
            if info.next == nil { endFrontier() }
            return
        }
        if let placed = core.rows.blockIndex(serial: slot), placed == 0 || isHead, let previous = info.previous, !items.isEmpty {
            // A page at the top with a previous key: more may come before it, and a hole
            // with that key walks there when the top comes near.
            core.insertEmptyHole(RowList<Item>.Hole(key: previous), at: 0)
        }
        if connecting, let placed = core.rows.blockIndex(serial: slot) { connect(after: placed, next: info.next) }
    }

    /// A page some of whose items are loaded: they keep their rows (with the fresh
    /// copy); the page's other items go next to them in the page's order (into the
    /// page's own hole when it is right there, else into the run beside them); rows
    /// between two of the page's items that it does not hold are gone. A page loaded
    /// again (a run) loses its rows before the page's first item. Then the rows from the
    /// page's first item to its last are one run, loaded by the page's key (wherever they
    /// were), and the rows after it load again as the next page.
    private mutating func placeAroundMatches(
        _ items: [Item], ids: [ItemIdentity?], matched: [(index: Int, row: Int)], into slot: Int, info: RowList<Item>.RunInfo,
        isHead: Bool
    ) {
        let targetIsRun = core.rows.blockIndex(serial: slot).map { core.rows.blocks[$0].run != nil } ?? false
        let wasFrontier = isFrontier(slot)
        if targetIsRun, let index = core.rows.blockIndex(serial: slot), let firstRow = core.row(ofMatch: matched[0], ids) {
            let range = core.rows.rows(ofBlock: index)
            if range.contains(firstRow) { core.deleteUnprotected(range.lowerBound..<firstRow) }
        }
        // Bottom up, so that the rows of what is still to place stay put.
        let last = matched[matched.count - 1]
        let suffix = (last.index + 1)..<items.count
        if let row = core.row(ofMatch: last, ids), !suffix.isEmpty {
            if let index = core.rows.blockIndex(serial: slot), core.rows.blocks[index].hole != nil,
                core.rows.rows(ofBlock: index).lowerBound == row + 1
            {
                placeUnmatched(Array(items[suffix]), ids: Array(ids[suffix]), into: slot, info: info, isHead: isHead)
            } else {
                insertBeside(Array(items[suffix]), ids: Array(ids[suffix]), after: row)
            }
        }
        for pair in zip(matched.dropLast(), matched.dropFirst()).reversed() {
            guard let upper = core.row(ofMatch: pair.0, ids), let lower = core.row(ofMatch: pair.1, ids), lower > upper else { continue }
            let kept = core.deleteUnprotected(upper + 1..<lower)
            let inner = (pair.0.index + 1)..<pair.1.index
            if !inner.isEmpty { insertBeside(Array(items[inner]), ids: Array(ids[inner]), after: upper + kept) }
        }
        for entry in matched {
            guard let row = core.row(ofMatch: entry, ids) else { continue }
            core.replace(at: row, with: items[entry.index])
        }
        let first = matched[0]
        if first.index > 0, let row = core.row(ofMatch: first, ids) {
            let prefix = 0..<first.index
            if let index = core.rows.blockIndex(serial: slot), core.rows.blocks[index].hole != nil,
                core.rows.rows(ofBlock: index).upperBound == row
            {
                // The page's first items, before its own loaded ones: its next key is for
                // after its last item, connected below.
                placeUnmatched(Array(items[prefix]), ids: Array(ids[prefix]), into: slot, info: info, isHead: isHead, connecting: false)
            } else {
                insertBeside(Array(items[prefix]), ids: Array(ids[prefix]), before: row)
            }
        }
        // A page at the top with a previous key (new items, or a page that was the top
        // and no longer is): more may come before it.
        if let previous = info.previous, ids.first.flatMap({ $0 }).flatMap({ core.rows.row(of: $0) }) == 0,
            core.rows.blocks.first?.hole?.key != previous
        {
            core.insertEmptyHole(RowList<Item>.Hole(key: previous), at: 0)
        }
        // The page's hole, if nothing went into it, goes (the frontier moves on).
        var frontierStays = false
        if let index = core.rows.blockIndex(serial: slot), core.rows.blocks[index].hole != nil {
            if wasFrontier {
                core.updateHole(index, reload: false) { $0.key = info.next }
                if info.next == nil { endFrontier() }
                frontierStays = true
            } else {
                core.convertHole(index, to: [], ids: [], info: info)
            }
        } else if let index = core.rows.blockIndex(serial: slot), let first = core.placedRow(ids, first: true),
            let last = core.placedRow(ids, first: false), !core.rows.rows(ofBlock: index).overlaps(first..<last + 1)
        {
            // The page's old rows hold none of its items: left over, no key loads them.
            core.setInfo(index) { old in
                old.key = nil
                old.isStale = true
            }
            core.renew(index)
        }
        // The page's items, first to last, become one run loaded by its key, so that no
        // other page's load drops them; the rows after it are the next page.
        guard var first = core.placedRow(ids, first: true), let last = core.placedRow(ids, first: false) else { return }
        if let index = core.rows.blockIndex(serial: slot), core.rows.blocks[index].run != nil {
            // With the rows of the page's block above its first item that stayed.
            first = min(first, core.rows.rows(ofBlock: index).lowerBound)
        }
        let serial = frontierStays ? core.makeSerial() : slot
        // (Should a marker sit among them, the rows after the last item still follow.)
        let index = core.join(first..<last + 1, info: info, serial: serial) ?? core.rows.locate(last).block
        if wasFrontier { return }
        // After the page's last item: the next page, or a gap that walks there.
        connect(after: index, next: info.next)
    }

    /// Inserts a page's items next to a loaded row, into the run that holds it.
    private mutating func insertBeside(_ items: [Item], ids: [ItemIdentity?], after row: Int) {
        let (index, offset) = core.rows.locate(row)
        if core.rows.blocks[index].run != nil {
            core.insert(items, ids: ids, intoBlock: index, at: offset + 1)
        } else {
            core.insert(items, ids: ids, at: row + 1, info: RowList<Item>.RunInfo(), joining: true)
        }
    }

    /// Inserts a page's items right before a loaded row, into the run that holds it.
    private mutating func insertBeside(_ items: [Item], ids: [ItemIdentity?], before row: Int) {
        let (index, offset) = core.rows.locate(row)
        if core.rows.blocks[index].run != nil {
            core.insert(items, ids: ids, intoBlock: index, at: offset)
        } else {
            core.insert(items, ids: ids, at: row, info: RowList<Item>.RunInfo(), joining: true)
        }
    }

    /// After a page in block `index` whose next key is `next`: the block after it is
    /// the page after it. When that block was loaded (or dropped) with another key, it
    /// takes this one, and a run of it loads again when it comes near, placing what
    /// came between; unless the page was asked for with that run's own previous key:
    /// then it is what comes right before the run, and nothing came between.
    private mutating func connect(after index: Int, next: PageKey?) {
        let after = core.rows.rows(ofBlock: index).upperBound
        guard let next else {
            core.deleteUnprotected(after..<core.rows.count)
            endFrontier()
            return
        }
        guard index + 1 < core.rows.blocks.count else { return }
        switch core.rows.blocks[index + 1].content {
        case .hole(let hole):
            if hole.key != next { core.updateHole(index + 1, reload: false) { $0.key = next } }
        case .run(let run):
            guard run.info.key != next else { return }
            if let key = core.rows.blocks[index].run?.info.key, key == run.info.previous || key == run.info.newerItemsKey { return }
            core.setInfo(index + 1) { info in
                info.key = next
                info.isStale = true
            }
            core.renew(index + 1)
        }
    }

    /// The list ends: the frontier is an empty block without a key at the end, which
    /// takes the next key if the last page, loaded again, has one.
    private mutating func endFrontier() {
        core.markEnd()
        if let frontier, let index = core.rows.blockIndex(serial: frontier) {
            core.updateHole(index, reload: false) { $0.key = nil }
            if core.rows.blocks[index].count > 0 { core.resizeHole(index, to: 0) }
        } else {
            frontier = core.appendEmptyHole(RowList<Item>.Hole(isFrontier: true))
        }
    }

    /// Sizes the frontier's placeholder rows so that the list has as many rows as the
    /// total says.
    private mutating func sizeFrontier() {
        guard let total = core.total, !core.endReached, let frontier, let index = core.rows.blockIndex(serial: frontier) else { return }
        let target = max(0, total - (core.rows.count - core.rows.blocks[index].count))
        if target != core.rows.blocks[index].count { core.resizeHole(index, to: target) }
    }

    // MARK: Newer items

    /// The block index of the head: an empty block at the top with a key, not the
    /// frontier.
    private var headIndex: Int? {
        guard let first = core.rows.blocks.first, first.count == 0, let hole = first.hole, hole.key != nil, !hole.isFrontier
        else { return nil }
        return 0
    }

    /// The head's serial; nil when there is none.
    private var headSerial: Int? { headIndex.map { core.rows.blocks[$0].serial } }

    /// The head to check for newer items: the one there is, or a new one with the key
    /// of the first page at the top that asks for what comes before its first item (or,
    /// without one, that page's own key: loaded again, it brings what came before its
    /// items). Nil when no key can ask.
    private mutating func headForNewerItems() -> Int? {
        if let headSerial { return headSerial }
        guard let index = core.rows.blocks.firstIndex(where: { $0.run != nil }), let run = core.rows.blocks[index].run,
            core.rows.rows(ofBlock: index).lowerBound == 0, let key = run.info.newerItemsKey ?? run.info.key
        else { return nil }
        return core.insertEmptyHole(RowList<Item>.Hole(key: key, waitsForCheck: true), beforeBlock: 0)
    }

    /// Takes a page of newer items asked for with `key` into the head `slot`: held when
    /// `hold`, else shown (after the pages held before it). A page without items only
    /// moves the head's key on. False when the head is gone or has another key now.
    private mutating func takeNewer(_ page: Page<Item>, slot: Int, key: PageKey?, hold: Bool) -> Bool {
        guard let key, let index = headIndex, core.rows.blocks[index].serial == slot, accepts(slot: slot, key: key) else {
            return false
        }
        if page.items.isEmpty || hold {
            if !page.items.isEmpty { heldNewer.append((key, page)) }
            core.updateHole(index, reload: false) { $0.key = page.newerItemsKey ?? key }
            return true
        }
        placeAboveTop(page, slot: slot, key: key, isHead: true)
        if let index = headIndex {
            // A short page reached the newest item: the head waits for the next check.
            if page.items.count < max(1, pageSize) { core.updateHole(index, reload: false) { $0.waitsForCheck = true } }
        } else if page.previous == nil, let first = core.rows.blocks.first, first.run != nil {
            // The list starts here for now: the next check asks from the page's first
            // item, or, where the API cannot say, with the page's own key again.
            core.insertEmptyHole(RowList<Item>.Hole(key: page.newerItemsKey ?? key, waitsForCheck: true), beforeBlock: 0)
        }
        return true
    }

    /// Places a page of newer items into block `slot`, right above the rows it came
    /// before (through their previous key): the run below stays as it was loaded, where
    /// a page placed elsewhere would have it load again to find what came between.
    private mutating func placeAboveTop(_ page: Page<Item>, slot: Int, key: PageKey, isHead: Bool) {
        let below = core.rows.blockIndex(serial: slot).map { $0 + 1 }
        var kept: (first: ItemIdentity, info: RowList<Item>.RunInfo)?
        if let below, below < core.rows.blocks.count, let run = core.rows.blocks[below].run, !run.info.isStale,
            let first = run.ids.first ?? nil
        {
            kept = (first, run.info)
        }
        place(page, slot: slot, key: key, isHead: isHead)
        guard let kept, let row = core.rows.row(of: kept.first) else { return }
        let index = core.rows.locate(row).block
        guard core.rows.rows(ofBlock: index).lowerBound == row, let run = core.rows.blocks[index].run, run.info.isStale,
            run.info.key != kept.info.key
        else { return }
        core.setInfo(index) { $0 = kept.info }
    }

    /// Shows the held pages: each, oldest first, in an empty block of its own right
    /// under the head (at the top, when the server's changes took the head away),
    /// placed as if it had loaded there (by identity: an item already on a row stays
    /// there). The head keeps its key. A page placed into the head shows them first.
    private mutating func showHeldNewer() {
        guard !heldNewer.isEmpty else { return }
        let pages = heldNewer
        heldNewer = []
        for (key, page) in pages {
            let below = headIndex.map { $0 + 1 } ?? 0
            let serial = core.insertEmptyHole(RowList<Item>.Hole(key: key), beforeBlock: below)
            placeAboveTop(page, slot: serial, key: key, isHead: false)
        }
    }

    /// A refresh: the held pages, which may be old by now, go, and the head asks again
    /// from where the first of them was asked for, so that the refresh brings them fresh.
    private mutating func forgetHeldNewer() {
        guard let first = heldNewer.first else { return }
        heldNewer = []
        if let index = headIndex {
            core.updateHole(index, reload: false) { $0.key = first.key }
        } else {
            core.insertEmptyHole(RowList<Item>.Hole(key: first.key), beforeBlock: 0)
        }
    }

    var heldNewerItems: [Item] { heldNewer.flatMap(\.page.items) }

    // MARK: Invariants

    func invariantViolations() -> [String] {
        var problems = core.invariantViolations()
        if let frontier {
            if let index = core.rows.blockIndex(serial: frontier) {
                if core.rows.blocks[index].hole?.isFrontier != true {
                    problems.append("the frontier, block \(frontier), is not a frontier block")
                }
            } else {
                problems.append("the frontier, block \(frontier), is gone")
            }
        }
        let frontiers = core.rows.blocks.filter { $0.hole?.isFrontier == true }
        if frontiers.count > 1 { problems.append("\(frontiers.count) frontier blocks") }
        if let first = frontiers.first, first.serial != frontier { problems.append("a frontier block that is not the frontier") }
        return problems
    }
}
