/// Taking in answers: placing a page's items on their rows, giving the rows their
/// identifiers, recording failures, and dropping far pages to stay under the limit.
extension PageTable {
    /// Places a loaded page on its rows.
    mutating func apply(_ page: Page<Item>, to slot: Int) {
        hasContent = true
        if let total = page.total {
            self.total = max(0, total)
            totalIsEstimate = page.totalIsEstimate
        }
        let items = page.items
        let firstRow: Int
        if isIndexed {
            firstRow = slot * pageSize
            if page.isLast {
                truncate(to: firstRow + items.count)
            } else {
                knownRows = max(knownRows, firstRow + max(items.count, pageSize))
            }
        } else if slot == chain.count {
            firstRow = knownRows
            chain.advance(firstRow: firstRow, rows: items.count, next: page.next)
            knownRows += items.count
            if chain.frontier == nil { endReached = true }
        } else if slot < chain.count {
            // A page of the chain loaded again (after a drop or a refresh).
            firstRow = rowRange(ofSlot: slot).lowerBound
            let old = chain.rowCounts[slot]
            if old != items.count {
                // Its length changed: the rows after it move.
                releaseIdentities(of: slot)
                chain.resize(slot, to: items.count)
                knownRows += items.count - old
                changes.update(firstRow..<max(count, knownRows + 1))
                store(items, in: slot, firstRow: firstRow)
                rebuildIdentities()
                return
            }
        } else {
            return
        }
        store(items, in: slot, firstRow: firstRow)
    }

    /// Records a failed load of page `slot`.
    mutating func fail(_ slot: Int, with error: APIError) {
        slots[slot, default: PageSlot()].failure = error
        if slots[slot]?.items == nil { changes.update(clampedRows(ofSlot: slot)) }
    }

    /// The last page of an index-addressed list ends at `end`: the list's length.
    private mutating func truncate(to end: Int) {
        endReached = true
        if end < knownRows {
            for slot in slots.keys.sorted() where slot * pageSize >= end {
                evict(slot)
                if let request = slots[slot]?.request { cancelRequest(request) }
                slots[slot] = nil
            }
        }
        knownRows = end
    }

    /// Puts `items` on the rows of page `slot`, making room first.
    private mutating func store(_ items: [Item], in slot: Int, firstRow: Int) {
        guard makeRoom(for: items.count, at: slot) else {
            // Farther than everything held, and not wanted: not worth memory.
            let rows = rowRange(ofSlot: slot)
            for row in demands.keys where rows.contains(row) { demands[row] = nil }
            return
        }
        releaseIdentities(of: slot)
        if let old = slots[slot]?.items { heldItems -= old.count }
        var ids: [ListRowID]?
        if let identity {
            var assigned: [ListRowID] = []
            assigned.reserveCapacity(items.count)
            for (offset, item) in items.enumerated() {
                assigned.append(claim(ItemIdentity(identity(item)), row: firstRow + offset))
            }
            ids = assigned
        }
        slots[slot, default: PageSlot()].items = items
        slots[slot]?.ids = ids
        slots[slot]?.isStale = false
        slots[slot]?.failure = nil
        heldItems += items.count
        let rows = rowRange(ofSlot: slot)
        changes.update(firstRow..<max(rows.upperBound, firstRow + items.count))
        if !demands.isEmpty {
            for row in demands.keys where rows.contains(row) { demands[row] = nil }
        }
        if refreshing != nil {
            refreshing?.remove(slot)
            if refreshing?.isEmpty == true { refreshing = nil }
        }
    }

    /// The identifier of a fresh item with identity `id` on `row`: the identity,
    /// unless a fresh row already holds it (then the row's position). A stale row
    /// holding it gives it up.
    private mutating func claim(_ id: ItemIdentity, row: Int) -> ListRowID {
        if let owner = owners[id], owner != row {
            let ownerSlot = slotIndex(forRow: owner)
            guard let page = slots[ownerSlot], page.isStale, var ids = page.ids else { return .position(row) }
            let index = owner - rowRange(ofSlot: ownerSlot).lowerBound
            if ids.indices.contains(index) {
                ids[index] = .position(owner)
                slots[ownerSlot]?.ids = ids
                changes.update(owner..<owner + 1)
            }
        }
        owners[id] = row
        return .item(id)
    }

    /// Forgets the identities page `slot` holds.
    private mutating func releaseIdentities(of slot: Int) {
        guard let ids = slots[slot]?.ids else { return }
        let first = rowRange(ofSlot: slot).lowerBound
        for (offset, id) in ids.enumerated() {
            if case .item(let identity) = id, owners[identity] == first + offset {
                owners[identity] = nil
            }
        }
    }

    /// Gives every held row its identifier again, in row order (fresh pages first),
    /// after rows moved.
    private mutating func rebuildIdentities() {
        guard let identity else { return }
        owners.removeAll(keepingCapacity: true)
        let ordered = slots.keys.sorted().filter { slots[$0]?.items != nil }
        for pass in [false, true] {
            for slot in ordered where slots[slot]?.isStale == pass {
                guard let items = slots[slot]?.items else { continue }
                let first = rowRange(ofSlot: slot).lowerBound
                var ids: [ListRowID] = []
                for (offset, item) in items.enumerated() {
                    let id = ItemIdentity(identity(item))
                    if owners[id] == nil {
                        owners[id] = first + offset
                        ids.append(.item(id))
                    } else {
                        ids.append(.position(first + offset))
                    }
                }
                slots[slot]?.ids = ids
            }
        }
    }

    /// Drops the pages farthest from the focus until `incoming` more items for page
    /// `slot` fit under ``PagedListOptions/maxLoadedItems``. False when page `slot`
    /// is itself the farthest and outside the prefetch distance: then it is not kept.
    private mutating func makeRoom(for incoming: Int, at slot: Int) -> Bool {
        var excess = heldItems - (slots[slot]?.items?.count ?? 0) + incoming - memoryBudget
        guard excess > 0 else { return true }
        let focus = focusRange
        let mine = distance(ofSlot: slot, from: focus)
        let victims = slots.compactMap { entry -> (slot: Int, distance: Int)? in
            guard entry.key != slot, let items = entry.value.items, !items.isEmpty else { return nil }
            return (entry.key, distance(ofSlot: entry.key, from: focus))
        }.sorted { ($0.distance, $0.slot) > ($1.distance, $1.slot) }
        for victim in victims where excess > 0 {
            if victim.distance <= mine, mine > prefetchRows { return false }
            excess -= evict(victim.slot)
        }
        return true
    }

    /// ``PagedListOptions/maxLoadedItems``, but never less than the focus and the
    /// prefetch distance on both sides need (in whole pages, plus one partial page
    /// at each end).
    var memoryBudget: Int {
        let size = nominalPageSize
        let window = focusRange.count + 2 * prefetchRows
        return max(options.maxLoadedItems, ((window + size - 1) / size + 2) * size)
    }

    /// Drops the items of page `slot` back to placeholders; returns how many.
    @discardableResult
    mutating func evict(_ slot: Int) -> Int {
        guard let items = slots[slot]?.items else { return 0 }
        releaseIdentities(of: slot)
        slots[slot]?.items = nil
        slots[slot]?.ids = nil
        slots[slot]?.isStale = false
        heldItems -= items.count
        changes.update(clampedRows(ofSlot: slot))
        if refreshing != nil {
            refreshing?.remove(slot)
            if refreshing?.isEmpty == true { refreshing = nil }
        }
        removeIfVacant(slot)
        return items.count
    }
}
