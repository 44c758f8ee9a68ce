/// Percent-encoding of path segments and query components (RFC 3986).
///
/// Foundation's `URLComponents` leaves `+`, `&`-adjacent and `/` characters in ways
/// that servers read differently, so values are encoded here, byte by byte, keeping
/// only the unreserved characters `A–Z a–z 0–9 - . _ ~`.
public enum PercentEncoding {
    /// Encodes a value for one path segment: `a/b c` → `a%2Fb%20c`.
    public static func pathSegment(_ value: String) -> String {
        encode(value)
    }

    /// Encodes a query name or value: `a+b&c=d` → `a%2Bb%26c%3Dd`.
    public static func queryComponent(_ value: String) -> String {
        encode(value)
    }

    private static func encode(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%"
                result += hexDigit(byte >> 4)
                result += hexDigit(byte & 0xF)
            }
        }
        return result
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> String {
        String(UnicodeScalar(nibble < 10 ? nibble + 48 : nibble + 55))
    }
}
