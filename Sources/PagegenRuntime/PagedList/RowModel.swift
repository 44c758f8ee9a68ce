/// The rows of a ``PagedList``: where each item is, by identity. Loaded items and the
/// rows not loaded (placeholders, gaps that may hide items, the end of a cursor list
/// still to walk), the list's length, the app's edits ahead of the server, and which
/// page each row belongs to.
///
/// It holds the placement its loader calls for: ``IndexedRows`` when any page can be
/// asked for by its position (page numbers, offsets), ``ChainedRows`` when pages are
/// walked by the keys the pages around them give (cursors, links); both share a
/// ``RowCore``. It takes the ``RowAction``s the ``LoadPlan`` returns
/// (``apply(_:)``, through a ``RowTransaction``) and the app's edits; every row it
/// changes is noted in a journal, which the ``ChangeRecorder`` turns into a
/// ``ListChange``. It sends no request and knows nothing of the screen.
struct RowModel<Item: Sendable>: Sendable {
    private var placement: any RowPlacement<Item>

    init(loader: PageLoader<Item>) {
        if let keyForPageIndex = loader.keyForPageIndex, loader.pageSize > 0 {
            placement = IndexedRows(loader: loader, keyForPageIndex: keyForPageIndex)
        } else {
            placement = ChainedRows(loader: loader)
        }
    }

    /// The rows, and what both placements keep of them.
    var core: RowCore<Item> { placement.core }

    /// What `row` shows; rows outside `0..<count` read as placeholders.
    func row(at row: Int) -> ListRow<Item> { placement.row(at: row) }

    /// What a row that holds `slot` shows.
    static func row(showing slot: RowList<Item>.Slot) -> ListRow<Item> { RowCore<Item>.row(showing: slot) }

    /// The identifier of `row`.
    func rowID(at row: Int) -> ListRowID { placement.rowID(at: row) }

    /// The identity of the item on `row`, if loaded and identified.
    func identity(at row: Int) -> ItemIdentity? { placement.identity(at: row) }

    /// The items loaded.
    var heldItems: Int { placement.heldItems }

    /// Cursor and link lists: the items of the pages of newer items held off the rows,
    /// oldest page first.
    var heldNewerItems: [Item] { placement.heldNewerItems }

    /// Cursor and link lists: the newer items held and not on a row, each counted once.
    var heldNewerCount: Int {
        let rows = placement.core.rows
        var seen = Set<ItemIdentity>()
        var count = 0
        for item in placement.heldNewerItems {
            guard let id = rows.id(of: item) else {
                count += 1
                continue
            }
            if rows.row(of: id) == nil, seen.insert(id).inserted { count += 1 }
        }
        return count
    }

    /// Drops the items of page `slot` back to placeholders, as keeping under the memory
    /// bound does (but those an edit inserted and the server has not shown).
    mutating func evict(slot: Int) { placement.evict(slot: slot) }

    /// The edits of the rows since the last call, in order.
    mutating func takeJournal() -> [RowEdit] { placement.core.takeJournal() }

    /// Every invariant that does not hold, in words; empty when all do. A ``PagedList``
    /// checks them after every transaction in debug builds.
    func invariantViolations() -> [String] { placement.invariantViolations() }

    // MARK: The app's edits (see ``RowCore``)

    /// Replaces the loaded item with `item`'s identity; false when none is loaded.
    mutating func update(_ item: Item) -> Bool { placement.core.update(item) }

    /// Removes the item with `id`; returns it, or nil when it is not loaded.
    mutating func remove(_ id: ItemIdentity) -> Item? { placement.core.remove(id) }

    /// Inserts `item` at `position`.
    mutating func insert(_ item: Item, at position: ListPosition) throws(ListEditError) {
        try placement.core.insert(item, at: position)
    }

    /// Moves the item with `id` to `position`.
    mutating func move(_ id: ItemIdentity, to position: ListPosition) throws(ListEditError) {
        try placement.core.move(id, to: position)
    }

    /// Applies `edit` at once and keeps it over the pages that load; returns its serial.
    mutating func begin(_ edit: ListEdit<Item>, isConfirmed: (@Sendable (Item) -> Bool)?) throws(ListEditError) -> Int {
        try placement.core.begin(edit, isConfirmed: isConfirmed)
    }

    /// The call that makes edit `serial` on the server returned.
    mutating func commit(_ serial: Int, deadline: Duration) { placement.core.commit(serial, deadline: deadline) }

    /// The call that makes edit `serial` failed: the edit is undone.
    mutating func rollBack(_ serial: Int) { placement.core.rollBack(serial) }

    /// Edits whose deadline passed by `now` lapse.
    mutating func expireEdits(at now: Duration) { placement.core.expireEdits(at: now) }
}

extension RowModel: PlannedRows {
    var pageSize: Int { placement.pageSize }
    var isIndexed: Bool { placement.isIndexed }
    var hasContent: Bool { placement.hasContent }
    var count: Int { placement.count }
    var rowCount: Int { placement.rowCount }
    var hasTrailingRow: Bool { placement.hasTrailingRow }
    var isLastPageLoaded: Bool { placement.isLastPageLoaded }
    var frontier: Int? { placement.frontier }
    var newestLoaded: Bool { placement.newestLoaded }
    var holdsNewerItems: Bool { placement.holdsNewerItems }

    func rows(in distance: PagedListOptions.Distance) -> Int { placement.rows(in: distance) }
    func slotIndex(forRow row: Int) -> Int { placement.slotIndex(forRow: row) }
    func rowRange(ofSlot slot: Int) -> Range<Int> { placement.rowRange(ofSlot: slot) }
    func slots(in range: Range<Int>) -> [Int] { placement.slots(in: range) }
    func key(forSlot slot: Int) -> PageKey? { placement.key(forSlot: slot) }
    func isLoaded(_ slot: Int) -> Bool { placement.isLoaded(slot) }
    func needsContent(_ slot: Int) -> Bool { placement.needsContent(slot) }
    func startSlots(for rows: Range<Int>) -> ClosedRange<Int> { placement.startSlots(for: rows) }
    func clampedSlot(_ slot: Int) -> Int { placement.clampedSlot(slot) }
    func row(of id: ItemIdentity) -> Int? { placement.row(of: id) }
    func accepts(slot: Int, key: PageKey?) -> Bool { placement.accepts(slot: slot, key: key) }
    func isFrontier(_ slot: Int) -> Bool { placement.isFrontier(slot) }
    func waitsForCheck(_ slot: Int) -> Bool { placement.waitsForCheck(slot) }

    mutating func apply(_ action: RowAction<Item>) -> RowOutcome { placement.apply(action) }
}
