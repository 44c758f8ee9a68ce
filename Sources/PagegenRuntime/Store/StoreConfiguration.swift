import Foundation

/// How a client keeps pages: in which ``PageStore``, for which account, for how long.
///
/// ```swift
/// let store = try PagegenStore(at: applicationSupport.appendingPathComponent("pages.sqlite"))
/// let client = CatalogAPI.Client(token: token)
///     .storing(in: StoreConfiguration(store: store, account: user.id))
/// ```
///
/// Every list a client with a store loads is kept under the account: lists
/// (``PagedList``) show their stored rows at launch, requests for stored pages are
/// conditional (`If-None-Match`, `If-Modified-Since`), and `all…` walks can go on after
/// the process was killed (``ItemSequence/resuming(walk:)``). Another account never
/// sees these rows: give each signed-in user their own account key (a user id, not a
/// token, which changes when it is refreshed), and clear the account at sign-out
/// (``PageStore/clear(account:)``).
public struct StoreConfiguration: Sendable {
    /// Where pages are kept.
    public var store: any PageStore
    /// The account the pages belong to.
    public var account: String
    /// How old a stored page may be and still be shown, for endpoints whose spec
    /// gives no `store: { maxAge: … }`; nil shows stored pages of any age. An older
    /// page is still revalidated with its validators; it is only not shown before the
    /// server answered.
    public var maxAge: TimeInterval?
    /// Told of every store error (a write that failed, a read of a broken row): the
    /// list goes on from the network, the error is for the app's log.
    public var onError: (@Sendable (PageStoreError) -> Void)?
    /// The clock pages are dated with and aged by.
    public var now: @Sendable () -> Date

    /// Creates a configuration.
    public init(
        store: any PageStore, account: String, maxAge: TimeInterval? = nil,
        onError: (@Sendable (PageStoreError) -> Void)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.account = account
        self.maxAge = maxAge
        self.onError = onError
        self.now = now
    }
}
