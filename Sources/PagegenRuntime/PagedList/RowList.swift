/// The rows of a ``PagedList``, as stretches ("blocks") of loaded items and of rows
/// not loaded (holes), in row order, with an index from item identity to block.
///
/// Every edit goes through a method here, which records it in ``recorder``, so that
/// the change reports are exact by construction. A row is found by binary search over
/// the blocks' first rows; an item by its identity in a dictionary, then in its block.
/// The cost of an edit grows with the number of blocks (a few per loaded page), never
/// with the row count, so a 100,000-row list edits as fast as a short one.
struct RowList<Item: Sendable>: Sendable {
    /// Where the items of a run came from, and what is known about them.
    struct RunInfo: Sendable {
        /// Index-addressed lists: the page index they were loaded as.
        var page: Int?
        /// The total the API gave with them.
        var total: Int?
        /// Cursor and link lists: the key that loads this run (nil for items that no
        /// key loads alone: inserted by the app, or left over after a reload).
        var key: PageKey?
        /// Cursor and link lists: the key of the page after it, as the API gave it.
        var next: PageKey?
        /// Cursor and link lists: the key of the page before it, as the API gave it.
        var previous: PageKey?
        /// Loaded before the current refresh and not reloaded since.
        var isStale = false
        /// The load generation (refresh count) it was loaded in.
        var generation = 0
    }

    /// Loaded items.
    struct Run: Sendable {
        var items: [Item]
        var ids: [ItemIdentity?]
        var info: RunInfo
    }

    /// Rows that exist but are not loaded.
    struct Hole: Sendable {
        /// Cursor and link lists: the key that loads these rows.
        var key: PageKey?
        /// Rows the list may have missed while the server's list moved: loading them
        /// closes the gap.
        var isGap = false
        /// Index-addressed lists, on an empty block: the rows from here on stand for
        /// server positions this much lower (negative: rows above hold items the server
        /// no longer counts, and the list cannot tell which).
        var shift = 0
        /// The failure these rows show, and the page whose load failed.
        var failure: APIError?
        var failedPage: Int?
        /// The front of a cursor list: the page after the last one loaded.
        var isFrontier = false
    }

    enum Content: Sendable {
        case run(Run)
        case hole(Hole)
    }

    struct Block: Sendable {
        /// Unique for the list's life; a block split in two keeps it in its first half.
        let serial: Int
        var count: Int
        var content: Content

        var run: Run? {
            if case .run(let run) = content { return run }
            return nil
        }

        var hole: Hole? {
            if case .hole(let hole) = content { return hole }
            return nil
        }
    }

    /// What one row holds.
    enum Slot {
        case item(Item, ItemIdentity?)
        case hole(Hole)
    }

    private(set) var blocks: [Block] = []
    /// The first row of each block.
    private(set) var starts: [Int] = []
    /// The sum of the position shifts of the blocks before each block.
    private(set) var shiftsBefore: [Int] = []
    /// The number of rows.
    private(set) var count = 0
    /// The number of loaded items.
    private(set) var heldItems = 0
    private var owners: [ItemIdentity: Int] = [:]
    private var indexOfSerial: [Int: Int] = [:]
    private var nextSerial = 0
    /// The number of position shift markers among the blocks.
    private(set) var shiftMarkers = 0
    /// The edits of the current transaction.
    var recorder = ChangeRecorder()
    let identity: (@Sendable (Item) -> AnyHashable)?

    init(identity: (@Sendable (Item) -> AnyHashable)?) {
        self.identity = identity
    }

    // MARK: Reading

    /// A new serial for a block made outside (a frontier hole placed first).
    mutating func makeSerial() -> Int {
        defer { nextSerial += 1 }
        return nextSerial
    }

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

    // MARK: Structure

