import Foundation
import PagegenRuntime
import Testing

/// ISO 8601 text without a zone, read in the zone a spec gives: fixed offsets, IANA
/// zones across daylight saving time, the caller's own zone; text with a zone is
/// read as it says, and dates are always written in UTC.
@Suite struct DateZoneTests {
    /// A date field, coded with the format in the coder's `userInfo`, as a generated
    /// model's field is coded with its spec's format.
    struct Stamp: Codable {
        static let format = CodingUserInfoKey(rawValue: "format")!
        var date: Date

        init(date: Date) { self.date = date }
        init(from decoder: any Decoder) throws {
            date = try (decoder.userInfo[Self.format] as? DateFormat ?? .iso8601).decode(from: decoder)
        }
        func encode(to encoder: any Encoder) throws {
            try (encoder.userInfo[Self.format] as? DateFormat ?? .iso8601).encode(date, to: encoder)
        }
    }

    static func decode(_ text: String, _ format: DateFormat) throws -> Date {
        let decoder = JSONDecoder()
        decoder.userInfo[Stamp.format] = format
        return try decoder.decode(Stamp.self, from: Data("\"\(text)\"".utf8)).date
    }

    static let berlin = DateFormat.iso8601(zone: .identifier("Europe/Berlin"))

    @Test(arguments: [
        ("2024-07-01T12:00:00", 1_719_828_000.0),  // summer: +02:00
        ("2024-01-15T09:30:00", 1_705_307_400.0),  // winter: +01:00
        ("2024-07-01 12:00:00.5", 1_719_828_000.5),
        ("2024-07-01T12:00:00Z", 1_719_835_200.0),  // a zone in the text wins
        ("2024-07-01T12:00:00-04:00", 1_719_849_600.0),
        ("2024-10-27T02:30:00", 1_729_992_600.0),  // twice that night: the second, at +01:00
        ("2024-03-31T02:30:00", 1_711_848_600.0),  // skipped: read with +01:00, the offset before
    ])
    func berlinTimesAreReadInBerlin(_ text: String, _ seconds: Double) throws {
        #expect(try Self.decode(text, Self.berlin).timeIntervalSince1970 == seconds)
    }

    @Test func fixedOffsetsAndUTC() throws {
        #expect(try Self.decode("2024-07-01T05:00:00", .iso8601(zone: .offset(seconds: -5 * 3600))).timeIntervalSince1970 == 1_719_828_000)
        #expect(
            try Self.decode("2024-07-01T15:30:00", .iso8601(zone: .offset(seconds: 5 * 3600 + 1800))).timeIntervalSince1970 == 1_719_828_000
        )
        #expect(try Self.decode("2024-07-01T10:00:00", .iso8601).timeIntervalSince1970 == 1_719_828_000)
    }

    @Test func localIsTheCallersZone() throws {
        let text = "2024-07-01T10:00:00"
        let utc = try #require(ISO8601.parse(text))
        let local = try Self.decode(text, .iso8601(zone: .local))
        #expect(utc.timeIntervalSince(local) == Double(TimeZone.current.secondsFromGMT(for: local)))
    }

    @Test func anUnknownZoneIsADecodingErrorThatSaysSo() {
        #expect {
            try Self.decode("2024-07-01T10:00:00", .iso8601(zone: .identifier("Mars/Olympus")))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == "the time zone 'Mars/Olympus' is not known on this system"
        }
    }

    @Test func datesAreWrittenInUTCWhateverTheZone() throws {
        let encoder = JSONEncoder()
        encoder.userInfo[Stamp.format] = Self.berlin
        let data = try encoder.encode(Stamp(date: Date(timeIntervalSince1970: 1_719_828_000)))
        #expect(String(decoding: data, as: UTF8.self) == #""2024-07-01T10:00:00Z""#)
    }

    @Test func formatsAndZonesDescribeThemselves() {
        #expect(Self.berlin.description == "iso8601 (no zone: Europe/Berlin)")
        #expect(DateFormat.iso8601.description == "iso8601")
        #expect(DateFormat.unixSeconds.description == "unixSeconds")
        #expect(DateZone.offset(seconds: -(9 * 3600 + 1800)).description == "-09:30")
        #expect(DateZone.local.description == "local")
    }
}
