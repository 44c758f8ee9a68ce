/// What changed in a ``PagedList``, row by row: the rows deleted, inserted and moved,
/// the rows whose content changed in place, and where the anchor row went.
///
/// It reads as a `UITableView` batch update: ``deletedRows`` and the sources of
/// ``movedRows`` are rows before the change; ``insertedRows`` and the destinations of
/// ``movedRows`` are rows after it. ``reloadedRows`` are rows after the change whose
/// content or identifier changed without moving there by an insertion: reconfigure
/// them once the batch is applied. Applying those four to the rows before the change
/// gives exactly the rows after it (``apply(to:element:)`` does that to an array).
///
/// ```swift
/// list.onChange = { change in
///     guard change.countBefore > 0 else { return tableView.reloadData() }
///     let paths = { (rows: [Range<Int>]) in rows.flatMap { $0 }.map { IndexPath(row: $0, section: 0) } }
///     tableView.performBatchUpdates {
///         tableView.deleteRows(at: paths(change.deletedRows), with: .none)
///         tableView.insertRows(at: paths(change.insertedRows), with: .none)
///         for move in change.movedRows {
///             tableView.moveRow(at: IndexPath(row: move.from, section: 0), to: IndexPath(row: move.to, section: 0))
///         }
///     }
///     tableView.reconfigureRows(at: paths(change.reloadedRows))
/// }
/// ```
///
/// When rows come or go above the one the user reads, ``anchor`` says where that row
/// went, so that the scroll view can keep it still (see ``Anchor``).
public struct ListChange: Sendable, Hashable, CustomStringConvertible {
    /// The row count before the change.
    public var countBefore: Int
    /// The row count after the change.
    public var countAfter: Int
    /// Rows removed, in the numbering before the change: sorted, merged ranges.
    public var deletedRows: [Range<Int>]
    /// Rows added, in the numbering after the change: sorted, merged ranges.
    public var insertedRows: [Range<Int>]
    /// Rows that moved: from a row before the change to a row after it.
    public var movedRows: [Move]
    /// Rows, in the numbering after the change, that were there before (in place or
    /// moved) and whose content or identifier changed: a placeholder that got its
    /// item, an item the server or the app changed. Sorted, merged ranges.
    public var reloadedRows: [Range<Int>]
    /// Where the anchor row (the first row the user reads, see
    /// ``PagedList/setVisibleRows(_:firstFullyVisible:)``) was and is; nil when the
    /// list has no anchor yet.
    public var anchor: Anchor?

    /// One row that moved.
    public struct Move: Sendable, Hashable, CustomStringConvertible {
        /// The row before the change.
        public var from: Int
        /// The row after the change.
        public var to: Int

        /// Creates a move.
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }

        /// `3->7`
        public var description: String { "\(from)->\(to)" }
    }

    /// Where the row the user reads went. Keep it where it was on screen: note its
    /// offset from the top of the viewport before applying the change, and scroll so
    /// that row ``after`` has that offset afterwards. Items the server inserted or
    /// removed above it, and pages loaded above it, then leave the visible content
    /// still.
    public struct Anchor: Sendable, Hashable, CustomStringConvertible {
        /// The anchor row before the change.
        public var before: Int
        /// The anchor row after the change: the same item's row, or, when that item
        /// is gone, the row of its nearest surviving neighbour (the row that took its
        /// place).
        public var after: Int

        /// Creates an anchor.
        public init(before: Int, after: Int) {
            self.before = before
            self.after = after
        }

        /// True when rows came or went above the anchor: the content under it moved.
        public var moved: Bool { before != after }

        /// `12->17`
        public var description: String { "\(before)->\(after)" }
    }

    /// Creates a change.
    public init(
        countBefore: Int, countAfter: Int, deletedRows: [Range<Int>] = [], insertedRows: [Range<Int>] = [],
        movedRows: [Move] = [], reloadedRows: [Range<Int>] = [], anchor: Anchor? = nil
    ) {
        self.countBefore = countBefore
        self.countAfter = countAfter
        self.deletedRows = deletedRows
        self.insertedRows = insertedRows
        self.movedRows = movedRows
        self.reloadedRows = reloadedRows
        self.anchor = anchor
    }

    /// True when no row changed (the anchor did not move either).
    public var isEmpty: Bool {
        deletedRows.isEmpty && insertedRows.isEmpty && movedRows.isEmpty && reloadedRows.isEmpty && countBefore == countAfter
    }

    /// True when `row` (after the change) was inserted, moved there, or reloaded:
    /// its cell needs configuring.
    public func touches(row: Int) -> Bool {
        insertedRows.contains { $0.contains(row) } || reloadedRows.contains { $0.contains(row) }
            || movedRows.contains { $0.to == row }
    }

    /// Applies the change to `elements`, an array that held one element per row
    /// before it: removes the deleted rows, moves the moved ones, and puts
    /// `element(row)` on every inserted and reloaded row. Afterwards the array holds
    /// one element per row after the change.
    public func apply<Element>(to elements: inout [Element], element: (Int) -> Element) {
        precondition(elements.count == countBefore, "the array holds \(elements.count) rows, the change starts from \(countBefore)")
        var removed = Array(repeating: false, count: countBefore)
        for range in deletedRows { for row in range { removed[row] = true } }
        var moving: [Int: Element] = [:]
        for move in movedRows {
            removed[move.from] = true
            moving[move.to] = elements[move.from]
        }
        var kept: [Element] = []
        kept.reserveCapacity(countAfter)
        for (row, value) in elements.enumerated() where !removed[row] { kept.append(value) }
        var added = Array(repeating: false, count: countAfter)
        for range in insertedRows { for row in range { added[row] = true } }
        for row in moving.keys { added[row] = true }
        var result: [Element] = []
        result.reserveCapacity(countAfter)
        var next = kept.makeIterator()
        for row in 0..<countAfter {
            if added[row] {
                result.append(moving[row] ?? element(row))
            } else if let value = next.next() {
                result.append(value)
            } else {
                preconditionFailure("the change's rows do not add up: \(self)")
            }
        }
        for range in reloadedRows { for row in range { result[row] = element(row) } }
        elements = result
    }

    /// `count 100 -> 101, deleted [], inserted [0..<1], moved [], reloaded [30..<60], anchor 12->13`
    public var description: String {
        func ranges(_ ranges: [Range<Int>]) -> String {
            "[" + ranges.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ", ") + "]"
        }
        var text = "count \(countBefore) -> \(countAfter), deleted \(ranges(deletedRows)), inserted \(ranges(insertedRows))"
        text += ", moved [\(movedRows.map(\.description).joined(separator: ", "))], reloaded \(ranges(reloadedRows))"
        if let anchor { text += ", anchor \(anchor)" }
        return text
    }
}
