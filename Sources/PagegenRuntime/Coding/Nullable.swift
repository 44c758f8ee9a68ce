import Foundation

/// A field that tells "left out" from "null": what a generated model's field is when
/// the spec says it may be absent, null or a value, each meaning something else
/// (`{ type: Int?, nullable: true }`).
///
/// APIs that update a resource in part (a `PATCH`, a JSON merge patch as RFC 7396
/// writes it) read a key that is not sent as "leave it as it is" and `null` as "clear
/// it". `Optional` has one `nil` for both; `Nullable` has a case for each, and a model
/// encodes exactly the one it holds:
///
/// ```swift
/// // Removes the milestone and leaves everything else as it is:
/// // the body is {"milestone": null}.
/// let update = IssueUpdate(milestone: .null)
/// // Sets it: {"milestone": 3}.
/// let other = IssueUpdate(milestone: 3)
/// ```
///
/// Decoding tells them apart too: a missing key is ``absent``, a `null` is ``null``.
public enum Nullable<Wrapped> {
    /// Not sent: the key is left out (what a field is when nothing sets it).
    case absent
    /// Sent as `null`.
    case null
    /// Sent with a value.
    case value(Wrapped)

    /// `optional` sent: its value, or `null` for nil.
    @inlinable public init(_ optional: Wrapped?) {
        self = optional.map(Self.value) ?? .null
    }

    /// The value, nil when the field is absent or null.
    @inlinable public var wrapped: Wrapped? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// True when the field is left out.
    @inlinable public var isAbsent: Bool {
        if case .absent = self { return true }
        return false
    }

    /// True when the field is sent as `null`.
    @inlinable public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The same state with the value, if any, transformed.
    @inlinable public func map<Other>(_ transform: (Wrapped) throws -> Other) rethrows -> Nullable<Other> {
        switch self {
        case .absent: .absent
        case .null: .null
        case .value(let value): .value(try transform(value))
        }
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: CustomStringConvertible {
    /// `absent`, `null`, or the value's description.
    public var description: String {
        switch self {
        case .absent: "absent"
        case .null: "null"
        case .value(let value): String(describing: value)
        }
    }
}

extension Nullable: ExpressibleByIntegerLiteral where Wrapped: ExpressibleByIntegerLiteral {
    /// A value written as an integer literal: `milestone: 3`.
    @inlinable public init(integerLiteral value: Wrapped.IntegerLiteralType) {
        self = .value(Wrapped(integerLiteral: value))
    }
}

extension Nullable: ExpressibleByFloatLiteral where Wrapped: ExpressibleByFloatLiteral {
    /// A value written as a floating-point literal: `price: 9.5`.
    @inlinable public init(floatLiteral value: Wrapped.FloatLiteralType) {
        self = .value(Wrapped(floatLiteral: value))
    }
}

extension Nullable: ExpressibleByBooleanLiteral where Wrapped: ExpressibleByBooleanLiteral {
    /// A value written as `true` or `false`.
    @inlinable public init(booleanLiteral value: Wrapped.BooleanLiteralType) {
        self = .value(Wrapped(booleanLiteral: value))
    }
}

extension Nullable: ExpressibleByUnicodeScalarLiteral, ExpressibleByExtendedGraphemeClusterLiteral, ExpressibleByStringLiteral
where Wrapped == String {
    /// A value written as a string literal: `title: "Found a bug"`.
    @inlinable public init(stringLiteral value: String) {
        self = .value(value)
    }
}

extension Nullable: ExpressibleByArrayLiteral where Wrapped: RangeReplaceableCollection {
    /// A list written as an array literal: `labels: ["bug"]`; `[]` sends an empty list.
    @inlinable public init(arrayLiteral elements: Wrapped.Element...) {
        self = .value(Wrapped(elements))
    }
}
