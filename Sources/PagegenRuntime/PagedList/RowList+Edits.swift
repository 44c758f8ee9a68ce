/// Edits of the rows: each changes the blocks and notes what it did to the rows in the
/// ``RowList/journal``.
extension RowList {
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
        journal.append(.insert(at: row, count: items.count))
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
        journal.append(.insert(at: row, count: rows))
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
            journal.append(.delete(at: rows.lowerBound, count: rows.count))
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
        journal.append(.delete(at: rows.lowerBound, count: rows.count))
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
        journal.append(.reload(row..<row + 1))
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
        journal.append(.reload(row..<row + items.count))
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
            journal.append(.reload(row..<stop))
            tidy(around: first)
            row = stop
        }
        return dropped
    }

    /// Changes the row count of hole block `index` to `rows`, adding or removing rows at
    /// its end.
    mutating func resizeHole(_ index: Int, to rows: Int) {
        let rows = max(0, rows)
        let old = blocks[index].count
        guard rows != old, blocks[index].hole != nil else { return }
        let at = starts[index] + min(old, rows)
        journal.append(rows > old ? .insert(at: at, count: rows - old) : .delete(at: at, count: old - rows))
        blocks[index].count = rows
        shiftStarts(after: index, by: rows - old)
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
        let recorded = journal.count
        delete(from..<from + 1)
        insert([item], ids: [id], at: to, info: info)
        // One move, not a deletion and an insertion.
        journal.removeSubrange(recorded...)
        journal.append(.move(from: from, to: to))
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
        journal.append(.insert(at: starts[index] + offset, count: items.count))
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
        journal.append(.reload(start..<start + min(old, items.count)))
        if items.count > old {
            journal.append(.insert(at: start + old, count: items.count - old))
        } else if items.count < old {
            journal.append(.delete(at: start + items.count, count: old - items.count))
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
        if blocks[index].count > 0 { journal.append(.reload(rows(ofBlock: index))) }
        tidy(around: index)
        return run.items.count
    }

    /// Changes what hole block `index` stands for; `reload` when its rows read differently.
    mutating func updateHole(_ index: Int, reload: Bool, _ update: (inout Hole) -> Void) {
        guard case .hole(var hole) = blocks[index].content else { return }
        update(&hole)
        blocks[index].content = .hole(hole)
        if reload, blocks[index].count > 0 { journal.append(.reload(rows(ofBlock: index))) }
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

    /// Puts `hole`'s empty block before block `index` (the block count: after the last).
    @discardableResult
    mutating func insertEmptyHole(_ hole: Hole, beforeBlock index: Int) -> Int {
        let serial = makeSerial()
        blocks.insert(Block(serial: serial, count: 0, content: .hole(hole)), at: index)
        reindex(from: index)
        return serial
    }
}
