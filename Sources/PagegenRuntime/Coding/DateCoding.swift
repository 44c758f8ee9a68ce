import Foundation

@_spi(Generated) extension KeyedDecodingContainer {
    /// Decodes a date written in `format`, whatever the decoder's own strategy.
    @_spi(Generated) public func decodeDate(forKey key: Key, format: DateFormat) throws -> Date {
        try format.decode(from: try superDecoder(forKey: key))
    }

    /// Decodes a date written in `format`, or nil when the key is missing or null.
    @_spi(Generated) public func decodeDateIfPresent(forKey key: Key, format: DateFormat) throws -> Date? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeDate(forKey: key, format: format)
    }
}

@_spi(Generated) extension KeyedEncodingContainer {
    /// Encodes a date in `format`.
    @_spi(Generated) public mutating func encodeDate(_ date: Date, forKey key: Key, format: DateFormat) throws {
        try format.encode(date, to: superEncoder(forKey: key))
    }

    /// Encodes a date in `format`, or nothing for nil.
    @_spi(Generated) public mutating func encodeDateIfPresent(_ date: Date?, forKey key: Key, format: DateFormat) throws {
        guard let date else { return }
        try encodeDate(date, forKey: key, format: format)
    }
}
