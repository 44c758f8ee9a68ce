import PagegenYAML
import Testing

/// Bytes that are not UTF-8 text are reported at the line and column of the first
/// bad one, counted as libyaml counts its marks.
@Suite struct YAMLTextTests {
    /// The error `YAMLText.decode` throws for `bytes`, or nil when they decode.
    static func problem(_ bytes: [UInt8], limits: YAMLLimits = .standard) -> YAMLError? {
        do {
            _ = try YAMLText.decode(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func validTextDecodesAsItIs() throws {
        let text = "name: Café ✓\nlist: [a, b]\n"
        #expect(try YAMLText.decode(Self.bytes(text)) == text)
        #expect(try YAMLText.decode([]) == "")
    }

    @Test func aByteOrderMarkIsDropped() throws {
        let text = try YAMLText.decode([0xEF, 0xBB, 0xBF] + Self.bytes("name: Catalog\n"))
        #expect(text == "name: Catalog\n")
        let root = try #require(try YAMLParser.parse(text))
        #expect(root["name"]?.mark == Mark(line: 1, column: 7))
        // A byte-order mark left in a string is dropped by the parser too, without moving the columns.
        let direct = try #require(try YAMLParser.parse("\u{FEFF}name: Catalog\n"))
        #expect(direct["name"]?.mark == Mark(line: 1, column: 7))
    }

    @Test(arguments: [
        ([0xFF, 0xFE, 0x6E, 0x00] as [UInt8], "UTF-16 (little-endian)"),
        ([0xFE, 0xFF, 0x00, 0x6E], "UTF-16 (big-endian)"),
        ([0xFF, 0xFE, 0x00, 0x00], "UTF-32 (little-endian)"),
        ([0x00, 0x00, 0xFE, 0xFF], "UTF-32 (big-endian)"),
    ])
    func wideEncodingsAreNamed(_ bytes: [UInt8], encoding: String) throws {
        let error = try #require(Self.problem(bytes))
        #expect(error.message == "the file is \(encoding) text")
        #expect(error.mark == Mark(line: 1, column: 1))
        #expect(error.hint == "save it as UTF-8")
    }

    @Test func theFirstInvalidByteIsReportedAtItsLineAndColumn() throws {
        let error = try #require(Self.problem(Self.bytes("pagegen: 1\nname: Cat") + [0xFF] + Self.bytes("alog\nbad: \u{1}\n")))
        #expect(error.mark == Mark(line: 2, column: 10))
        #expect(error.message == "the byte 0xFF is not UTF-8")
        #expect(error.hint?.contains("save the file as UTF-8") == true)
    }

    @Test func latin1TextIsCaughtAtItsFirstAccent() throws {
        // "Café au lait" in Latin-1: é is 0xE9, which would start a 3-byte UTF-8 character.
        let error = try #require(Self.problem(Self.bytes("a: 1\ndrink: Caf") + [0xE9] + Self.bytes(" au lait\n")))
        #expect(error.mark == Mark(line: 2, column: 11))
        #expect(error.message == "the byte 0xE9 starts a UTF-8 character that the bytes after it do not complete")
    }

    @Test(arguments: [
        ([0x80] as [UInt8], "the byte 0x80 is not UTF-8: it continues a character that did not start"),
        ([0xC0, 0xAF], "the byte 0xC0 is not UTF-8"),  // overlong '/'
        ([0xED, 0xA0, 0x80], "the byte 0xED starts a UTF-8 character that the bytes after it do not complete"),  // a surrogate
        ([0xF4, 0x90, 0x80, 0x80], "the byte 0xF4 starts a UTF-8 character that the bytes after it do not complete"),  // above U+10FFFF
        ([0xF8, 0x88, 0x80, 0x80, 0x80], "the byte 0xF8 is not UTF-8"),
        ([0xE2, 0x82], "the byte 0xE2 starts a UTF-8 character that the bytes after it do not complete"),  // cut short by the end
    ])
    func malformedSequencesAreNamed(_ bad: [UInt8], message: String) throws {
        let error = try #require(Self.problem(Self.bytes("key: ") + bad))
        #expect(error.mark == Mark(line: 1, column: 6))
        #expect(error.message == message)
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let error = try #require(Self.problem(Self.bytes("é: ü") + [0xFF]))
        #expect(error.mark == Mark(line: 1, column: 5))
    }

    @Test(arguments: ["\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}"])
    func everyLineBreakLibyamlKnowsStartsALine(_ lineBreak: String) throws {
        let error = try #require(Self.problem(Self.bytes("a: 1\(lineBreak)b: ") + [0xFF]))
        #expect(error.mark == Mark(line: 2, column: 4))
    }

    @Test func theMarksAgreeWithLibyamlsOnCarriageReturnLines() throws {
        // The same text with a syntax error where the bad byte was: libyaml must put it at the same place.
        do {
            _ = try YAMLParser.parse("a: 1\rb: 2\r\nc: [\r")
            Issue.record("an unclosed '[' must not parse")
        } catch {
            #expect(error.mark.line == 4)
        }
        let error = try #require(Self.problem(Self.bytes("a: 1\rb: 2\r\nc: ") + [0xFF]))
        #expect(error.mark == Mark(line: 3, column: 4))
    }

    @Test func aNULByteIsNamed() throws {
        let error = try #require(Self.problem(Self.bytes("name: Cat\0alog\n")))
        #expect(error.mark == Mark(line: 1, column: 10))
        #expect(error.message == "a NUL byte (U+0000) is not allowed in YAML")
        #expect(error.hint?.contains("UTF-16") == true)
    }

    @Test(arguments: ["\u{7}", "\u{1B}", "\u{7F}", "\u{90}", "\u{FFFE}"])
    func controlCharactersAreNamed(_ control: String) throws {
        let error = try #require(Self.problem(Self.bytes("a:\n  b: x\(control)y\n")))
        #expect(error.mark == Mark(line: 2, column: 7))
        let code = String(control.unicodeScalars.first!.value, radix: 16, uppercase: true)
        #expect(error.message == "the control character U+\(String(repeating: "0", count: 4 - code.count))\(code) is not allowed in YAML")
    }

    @Test func tabsLineBreaksAndNELAreAllowed() throws {
        #expect(Self.problem(Self.bytes("a: \"x\ty\"\r\nb: \u{85}\n")) == nil)
    }

    @Test func theParserChecksCharactersOfAStringToo() {
        do {
            _ = try YAMLParser.parse("a: 1\nb: x\u{0}y\n")
            Issue.record("a NUL must not parse")
        } catch {
            #expect(error.mark == Mark(line: 2, column: 5))
            #expect(error.message.contains("NUL"))
        }
    }

    @Test func aFileAboveTheSizeLimitIsRefused() throws {
        let limits = YAMLLimits(maxBytes: 16, maxDepth: 64, maxAliasValues: 100, maxValues: 1_000)
        #expect(Self.problem(Self.bytes("a: 1234567890123"), limits: limits) == nil)
        let error = try #require(Self.problem(Self.bytes("a: 12345678901234"), limits: limits))
        #expect(error.message == "the file is larger than 16 bytes")
        #expect(error.mark == Mark(line: 1, column: 1))
        #expect(YAMLLimits.standard.maxBytes == 16 << 20)
    }
}

@Suite struct FilesThatAreNotTextTests {
    static func problem(_ bytes: [UInt8]) -> YAMLError? {
        do {
            _ = try YAMLText.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func anExecutableIsNotATextFile() throws {
        let elf: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00] + Array("not really code".utf8)
        let error = try #require(Self.problem(elf))
        #expect(error.mark == Mark(line: 1, column: 1))
        #expect(error.message == "the file is not a text file: it holds bytes that are not characters")
    }

    @Test func compressedDataIsNotATextFile() throws {
        // gzip's magic number and flags, then bytes that are not UTF-8 (lone continuation bytes).
        let gzip: [UInt8] = [0x1F, 0x8B, 0x08, 0x00] + (0..<100).map { UInt8(0x80 + $0 % 0x40) }
        let error = try #require(Self.problem(gzip))
        #expect(error.message.hasPrefix("the file is not a text file"))
    }

    @Test func utf16WithoutAByteOrderMarkIsNamed() throws {
        let bytes = Array("pagegen: 1\nname: Shop\n".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let error = try #require(Self.problem(bytes))
        #expect(error.message == "the file is UTF-16 text without a byte-order mark")
        #expect(error.hint == "save it as UTF-8")
    }

    @Test func aStrayCharacterInTextIsStillFoundWhereItIs() throws {
        let error = try #require(Self.problem(Array("name: Shop\nbaseURL: \u{7F}x\n".utf8)))
        #expect(error.mark == Mark(line: 2, column: 10))
    }
}
