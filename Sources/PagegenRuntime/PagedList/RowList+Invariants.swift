extension RowList {
    /// Every invariant of the blocks that does not hold, in words: the first rows, the
    /// position shifts, the counts and the indexes agree with the blocks, so that an item
    /// is on one row at most; an empty block is a marker that keeps (a key, the frontier,
    /// a position shift).
    func invariantViolations() -> [String] {
        var problems: [String] = []
        guard starts.count == blocks.count, shiftsBefore.count == blocks.count else {
            return ["\(blocks.count) blocks, \(starts.count) first rows, \(shiftsBefore.count) shifts"]
        }
        var row = 0
        var shift = 0
        var held = 0
        var markers = 0
        var identified = 0
        for (index, block) in blocks.enumerated() {
            if starts[index] != row { problems.append("block \(index) starts at row \(starts[index]), not \(row)") }
            if shiftsBefore[index] != shift { problems.append("block \(index) has shift \(shiftsBefore[index]) before it, not \(shift)") }
            if indexOfSerial[block.serial] != index { problems.append("block \(block.serial) is not indexed at \(index)") }
            switch block.content {
            case .run(let run):
                if run.items.count != block.count || run.ids.count != block.count {
                    problems.append("run \(block.serial) holds \(run.items.count) items for \(block.count) rows")
                }
                if block.count == 0 { problems.append("run \(block.serial) is empty") }
                held += run.items.count
                for id in run.ids {
                    guard let id else { continue }
                    identified += 1
                    if owners[id] != block.serial {
                        problems.append("item \(id) of block \(block.serial) is indexed in block \(owners[id] ?? -1)")
                    }
                }
            case .hole(let hole):
                if hole.shift != 0 {
                    markers += 1
                    if block.count != 0 { problems.append("shift marker \(block.serial) has rows") }
                }
                if block.count == 0, !keepsWhenEmpty(block) { problems.append("hole \(block.serial) is empty and stands for nothing") }
                shift += hole.shift
            }
            row += block.count
        }
        if row != count { problems.append("\(count) rows counted, the blocks hold \(row)") }
        if held != heldItems { problems.append("\(heldItems) items counted, the runs hold \(held)") }
        if markers != shiftMarkers { problems.append("\(shiftMarkers) shift markers counted, \(markers) found") }
        if identified != owners.count {
            problems.append(
                "\(identified) rows hold an identified item, \(owners.count) identities are indexed: an item on two rows, or one on none")
        }
        if indexOfSerial.count != blocks.count { problems.append("\(indexOfSerial.count) serials indexed for \(blocks.count) blocks") }
        return problems
    }
}
