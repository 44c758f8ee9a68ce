/// What a ``RowList`` is made of: blocks of loaded items (runs) and of rows not
/// loaded (holes).
extension RowList {
    /// Where the items of a run came from, and what is known about them.
    struct RunInfo: Sendable {
        /// Index-addressed lists: the page index they were loaded as.
        var page: Int?
        /// The total the API gave with them.
        var total: Int?
        /// Cursor and link lists: the key that loads this run (nil for items that no
        /// key loads alone: inserted by the app, or left over after a reload).
        var key: PageKey?
        /// Cursor and link lists: the key of the page after it, as the API gave it.
        var next: PageKey?
        /// Cursor and link lists: the key of the page before it, as the API gave it.
        var previous: PageKey?
        /// Cursor and link lists: the key a check for newer items asks with from here
        /// (``Page/newerItemsKey``).
        var newerItemsKey: PageKey?
        /// Loaded before the current refresh and not reloaded since.
        var isStale = false
    }

    /// Loaded items.
    struct Run: Sendable {
        var items: [Item]
        var ids: [ItemIdentity?]
        var info: RunInfo
    }

    /// Rows that exist but are not loaded.
    struct Hole: Sendable {
        /// Cursor and link lists: the key that loads these rows.
        var key: PageKey?
        /// Rows the list may have missed while the server's list moved: loading them
        /// closes the gap.
        var isGap = false
        /// Index-addressed lists, on an empty block: the rows from here on stand for
        /// server positions this much lower (negative: rows above hold items the server
        /// no longer counts, and the list cannot tell which).
        var shift = 0
        /// The failure these rows show, and the page whose load failed.
        var failure: APIError?
        var failedPage: Int?
        /// The front of a cursor list: the page after the last one loaded.
        var isFrontier = false
        /// The head above the newest item: loaded by a check for newer items or a
        /// refresh, not by the user coming near (there is nothing newer until the app says).
        var waitsForCheck = false
    }

    enum Content: Sendable {
        case run(Run)
        case hole(Hole)
    }

    struct Block: Sendable {
        /// Unique for the list's life; a block split in two keeps it in its first half.
        let serial: Int
        var count: Int
        var content: Content

        var run: Run? {
            if case .run(let run) = content { return run }
            return nil
        }

        var hole: Hole? {
            if case .hole(let hole) = content { return hole }
            return nil
        }
    }

    /// What one row holds.
    enum Slot {
        case item(Item, ItemIdentity?)
        case hole(Hole)

        /// True for a placeholder row that stands for nothing but its position.
        var isPlainHole: Bool {
            if case .hole(let hole) = self { return hole.key == nil && !hole.isFrontier }
            return false
        }
    }
}
