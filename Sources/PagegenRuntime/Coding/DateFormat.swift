import Foundation

/// How an API writes dates on the wire.
public enum DateFormat: String, Sendable, Hashable, CaseIterable {
    /// ISO 8601 text, with or without fractional seconds, with or without a zone (no zone is UTC).
    case iso8601
    /// A number of seconds since 1970-01-01 UTC, possibly fractional.
    case unixSeconds
    /// A number of milliseconds since 1970-01-01 UTC.
    case unixMilliseconds

    /// Decodes a date in this format from a single-value container.
    public func decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        switch self {
        case .iso8601:
            let text = try container.decode(String.self)
            guard let date = ISO8601.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(text)' is not an ISO 8601 date")
            }
            return date
        case .unixSeconds:
            return Date(timeIntervalSince1970: try container.decode(Double.self))
        case .unixMilliseconds:
            return Date(timeIntervalSince1970: try container.decode(Double.self) / 1000)
        }
    }

    /// Encodes `date` in this format into a single-value container.
    public func encode(_ date: Date, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .iso8601: try container.encode(ISO8601.format(date))
        case .unixSeconds: try container.encode(date.timeIntervalSince1970)
        case .unixMilliseconds: try container.encode((date.timeIntervalSince1970 * 1000).rounded())
        }
    }
}
