/// Where a walk over a list stopped, and what it had already seen: enough for a
/// new ``PageSequence`` or ``ItemSequence`` to go on from there as if the walk had
/// not been interrupted.
///
/// A page that fails (after the middlewares' retries) throws an ``APIError`` whose
/// ``APIError/resumePoint`` names that page. `Codable`, so an app can keep it
/// across launches:
///
/// ```swift
/// do {
///     for try await product in client.allProducts(categoryID: "42", from: saved) { … }
/// } catch {
///     saved = error.resumePoint          // nil for errors a retry cannot fix (a loop)
/// }
/// ```
///
/// It holds:
/// - ``key``: the page that failed, which the next walk requests first;
/// - ``followed``: the cursors and links already followed (the latest 1,000, and one
///   earlier key), so that a list that loops back to one of them is still caught after
///   the resumption (page-number and offset walks cannot loop and keep none);
/// - ``deliveredIdentities``: for an `all…` walk over items with an identity, the
///   identities of the items delivered on its latest ``PageLoader/deduplicationPages``
///   pages (the text of a JSON array, exact for 64-bit ids), so that such an item is
///   not delivered again after the resumption. It does not grow with the list.
///   Identities given as `AnyHashable` (rather than a `Codable` value, as generated
///   code gives) cannot be kept, and are not.
///
/// A resume point belongs to the list it came from: resuming another list with it
/// requests that list's page at ``key``.
public struct ResumePoint: Sendable, Hashable, Codable {
    /// The page to request first: the one that failed.
    public var key: PageKey
    /// True when the walk went towards the start of the list.
    public var backward: Bool
    /// The cursor and link keys already followed, for loop detection.
    public var followed: [PageKey]
    /// The identities of the items delivered on the walk's latest pages, as the text of a JSON array;
    /// nil for a walk over pages, or over items without a `Codable` identity.
    public var deliveredIdentities: String?

    /// Creates a resume point.
    public init(key: PageKey, backward: Bool = false, followed: [PageKey] = [], deliveredIdentities: String? = nil) {
        self.key = key
        self.backward = backward
        self.followed = followed
        self.deliveredIdentities = deliveredIdentities
    }
}
