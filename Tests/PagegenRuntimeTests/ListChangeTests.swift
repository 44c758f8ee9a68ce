import Testing

@testable import PagegenRuntime

/// The recorder turns edits made one at a time into one batch update; applied to the
/// rows before, the batch gives the rows after.
@Suite("ListChange")
struct ListChangeTests {
    @Test("random edits, recorded one by one, make a batch update that reproduces them", arguments: 0..<300)
    func randomEdits(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let start = Int.random(in: 0...20, using: &random)
        let before = (0..<start).map { "old\($0)" }
        var rows = before
        var recorder = ChangeRecorder()
        recorder.begin(count: start)
        makeRandomEdits(Int.random(in: 0...12, using: &random), to: &rows, recordingIn: &recorder, using: &random)
        guard let change = recorder.change(countAfter: rows.count, anchor: nil) else {
            #expect(rows == before)
            return
        }
        // Rows the change does not name keep their content; the ones it names are
        // filled from the list.
        var applied = before
        change.apply(to: &applied) { _ in "?" }
        #expect(applied.count == rows.count)
        for (row, value) in applied.enumerated() where value != "?" {
            #expect(value == rows[row], "row \(row) kept \(value), but it is \(rows[row]) after \(change)")
        }
        for (row, value) in rows.enumerated() where value.hasPrefix("new") || value.hasSuffix("'") {
            #expect(applied[row] == "?", "row \(row) changed to \(value) but \(change) does not say so")
        }
        // Every row kept from before is found where it went.
        for (old, value) in before.enumerated() {
            guard let row = rows.firstIndex(where: { $0 == value || $0.hasPrefix(value + "'") }) else { continue }
            #expect(recorder.newRow(ofOldRow: old) == row)
        }
        var filled = before
        change.apply(to: &filled) { rows[$0] }
        #expect(filled == rows)
        // A batch update names each old row once at most.
        let moved = Set(change.movedRows.map(\.from))
        for range in change.deletedRows { #expect(!range.contains { moved.contains($0) }) }
    }

    @Test("a deleted anchor row gives its place to the row after it")
    func deletedAnchor() {
        var recorder = ChangeRecorder()
        recorder.begin(count: 10)
        recorder.delete(at: 3, count: 2)
        recorder.insert(at: 0, count: 4)
        #expect(recorder.newRow(ofOldRow: 3) == 7)
        #expect(recorder.newRow(ofOldRow: 5) == 7)
        #expect(recorder.newRow(ofOldRow: 9) == 11)
    }

    @Test("a row moved back between its old neighbours is not a move: no change")
    func moveBack() {
        var recorder = ChangeRecorder()
        recorder.begin(count: 5)
        recorder.move(from: 1, to: 3)
        recorder.move(from: 3, to: 1)
        #expect(recorder.change(countAfter: 5, anchor: nil) == nil)
    }
}
