import Foundation

/// What identifies the items of a list: the identity function a ``PageLoader`` was
/// given, and how to keep a set of identities in their own type (a `Set<Int>` for
/// `{ $0.id }` over an `Int` id, hashed without `AnyHashable`).
struct ItemIdentifier<Item: Sendable>: Sendable {
    /// The identity, type-erased, for the list adapter's row identifiers.
    let anyHashable: @Sendable (Item) -> AnyHashable
    /// A new, empty set of delivered identities that remembers the given number of pages.
    let makeSet: @Sendable (_ pages: Int) -> DeliveredIdentities<Item>
    /// The identities of items as the text of a JSON array, for a store; nil for an
    /// identity given as `AnyHashable`.
    let encode: (@Sendable ([Item]) -> String?)?

    /// A typed identity: the set holds `ID`s, and can be kept in a ``ResumePoint``.
    init<ID: Hashable & Codable & Sendable>(_ identity: @escaping @Sendable (Item) -> ID) {
        anyHashable = { AnyHashable(identity($0)) }
        makeSet = { TypedDeliveredIdentities(identity, pages: $0) }
        encode = { items in
            guard let data = try? JSONEncoder().encode(items.map(identity)) else { return nil }
            return String(decoding: data, as: UTF8.self)
        }
    }

    /// An identity given as `AnyHashable`: the set cannot be kept in a resume point.
    init(anyHashable identity: @escaping @Sendable (Item) -> AnyHashable) {
        anyHashable = identity
        makeSet = { AnyHashableDeliveredIdentities(identity, pages: $0) }
        encode = nil
    }
}

/// The identities of the items an ``ItemSequence`` delivered from its latest pages.
class DeliveredIdentities<Item> {
    /// Starts the identities of a new page, forgetting those of the pages before the
    /// last ``PageLoader/deduplicationPages``.
    func beginPage() {}
    /// Notes `item`; false when an item with its identity was delivered before.
    func insert(_ item: Item) -> Bool { true }
    /// The identities as the text of a JSON array, for a ``ResumePoint``; nil when
    /// they cannot be kept.
    func snapshot() -> String? { nil }
    /// Adds the identities of a ``ResumePoint/deliveredIdentities``.
    func restore(_ snapshot: String) throws(APIError) {
        throw APIError(.invalidRequest("this list's items have no Codable identity to resume with"))
    }
}

/// Identities in a set of their own type.
final class TypedDeliveredIdentities<Item, ID: Hashable & Codable>: DeliveredIdentities<Item> {
    private let identity: (Item) -> ID
    private var recent: RecentIdentities<ID>

    init(_ identity: @escaping (Item) -> ID, pages: Int) {
        self.identity = identity
        self.recent = RecentIdentities(pages: pages)
    }

    override func beginPage() {
        recent.beginPage()
    }

    override func insert(_ item: Item) -> Bool {
        recent.insert(identity(item))
    }

    override func snapshot() -> String? {
        guard let data = try? JSONEncoder().encode(recent.all) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    override func restore(_ snapshot: String) throws(APIError) {
        let identities: [ID]
        do {
            identities = try JSONDecoder().decode([ID].self, from: Data(snapshot.utf8))
        } catch {
            throw APIError(
                .invalidRequest(
                    "the resume point's delivered identities are not identities of this list (\(ID.self)): \(error)"))
        }
        recent.beginPage()
        for id in identities { _ = recent.insert(id) }
    }
}

/// Identities given as `AnyHashable`.
final class AnyHashableDeliveredIdentities<Item>: DeliveredIdentities<Item> {
    private let identity: (Item) -> AnyHashable
    private var recent: RecentIdentities<AnyHashable>

    init(_ identity: @escaping (Item) -> AnyHashable, pages: Int) {
        self.identity = identity
        self.recent = RecentIdentities(pages: pages)
    }

    override func beginPage() {
        recent.beginPage()
    }

    override func insert(_ item: Item) -> Bool {
        recent.insert(identity(item))
    }
}

/// The identities delivered from the latest few pages that delivered any: a set to
/// look them up, and each page's own in delivery order, so that the oldest page's can
/// be forgotten.
struct RecentIdentities<ID: Hashable> {
    /// How many pages' identities are kept, the current one included.
    let pages: Int
    private var seen: Set<ID> = []
    private var byPage: [[ID]] = []

    init(pages: Int) {
        self.pages = max(1, pages)
    }

    /// Every identity kept, oldest page first.
    var all: [ID] { byPage.flatMap { $0 } }

    // Generic code in this module runs unspecialized for the app's `ID`, hashing through
    // witness tables: the identities most APIs use get copies made for them, chosen at
    // run time, which hash as fast as a `Set<Int>` or `Set<String>` in the app would.

    /// Starts a new page; a page that delivered nothing new does not count, so that
    /// a list that keeps serving the same items is still caught however long it does.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    mutating func beginPage() {
        if byPage.last?.isEmpty == true { return }
        byPage.append([])
        if byPage.count > pages {
            for id in byPage.removeFirst() { seen.remove(id) }
        }
    }

    /// Notes `id`; false when it was delivered before.
    @_specialize(where ID == Int)
    @_specialize(where ID == String)
    mutating func insert(_ id: ID) -> Bool {
        guard seen.insert(id).inserted else { return false }
        if byPage.isEmpty { byPage.append([]) }
        byPage[byPage.count - 1].append(id)
        return true
    }
}
