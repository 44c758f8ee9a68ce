/// The rows of a ``PagedList`` at one moment, as a collection of identifiable
/// elements: what SwiftUI's `List` and `ForEach` take.
///
/// ```swift
/// List(list.rows) { element in
///     RowView(element.row)
///         .onAppear { list.didAppear(row: element.index) }
///         .onDisappear { list.didDisappear(row: element.index) }
/// }
/// ```
///
/// Elements are computed when read, so a list of a million rows costs nothing
/// until they are.
public struct PagedListRows<Item: Sendable>: RandomAccessCollection, Sendable {
    let model: RowModel<Item>
    /// The row count.
    let rowCount: Int
    /// True when the rows are upside down (``PagedListOptions/RowOrder/firstPageAtBottom``).
    let isMirrored: Bool

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The row count.
    public var endIndex: Int { rowCount }

    /// The element of `index`.
    public subscript(index: Int) -> PagedListElement<Item> {
        let row = coreRow(index)
        return PagedListElement(index: index, id: model.rowID(at: row), row: self.row(at: row))
    }

    /// The core's row of `index`.
    func coreRow(_ index: Int) -> Int {
        RowMirror(isMirrored: isMirrored, count: rowCount).row(index)
    }

    /// What the core's `row` shows; rows outside `0..<count` read as placeholders.
    func row(at row: Int) -> ListRow<Item> {
        row >= 0 && row < rowCount ? model.row(at: row) : .placeholder
    }
}

/// One row of ``PagedListRows``: its position, identifier and content.
public struct PagedListElement<Item: Sendable>: Identifiable, Sendable {
    /// The row's position.
    public let index: Int
    /// The row's stable identifier.
    public let id: ListRowID
    /// What the row shows.
    public let row: ListRow<Item>
}

extension PagedListRows {
    /// Reads the rows in order, one block of loaded items or placeholders after
    /// another, so that a walk over every row (`for element in list.rows`) costs one
    /// step per row, where reading by index searches for each row. (Rows upside down
    /// are read by index.)
    public struct Iterator: IteratorProtocol {
        let list: PagedListRows<Item>
        let rows: RowList<Item>
        let count: Int
        var row = 0
        var block = 0
        var offset = 0

        init(_ list: PagedListRows<Item>) {
            self.list = list
            rows = list.model.core.rows
            count = list.rowCount
        }

        /// The next row's element, or nil after the last row.
        public mutating func next() -> PagedListElement<Item>? {
            guard row < count else { return nil }
            defer { row += 1 }
            if list.isMirrored { return list[row] }
            guard row < rows.count else {
                return PagedListElement(index: row, id: .position(row), row: list.row(at: row))
            }
            while offset >= rows.blocks[block].count {
                block += 1
                offset = 0
            }
            defer { offset += 1 }
            let slot = rows.slot(inBlock: block, at: offset)
            var id = ListRowID.position(row)
            if case .item(_, let identity?) = slot { id = .item(identity) }
            return PagedListElement(index: row, id: id, row: RowModel.row(showing: slot))
        }
    }

    /// An iterator over the rows, from the first.
    public func makeIterator() -> Iterator { Iterator(self) }
}
