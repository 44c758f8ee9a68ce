/// Transactions: every input of the table runs between ``begin()`` and ``end()``,
/// which turns the row edits it made into one ``ListChange`` and says where the
/// anchor row went.
extension PageTable {
    /// Starts a transaction.
    mutating func begin() {
        rows.recorder.begin(count: count)
        transaction = Transaction(trailingRow: phase != .idle && hasTrailingRow, anchorRow: anchorRow, rowCount: rows.count)
    }

    /// Ends the transaction: the change it made, or nil when no row changed.
    mutating func end() -> ListChange? {
        let trailingRow = phase != .idle && hasTrailingRow
        if trailingRow != transaction.trailingRow {
            if trailingRow {
                rows.recorder.insert(at: rows.count, count: 1)
            } else {
                rows.recorder.delete(at: rows.count, count: 1)
            }
        }
        if refreshing, refreshSlots.allSatisfy({ slots[$0] == nil && !needsLoad($0) }) {
            refreshing = false
            activity += 1
        }
        let recorder = rows.recorder
        let rowCount = count
        var anchor: ListChange.Anchor?
        if let before = transaction.anchorRow, recorder.countBefore > 0, rowCount > 0 {
            var after: Int
            if let row = anchorID.flatMap({ rows.row(of: $0) }) {
                after = row
            } else if before >= transaction.rowCount, transaction.rowCount > 0,
                let row = recorder.row(after: transaction.rowCount - 1)
            {
                // The loading row (or a row past it): rows added at the end take its place,
                // below the last row before them.
                after = row
            } else {
                after = recorder.newRow(ofOldRow: before)
            }
            after = min(max(0, after), rowCount - 1)
            anchor = ListChange.Anchor(before: before, after: after)
            anchorRow = after
            anchorID = rows.identity(at: after)
        }
        if recorder.movedRows, recorder.countBefore > 0 { followRows(recorder) }
        return recorder.change(countAfter: rowCount, anchor: anchor)
    }

    /// Rows moved: the rows the table remembers (on screen, the fling's target,
    /// prefetch demands, the focus) follow their content.
    private mutating func followRows(_ recorder: ChangeRecorder) {
        func follow(_ range: Range<Int>?) -> Range<Int>? {
            guard let range else { return nil }
            let lower = recorder.newRow(ofOldRow: range.lowerBound)
            return lower..<lower + range.count
        }
        visible = follow(visible)
        settleTarget = follow(settleTarget)
        startRows = follow(startRows)
        if let focusRow { self.focusRow = recorder.newRow(ofOldRow: focusRow) }
        if !demands.isEmpty {
            var moved: [Int: Int] = [:]
            for (row, allowed) in demands { moved[recorder.newRow(ofOldRow: row)] = allowed }
            demands = moved
        }
    }
}