    /// Makes a block start at `row` (0...count), splitting the one across it; returns
    /// the index of the block that starts there (the block count at the end).
    @discardableResult
    mutating func split(at row: Int) -> Int {
        if row >= count { return blocks.count }
        let (index, offset) = locate(row)
        guard offset > 0 else { return index }
        var head = blocks[index]
        let serial = makeSerial()
        var tail: Block
        switch head.content {
        case .run(var run):
            var tailRun = run
            tailRun.items = Array(run.items[offset...])
            tailRun.ids = Array(run.ids[offset...])
            run.items.removeSubrange(offset...)
            run.ids.removeSubrange(offset...)
            head.content = .run(run)
            tail = Block(serial: serial, count: tailRun.items.count, content: .run(tailRun))
            for id in tailRun.ids { if let id { owners[id] = serial } }
        case .hole(let hole):
            tail = Block(serial: serial, count: head.count - offset, content: .hole(hole))
        }
        head.count = offset
        blocks[index] = head
        blocks.insert(tail, at: index + 1)
        reindex(from: index)
        return index + 1
    }

    /// Recomputes the first rows, the shifts and the serial index from block `index` on.
    private mutating func reindex(from index: Int) {
        if starts.count > blocks.count { starts.removeLast(starts.count - blocks.count) }
        if shiftsBefore.count > blocks.count { shiftsBefore.removeLast(shiftsBefore.count - blocks.count) }
        var row = index > 0 ? starts[index - 1] + blocks[index - 1].count : 0
        var shift = index > 0 ? shiftsBefore[index - 1] + (blocks[index - 1].hole?.shift ?? 0) : 0
        for position in index..<blocks.count {
            if position < starts.count { starts[position] = row } else { starts.append(row) }
            if position < shiftsBefore.count { shiftsBefore[position] = shift } else { shiftsBefore.append(shift) }
            indexOfSerial[blocks[position].serial] = position
            row += blocks[position].count
            shift += blocks[position].hole?.shift ?? 0
        }
        count = row
    }

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

    /// Rows at `row` were found not on the server: the nearest negative shift at or
    /// below it, which counted them as such, gives back as much.
    mutating func absorbShift(below row: Int, rows deleted: Int) {
        guard shiftMarkers > 0, deleted > 0 else { return }
        for index in blocks.indices where starts[index] >= row {
            guard let shift = blocks[index].hole?.shift, shift < 0 else { continue }
            addShift(min(deleted, -shift), at: starts[index])
            return
        }
    }

    /// Adds `delta` to the position shift at `row`: to the marker there, or a new one.
    mutating func addShift(_ delta: Int, at row: Int) {
        guard delta != 0 else { return }
        let index = split(at: row)
        if index > 0, starts[index - 1] == row, blocks[index - 1].count == 0, case .hole(var hole) = blocks[index - 1].content,
            hole.shift != 0
        {
            hole.shift += delta
            if hole.shift == 0 {
                shiftMarkers -= 1
                indexOfSerial[blocks[index - 1].serial] = nil
                blocks.remove(at: index - 1)
                reindex(from: max(0, index - 1))
            } else {
                blocks[index - 1].content = .hole(hole)
                reindex(from: index - 1)
            }
            return
        }
        let serial = makeSerial()
        blocks.insert(Block(serial: serial, count: 0, content: .hole(Hole(shift: delta))), at: index)
        shiftMarkers += 1
        reindex(from: index)
    }

    /// Adds `delta` rows to block `index` (its count already changed) for the blocks after it.
    private mutating func shiftStarts(after index: Int, by delta: Int) {
        guard delta != 0 else { return }
        for position in (index + 1)..<blocks.count { starts[position] += delta }
        count += delta
    }

    /// Removes empty blocks and merges neighbouring plain holes around `index`.
    private mutating func tidy(around index: Int) {
        var position = max(0, index - 1)
        var changed = false
        while position < blocks.count, position <= index + 1 {
            if blocks[position].count == 0, !keepsWhenEmpty(blocks[position]) {
                indexOfSerial[blocks[position].serial] = nil
                blocks.remove(at: position)
                changed = true
                continue
            }
            if position + 1 < blocks.count, let left = blocks[position].hole, let right = blocks[position + 1].hole,
                Self.mergeable(left, right)
            {
                blocks[position].count += blocks[position + 1].count
                indexOfSerial[blocks[position + 1].serial] = nil
                blocks.remove(at: position + 1)
                changed = true
                continue
            }
            position += 1
        }
        if changed { reindex(from: max(0, index - 1)) }
    }

