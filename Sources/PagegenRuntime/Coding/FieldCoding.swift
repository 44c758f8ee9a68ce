import Foundation

/// A JSON key by its name: generated models decode and encode their fields with it,
/// rather than with a `CodingKeys` enumeration each, whose conformances the compiler
/// would derive, type-check and compile model by model.
@_spi(Generated) public struct FieldKey: CodingKey, Sendable {
    /// The name on the wire.
    public let stringValue: String

    /// The key named `name`.
    @inlinable public init(_ name: String) {
        stringValue = name
    }

    /// The key named `stringValue`.
    @inlinable public init(stringValue: String) {
        self.stringValue = stringValue
    }

    /// None: JSON objects have no integer keys.
    @inlinable public init?(intValue: Int) {
        nil
    }

    /// None: JSON objects have no integer keys.
    @inlinable public var intValue: Int? { nil }
}

/// The fields of a JSON object being decoded, read by their names: what a generated
/// model's `init(from:)` reads each property with.
@_spi(Generated) public struct DecodedFields {
    @usableFromInline let container: KeyedDecodingContainer<FieldKey>

    /// The fields of the object `decoder` holds.
    @inlinable public init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: FieldKey.self)
    }

    /// The value of the field `name`.
    /// - Throws: `DecodingError` when the field is missing, null or of another type.
    @inlinable public func value<T: Decodable>(_ name: String) throws -> T {
        let key = FieldKey(name)
        // The container's own methods for the common scalars, as synthesized decoding calls them.
        switch T.self {
        case is String.Type: return try container.decode(String.self, forKey: key) as! T
        case is Int.Type: return try container.decode(Int.self, forKey: key) as! T
        case is Int64.Type: return try container.decode(Int64.self, forKey: key) as! T
        case is Double.Type: return try container.decode(Double.self, forKey: key) as! T
        case is Bool.Type: return try container.decode(Bool.self, forKey: key) as! T
        default: return try container.decode(T.self, forKey: key)
        }
    }

    /// The value of the field `name`, or nil when it is missing or null.
    @inlinable public func valueIfPresent<T: Decodable>(_ name: String) throws -> T? {
        let key = FieldKey(name)
        switch T.self {
        case is String.Type: return try container.decodeIfPresent(String.self, forKey: key) as! T?
        case is Int.Type: return try container.decodeIfPresent(Int.self, forKey: key) as! T?
        case is Int64.Type: return try container.decodeIfPresent(Int64.self, forKey: key) as! T?
        case is Double.Type: return try container.decodeIfPresent(Double.self, forKey: key) as! T?
        case is Bool.Type: return try container.decodeIfPresent(Bool.self, forKey: key) as! T?
        default: return try container.decodeIfPresent(T.self, forKey: key)
        }
    }

    /// The items of the field `name`, none when it is missing or null (a page without
    /// its items path is an empty page).
    @inlinable public func items<T: Decodable>(_ name: String) throws -> [T] {
        try container.decodeIfPresent([T].self, forKey: FieldKey(name)) ?? []
    }

    /// The date in the field `name`, written in `format` whatever the decoder's own strategy.
    @inlinable public func date(_ name: String, format: DateFormat) throws -> Date {
        try container.decodeDate(forKey: FieldKey(name), format: format)
    }

    /// The date in the field `name`, written in `format`, or nil when it is missing or null.
    @inlinable public func dateIfPresent(_ name: String, format: DateFormat) throws -> Date? {
        try container.decodeDateIfPresent(forKey: FieldKey(name), format: format)
    }
}

/// The fields of a JSON object being encoded, written by their names: what a
/// generated model's `encode(to:)` writes each property with.
@_spi(Generated) public struct EncodedFields {
    @usableFromInline var container: KeyedEncodingContainer<FieldKey>

    /// An object written to `encoder`.
    @inlinable public init(_ encoder: any Encoder) {
        container = encoder.container(keyedBy: FieldKey.self)
    }

    /// Writes `value` as the field `name`.
    @inlinable public mutating func encode<T: Encodable>(_ value: T, _ name: String) throws {
        try container.encode(value, forKey: FieldKey(name))
    }

    /// Writes `value` as the field `name`, or nothing for nil.
    @inlinable public mutating func encodeIfPresent<T: Encodable>(_ value: T?, _ name: String) throws {
        try container.encodeIfPresent(value, forKey: FieldKey(name))
    }

    /// Writes `date` in `format` as the field `name`.
    @inlinable public mutating func date(_ date: Date, _ name: String, format: DateFormat) throws {
        try container.encodeDate(date, forKey: FieldKey(name), format: format)
    }

    /// Writes `date` in `format` as the field `name`, or nothing for nil.
    @inlinable public mutating func dateIfPresent(_ date: Date?, _ name: String, format: DateFormat) throws {
        try container.encodeDateIfPresent(date, forKey: FieldKey(name), format: format)
    }
}
