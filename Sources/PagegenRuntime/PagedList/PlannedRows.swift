/// What the ``LoadPlan`` reads of a list's rows to decide what to load: their count,
/// which page holds a row and which rows a page holds, which pages have rows to load,
/// the keys that load them, and a cursor list's frontier and head. ``RowModel`` is the
/// rows of a ``PagedList``; the plan's tests read a stub. The plan never changes the
/// rows: it returns ``RowAction``s.
protocol PlannedRows<Item> {
    associatedtype Item: Sendable

    /// Rows a page holds.
    var pageSize: Int { get }
    /// True when any page can be requested by its index (page numbers, offsets); false
    /// for cursor and link lists, whose pages are blocks loaded by their keys.
    var isIndexed: Bool { get }
    /// True once the first page arrived.
    var hasContent: Bool { get }
    /// The rows, with the loading row when there is one.
    var count: Int { get }
    /// The rows, without the loading row.
    var rowCount: Int { get }
    /// True when the list shows its loading row after the last row.
    var hasTrailingRow: Bool { get }
    /// True once the last page is loaded.
    var isLastPageLoaded: Bool { get }
    /// Cursor and link lists: the block after the last page loaded.
    var frontier: Int? { get }
    /// Cursor and link lists: true while the rows reach the newest end.
    var newestLoaded: Bool { get }
    /// Cursor and link lists: true while newer items wait off the rows.
    var holdsNewerItems: Bool { get }

    /// `distance` in rows.
    func rows(in distance: PagedListOptions.Distance) -> Int
    /// The page (a page index, or a block's serial) that holds `row`.
    func slotIndex(forRow row: Int) -> Int
    /// The rows of page `slot`.
    func rowRange(ofSlot slot: Int) -> Range<Int>
    /// The pages that hold the rows of `range`.
    func slots(in range: Range<Int>) -> [Int]
    /// The key that loads page `slot`; nil when none does.
    func key(forSlot slot: Int) -> PageKey?
    /// True when page `slot` is loaded.
    func isLoaded(_ slot: Int) -> Bool
    /// True when page `slot` has rows to load.
    func needsContent(_ slot: Int) -> Bool
    /// The pages to load first, together, for a list that starts with `rows` on screen.
    func startSlots(for rows: Range<Int>) -> ClosedRange<Int>
    /// Index-addressed lists: `slot`, within the pages the list has.
    func clampedSlot(_ slot: Int) -> Int
    /// The row of the item with identity `id`, if it is on one.
    func row(of id: ItemIdentity) -> Int?
    /// Cursor and link lists: true when a page asked for with `key` still fits block
    /// `slot`.
    func accepts(slot: Int, key: PageKey?) -> Bool
    /// Cursor and link lists: true when block `slot` is the frontier.
    func isFrontier(_ slot: Int) -> Bool
    /// Cursor and link lists: true when block `slot` is a head that waits for a check
    /// for newer items.
    func waitsForCheck(_ slot: Int) -> Bool

    /// Applies `action` to the rows, and says what came of it. Only the transaction
    /// (``RowTransaction``) calls it; the plan, which holds the rows as a value it may
    /// not change, cannot.
    mutating func apply(_ action: RowAction<Item>) -> RowOutcome
}

extension PlannedRows {
    /// Rows between page `slot` and `focus`: 0 when they overlap, 1 when adjacent.
    func distance(ofSlot slot: Int, from focus: Range<Int>) -> Int {
        distance(of: rowRange(ofSlot: slot), from: focus)
    }

    /// Rows between `row` and `focus`.
    func distance(ofRow row: Int, from focus: Range<Int>) -> Int {
        distance(of: row..<row + 1, from: focus)
    }

    /// Rows between `rows` and `focus`.
    func distance(of rows: Range<Int>, from focus: Range<Int>) -> Int {
        if rows.upperBound <= focus.lowerBound { return focus.lowerBound - max(rows.lowerBound, rows.upperBound - 1) }
        if rows.lowerBound >= focus.upperBound { return rows.lowerBound - focus.upperBound + 1 }
        return 0
    }
}
