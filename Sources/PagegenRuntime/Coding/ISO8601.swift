import Foundation

/// A small, allocation-free ISO 8601 reader and writer.
///
/// Reads `2024-08-14`, `2024-08-14T15:14:26Z`, `2024-08-14T15:14:26.123+02:00`,
/// `2024-08-14T15:14:26` (no zone: read as UTC, or in the zone given) and
/// `2024-08-14 15:14:26`. Foundation's formatters are neither `Sendable` nor fast on Linux.
public enum ISO8601 {
    /// Parses `text`, or returns nil when it is not an ISO 8601 date. Text without a
    /// zone is read as UTC.
    public static func parse(_ text: String) -> Date? {
        guard let (seconds, offset) = components(text) else { return nil }
        return Date(timeIntervalSince1970: seconds - (offset ?? 0))
    }

    /// Parses `text`, reading text without a zone as a time in `zone` (text with a
    /// `Z` or an offset is read as it says). Where a time occurs twice in `zone` (the
    /// hour when clocks go back) it is the second; a time the zone skips (when clocks
    /// go forward) is read with the offset before the change.
    public static func parse(_ text: String, zonelessIn zone: TimeZone) -> Date? {
        guard let (seconds, offset) = components(text) else { return nil }
        if let offset { return Date(timeIntervalSince1970: seconds - offset) }
        let guess = seconds - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)))
        return Date(timeIntervalSince1970: seconds - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess))))
    }

    /// The wall-clock time of `text` as seconds since 1970 read as UTC, and the
    /// offset east of UTC its zone says (nil when it says none).
    private static func components(_ text: String) -> (seconds: Double, offset: Double?)? {
        var reader = DigitReader(Array(text.utf8))
        guard let year = reader.number(4), reader.skip("-"),
            let month = reader.number(2), reader.skip("-"),
            let day = reader.number(2), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        if reader.isAtEnd { return (seconds, nil) }
        guard reader.skip("T") || reader.skip("t") || reader.skip(" "),
            let hour = reader.number(2), reader.skip(":"), let minute = reader.number(2)
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if reader.skip(":") {
            guard let second = reader.number(2) else { return nil }
            seconds += Double(second)
            if reader.skip(".") || reader.skip(",") {
                var scale = 0.1
                var fraction = 0.0
                while let digit = reader.digit() {
                    fraction += Double(digit) * scale
                    scale /= 10
                }
                seconds += fraction
            }
        }
        if reader.isAtEnd { return (seconds, nil) }
        if reader.skip("Z") || reader.skip("z") {
            return reader.isAtEnd ? (seconds, 0) : nil
        }
        let sign: Double
        if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
        guard let zoneHours = reader.number(2) else { return nil }
        _ = reader.skip(":")
        let zoneMinutes = reader.number(2) ?? 0
        guard reader.isAtEnd else { return nil }
        return (seconds, sign * Double(zoneHours * 3600 + zoneMinutes * 60))
    }

    /// `2024-08-14T15:14:26Z`, in UTC, whole seconds.
    public static func format(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = Int((Double(total) / 86_400).rounded(.down))
        let secondsOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
            + "\(pad(secondsOfDay / 3600, 2)):\(pad(secondsOfDay % 3600 / 60, 2)):\(pad(secondsOfDay % 60, 2))Z"
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

private struct DigitReader {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Character) -> Bool {
        guard index < bytes.count, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
        index += 1
        return true
    }

    mutating func digit() -> Int? {
        guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
        defer { index += 1 }
        return Int(bytes[index] - 48)
    }

    mutating func number(_ width: Int) -> Int? {
        var value = 0
        for _ in 0..<width {
            guard let digit = digit() else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
