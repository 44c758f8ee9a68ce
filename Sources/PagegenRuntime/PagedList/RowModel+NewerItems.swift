/// Newer items: the pages before a cursor list's first page, fetched through the head
/// (the empty block at the top with the first page's previous key). While the user
/// reads far from the top they wait here, off the rows, so that nothing on screen
/// moves; shown, they take their rows above the first page, oldest first, as if each
/// had loaded into the head then.
///
/// The head keeps the key of the next check: the one the last page fetched (held or
/// shown) gives for what comes before it (``Page/newerItemsKey``: its previous key, or,
/// on a short page that ends the list upward for now, the key from its newest item), or,
/// when a page has none, the key it was asked with (nothing newer yet: ask again). So
/// no page is fetched twice and none is skipped, whether its items are held or shown.
extension RowModel {
    /// The block index of the head: an empty block at the top with a key, not the
    /// frontier.
    var headIndex: Int? {
        guard let first = rows.blocks.first, first.count == 0, let hole = first.hole, hole.key != nil, !hole.isFrontier
        else { return nil }
        return 0
    }

    /// The head's serial; nil when there is none.
    var headSerial: Int? { headIndex.map { rows.blocks[$0].serial } }

    /// The head to check for newer items: the one there is, or a new one with the
    /// key of the first page at the top that asks for what comes before its first item
    /// (or, without one, that page's own key: loaded again, it brings what came before
    /// its items). Nil when no key can ask.
    mutating func headForNewerItems() -> Int? {
        if let headSerial { return headSerial }
        guard let index = rows.blocks.firstIndex(where: { $0.run != nil }), let run = rows.blocks[index].run,
            rows.rows(ofBlock: index).lowerBound == 0, let key = run.info.newerItemsKey ?? run.info.key
        else { return nil }
        return rows.insertEmptyHole(RowList<Item>.Hole(key: key, waitsForCheck: true), beforeBlock: 0)
    }

    /// True when block `slot` is a head that waits for a check for newer items.
    func waitsForCheck(_ slot: Int) -> Bool {
        rows.blockIndex(serial: slot).flatMap { rows.blocks[$0].hole?.waitsForCheck } ?? false
    }

    /// Opens the head above the first page with `previous`, its previous key: the
    /// rows do not change.
    mutating func openHead(previous: PageKey) {
        guard headIndex == nil else { return }
        rows.insertEmptyHole(RowList<Item>.Hole(key: previous), beforeBlock: 0)
    }

    /// Takes a page of newer items asked for with `key` into the head `slot`: held when
    /// `hold`, else shown (after the pages held before it). A page without items only
    /// moves the head's key on. False when the head is gone or has another key now.
    mutating func takeNewer(_ page: Page<Item>, slot: Int, key: PageKey?, hold: Bool) -> Bool {
        guard let key, let index = headIndex, rows.blocks[index].serial == slot, accepts(slot: slot, key: key) else {
            return false
        }
        if page.items.isEmpty || hold {
            if !page.items.isEmpty { heldNewer.append((key, page)) }
            rows.updateHole(index, reload: false) { $0.key = page.newerItemsKey ?? key }
            return true
        }
        placeAboveTop(page, slot: slot, key: key, isHead: true)
        if let index = headIndex {
            // A short page reached the newest item: the head waits for the next check.
            if page.items.count < max(1, pageSize) { rows.updateHole(index, reload: false) { $0.waitsForCheck = true } }
        } else if page.previous == nil, let first = rows.blocks.first, first.run != nil {
            // The list starts here for now: the next check asks from the page's first
            // item, or, where the API cannot say, with the page's own key again.
            rows.insertEmptyHole(RowList<Item>.Hole(key: page.newerItemsKey ?? key, waitsForCheck: true), beforeBlock: 0)
        }
        return true
    }

    /// Places a page of newer items into block `slot`, right above the rows it came
    /// before (through their previous key): the run below stays as it was loaded, where
    /// a page placed elsewhere would have it load again to find what came between.
    mutating func placeAboveTop(_ page: Page<Item>, slot: Int, key: PageKey, isHead: Bool) {
        let below = rows.blockIndex(serial: slot).map { $0 + 1 }
        var kept: (first: ItemIdentity, info: RowList<Item>.RunInfo)?
        if let below, below < rows.blocks.count, let run = rows.blocks[below].run, !run.info.isStale, let first = run.ids.first ?? nil {
            kept = (first, run.info)
        }
        place(page, slot: slot, key: key, isHead: isHead)
        guard let kept, let row = rows.row(of: kept.first) else { return }
        let index = rows.locate(row).block
        guard rows.rows(ofBlock: index).lowerBound == row, let run = rows.blocks[index].run, run.info.isStale,
            run.info.key != kept.info.key
        else { return }
        rows.setInfo(index) { $0 = kept.info }
    }

    /// Shows the held pages: each, oldest first, in an empty block of its own right
    /// under the head (at the top, when the server's changes took the head away),
    /// placed as if it had loaded there (by identity: an item already on a row stays
    /// there). The head keeps its key. A page placed into the head shows them first.
    mutating func showHeldNewer() {
        guard !heldNewer.isEmpty else { return }
        let pages = heldNewer
        heldNewer = []
        for (key, page) in pages {
            let below = headIndex.map { $0 + 1 } ?? 0
            let serial = rows.insertEmptyHole(RowList<Item>.Hole(key: key), beforeBlock: below)
            placeAboveTop(page, slot: serial, key: key, isHead: false)
        }
    }

    /// A refresh: the held pages, which may be old by now, go, and the head asks again
    /// from where the first of them was asked for, so that the refresh brings them fresh.
    mutating func forgetHeldNewer() {
        guard let first = heldNewer.first else { return }
        heldNewer = []
        if let index = headIndex {
            rows.updateHole(index, reload: false) { $0.key = first.key }
        } else {
            rows.insertEmptyHole(RowList<Item>.Hole(key: first.key), beforeBlock: 0)
        }
    }

    /// The newer items held and not on a row, each counted once.
    var heldNewerCount: Int {
        var seen = Set<ItemIdentity>()
        var count = 0
        for (_, page) in heldNewer {
            for item in page.items {
                guard let id = rows.id(of: item) else {
                    count += 1
                    continue
                }
                if rows.row(of: id) == nil, seen.insert(id).inserted { count += 1 }
            }
        }
        return count
    }
}
