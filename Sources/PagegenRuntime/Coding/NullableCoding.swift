import Foundation

@_spi(Generated) extension KeyedDecodingContainer {
    /// Decodes a field that may be absent, null or a value, telling the three apart.
    @_spi(Generated) public func decodeNullable<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> Nullable<T> {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(T.self, forKey: key))
    }

    /// Decodes a date written in `format` that may be absent, null or a value.
    @_spi(Generated) public func decodeNullableDate(forKey key: Key, format: DateFormat) throws -> Nullable<Date> {
        guard contains(key) else { return .absent }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decodeDate(forKey: key, format: format))
    }
}

@_spi(Generated) extension KeyedEncodingContainer {
    /// Encodes a field that may be absent, null or a value: nothing, `null`, or the value.
    @_spi(Generated) public mutating func encodeNullable<T: Encodable>(_ value: Nullable<T>, forKey key: Key) throws {
        switch value {
        case .absent: return
        case .null: try encodeNil(forKey: key)
        case .value(let value): try encode(value, forKey: key)
        }
    }

    /// Encodes a field that is always sent: the value, or `null` for nil.
    @_spi(Generated) public mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return try encodeNil(forKey: key) }
        try encode(value, forKey: key)
    }

    /// Encodes a date in `format` that may be absent, null or a value.
    @_spi(Generated) public mutating func encodeNullableDate(_ date: Nullable<Date>, forKey key: Key, format: DateFormat) throws {
        switch date {
        case .absent: return
        case .null: try encodeNil(forKey: key)
        case .value(let date): try encodeDate(date, forKey: key, format: format)
        }
    }

    /// Encodes a date in `format` that is always sent: the date, or `null` for nil.
    @_spi(Generated) public mutating func encodeDateOrNull(_ date: Date?, forKey key: Key, format: DateFormat) throws {
        guard let date else { return try encodeNil(forKey: key) }
        try encodeDate(date, forKey: key, format: format)
    }
}

@_spi(Generated) extension DecodedFields {
    /// The field `name`, which may be absent, null or a value, each told apart.
    @inlinable public func nullable<T: Decodable>(_ name: String) throws -> Nullable<T> {
        try container.decodeNullable(T.self, forKey: FieldKey(name))
    }

    /// The date in the field `name`, written in `format`, which may be absent, null or a date.
    @inlinable public func nullableDate(_ name: String, format: DateFormat) throws -> Nullable<Date> {
        try container.decodeNullableDate(forKey: FieldKey(name), format: format)
    }
}

@_spi(Generated) extension EncodedFields {
    /// Writes the field `name` as `value` says: nothing when absent, `null`, or the value.
    @inlinable public mutating func encodeNullable<T: Encodable>(_ value: Nullable<T>, _ name: String) throws {
        try container.encodeNullable(value, forKey: FieldKey(name))
    }

    /// Writes the field `name`, which is always sent: the value, or `null` for nil.
    @inlinable public mutating func encodeOrNull<T: Encodable>(_ value: T?, _ name: String) throws {
        try container.encodeOrNull(value, forKey: FieldKey(name))
    }

    /// Writes the date in the field `name` in `format` as `date` says: nothing, `null` or the date.
    @inlinable public mutating func nullableDate(_ date: Nullable<Date>, _ name: String, format: DateFormat) throws {
        try container.encodeNullableDate(date, forKey: FieldKey(name), format: format)
    }

    /// Writes the date in the field `name` in `format`, which is always sent: `null` for nil.
    @inlinable public mutating func dateOrNull(_ date: Date?, _ name: String, format: DateFormat) throws {
        try container.encodeDateOrNull(date, forKey: FieldKey(name), format: format)
    }
}