    /// Holes that stand for nothing but their rows (no key, not a gap) merge.
    private static func mergeable(_ left: Hole, _ right: Hole) -> Bool {
        left.key == nil && right.key == nil && !left.isGap && !right.isGap && !left.isFrontier && !right.isFrontier
            && left.shift == 0 && right.shift == 0 && left.failedPage == right.failedPage
    }

    /// A hole with a key (a cursor list's frontier, a page to walk) stays when empty.
    private func keepsWhenEmpty(_ block: Block) -> Bool {
        if let hole = block.hole { return hole.key != nil || hole.isFrontier || hole.shift != 0 }
        return false
    }

    // MARK: Edits

    /// Inserts `items` (with their identities) at `row` as a block of their own, or
    /// into the run around `row` (with `joining`, also into the run that ends or starts
    /// there); returns the serial of the block that holds them.
    @discardableResult
    mutating func insert(
        _ items: [Item], ids: [ItemIdentity?], at row: Int, info: RunInfo, ownBlock: Bool = false, joining: Bool = false
    ) -> Int {
        precondition(row >= 0 && row <= count, "row \(row) is outside 0...\(count)")
        guard !items.isEmpty else { return -1 }
        if joining {
            if row > 0, case (let index, let offset) = locate(row - 1), blocks[index].run != nil {
                let serial = blocks[index].serial
                insert(items, ids: ids, intoBlock: index, at: offset + 1)
                return serial
            }
            if row < count, case (let index, let offset) = locate(row), blocks[index].run != nil {
                let serial = blocks[index].serial
                insert(items, ids: ids, intoBlock: index, at: offset)
                return serial
            }
        }
        recorder.insert(at: row, count: items.count)
        heldItems += items.count
        if !ownBlock, row > 0, row < count {
            let (index, offset) = locate(row)
            if offset > 0, case .run(var run) = blocks[index].content {
                run.items.insert(contentsOf: items, at: offset)
                run.ids.insert(contentsOf: ids, at: offset)
                blocks[index].content = .run(run)
                blocks[index].count += items.count
                let serial = blocks[index].serial
                for id in ids { if let id { owners[id] = serial } }
                shiftStarts(after: index, by: items.count)
                return serial
            }
        }
        let index = split(at: row)
        let serial = makeSerial()
        blocks.insert(Block(serial: serial, count: items.count, content: .run(Run(items: items, ids: ids, info: info))), at: index)
        for id in ids { if let id { owners[id] = serial } }
        reindex(from: index)
        return serial
    }

    /// Inserts `rows` rows not loaded at `row`; returns the new block's serial.
    @discardableResult
    mutating func insertHole(_ rows: Int, at row: Int, hole: Hole = Hole()) -> Int {
        precondition(row >= 0 && row <= count, "row \(row) is outside 0...\(count)")
        let serial = makeSerial()
        guard rows > 0 || keepsWhenEmpty(Block(serial: serial, count: 0, content: .hole(hole))) else { return serial }
        recorder.insert(at: row, count: rows)
        let index = split(at: row)
        blocks.insert(Block(serial: serial, count: rows, content: .hole(hole)), at: index)
        reindex(from: index)
        tidy(around: index)
        return serial
    }

