/// Edits the app applied ahead of the server (``PagedList/apply(_:confirmedWhen:commit:)``),
/// kept over every page that loads until the server's copy shows them, their
/// deadline passes, or their commit fails.
///
/// A page's items go through ``overlay(_:ids:now:)`` before they are placed: an item
/// the app removed stays out, an item the app changed shows the change, an item the
/// app inserted keeps the app's copy. So a page that loads while the server has not
/// caught up never shows the old value.
struct PendingEdits<Item: Sendable>: Sendable {
    /// What an edit does to one item.
    enum Kind: Sendable {
        /// Changes the item, whatever copy of it loads.
        case modify(@Sendable (inout Item) -> Void)
        /// Replaces the item with this copy.
        case replace(Item)
        /// The app inserted this item; the server may not have it yet.
        case insert(Item)
        /// The app removed this item, which sat between two others (by identity) on
        /// a row.
        case remove(Item?, before: ItemIdentity?, after: ItemIdentity?, row: Int)
    }

    /// One edit.
    struct Edit: Sendable {
        let serial: Int
        let target: ItemIdentity
        var kind: Kind
        /// Says whether the server's copy of the item shows the edit.
        var isConfirmed: (@Sendable (Item) -> Bool)?
        /// True once the call that makes the edit on the server returned.
        var committed = false
        /// When it lapses, on the list's clock (set when it is committed).
        var deadline: Duration?
        /// The latest copy of the item a page brought since the edit was committed.
        var serverCopy: Item?
    }

    private(set) var edits: [Edit] = []
    /// The item as the server (or the app's plain ``PagedList/update(_:)``) last
    /// gave it, for every item an edit changes: what a rollback goes back to.
    private(set) var base: [ItemIdentity: Item] = [:]
    private var nextSerial = 1

    var isEmpty: Bool { edits.isEmpty }

    /// Adds an edit; returns its serial.
    mutating func add(_ target: ItemIdentity, _ kind: Kind, isConfirmed: (@Sendable (Item) -> Bool)?, original: Item?) -> Int {
        let serial = nextSerial
        nextSerial += 1
        if let original, base[target] == nil { base[target] = original }
        edits.append(Edit(serial: serial, target: target, kind: kind, isConfirmed: isConfirmed))
        return serial
    }

    /// The edit with `serial`.
    func edit(_ serial: Int) -> Edit? { edits.first { $0.serial == serial } }

    /// Takes the edit with `serial` out; returns it.
    @discardableResult
    mutating func remove(_ serial: Int) -> Edit? {
        guard let index = edits.firstIndex(where: { $0.serial == serial }) else { return nil }
        let edit = edits.remove(at: index)
        if !edits.contains(where: { $0.target == edit.target }) { base[edit.target] = nil }
        return edit
    }

    /// Notes that the edit's call returned, and when the edit lapses.
    mutating func commit(_ serial: Int, deadline: Duration) {
        guard let index = edits.firstIndex(where: { $0.serial == serial }) else { return }
        edits[index].committed = true
        edits[index].deadline = deadline
    }

    /// True when an edit inserted the item with `id` and the server has not shown it:
    /// no page may take its row away.
    func protects(_ id: ItemIdentity) -> Bool {
        edits.contains { edit in
            guard edit.target == id, case .insert = edit.kind else { return false }
            return true
        }
    }

    /// True when an edit removed the item with `id`.
    func hides(_ id: ItemIdentity) -> Bool {
        edits.contains { edit in
            guard edit.target == id, case .remove = edit.kind else { return false }
            return true
        }
    }

    /// True when some edit changes the item with `id`.
    func touches(_ id: ItemIdentity) -> Bool { edits.contains { $0.target == id } }

    /// `item` with every edit of its identity applied, in order.
    func displayed(_ item: Item, id: ItemIdentity) -> Item {
        var result = item
        for edit in edits where edit.target == id {
            switch edit.kind {
            case .modify(let change): change(&result)
            case .replace(let copy), .insert(let copy): result = copy
            case .remove: break
            }
        }
        return result
    }

    /// Notes a copy of an item the app set itself (``PagedList/update(_:)``): what a
    /// rollback goes back to.
    mutating func noteBase(_ item: Item, id: ItemIdentity) {
        if touches(id) { base[id] = item }
    }

    /// A page's items as they should show: the ones the app removed left out, the
    /// ones it changed or inserted with its edits. Edits the server's copies confirm
    /// end here.
    mutating func overlay(_ items: [Item], ids: [ItemIdentity?]) -> (items: [Item], ids: [ItemIdentity?]) {
        guard !edits.isEmpty else { return (items, ids) }
        confirmRemovals(ids)
        var shown: [Item] = []
        var shownIDs: [ItemIdentity?] = []
        shown.reserveCapacity(items.count)
        shownIDs.reserveCapacity(items.count)
        for (item, id) in zip(items, ids) {
            guard let id, touches(id) else {
                shown.append(item)
                shownIDs.append(id)
                continue
            }
            if hides(id) { continue }
            base[id] = item
            for index in edits.indices.reversed() where edits[index].target == id && edits[index].committed {
                edits[index].serverCopy = item
                // An insertion the server shows is confirmed by its presence alone,
                // unless the app asks for more.
                var isInsertion = false
                if case .insert = edits[index].kind { isInsertion = true }
                if edits[index].isConfirmed?(item) ?? isInsertion { edits.remove(at: index) }
            }
            if !touches(id) { base[id] = nil }
            shown.append(displayed(item, id: id))
            shownIDs.append(id)
        }
        return (shown, shownIDs)
    }

    /// A committed removal is confirmed by a page that holds one of the removed
    /// item's neighbours next to some other item, or at the page's edge facing it
    /// with the item nowhere in the page.
    private mutating func confirmRemovals(_ ids: [ItemIdentity?]) {
        for index in edits.indices.reversed() {
            guard edits[index].committed, case .remove(_, let before, let after, _) = edits[index].kind else { continue }
            let target = edits[index].target
            if ids.contains(where: { $0 == target }) { continue }
            var confirmed = false
            if let before, let position = ids.firstIndex(where: { $0 == before }), position + 1 < ids.count {
                confirmed = true
            }
            if let after, let position = ids.firstIndex(where: { $0 == after }), position > 0 {
                confirmed = true
            }
            if confirmed { edits.remove(at: index) }
        }
    }

    /// The edits whose deadline passed by `now`.
    func lapsed(at now: Duration) -> [Int] {
        edits.filter { edit in edit.deadline.map { $0 <= now } ?? false }.map(\.serial)
    }
}
