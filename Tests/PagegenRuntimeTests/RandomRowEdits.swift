@testable import PagegenRuntime

/// Makes `count` random edits of `rows` (insertions, deletions, reloads and moves of a
/// few rows), recording each in `recorder` as it is made: the input of the tests of
/// the change the recorder reports.
func makeRandomEdits(
    _ count: Int, to rows: inout [String], recordingIn recorder: inout ChangeRecorder, using random: inout SeededGenerator
) {
    var serial = 0
    for _ in 0..<count {
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            let row = Int.random(in: 0...rows.count, using: &random)
            let count = Int.random(in: 1...3, using: &random)
            rows.insert(contentsOf: (0..<count).map { "new\(serial + $0)" }, at: row)
            serial += count
            recorder.insert(at: row, count: count)
        case 1 where !rows.isEmpty:
            let row = Int.random(in: 0..<rows.count, using: &random)
            let count = Int.random(in: 1...min(3, rows.count - row), using: &random)
            rows.removeSubrange(row..<row + count)
            recorder.delete(at: row, count: count)
        case 2 where !rows.isEmpty:
            let row = Int.random(in: 0..<rows.count, using: &random)
            let end = Int.random(in: row + 1...min(rows.count, row + 3), using: &random)
            for index in row..<end { rows[index] += "'" }
            recorder.reload(row..<end)
        case 3 where rows.count > 1:
            let from = Int.random(in: 0..<rows.count, using: &random)
            let to = Int.random(in: 0..<rows.count, using: &random)
            rows.insert(rows.remove(at: from), at: to)
            recorder.move(from: from, to: to)
        default:
            break
        }
    }
}