    /// Deletes `rows`; returns the identities of the items deleted.
    @discardableResult
    mutating func delete(_ rows: Range<Int>) -> [ItemIdentity] {
        let rows = rows.clamped(to: 0..<count)
        guard !rows.isEmpty else { return [] }
        let (index, offset) = locate(rows.lowerBound)
        if case .run(var run) = blocks[index].content, offset + rows.count <= run.items.count {
            // Within one run: it stays one block.
            recorder.delete(at: rows.lowerBound, count: rows.count)
            let serial = blocks[index].serial
            var released: [ItemIdentity] = []
            for id in run.ids[offset..<offset + rows.count] {
                if let id, owners[id] == serial {
                    owners[id] = nil
                    released.append(id)
                }
            }
            run.items.removeSubrange(offset..<offset + rows.count)
            run.ids.removeSubrange(offset..<offset + rows.count)
            heldItems -= rows.count
            blocks[index].content = .run(run)
            blocks[index].count -= rows.count
            shiftStarts(after: index, by: -rows.count)
            if blocks[index].count == 0 {
                indexOfSerial[serial] = nil
                blocks.remove(at: index)
                reindex(from: index)
                if index < blocks.count { tidy(around: index) }
            }
            return released
        }
        recorder.delete(at: rows.lowerBound, count: rows.count)
        let first = split(at: rows.lowerBound)
        let end = split(at: rows.upperBound)
        var released: [ItemIdentity] = []
        var shift = 0
        for block in blocks[first..<end] {
            indexOfSerial[block.serial] = nil
            if let marker = block.hole?.shift, marker != 0 {
                shift += marker
                shiftMarkers -= 1
            }
            guard let run = block.run else { continue }
            heldItems -= run.items.count
            for id in run.ids {
                if let id, owners[id] == block.serial {
                    owners[id] = nil
                    released.append(id)
                }
            }
        }
        blocks.removeSubrange(first..<end)
        reindex(from: first)
        tidy(around: first)
        // The position shifts among the rows stay, where the rows were.
        if shift != 0 { addShift(shift, at: rows.lowerBound) }
        return released
    }

    /// Replaces the item on `row` (a loaded row) with `item`.
    mutating func replace(at row: Int, with item: Item) {
        let (index, offset) = locate(row)
        guard case .run(var run) = blocks[index].content else { return }
        let newID = id(of: item)
        if let old = run.ids[offset], old != newID, owners[old] == blocks[index].serial { owners[old] = nil }
        run.items[offset] = item
        run.ids[offset] = newID
        if let newID { owners[newID] = blocks[index].serial }
        blocks[index].content = .run(run)
        recorder.reload(row..<row + 1)
    }

    /// Puts `items` on the hole rows `row..<row + items.count` (all in one hole),
    /// as a block of their own; returns its serial.
    @discardableResult
    mutating func fill(at row: Int, with items: [Item], ids: [ItemIdentity?], info: RunInfo) -> Int {
        guard !items.isEmpty else { return -1 }
        let first = split(at: row)
        _ = split(at: row + items.count)
        precondition(blocks[first].hole != nil && blocks[first].count == items.count, "rows \(row)..<\(row + items.count) are not one hole")
        let serial = blocks[first].serial
        blocks[first].content = .run(Run(items: items, ids: ids, info: info))
        for id in ids { if let id { owners[id] = serial } }
        heldItems += items.count
        recorder.reload(row..<row + items.count)
        return serial
    }

    /// Turns the loaded rows among `rows` back into hole rows; returns how many items
    /// were dropped. Rows whose identity `keep` holds stay loaded.
    @discardableResult
    mutating func evict(_ rows: Range<Int>, keep: (ItemIdentity) -> Bool = { _ in false }) -> Int {
        let rows = rows.clamped(to: 0..<count)
        guard !rows.isEmpty else { return 0 }
        var dropped = 0
        var row = rows.lowerBound
        while row < rows.upperBound {
            let (index, offset) = locate(row)
            let blockRows = self.rows(ofBlock: index)
            let end = min(rows.upperBound, blockRows.upperBound)
            guard let run = blocks[index].run else {
                row = end
                continue
            }
            // The stretch of this run to drop: up to the first row to keep.
            var stop = end
            for position in offset..<(end - blockRows.lowerBound) {
                if let id = run.ids[position], keep(id) {
                    stop = blockRows.lowerBound + position
                    break
                }
            }
            if stop == row {
                row += 1
                continue
            }
            let first = split(at: row)
            _ = split(at: stop)
            let block = blocks[first]
            if let run = block.run {
                for id in run.ids { if let id, owners[id] == block.serial { owners[id] = nil } }
                heldItems -= run.items.count
                dropped += run.items.count
            }
            blocks[first].content = .hole(Hole())
            recorder.reload(row..<stop)
            tidy(around: first)
            row = stop
        }
        return dropped
    }

