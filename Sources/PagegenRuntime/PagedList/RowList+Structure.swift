/// The blocks' structure: splitting and merging them, the index of their first rows
/// and serials, and the position shifts index-addressed lists keep on empty blocks.
extension RowList {
    /// A new serial for a block made outside (a frontier hole placed first).
    mutating func makeSerial() -> Int {
        defer { nextSerial += 1 }
        return nextSerial
    }

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
    mutating func reindex(from index: Int) {
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
    mutating func shiftStarts(after index: Int, by delta: Int) {
        guard delta != 0 else { return }
        for position in (index + 1)..<blocks.count { starts[position] += delta }
        count += delta
    }

    /// Removes empty blocks and merges neighbouring plain holes around `index`.
    mutating func tidy(around index: Int) {
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
    static func mergeable(_ left: Hole, _ right: Hole) -> Bool {
        left.key == nil && right.key == nil && !left.isGap && !right.isGap && !left.isFrontier && !right.isFrontier
            && left.shift == 0 && right.shift == 0 && left.failedPage == right.failedPage
    }

    /// A hole with a key (a cursor list's frontier, a page to walk) stays when empty.
    func keepsWhenEmpty(_ block: Block) -> Bool {
        if let hole = block.hole { return hole.key != nil || hole.isFrontier || hole.shift != 0 }
        return false
    }
}
