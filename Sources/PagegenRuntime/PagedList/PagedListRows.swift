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
    let table: PageTable<Item>

    /// Always 0.
    public var startIndex: Int { 0 }
    /// The row count.
    public var endIndex: Int { table.count }

    /// The element of `index`.
    public subscript(index: Int) -> PagedListElement<Item> {
        PagedListElement(index: index, id: table.rowID(at: index), row: table.row(at: index))
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
