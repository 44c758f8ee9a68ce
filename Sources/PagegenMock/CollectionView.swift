/// A collection as one request sees it: `base` generated items, `inserted` items
/// that arrived at the top since the server started (offset drift), minus the
/// items removed since, with the versions of the items edited since.
///
/// Items are named by index: the base items are 0..<base in list order; inserted
/// items are base, base+1, … and the newest is at the top. An index never names
/// another item, whatever is inserted or removed. Rows are positions in the list as
/// it is now, without the removed items.
///
/// The removed items are kept as sorted *slots*: an item's place in the order of
/// every item ever listed, which inserting at the top does not change (the newest
/// inserted item has the lowest slot). Rows and indexes are converted with a binary
/// search over them, so a list of 100,000 items with half of them removed answers
/// a page in a few dozen steps per row.
struct CollectionView: Sendable, Hashable {
    /// Items generated at start.
    let base: Int
    /// Items inserted at the top since.
    let inserted: Int
    /// The slots of the removed items, ascending (see ``slot(ofIndex:)``).
    private(set) var removedSlots: [Int] = []
    /// How often each edited item was edited, by index.
    private(set) var versions: [Int: Int] = [:]

    init(base: Int, inserted: Int, removedSlots: [Int] = [], versions: [Int: Int] = [:]) {
        self.base = base
        self.inserted = inserted
        self.removedSlots = removedSlots
        self.versions = versions
    }

    /// The number of items now.
    var count: Int { base + inserted - removedSlots.count }

    /// The number of items removed so far.
    var removed: Int { removedSlots.count }

    /// True when no item was inserted or removed: rows are where the list started them.
    var isUnmoved: Bool { inserted == 0 && removedSlots.isEmpty }

    /// The item's place in the order of every item ever listed: base items 0, 1, …;
    /// inserted items -1 (the first inserted), -2, … A slot plus `inserted` is the
    /// item's row in the list with nothing removed.
    static func slot(ofIndex index: Int, base: Int) -> Int {
        index < base ? index : base - 1 - index
    }

    /// The index of the item in `slot`.
    static func index(ofSlot slot: Int, base: Int) -> Int {
        slot >= 0 ? slot : base - 1 - slot
    }

    /// True when `index` names an item this collection ever held (removed or not).
    func isListed(_ index: Int) -> Bool {
        index >= 0 && index < base + inserted
    }

    /// True when the item with `index` was removed.
    func isRemoved(_ index: Int) -> Bool {
        guard isListed(index) else { return false }
        let slot = Self.slot(ofIndex: index, base: base)
        let position = lowerBound(slot)
        return position < removedSlots.count && removedSlots[position] == slot
    }

    /// How often the item with `index` was edited (0: never).
    func version(ofIndex index: Int) -> Int {
        versions[index] ?? 0
    }

    /// The index of the item at `row` (0 ≤ row < count).
    func index(atRow row: Int) -> Int {
        // The removed slots before the row's item: those whose own present rows before
        // them (`fullRow - position`) are at most `row`.
        var low = 0
        var high = removedSlots.count
        while low < high {
            let middle = (low + high) / 2
            if removedSlots[middle] + inserted - middle <= row { low = middle + 1 } else { high = middle }
        }
        return Self.index(ofSlot: row + low - inserted, base: base)
    }

    /// The row of the item with `index`, or nil when there is no such item now.
    func row(ofIndex index: Int) -> Int? {
        guard let (rowsBefore, present) = place(ofIndex: index), present else { return nil }
        return rowsBefore
    }

    /// Where the item with `index` is or was: the number of items now before its place,
    /// and whether it is still there; nil when the collection never held it.
    func place(ofIndex index: Int) -> (rowsBefore: Int, present: Bool)? {
        guard isListed(index) else { return nil }
        let slot = Self.slot(ofIndex: index, base: base)
        let position = lowerBound(slot)
        let present = !(position < removedSlots.count && removedSlots[position] == slot)
        return (slot + inserted - position, present)
    }

    /// Removes the item with `index` (one that is present).
    mutating func remove(index: Int) {
        let slot = Self.slot(ofIndex: index, base: base)
        let position = lowerBound(slot)
        guard position == removedSlots.count || removedSlots[position] != slot else { return }
        removedSlots.insert(slot, at: position)
    }

    /// Edits the item with `index`: its next version.
    mutating func edit(index: Int) {
        versions[index, default: 0] += 1
    }

    /// The same removals and edits with `inserted` items at the top.
    func with(inserted: Int) -> CollectionView {
        CollectionView(base: base, inserted: inserted, removedSlots: removedSlots, versions: versions)
    }

    /// The first position in `removedSlots` whose slot is at least `slot`.
    private func lowerBound(_ slot: Int) -> Int {
        var low = 0
        var high = removedSlots.count
        while low < high {
            let middle = (low + high) / 2
            if removedSlots[middle] < slot { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// How one list request changes its collection before it is answered.
struct CollectionChanges: Sendable, Hashable {
    /// Items inserted at the top.
    var drift = 0
    /// The most items inserted into a collection in all (nil: as many as it started with).
    var driftLimit: Int?
    /// Items removed, chosen with the seed among those present.
    var remove = 0
    /// The most items removed from a collection in all (nil: half of those it started with).
    var removeLimit: Int?
    /// Items edited, chosen with the seed among those present.
    var edit = 0
    /// The most edits of a collection in all (nil: half of the items it started with).
    var editLimit: Int?

    /// True when the request changes nothing.
    var isEmpty: Bool { drift == 0 && remove == 0 && edit == 0 }
}
