import Foundation

/// Where a client keeps the pages it loaded, so that a list can show them again at
/// once after the app is started again, offline too, and ask the server only whether
/// they changed.
///
/// PagegenRuntime defines what is kept and when; `PagegenStore` keeps it in SQLite.
/// A store holds, for each list (an endpoint with its arguments, ``StoredListID``)
/// of each account:
/// - its pages, by ``PageKey``: the response body as it came, the header fields the
///   page was read with, the validators (`ETag`, `Last-Modified`), the number of items,
///   their identities and the key of the next page (``StoredPage``);
/// - the row the user read last (``StoredListState/anchorRow``);
/// - the progress of named walks over it (``StoredWalkProgress``), so that an `all…`
///   sequence goes on after the process was killed.
///
/// Reads are synchronous and quick (one indexed row), so that a list shows stored rows
/// before its first layout; writes are asynchronous and never block the caller. A
/// store is shared by every client and list of an app.
public protocol PageStore: Sendable {
    /// The page stored at `key` of `list`, or nil.
    func page(at key: PageKey, of list: StoredListID) throws(PageStoreError) -> StoredPage?

    /// Stores `page` in `list`, replacing the page at the same key.
    func write(_ page: StoredPage, of list: StoredListID) async throws(PageStoreError)

    /// Notes that the server said the page at `key` is unchanged (a `304 Not
    /// Modified`) at `date`: its age starts again.
    func markValidated(at key: PageKey, of list: StoredListID, date: Date) async throws(PageStoreError)

    /// What is kept about `list` beside its pages, or nil when nothing is.
    func state(of list: StoredListID) throws(PageStoreError) -> StoredListState?

    /// Keeps the row the user reads in `list` (nil forgets it), and notes that the list
    /// was used now, for the least-recently-used eviction.
    func setAnchorRow(_ row: Int?, of list: StoredListID) async throws(PageStoreError)

    /// The progress of the walk named `walk` over `list`, or nil.
    func walkProgress(named walk: String, of list: StoredListID) throws(PageStoreError) -> StoredWalkProgress?

    /// Keeps the progress of the walk named `walk` over `list`; nil forgets it (the walk
    /// ended).
    func setWalkProgress(_ progress: StoredWalkProgress?, named walk: String, of list: StoredListID) async throws(PageStoreError)

    /// Removes everything kept about `list`.
    func clear(_ list: StoredListID) async throws(PageStoreError)

    /// Removes everything kept for `account`: every list, page and walk.
    func clear(account: String) async throws(PageStoreError)

    /// Removes everything.
    func clearAll() async throws(PageStoreError)
}

/// One list in a store: the account it belongs to, and the request that names the
/// list among the others: every argument of the list's call but the page's key, so
/// that a page stored in pages of one size, or with one filter, never shows in a list
/// of another.
public struct StoredListID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The account the app gave (``StoreConfiguration/account``); never a token.
    public var account: String
    /// The endpoint's name in the spec.
    public var endpoint: String
    /// The request without the page's key (method, URL with its query, the page size
    /// included, the call's header fields, body):
    /// `GET https://…/products?sort=name&page_size=50`.
    public var request: String

    /// Creates a list identity.
    public init(account: String, endpoint: String, request: String) {
        self.account = account
        self.endpoint = endpoint
        self.request = request
    }

    /// `products: GET https://…/products?sort=name (account "u42")`
    public var description: String { "\(endpoint): \(request) (account \"\(account)\")" }
}

/// One stored page: the response as it came, and what the runtime read off it.
public struct StoredPage: Sendable, Hashable {
    /// Where the page is.
    public var key: PageKey
    /// The response body, as the server sent it.
    public var body: Data
    /// The response's header fields (a total, a `Link` header may be read from them).
    public var headerFields: [HTTPHeaderField]
    /// The key of the page after this one, or nil at the end of the list.
    public var next: PageKey?
    /// The number of items on the page.
    public var itemCount: Int
    /// The identities of the page's items, as the text of a JSON array; nil when the
    /// items have no `Codable` identity.
    public var identities: String?
    /// The response's `ETag`, sent back as `If-None-Match`.
    public var entityTag: String?
    /// The response's `Last-Modified`, sent back as `If-Modified-Since`.
    public var lastModified: String?
    /// When the page was loaded or last validated by the server.
    public var storedAt: Date

    /// Creates a stored page.
    public init(
        key: PageKey, body: Data, headerFields: [HTTPHeaderField] = [], next: PageKey?, itemCount: Int,
        identities: String? = nil, entityTag: String? = nil, lastModified: String? = nil, storedAt: Date
    ) {
        self.key = key
        self.body = body
        self.headerFields = headerFields
        self.next = next
        self.itemCount = itemCount
        self.identities = identities
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.storedAt = storedAt
    }

    /// True when the page has a validator, so that a request for it can be conditional.
    public var hasValidator: Bool { entityTag != nil || lastModified != nil }
}

/// What a store keeps about a list beside its pages.
public struct StoredListState: Sendable, Hashable {
    /// The row the user read last, if the list's adapter kept one.
    public var anchorRow: Int?
    /// When the list was last used (a page written, the anchor kept).
    public var usedAt: Date

    /// Creates a list state.
    public init(anchorRow: Int?, usedAt: Date) {
        self.anchorRow = anchorRow
        self.usedAt = usedAt
    }
}

/// How far a named walk over a list got: the page it was on (with what a
/// ``ResumePoint`` holds), the identities of that page's items, and how many of them
/// the caller had handled.
public struct StoredWalkProgress: Sendable, Hashable, Codable {
    /// The page the walk was on, the keys it followed and the identities it delivered
    /// before that page.
    public var resumePoint: ResumePoint
    /// The identities of the page's items, as the text of a JSON array; nil when the
    /// items have no `Codable` identity.
    public var pageIdentities: String?
    /// How many of the page's items the caller had handled (asked for the item after).
    public var handled: Int

    /// Creates walk progress.
    public init(resumePoint: ResumePoint, pageIdentities: String?, handled: Int) {
        self.resumePoint = resumePoint
        self.pageIdentities = pageIdentities
        self.handled = handled
    }
}

/// A store that could not do what it was asked.
public struct PageStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed, in words: `cannot write page 3 of products: disk I/O error`.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