    /// Changes the row count of hole block `index` to `rows`, adding or removing rows at
    /// its end (or its start, with `atStart`).
    mutating func resizeHole(_ index: Int, to rows: Int, atStart: Bool = false) {
        let rows = max(0, rows)
        let old = blocks[index].count
        guard rows != old, blocks[index].hole != nil else { return }
        let first = starts[index]
        let at = atStart ? first : first + min(old, rows)
        if rows > old { recorder.insert(at: at, count: rows - old) } else { recorder.delete(at: at, count: old - rows) }
        blocks[index].count = rows
        shiftStarts(after: index, by: rows - old)
        tidy(around: index)
    }

    /// Changes what hole block `index` stands for.
    mutating func setHole(_ index: Int, _ hole: Hole) {
        guard blocks[index].hole != nil else { return }
        blocks[index].content = .hole(hole)
        if blocks[index].count > 0 { recorder.reload(rows(ofBlock: index)) }
        tidy(around: index)
    }

    /// Gives block `index` a new serial (its rows stay), so that what was known under
    /// the old one no longer applies; returns the new serial.
    @discardableResult
    mutating func renew(_ index: Int) -> Int {
        let old = blocks[index]
        let serial = makeSerial()
        blocks[index] = Block(serial: serial, count: old.count, content: old.content)
        indexOfSerial[old.serial] = nil
        indexOfSerial[serial] = index
        if let run = old.run { for id in run.ids { if let id, owners[id] == old.serial { owners[id] = serial } } }
        return serial
    }

    /// Changes what is known about run block `index`.
    mutating func setInfo(_ index: Int, _ update: (inout RunInfo) -> Void) {
        guard case .run(var run) = blocks[index].content else { return }
        update(&run.info)
        blocks[index].content = .run(run)
    }

    /// Moves the row `from` so that it ends at row `to` (both in the current numbering,
    /// `to` as counted after the move).
    mutating func move(from: Int, to: Int) {
        guard from != to, case .item(let item, let id) = slot(at: from) else { return }
        let info = blocks[locate(from).block].run?.info ?? RunInfo()
        let recorded = recorder
        delete(from..<from + 1)
        insert([item], ids: [id], at: to, info: info)
        // One move, not a deletion and an insertion.
        recorder = recorded
        recorder.move(from: from, to: to)
    }

    /// Makes the loaded rows `rows` one run with `info` and the serial `serial` (their
    /// items stay on their rows; no block outside `rows` may have `serial`); returns its
    /// index, or nil, changing nothing, when a block among them is not a run.
    @discardableResult
    mutating func join(_ rows: Range<Int>, info: RunInfo, serial: Int) -> Int? {
        guard !rows.isEmpty, rows.lowerBound >= 0, rows.upperBound <= count,
            blockIndexes(covering: rows).allSatisfy({ blocks[$0].run != nil })
        else { return nil }
        let first = split(at: rows.lowerBound)
        split(at: rows.upperBound)
        // Not the empty blocks right after the rows.
        let end = locate(rows.upperBound - 1).block + 1
        var run = Run(items: [], ids: [], info: info)
        for block in blocks[first..<end] {
            guard let part = block.run else { continue }
            run.items += part.items
            run.ids += part.ids
            indexOfSerial[block.serial] = nil
        }
        precondition(indexOfSerial[serial] == nil, "serial \(serial) is another block's")
        for id in run.ids { if let id { owners[id] = serial } }
        blocks.replaceSubrange(first..<end, with: [Block(serial: serial, count: run.items.count, content: .run(run))])
        reindex(from: first)
        return first
    }

