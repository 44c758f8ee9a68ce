/// What a ``PageTable`` knows about one page: its items (possibly stale), their row
/// identifiers, its last failure, and the request in flight for it.
struct PageSlot<Item: Sendable>: Sendable {
    /// The loaded items; nil when not loaded or dropped.
    var items: [Item]?
    /// The identifiers of `items`' rows, when the loader gives items an identity.
    var ids: [ListRowID]?
    /// True after a refresh until the page's replacement arrives.
    var isStale = false
    /// The error of the last load, until a retry or refresh clears it.
    var failure: APIError?
    /// The id of the request in flight for this page.
    var request: Int?

    /// True when there is nothing to remember about the page.
    var isVacant: Bool { items == nil && failure == nil && request == nil }
}
