/// What changed in a ``PagedList``: the rows to reload, and the rows inserted or
/// removed at the end.
///
/// Rows never move: a page that loads, fails or is dropped changes its rows in
/// place; the row count changes only at the end (the first page, a new total, the
/// loading row of a list whose length is unknown). So one change maps directly onto
/// a table view's batch update:
///
/// ```swift
/// list.onChange = { change in
///     guard change.countBefore > 0 else { return tableView.reloadData() }
///     tableView.performBatchUpdates {
///         tableView.deleteRows(at: change.removedRows.map { IndexPath(row: $0, section: 0) }, with: .none)
///         tableView.insertRows(at: change.insertedRows.map { IndexPath(row: $0, section: 0) }, with: .none)
///         tableView.reloadRows(at: change.updatedRows.flatMap { $0 }.map { IndexPath(row: $0, section: 0) }, with: .none)
///     }
/// }
/// ```
public struct PagedListChange: Sendable, Hashable, CustomStringConvertible {
    /// The row count before the change.
    public var countBefore: Int
    /// The row count after the change.
    public var countAfter: Int
    /// Rows that exist before and after the change whose content or identifier
    /// changed, sorted and merged; all below `min(countBefore, countAfter)`.
    public var updatedRows: [Range<Int>]

    /// Creates a change.
    public init(countBefore: Int, countAfter: Int, updatedRows: [Range<Int>]) {
        self.countBefore = countBefore
        self.countAfter = countAfter
        self.updatedRows = updatedRows
    }

    /// Rows added at the end.
    public var insertedRows: Range<Int> {
        countBefore..<max(countBefore, countAfter)
    }

    /// Rows removed from the end (in the numbering before the change).
    public var removedRows: Range<Int> {
        countAfter..<max(countBefore, countAfter)
    }

    /// True when nothing changed.
    public var isEmpty: Bool {
        countBefore == countAfter && updatedRows.isEmpty
    }

    /// True when `row` was updated or inserted.
    public func touches(row: Int) -> Bool {
        insertedRows.contains(row) || updatedRows.contains { $0.contains(row) }
    }

    /// `count 0 -> 10000, updated [30..<60]`
    public var description: String {
        let updated = updatedRows.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ", ")
        return "count \(countBefore) -> \(countAfter), updated [\(updated)]"
    }
}

/// Collects the rows a transaction of the page table touched.
struct ChangeAccumulator: Sendable {
    private var countBefore = 0
    private var updated: [Range<Int>] = []

    /// Starts a transaction on a list of `count` rows.
    mutating func begin(count: Int) {
        countBefore = count
        updated.removeAll(keepingCapacity: true)
    }

    /// Notes that `rows` changed.
    mutating func update(_ rows: Range<Int>) {
        if !rows.isEmpty { updated.append(rows) }
    }

    /// Ends the transaction on a list of `count` rows: the change, or nil if none.
    mutating func end(count: Int) -> PagedListChange? {
        let limit = min(countBefore, count)
        var merged: [Range<Int>] = []
        for range in updated.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let clamped = range.clamped(to: 0..<max(0, limit))
            guard !clamped.isEmpty else { continue }
            if let last = merged.last, clamped.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, clamped.upperBound)
            } else {
                merged.append(clamped)
            }
        }
        updated.removeAll(keepingCapacity: true)
        let change = PagedListChange(countBefore: countBefore, countAfter: count, updatedRows: merged)
        return change.isEmpty ? nil : change
    }
}
