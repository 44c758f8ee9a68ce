/// What a ``PageTable`` knows about loading one page: the request in flight for it
/// and its last failure. (Its items are rows of the ``RowList``.)
struct PageSlot: Sendable {
    /// The error of the last load, until a retry or refresh clears it.
    var failure: APIError?
    /// The id of the request in flight for this page.
    var request: Int?

    /// True when there is nothing to remember about the page.
    var isVacant: Bool { failure == nil && request == nil }
}

/// A page loaded since the last refresh.
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
