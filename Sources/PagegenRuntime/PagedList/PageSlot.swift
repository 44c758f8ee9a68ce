/// What a ``LoadPlan`` knows about loading one page: the request in flight for it and
/// its last failure. (Its items are rows of the ``RowModel``.)
struct PageSlot: Sendable {
    /// The error of the last load, until a retry or refresh clears it.
    var failure: APIError?
    /// The id of the request in flight for this page.
    var request: Int?

    /// True when there is nothing to remember about the page.
    var isVacant: Bool { failure == nil && request == nil }
}