    /// Inserts `items` into run block `index` at `offset` (0...its count), even at
    /// its edges, so that they belong to that run.
    mutating func insert(_ items: [Item], ids: [ItemIdentity?], intoBlock index: Int, at offset: Int) {
        guard !items.isEmpty, case .run(var run) = blocks[index].content else { return }
        recorder.insert(at: starts[index] + offset, count: items.count)
        run.items.insert(contentsOf: items, at: offset)
        run.ids.insert(contentsOf: ids, at: offset)
        blocks[index].content = .run(run)
        blocks[index].count += items.count
        heldItems += items.count
        let serial = blocks[index].serial
        for id in ids { if let id { owners[id] = serial } }
        shiftStarts(after: index, by: items.count)
    }

    /// Turns hole block `index` into a run of `items`, keeping its serial: its rows
    /// get the items, and rows are added or removed at its end to fit them.
    mutating func convertHole(_ index: Int, to items: [Item], ids: [ItemIdentity?], info: RunInfo) {
        guard blocks[index].hole != nil else { return }
        let old = blocks[index].count
        let start = starts[index]
        recorder.reload(start..<start + min(old, items.count))
        if items.count > old {
            recorder.insert(at: start + old, count: items.count - old)
        } else if items.count < old {
            recorder.delete(at: start + items.count, count: old - items.count)
        }
        let serial = blocks[index].serial
        blocks[index].content = .run(Run(items: items, ids: ids, info: info))
        blocks[index].count = items.count
        for id in ids { if let id { owners[id] = serial } }
        heldItems += items.count
        shiftStarts(after: index, by: items.count - old)
        if items.isEmpty {
            indexOfSerial[serial] = nil
            blocks.remove(at: index)
            reindex(from: index)
            if index < blocks.count { tidy(around: index) }
        }
    }

    /// Turns run block `index` back into a hole of as many rows, keeping its serial.
    mutating func evictBlock(_ index: Int, hole: Hole) -> Int {
        guard let run = blocks[index].run else { return 0 }
        let serial = blocks[index].serial
        for id in run.ids { if let id, owners[id] == serial { owners[id] = nil } }
        heldItems -= run.items.count
        blocks[index].content = .hole(hole)
        if blocks[index].count > 0 { recorder.reload(rows(ofBlock: index)) }
        tidy(around: index)
        return run.items.count
    }

    /// Changes what hole block `index` stands for; `reload` when its rows read differently.
    mutating func updateHole(_ index: Int, reload: Bool, _ update: (inout Hole) -> Void) {
        guard case .hole(var hole) = blocks[index].content else { return }
        update(&hole)
        blocks[index].content = .hole(hole)
        if reload, blocks[index].count > 0 { recorder.reload(rows(ofBlock: index)) }
    }

    /// Marks every loaded run as loaded before the current refresh.
    mutating func markStale(_ rows: Range<Int>) {
        for index in blockIndexes(covering: rows) {
            setInfo(index) { $0.isStale = true }
        }
    }

    /// Adds an empty hole block (a cursor list's frontier) at the end; returns its serial.
    @discardableResult
    mutating func appendEmptyHole(_ hole: Hole) -> Int {
        let serial = makeSerial()
        blocks.append(Block(serial: serial, count: 0, content: .hole(hole)))
        reindex(from: blocks.count - 1)
        return serial
    }

    /// Puts `hole`'s empty block with `serial` right after row `row`'s block boundary
    /// (an empty marker, such as a gap to walk).
    @discardableResult
    mutating func insertEmptyHole(_ hole: Hole, at row: Int) -> Int {
        let serial = makeSerial()
        let index = split(at: row)
        blocks.insert(Block(serial: serial, count: 0, content: .hole(hole)), at: index)
        reindex(from: index)
        return serial
    }
}
