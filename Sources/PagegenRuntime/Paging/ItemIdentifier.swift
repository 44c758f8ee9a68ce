import Foundation

/// What identifies the items of a list: the identity function a ``PageLoader`` was
/// given, and how to keep a set of identities in their own type (a `Set<Int>` for
/// `{ $0.id }` over an `Int` id, hashed without `AnyHashable`).
struct ItemIdentifier<Item: Sendable>: Sendable {
    /// The identity, type-erased, for the list adapter's row identifiers.
    let anyHashable: @Sendable (Item) -> AnyHashable
    /// A new, empty set of delivered identities.
    let makeSet: @Sendable () -> DeliveredIdentities<Item>

    /// A typed identity: the set holds `ID`s, and can be kept in a ``ResumePoint``.
    init<ID: Hashable & Codable & Sendable>(_ identity: @escaping @Sendable (Item) -> ID) {
        anyHashable = { AnyHashable(identity($0)) }
        makeSet = { TypedDeliveredIdentities(identity) }
    }

    /// An identity given as `AnyHashable`: the set cannot be kept in a resume point.
    init(anyHashable identity: @escaping @Sendable (Item) -> AnyHashable) {
        anyHashable = identity
        makeSet = { AnyHashableDeliveredIdentities(identity) }
    }
}

/// The identities of the items an ``ItemSequence`` delivered.
class DeliveredIdentities<Item> {
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
    private var seen: Set<ID> = []

    init(_ identity: @escaping (Item) -> ID) {
        self.identity = identity
    }

    override func insert(_ item: Item) -> Bool {
        seen.insert(identity(item)).inserted
    }

    override func snapshot() -> String? {
        guard let data = try? JSONEncoder().encode(Array(seen)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    override func restore(_ snapshot: String) throws(APIError) {
        do {
            seen.formUnion(try JSONDecoder().decode([ID].self, from: Data(snapshot.utf8)))
        } catch {
            throw APIError(.invalidRequest(
                "the resume point's delivered identities are not identities of this list (\(ID.self)): \(error)"))
        }
    }
}

/// Identities given as `AnyHashable`.
final class AnyHashableDeliveredIdentities<Item>: DeliveredIdentities<Item> {
    private let identity: (Item) -> AnyHashable
    private var seen: Set<AnyHashable> = []

    init(_ identity: @escaping (Item) -> AnyHashable) {
        self.identity = identity
    }

    override func insert(_ item: Item) -> Bool {
        seen.insert(identity(item)).inserted
    }
}
