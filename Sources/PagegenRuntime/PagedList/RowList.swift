/// The rows of a ``PagedList``, as stretches ("blocks") of loaded items and of rows
/// not loaded (holes), in row order, with an index from item identity to block: the
/// storage of the ``RowModel``.
///
/// Every edit goes through a method of its own (`RowList+Edits`), which notes it in
/// ``journal``, so that the change reports are exact by construction. A row is found
/// by binary search over the blocks' first rows; an item by its identity in a
/// dictionary, then in its block. The cost of an edit grows with the number of blocks
/// (a few per loaded page), never with the row count, so a 100,000-row list edits as
/// fast as a short one.
///
/// Its state is changed by its own methods alone (this file, `RowList+Structure` and
/// `RowList+Edits`); ``invariantViolations()`` (`RowList+Invariants`) checks that the indexes agree
/// with the blocks.
struct RowList<Item: Sendable>: Sendable {
    var blocks: [Block] = []
    /// The first row of each block.
    var starts: [Int] = []
    /// The sum of the position shifts of the blocks before each block.
    var shiftsBefore: [Int] = []
    /// The number of rows.
    var count = 0
    /// The number of loaded items.
    var heldItems = 0
    /// The serial of the block that holds each loaded item.
    var owners: [ItemIdentity: Int] = [:]
    /// The index of each block, by serial.
    var indexOfSerial: [Int: Int] = [:]
    var nextSerial = 0
    /// The number of position shift markers among the blocks.
    var shiftMarkers = 0
    /// The edits since the journal was last taken, in order.
    var journal: [RowEdit] = []
    let identity: (@Sendable (Item) -> AnyHashable)?

    init(identity: (@Sendable (Item) -> AnyHashable)?) {
        self.identity = identity
    }

    /// The edits since the last call, in order; the journal starts again empty.
    mutating func takeJournal() -> [RowEdit] {
        defer { journal.removeAll(keepingCapacity: true) }
        return journal
    }

    /// Notes that the row after the last (the loading row) shows something else now.
    mutating func noteTrailingRowReloaded() {
        journal.append(.reload(count..<count + 1))
    }

    // MARK: Reading

    /// The block holding `row` and the row's offset in it; `row` must be below ``count``.
    func locate(_ row: Int) -> (block: Int, offset: Int) {
        var low = 0
        var high = blocks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= row { low = middle } else { high = middle - 1 }
        }
        // Skip empty blocks that start at the same row.
        while blocks[low].count == 0 || row >= starts[low] + blocks[low].count, low + 1 < blocks.count { low += 1 }
        return (low, row - starts[low])
    }

    /// What `row` holds; `row` must be below ``count``.
    func slot(at row: Int) -> Slot {
        let (index, offset) = locate(row)
        return slot(inBlock: index, at: offset)
    }

    /// What the row `offset` rows into block `index` holds.
    func slot(inBlock index: Int, at offset: Int) -> Slot {
        switch blocks[index].content {
        case .run(let run): .item(run.items[offset], run.ids[offset])
        case .hole(let hole): .hole(hole)
        }
    }

    /// The item on `row`, if loaded.
    func item(at row: Int) -> Item? {
        guard row >= 0, row < count else { return nil }
        if case .item(let item, _) = slot(at: row) { return item }
        return nil
    }

    /// The identity of the item on `row`, if loaded and identified.
    func identity(at row: Int) -> ItemIdentity? {
        guard row >= 0, row < count else { return nil }
        if case .item(_, let id) = slot(at: row) { return id }
        return nil
    }

    /// True when `row` is not loaded.
    func isHole(_ row: Int) -> Bool {
        guard row >= 0, row < count else { return false }
        if case .hole = slot(at: row) { return true }
        return false
    }

    /// The index of the block with `serial`.
    func blockIndex(serial: Int) -> Int? { indexOfSerial[serial] }

    /// The rows of block `index`.
    func rows(ofBlock index: Int) -> Range<Int> { starts[index]..<starts[index] + blocks[index].count }

    /// The row of the item with `id`.
    func row(of id: ItemIdentity) -> Int? {
        guard let serial = owners[id], let index = indexOfSerial[serial], let run = blocks[index].run,
            let offset = run.ids.firstIndex(of: id)
        else { return nil }
        return starts[index] + offset
    }

    /// True when an item with `id` is loaded.
    func contains(_ id: ItemIdentity) -> Bool { owners[id] != nil }

    /// The indexes of the blocks that hold some of `rows`.
    func blockIndexes(covering rows: Range<Int>) -> Range<Int> {
        guard !rows.isEmpty, rows.lowerBound < count, !blocks.isEmpty else { return 0..<0 }
        let first = locate(max(0, rows.lowerBound)).block
        let last = locate(min(count, rows.upperBound) - 1).block
        return first..<last + 1
    }

    /// The identity of `item`, if the loader gives items one.
    func id(of item: Item) -> ItemIdentity? { identity.map { ItemIdentity($0(item)) } }

    /// The sum of the position shifts that apply to `row` (0...count).
    func shift(atRow row: Int) -> Int {
        guard !blocks.isEmpty else { return 0 }
        if row >= count { return shiftsBefore[blocks.count - 1] + (blocks[blocks.count - 1].hole?.shift ?? 0) }
        return shiftsBefore[locate(row).block]
    }

    /// The position shifts, as (first row they apply to, the sum that applies from
    /// there), in row order, starting with (0, 0).
    var shiftSegments: [(row: Int, shift: Int)] {
        var segments: [(row: Int, shift: Int)] = [(0, 0)]
        var total = 0
        for (index, block) in blocks.enumerated() {
            guard let shift = block.hole?.shift, shift != 0 else { continue }
            total += shift
            if segments[segments.count - 1].row == starts[index] {
                segments[segments.count - 1].shift = total
            } else {
                segments.append((starts[index], total))
            }
        }
        return segments
    }
}
