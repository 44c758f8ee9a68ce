/// Character classes of ASCII bytes: what the generator asks of most names and
/// texts a spec holds, answered without the Unicode tables `Character`'s
/// properties read.
enum ASCII {
    static func isUppercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    static func isLowercase(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    static func isLetter(_ byte: UInt8) -> Bool { isUppercase(byte) || isLowercase(byte) }
    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    /// A character that prints: from the space to `~`, no control, no tab, no line break.
    static func isPrintable(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }
    /// True when every byte of `text` is a printable ASCII character.
    static func isPrintable(_ text: some StringProtocol) -> Bool { text.utf8.allSatisfy(isPrintable) }
}
