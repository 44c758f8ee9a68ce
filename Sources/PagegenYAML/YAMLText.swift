/// Turns the bytes of a file into text that ``YAMLParser`` reads, or says where
/// they stop being text.
///
/// ```swift
/// let text = try YAMLText.decode(Array(data))   // throws "2:7: the byte 0xFF is not UTF-8"
/// ```
///
/// A document is UTF-8. A UTF-8 byte-order mark at the start is dropped; a UTF-16
/// or UTF-32 one is an error that says so. The first byte that is not UTF-8 and the
/// first character YAML does not allow (a NUL, a control character) are errors at
/// their line and column, counted as libyaml counts them: lines break at LF, CR,
/// CR LF, NEL, LS and PS, and a column is one Unicode scalar.
public enum YAMLText {
    /// The UTF-8 byte-order mark.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Decodes `bytes` as UTF-8.
    /// - Throws: ``YAMLError`` at the first byte that is not UTF-8 or the first
    ///   character YAML does not allow, or at 1:1 when there are more than
    ///   `limits.maxBytes` bytes or the text is UTF-16 or UTF-32.
    public static func decode(_ bytes: [UInt8], limits: YAMLLimits = .standard) throws(YAMLError) -> String {
        guard bytes.count <= limits.maxBytes else {
            throw YAMLError(
                message: "the file is larger than \(describeSize(limits.maxBytes))",
                mark: Mark(line: 1, column: 1),
                hint: "a spec is a few thousand lines at most; check that this is the right file")
        }
        if let encoding = wideEncoding(of: bytes) {
            throw YAMLError(
                message: "the file is \(encoding) text", mark: Mark(line: 1, column: 1),
                hint: "save it as UTF-8")
        }
        let body = bytes.starts(with: byteOrderMark) ? bytes[3...] : bytes[...]
        var problem: YAMLError?
        body.withUnsafeBufferPointer { buffer in
            problem = firstProblem(in: buffer)
        }
        if let problem {
            throw body.withUnsafeBufferPointer { notText(in: $0) } ?? problem
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// How much of a file's start is read to tell text from other data.
    static let sniffedBytes = 8192

    /// An error saying the file is not text at all, when its first bytes show it:
    /// UTF-16 text without a byte-order mark (every other byte NUL), or data with NUL
    /// bytes or with many bytes that are neither characters nor UTF-8 (a tenth of a
    /// start of 64 bytes or more). Nil for a text with a stray character, whose error is at that character.
    private static func notText(in bytes: UnsafeBufferPointer<UInt8>) -> YAMLError? {
        let start = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, sniffedBytes)])
        let nulOffsets = start.indices.filter { start[$0] == 0 }
        let start1 = Mark(line: 1, column: 1)
        if nulOffsets.count * 3 >= start.count, Set(nulOffsets.map { $0 % 2 }).count == 1 {
            return YAMLError(
                message: "the file is UTF-16 text without a byte-order mark", mark: start1, hint: "save it as UTF-8")
        }
        // Control characters but tab and line breaks, and bytes that are not UTF-8.
        var unreadable = 0
        var index = 0
        while index < start.count {
            let byte = start[index]
            if byte >= 0x80, let (_, length) = decodeScalar(start, at: index) {
                index += length
                continue
            }
            if byte >= 0x80 || byte == 0x7F || (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) {
                unreadable += 1
            }
            index += 1
        }
        // A few bytes are too few to judge by a share.
        guard nulOffsets.count >= 2 || (start.count >= 64 && unreadable * 10 >= start.count) else { return nil }
        return YAMLError(
            message: "the file is not a text file: it holds bytes that are not characters", mark: start1,
            hint: "a spec is YAML, in UTF-8 text; check the path (is this a binary or a compressed file?)")
    }

    /// Checks that `text` holds only characters YAML allows (a Swift string is
    /// always UTF-8, so only the characters can be wrong).
    static func check(_ text: String) throws(YAMLError) {
        var text = text
        if let problem = text.withUTF8(firstProblem(in:)) { throw problem }
    }

    /// "16 MB" for 16 MiB.
    static func describeSize(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    /// The name of the encoding a UTF-16 or UTF-32 byte-order mark announces.
    private static func wideEncoding(of bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32 (big-endian)" }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32 (little-endian)" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16 (big-endian)" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16 (little-endian)" }
        return nil
    }

    /// Walks the bytes once, validating UTF-8 and the characters; the position of
    /// a problem is counted only when there is one.
    private static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> YAMLError? {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if (0x20..<0x7F).contains(byte) || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                index += 1
                continue
            }
            let mark = { TextPosition.mark(atByteOffset: index, in: bytes) }
            if byte < 0x80 {
                return disallowed(UInt32(byte), at: mark())
            }
            guard let (scalar, length) = decodeScalar(bytes, at: index) else {
                return notUTF8(bytes[index], at: mark())
            }
            if !isAllowed(scalar) {
                return disallowed(scalar, at: mark())
            }
            index += length
        }
        return nil
    }

    /// The scalar of a multi-byte sequence at `index` and its length, or nil when the
    /// bytes there are not well-formed UTF-8 (Unicode 15, table 3-7).
    private static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length {
            let byte = bytes[index + offset]
            let range = offset == 1 ? secondRange : 0x80...0xBF
            guard range.contains(byte) else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        return (scalar, length)
    }

    /// What YAML 1.1 (and libyaml) allows in a document: tab, line breaks, printable
    /// ASCII, NEL, and the rest of Unicode but the C1 controls and U+FFFE, U+FFFF.
    static func isAllowed(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func disallowed(_ scalar: UInt32, at mark: Mark) -> YAMLError {
        if scalar == 0 {
            return YAMLError(
                message: "a NUL byte (U+0000) is not allowed in YAML", mark: mark,
                hint: "is this a binary file, or UTF-16 text? pagegen reads UTF-8")
        }
        return YAMLError(
            message: "the control character \(codePoint(scalar)) is not allowed in YAML", mark: mark,
            hint: "remove it, or write it as an escape inside a double-quoted string")
    }

    private static func notUTF8(_ lead: UInt8, at mark: Mark) -> YAMLError {
        let what: String
        if (0x80...0xBF).contains(lead) {
            what = "the byte 0x\(hex(lead)) is not UTF-8: it continues a character that did not start"
        } else if [0xC0, 0xC1].contains(lead) || lead >= 0xF5 {
            what = "the byte 0x\(hex(lead)) is not UTF-8"
        } else {
            what = "the byte 0x\(hex(lead)) starts a UTF-8 character that the bytes after it do not complete"
        }
        return YAMLError(
            message: what, mark: mark,
            hint: "pagegen reads specs as UTF-8; save the file as UTF-8 (it may be Latin-1 or Windows-1252 text)")
    }

    /// `U+0007`.
    private static func codePoint(_ scalar: UInt32) -> String {
        let digits = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}

/// A line and column that advance as libyaml's marks do.
struct TextPosition {
    /// 0-based, as libyaml counts.
    private(set) var line = 0
    private(set) var column = 0
    /// True after a CR, so that the LF of a CR LF does not count as a second break.
    private var afterCarriageReturn = false

    /// The 1-based mark.
    var mark: Mark { Mark(line: line + 1, column: column + 1) }

    /// Moves past one scalar.
    mutating func advance(over scalar: UInt32) {
        switch scalar {
        case 0x0D:
            line += 1
            column = 0
            afterCarriageReturn = true
            return
        case 0x0A:
            if !afterCarriageReturn {
                line += 1
            }
            column = 0
        case 0x85, 0x2028, 0x2029:
            line += 1
            column = 0
        default:
            column += 1
        }
        afterCarriageReturn = false
    }

    /// The mark of the byte at `offset` in UTF-8 `bytes` that may be malformed past it.
    static func mark(atByteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Mark {
        var position = TextPosition()
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            // Count scalars by their lead bytes; continuation bytes do not move the column.
            if byte & 0xC0 != 0x80 {
                var scalar = UInt32(byte)
                if byte == 0xC2, index + 1 < bytes.count, bytes[index + 1] == 0x85 { scalar = 0x85 }
                if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, [0xA8, 0xA9].contains(bytes[index + 2]) {
                    scalar = 0x2000 + UInt32(bytes[index + 2] & 0x3F)
                }
                position.advance(over: scalar)
            }
            index += 1
        }
        return position.mark
    }
}
