import Testing

@testable import PagegenRuntime

/// The mirror of a list whose first page is at the bottom: rows counted from the other
/// end, and each change turned upside down, on its own.
@Suite("Row mirror")
struct RowMirrorTests {
    @Test("a mirrored change, applied to the rows upside down, gives the rows after it upside down", arguments: 0..<200)
    func mirroredChange(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &+ 17)
        let start = Int.random(in: 0...20, using: &random)
        let before = (0..<start).map { "old\($0)" }
        var rows = before
        var recorder = ChangeRecorder()
        recorder.begin(count: start)
        makeRandomEdits(Int.random(in: 1...12, using: &random), to: &rows, recordingIn: &recorder, using: &random)
        let anchor =
            start > 0 && !rows.isEmpty
            ? ListChange.Anchor(before: Int.random(in: 0..<start, using: &random), after: Int.random(in: 0..<rows.count, using: &random))
            : nil
        guard let change = recorder.change(countAfter: rows.count, anchor: anchor) else { return }
        let mirrored = change.mirrored()

        // Applied to the rows upside down, the mirror gives, upside down, what the change
        // gives applied to the rows.
        var applied = before
        change.apply(to: &applied) { rows[$0] }
        var upsideDown = Array(before.reversed())
        mirrored.apply(to: &upsideDown) { rows[rows.count - 1 - $0] }
        #expect(upsideDown == applied.reversed(), "\(change) mirrored as \(mirrored)")

        // The same rows, named from the other end; the ranges stay sorted.
        #expect(mirrored.countBefore == change.countBefore && mirrored.countAfter == change.countAfter)
        #expect(Set(mirrored.deletedRows.flatMap { $0 }) == Set(change.deletedRows.flatMap { $0 }.map { start - 1 - $0 }))
        #expect(Set(mirrored.insertedRows.flatMap { $0 }) == Set(change.insertedRows.flatMap { $0 }.map { rows.count - 1 - $0 }))
        #expect(Set(mirrored.reloadedRows.flatMap { $0 }) == Set(change.reloadedRows.flatMap { $0 }.map { rows.count - 1 - $0 }))
        for ranges in [mirrored.deletedRows, mirrored.insertedRows, mirrored.reloadedRows] {
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound <= $1.lowerBound }, "\(ranges) not sorted")
        }
        #expect(
            Set(mirrored.movedRows) == Set(change.movedRows.map { ListChange.Move(from: start - 1 - $0.from, to: rows.count - 1 - $0.to) }))
        if let anchor {
            #expect(mirrored.anchor == ListChange.Anchor(before: start - 1 - anchor.before, after: rows.count - 1 - anchor.after))
        }
        #expect(mirrored.mirrored() == change)
    }

    @Test("an older page loaded above the rows on screen: rows inserted at the top, the anchor moves down with its content")
    func olderPageAbove() {
        // In the server's order: 20 rows added after 30, the anchor on row 5 stays there.
        let change = ListChange(countBefore: 31, countAfter: 51, insertedRows: [30..<50], anchor: .init(before: 5, after: 5))
        let mirrored = change.mirrored()
        #expect(mirrored.insertedRows == [1..<21])
        #expect(mirrored.anchor == ListChange.Anchor(before: 25, after: 45))
        #expect(mirrored.anchor?.moved == true)
    }

    @Test("rows and ranges count from the other end, and not before there is a count")
    func rows() {
        let mirror = RowMirror(isMirrored: true, count: 10)
        #expect(mirror.row(0) == 9 && mirror.row(9) == 0 && mirror.row(mirror.row(3)) == 3)
        #expect(mirror.rows(0..<3) == 7..<10)
        #expect(mirror.rows(mirror.rows(2..<5)) == 2..<5)
        #expect(RowMirror(isMirrored: true, count: 0).rows(0..<12) == 0..<12)
        #expect(RowMirror(isMirrored: false, count: 10).row(2) == 2)
        let states = LoadStates(refresh: .notLoading, prepend: .loading, append: .endReached)
        let screen = mirror.loadStates(states)
        #expect(screen.prepend.isLoading == false && screen.append.isLoading)
    }
}
