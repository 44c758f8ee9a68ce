/// The identity of one row of a ``PagedList``: what a diffable data source or a
/// SwiftUI `ForEach` keys the row on.
///
/// A loaded item is identified by its identity (``PageLoader/identity``), so it
/// keeps its identifier wherever it moves: when rows are inserted or removed above
/// it, when a refresh or a page of the server's moved list puts it on another row.
/// An item shows on one row only, so identifiers are unique. Every other row
/// (placeholders, the loading row, failed rows, and items of a loader without an
/// identity) is identified by its position, which changes when rows come or go
/// above it.
public enum ListRowID: Hashable, Sendable, CustomStringConvertible {
    /// A loaded item, by the identity the loader gives it.
    case item(ItemIdentity)
    /// A row by its position.
    case position(Int)

    /// `item 42`, `row 7`
    public var description: String {
        switch self {
        case .item(let identity): "item \(identity)"
        case .position(let row): "row \(row)"
        }
    }
}

/// The identity of an item, as ``PageLoader/identity`` gives it.
///
/// `@unchecked Sendable`: it holds an immutable `AnyHashable`, which the standard
/// library does not mark `Sendable` because it may wrap anything. The values here
/// are made by the loader's `@Sendable` identity function from `Sendable` items
/// (generated code passes the model's identifying field: an `Int`, `String` or
/// `UUID`), and nothing mutates them after creation, so sharing them across
/// isolation domains only ever hashes and compares immutable values.
public struct ItemIdentity: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The identity value.
    public let value: AnyHashable

    /// Wraps an identity value.
    public init(_ value: AnyHashable) {
        self.value = value
    }

    /// The identity value's description.
    public var description: String { "\(value)" }

    /// The identity of an item whose identifying value is `id` (an `ItemIdentity`
    /// stays as it is).
    static func of(_ id: some Hashable) -> ItemIdentity {
        if let identity = id as? ItemIdentity { return identity }
        return ItemIdentity(AnyHashable(id))
    }
}
