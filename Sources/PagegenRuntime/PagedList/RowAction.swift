/// What the ``LoadPlan`` asks of the rows. The plan reads the ``RowModel`` and returns
/// these; the list's transaction applies each to the row model in order
/// (``RowModel/apply(_:)``) and hands what came of them back to the plan
/// (``LoadPlan/resume(after:_:)``), which may ask for more, until it has planned the
/// loads. The plan never changes the rows itself.
enum RowAction<Item: Sendable>: Sendable {
    /// The list opens: a cursor list gets its frontier; a total (from a window
    /// endpoint) sizes the rows at once.
    case open(total: Int?)
    /// The rows of page `slot` show `error`, or, when nil, placeholders again.
    case showFailure(APIError?, slot: Int)
    /// A refresh begins: the newer items held and the load records go, a cursor list's
    /// head is made ready to load, and the pages outside `window` go back to
    /// placeholders (the others stay, stale, until reloaded). Answers the head.
    case prepareRefresh(window: Range<Int>)
    /// Page `page`, asked for with `key`, goes into block `slot` (`asHead`: into the
    /// head a refresh loads). Answers whether it was placed.
    case place(Page<Item>, slot: Int, key: PageKey?, asHead: Bool)
    /// The answer to a check for newer items goes into the head `slot`: held off the
    /// rows when `hold`, else shown. Answers whether it was taken.
    case takeNewer(Page<Item>, slot: Int, key: PageKey?, hold: Bool)
    /// The first page holds the item it was fetched around: the head opens above it
    /// with the page's previous key.
    case openAround(previous: PageKey?)
    /// The head to check for newer items is found, or made. Answers it.
    case openHeadForNewerItems
    /// The newer items held take their rows.
    case showHeldNewer
    /// The pages farthest from `focus` go while more items are loaded than the options
    /// allow; page `placed` stays. Answers whether pages went.
    case trimToMemory(placed: Int, focus: Range<Int>, options: PagedListOptions)
}

/// What came of a ``RowAction``.
enum RowOutcome: Sendable, Equatable {
    /// Done; nothing to tell.
    case done
    /// A page was placed (or taken), or not: its block is gone or has another key now.
    case placed(Bool)
    /// The head's block, or nil when there is none.
    case head(Int?)
    /// Pages went to keep memory under the limit, or none did.
    case trimmed(Bool)
}
