/// A change the app makes to one item of a ``PagedList`` ahead of the server, for
/// ``PagedList/apply(_:confirmedWhen:commit:)``.
///
/// ```swift
/// try await list.apply(.modify(id: post.id) { $0.isLiked = true; $0.likeCount += 1 },
///                      confirmedWhen: { $0.isLiked }) {
///     try await client.like(postID: post.id).get()
/// }
/// ```
public struct ListEdit<Item: Sendable>: Sendable {
    enum Kind: Sendable {
        case modify(ItemIdentity, @Sendable (inout Item) -> Void)
        case replace(Item)
        case insert(Item, ListPosition)
        case remove(ItemIdentity)
    }

    let kind: Kind

    /// Changes the item with `id` with `change`: on the copy loaded now, and on every
    /// copy a page brings until the edit is confirmed (so the server's other changes
    /// to the item show too).
    public static func modify(id: some Hashable & Sendable, _ change: @escaping @Sendable (inout Item) -> Void) -> ListEdit {
        ListEdit(kind: .modify(ItemIdentity.of(id), change))
    }

    /// Replaces the item that has `item`'s identity with `item`.
    public static func update(_ item: Item) -> ListEdit {
        ListEdit(kind: .replace(item))
    }

    /// Inserts `item` at `position`.
    public static func insert(_ item: Item, at position: ListPosition) -> ListEdit {
        ListEdit(kind: .insert(item, position))
    }

    /// Removes the item with `id`.
    public static func remove(id: some Hashable & Sendable) -> ListEdit {
        ListEdit(kind: .remove(ItemIdentity.of(id)))
    }
}

/// Where an item goes in a ``PagedList``.
public enum ListPosition: Sendable, Hashable {
    /// At this row (0 through the row count): the item ends on this row.
    case row(Int)
    /// On the row before the item with this identity.
    case before(ItemIdentity)
    /// On the row after the item with this identity.
    case after(ItemIdentity)

    /// On the row before the item with `id`.
    public static func before(id: some Hashable & Sendable) -> ListPosition { .before(ItemIdentity.of(id)) }

    /// On the row after the item with `id`.
    public static func after(id: some Hashable & Sendable) -> ListPosition { .after(ItemIdentity.of(id)) }
}

/// Why a local change to a ``PagedList`` could not be made.
public enum ListEditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The list's loader gives items no identity (``PageLoader/identity``), so items
    /// cannot be found, kept apart or matched with the server's copies.
    case noIdentity
    /// No loaded row holds the item with this identity.
    case notLoaded(ItemIdentity)
    /// An item with this identity is in the list already (an item shows on one row).
    case alreadyInList(ItemIdentity)
    /// The row is outside the list's rows.
    case rowOutOfRange(Int, count: Int)

    /// What went wrong, in a sentence.
    public var description: String {
        switch self {
        case .noIdentity:
            "the list's items have no identity (give the model an id field, or the loader an identity), so they cannot be edited"
        case .notLoaded(let id): "no loaded row holds item \(id)"
        case .alreadyInList(let id): "item \(id) is in the list already"
        case .rowOutOfRange(let row, let count): "row \(row) is outside the list's rows 0...\(count)"
        }
    }
}
