/// A way of placing pages on a list's rows, behind the interface the ``LoadPlan`` reads
/// (``PlannedRows``): ``IndexedRows`` for pages asked for by their position (page
/// numbers, offsets), ``ChainedRows`` for pages asked for by the keys the pages around
/// them gave (cursors, links). Each holds a ``RowCore``, the rows and what both keep of
/// them, and keeps its own state private; ``RowModel`` holds the one a loader calls for.
protocol RowPlacement<Item>: PlannedRows, Sendable {
    /// The rows, and what both placements keep of them.
    var core: RowCore<Item> { get set }
    /// The pages holding loaded items that may be dropped to stay under the memory bound.
    func loadedSlots() -> [Int]
    /// Drops the items of page `slot` back to placeholders (but those an edit inserted
    /// and the server has not shown); returns how many.
    @discardableResult
    mutating func evict(slot: Int) -> Int
    /// Cursor and link lists: the items of the pages of newer items held off the rows,
    /// oldest page first.
    var heldNewerItems: [Item] { get }
    /// Every invariant that does not hold, in words; empty when all do.
    func invariantViolations() -> [String]

    // Read through the placement, not through a copy of its core (``RowCore``).

    /// What `row` shows; rows outside `0..<count` read as placeholders.
    func row(at row: Int) -> ListRow<Item>
    /// The identifier of `row`.
    func rowID(at row: Int) -> ListRowID
    /// The identity of the item on `row`, if loaded and identified.
    func identity(at row: Int) -> ItemIdentity?
    /// The items loaded.
    var heldItems: Int { get }
}

extension RowPlacement {
    var pageSize: Int { core.pageSize }
    var hasContent: Bool { core.hasContent }
    var count: Int { core.count }
    var rowCount: Int { core.rows.count }
    var hasTrailingRow: Bool { core.hasTrailingRow }

    func rows(in distance: PagedListOptions.Distance) -> Int { core.rows(in: distance) }

    func row(of id: ItemIdentity) -> Int? { core.rows.row(of: id) }
    func row(at row: Int) -> ListRow<Item> { core.row(at: row) }
    func rowID(at row: Int) -> ListRowID { core.rowID(at: row) }
    func identity(at row: Int) -> ItemIdentity? { core.rows.identity(at: row) }
    var heldItems: Int { core.rows.heldItems }

    /// Drops the pages farthest from `focus` until the items held fit the budget, after
    /// page `placed` arrived; the page itself goes too when it is the farthest and
    /// outside the prefetch distance (it was not worth memory). Returns true when it
    /// did.
    mutating func keepUnderMemoryLimit(placed: Int, focus: Range<Int>, options: PagedListOptions) -> Bool {
        guard core.rows.heldItems > core.memoryBudget(focus: focus, options: options) else { return false }
        let mine = distance(ofSlot: placed, from: focus)
        var victims = loadedSlots().filter { $0 != placed }.map { (slot: $0, distance: distance(ofSlot: $0, from: focus)) }
        victims.sort { ($0.distance, $0.slot) > ($1.distance, $1.slot) }
        for victim in victims where core.rows.heldItems > core.memoryBudget(focus: focus, options: options) {
            if victim.distance <= mine, mine > rows(in: options.prefetchDistance) {
                evict(slot: placed)
                return true
            }
            evict(slot: victim.slot)
        }
        return false
    }
}
