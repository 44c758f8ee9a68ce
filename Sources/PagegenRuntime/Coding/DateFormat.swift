import Foundation

/// How an API writes dates on the wire: ISO 8601 text (and the zone of text written
/// without one), Unix seconds or Unix milliseconds.
///
/// ```swift
/// DateFormat.iso8601                                  // "2024-08-14T15:14:26Z"; no zone: UTC
/// DateFormat.iso8601(zone: .identifier("Europe/Berlin"))  // "2024-08-14T17:14:26" is 15:14:26 UTC
/// DateFormat.iso8601(zone: .local)                    // no zone: the caller's own zone
/// DateFormat.unixSeconds                              // 1723648466
/// ```
public struct DateFormat: Sendable, Hashable, CustomStringConvertible {
    /// How a date is written.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        /// ISO 8601 text, with or without fractional seconds, with or without a zone.
        case iso8601
        /// A number of seconds since 1970-01-01 UTC, possibly fractional.
        case unixSeconds
        /// A number of milliseconds since 1970-01-01 UTC.
        case unixMilliseconds
    }

    /// How a date is written.
    public var style: Style
    /// For ISO 8601 text written without a zone (`2024-08-14T15:14:26`): the zone it
    /// is in. Text with a zone (`Z`, `+02:00`) is read as it says.
    public var zone: DateZone

    /// Creates a format.
    public init(_ style: Style, zone: DateZone = .utc) {
        self.style = style
        self.zone = zone
    }

    /// ISO 8601 text; text without a zone is UTC.
    public static let iso8601 = DateFormat(.iso8601)
    /// Seconds since 1970.
    public static let unixSeconds = DateFormat(.unixSeconds)
    /// Milliseconds since 1970.
    public static let unixMilliseconds = DateFormat(.unixMilliseconds)

    /// ISO 8601 text; text without a zone is in `zone`.
    public static func iso8601(zone: DateZone) -> DateFormat {
        DateFormat(.iso8601, zone: zone)
    }

    /// `iso8601`, `iso8601 (no zone: Europe/Berlin)`, `unixSeconds`.
    public var description: String {
        style == .iso8601 && zone != .utc ? "iso8601 (no zone: \(zone))" : style.rawValue
    }

    /// Decodes a date in this format from a single-value container.
    public func decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        switch style {
        case .iso8601:
            let text = try container.decode(String.self)
            guard let timeZone = zone.timeZone else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "the time zone '\(zone)' is not known on this system")
            }
            guard let date = ISO8601.parse(text, zonelessIn: timeZone) else {
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

    /// Encodes `date` in this format into a single-value container. ISO 8601 text is
    /// written in UTC with `Z`, whatever the zone: a date sent is exact.
    public func encode(_ date: Date, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch style {
        case .iso8601: try container.encode(ISO8601.format(date))
        case .unixSeconds: try container.encode(date.timeIntervalSince1970)
        case .unixMilliseconds: try container.encode((date.timeIntervalSince1970 * 1000).rounded())
        }
    }
}

/// The zone of ISO 8601 text written without one: WordPress sends a post's `date` in
/// the site's own zone (`2024-05-01T10:00:00`) next to `date_gmt` in UTC.
public enum DateZone: Sendable, Hashable, CustomStringConvertible {
    /// UTC.
    case utc
    /// The zone of the device the client runs on, as it is when a date is decoded.
    case local
    /// A zone of the IANA database, such as `Europe/Berlin`: its offset follows
    /// daylight saving time.
    case identifier(String)
    /// A fixed offset from UTC, in seconds east: `+02:00` is 7200.
    case offset(seconds: Int)

    /// The zone, or nil for an identifier this system does not know.
    public var timeZone: TimeZone? {
        switch self {
        case .utc: TimeZone(identifier: "UTC")
        case .local: TimeZone.current
        case .identifier(let name): TimeZone(identifier: name)
        case .offset(let seconds): TimeZone(secondsFromGMT: seconds)
        }
    }

    /// `UTC`, `local`, `Europe/Berlin`, `+02:00`.
    public var description: String {
        switch self {
        case .utc: "UTC"
        case .local: "local"
        case .identifier(let name): name
        case .offset(let seconds):
            "\(seconds < 0 ? "-" : "+")\(Self.twoDigits(abs(seconds) / 3600)):\(Self.twoDigits(abs(seconds) % 3600 / 60))"
        }
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
