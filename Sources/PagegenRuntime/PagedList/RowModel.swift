/// The rows of a ``PagedList``: where each item is, by identity. Loaded items and the
/// rows not loaded (placeholders, gaps that may hide items, the end of a cursor list
/// still to walk), the list's length, the app's edits ahead of the server, and which
/// page each row belongs to.
///
/// It takes in pages (``place(_:slot:key:isHead:)``: by item identity first, by
/// position second, so that no item shows twice and none is skipped when the server's
/// list moved), the app's changes (`RowModel+Editing`) and drops far pages to stay
/// under the memory bound; every row it changes is noted in the journal of its
/// ``RowList``, which the ``ChangeRecorder`` turns into a ``ListChange``. It sends no
/// request and knows nothing of the screen: the ``LoadPlan`` asks it which pages have
/// rows to load, and tells it where the user looks when memory is short.
///
/// For index-addressed loaders (page number, offset) a row's number is the list's best
/// estimate of the item's position on the server, so page `n` is requested for rows
/// `n * pageSize ..< (n + 1) * pageSize`; when the server's list moves, pages are
/// placed by item identity and the holes above are resized to keep that estimate
/// (`RowModel+Boundaries`). For cursor and link loaders each page is a block of its
/// own, loaded by its key; the block after the last page is the *frontier*, and a
/// block with the first page's previous key, at the top, the *head*.
///
/// Rows are numbered from the first row held, not from the server's first item: a
/// page placed above the first row (a cursor list's head, a chat loading older
/// messages upward) comes as rows inserted above, and the anchor, which follows its
/// item, keeps the rows on screen still. The list can grow at both ends.
///
/// Invariants (``invariantViolations()`` checks them): an item is on one row at most;
/// the blocks' first rows, serials and identity index agree with the blocks; an empty
/// block is a marker that keeps (a key to walk, the frontier, a position shift); the
/// frontier, when there is one, is the one frontier block.
struct RowModel<Item: Sendable>: Sendable {
    // MARK: Configuration

    /// Rows a page holds (index-addressed lists: one less than the loader's pages when
    /// they overlap).
    let pageSize: Int
    /// The key of page `n`, for index-addressed lists.
    let keyForPageIndex: (@Sendable (Int) -> PageKey)?
    /// True when any page can be requested by its index.
    let isIndexed: Bool
    /// Offset lists: each page starts at the last item of the page before (pages of
    /// the loader's size, `pageSize` apart, one less), so that two neighbouring pages
    /// share an item and a shift between their loads shows (`RowModel+Boundaries`).
    let overlapsPages: Bool
    /// The key of a cursor list's first page.
    let firstKey: PageKey

    // MARK: State

    /// The rows: runs of loaded items and holes.
    var rows: RowList<Item>
    /// Edits applied ahead of the server, until it shows them.
    var edits = PendingEdits<Item>()
    /// The list's length as the API last said, if it did (adjusted by local edits).
    var total: Int?
    var totalIsEstimate = false
    /// True once the last page was loaded.
    var endReached = false
    /// True once the first page arrived.
    var hasContent = false
    /// Cursor and link lists: the block after the last page loaded.
    var frontier: Int?
    /// The pages loaded since the last refresh (dropped pages leave it).
    var loads: [Int: PageLoadRecord] = [:]
    /// Pages to load again because a neighbour loaded since may have missed items at
    /// their boundary (the server's list moved between the two loads): offset lists,
    /// when the neighbour does not share its item; page numbers, when a page lands
    /// right above an older one once items were seen moving down.
    var boundaryReloads: Set<Int> = []
    /// Index-addressed lists: true once a page showed items moving down the server's
    /// list between loads (an item already on an earlier page's rows, or a larger total).
    var itemsMovedDown = false
    /// The failure the loading row shows, and the page whose load failed.
    var trailingFailure: (slot: Int, error: APIError)?
    /// Cursor and link lists: pages of newer items fetched through the head while the
    /// user was far from it, oldest first, each with the key it was asked for; they
    /// take their rows when shown (`RowModel+NewerItems`).
    var heldNewer: [(key: PageKey, page: Page<Item>)] = []
    /// Cursor and link lists: true while the rows reach the newest end, so that items
    /// before the first page are newer items (a list opened around an item is not,
    /// until the head brings a short page). Set here alone (``markNewestLoaded(by:wasHead:)``,
    /// ``openAround(previous:)``).
    private(set) var newestLoaded = true

    init(loader: PageLoader<Item>) {
        if loader.identity != nil, let overlapping = Self.overlappingOffsets(loader) {
            pageSize = loader.pageSize - 1
            keyForPageIndex = overlapping
            overlapsPages = true
        } else {
            pageSize = max(0, loader.pageSize)
            keyForPageIndex = loader.keyForPageIndex
            overlapsPages = false
        }
        isIndexed = loader.keyForPageIndex != nil && loader.pageSize > 0
        firstKey = loader.firstKey
        rows = RowList(identity: loader.identity)
    }

    /// For a loader whose pages are at offsets `pageSize` apart: keys `pageSize - 1`
    /// apart, so that each page of `pageSize` items starts at the last item of the page
    /// before. Nil for page numbers, cursors and links (the API decides where their
    /// pages start), and for pages of fewer than three items.
    private static func overlappingOffsets(_ loader: PageLoader<Item>) -> (@Sendable (Int) -> PageKey)? {
        let size = loader.pageSize
        guard size >= 3, loader.window == nil, let key = loader.keyForPageIndex, case .offset(let first) = key(0),
            case .offset(let second) = key(1), second - first == size
        else { return nil }
        return { index in .offset(first + index * (size - 1)) }
    }

    // MARK: Reading

    /// The number of rows the list shows: the rows of the ``RowList`` plus, while the
    /// list's length is not known, one "loading" row.
    var count: Int { rows.count + (hasTrailingRow ? 1 : 0) }

    /// True when the last row is the "loading more" row of a list whose length is
    /// not known (or whose estimated total the loaded rows reached).
    var hasTrailingRow: Bool {
        guard hasContent, !endReached else { return false }
        guard let total else { return true }
        return totalIsEstimate && loadedEnd >= total
    }

    /// The row after the last loaded item (0 when none is).
    var loadedEnd: Int {
        for index in rows.blocks.indices.reversed() where rows.blocks[index].run != nil && rows.blocks[index].count > 0 {
            return rows.rows(ofBlock: index).upperBound
        }
        return 0
    }

    /// The page size used to measure distances given in pages.
    var nominalPageSize: Int {
        if pageSize > 0 { return pageSize }
        let pages = rows.blocks.count { $0.run != nil }
        guard pages > 0 else { return 20 }
        return max(1, rows.heldItems / pages)
    }

    /// `distance` in rows.
    func rows(in distance: PagedListOptions.Distance) -> Int {
        distance.rows(pageSize: nominalPageSize)
    }

    /// What `row` shows; rows outside `0..<count` read as placeholders.
    func row(at row: Int) -> ListRow<Item> {
        guard row >= 0, row < count else { return .placeholder }
        if row >= rows.count { return trailingFailure.map { .failed($0.error) } ?? .loading }
        return Self.row(showing: rows.slot(at: row))
    }

    /// What a row that holds `slot` shows.
    static func row(showing slot: RowList<Item>.Slot) -> ListRow<Item> {
        switch slot {
        case .item(let item, _): .item(item)
        case .hole(let hole): hole.failure.map { .failed($0) } ?? .placeholder
        }
    }

    /// The identifier of `row`.
    func rowID(at row: Int) -> ListRowID {
        if row >= 0, row < rows.count, let id = rows.identity(at: row) { return .item(id) }
        return .position(row)
    }

    /// The row of the item with identity `id`, when it is loaded.
    func row(of id: ItemIdentity) -> Int? { rows.row(of: id) }

    /// The identity of the item on `row`, if loaded and identified.
    func identity(at row: Int) -> ItemIdentity? { rows.identity(at: row) }

    /// The edits of the rows since the last call, in order.
    mutating func takeJournal() -> [RowEdit] { rows.takeJournal() }
}

/// What the row model remembers of a page loaded since the last refresh.
struct PageLoadRecord: Sendable {
    /// Index-addressed lists: the placeholder rows the page kept after its load (a
    /// short page), which loading it again would not fill.
    var holesAtLoad = 0
    /// Index-addressed lists: the page's first and last items, and the total it came
    /// with, to tell that two neighbouring pages meet.
    var first: ItemIdentity?
    var last: ItemIdentity?
    var total: Int?
    /// True once the page was asked to load again for a neighbour loaded after it
    /// (once a refresh, so that a list that keeps moving does not load pages back and
    /// forth).
    var reloadedForBoundary = false
}

extension RowModel {
    /// A page went into a block: when that was the head and the page has
    /// nothing before it (no previous key) or is short, the rows reach the newest end.
    mutating func markNewestLoaded(by page: Page<Item>, wasHead: Bool) {
        if wasHead, page.previous == nil || page.items.count < max(1, pageSize) { newestLoaded = true }
    }

    /// The first page, fetched around an item, holds it: the rows do not reach the
    /// newest end until the head brings a short page, and the head opens above the
    /// page with its previous key.
    mutating func openAround(previous: PageKey?) {
        newestLoaded = false
        if let previous { openHead(previous: previous) }
    }
}
