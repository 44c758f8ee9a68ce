import PagegenYAML

/// Reads a JSON document into the tree PagegenYAML reads YAML into, with every node's
/// 1-based line and column (counted in characters, as libyaml counts them).
///
/// JSON is YAML, but not all of it is YAML that libyaml reads: an escaped character
/// outside the Basic Multilingual Plane is written as a UTF-16 surrogate pair
/// (`"\ud83d\udc4d"`), which libyaml refuses as an invalid character, and a key longer
/// than 1,024 characters is not a key it accepts. This reader takes every JSON escape
/// (a lone surrogate, which no Swift string can hold, becomes U+FFFD), and it reads a
/// whole OpenAPI document several times faster than libyaml does.
///
/// Strings are quoted scalars (never a number or a Bool, as in YAML), numbers, `true`,
/// `false` and `null` plain ones, so that ``NodeDecoder`` reads them alike whichever
/// reader made the tree. The reader keeps to the same ``YAMLLimits`` (nesting, values).
struct JSONReader {
    /// A place in the text where it is not JSON.
    struct Failure: Error {
        var message: String
        var mark: Mark
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: YAMLLimits
    private var index = 0
    private var line = 1
    /// The index of the first byte of the current line.
    private var lineStart = 0
    /// Characters counted on the current line up to `countedTo`, for columns.
    private var counted = 0
    private var countedTo = 0
    private var values = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, limits: YAMLLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// True when `text` starts (after white space and a byte order mark) like a JSON
    /// object: what the importer reads with this reader first.
    static func looksLikeJSON(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{FEFF}": continue
            case "{": return true
            default: return false
            }
        }
        return false
    }

    /// Reads `text`, which must be one JSON value.
    /// - Throws: ``Failure`` at the first place where the text is not JSON, or where
    ///   it goes beyond `limits`.
    static func parse(_ text: String, limits: YAMLLimits) throws(Failure) -> Node {
        var text = text
        let result: Result<Node, Failure> = text.withUTF8 { buffer in
            var reader = JSONReader(bytes: buffer, limits: limits)
            do {
                reader.skipByteOrderMark()
                reader.skipSpace()
                let node = try reader.value(depth: 1)
                reader.skipSpace()
                guard reader.index == buffer.count else { throw reader.failure("the JSON value ends, and more text follows") }
                return .success(node)
            } catch let failure as Failure {
                return .failure(failure)
            } catch {
                return .failure(Failure(message: "\(error)", mark: Mark(line: 1, column: 1)))
            }
        }
        return try result.get()
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(Failure) -> Node {
        guard index < bytes.count else { throw failure("the text ends where a value is expected") }
        values += 1
        if values > limits.maxValues {
            throw failure("the document holds more than \(limits.maxValues) values")
        }
        let start = mark()
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth <= limits.maxDepth else {
                throw failure("the document nests mappings and lists more than \(limits.maxDepth) levels deep")
            }
            return Node(.mapping(try object(depth: depth)), mark: start)
        case UInt8(ascii: "["):
            guard depth <= limits.maxDepth else {
                throw failure("the document nests mappings and lists more than \(limits.maxDepth) levels deep")
            }
            return Node(.sequence(try array(depth: depth)), mark: start)
        case UInt8(ascii: "\""):
            return Node(.scalar(.init(text: try string(), isQuoted: true)), mark: start)
        case UInt8(ascii: "t"):
            try word("true")
            return Node(.scalar(.init(text: "true")), mark: start)
        case UInt8(ascii: "f"):
            try word("false")
            return Node(.scalar(.init(text: "false")), mark: start)
        case UInt8(ascii: "n"):
            try word("null")
            return Node(.scalar(.init(text: "null")), mark: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return Node(.scalar(.init(text: try number())), mark: start)
        default:
            throw failure("'\(character(at: index))' does not start a JSON value")
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> [Node.Pair] {
        index += 1
        var pairs: [Node.Pair] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return pairs
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("a key of a JSON object must be a string in double quotes")
            }
            let keyMark = mark()
            let key = Node(.scalar(.init(text: try string(), isQuoted: true)), mark: keyMark)
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after the key") }
            index += 1
            skipSpace()
            pairs.append(Node.Pair(key: key, value: try value(depth: depth + 1)))
            skipSpace()
            guard index < bytes.count else { throw failure("the text ends inside an object; a '}' is missing") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return pairs
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> [Node] {
        index += 1
        var items: [Node] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return items
        }
        while true {
            skipSpace()
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw failure("the text ends inside a list; a ']' is missing") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return items
            default: throw failure("expected ',' or ']' in a list")
            }
        }
    }

    private mutating func word(_ word: StaticString) throws(Failure) {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { throw failure("'\(character(at: index))' does not start a JSON value") }
        for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] {
            throw failure("'\(character(at: index))' does not start a JSON value")
        }
        index += length
    }

    /// A number as written (`-1.5e3`), checked against JSON's grammar.
    private mutating func number() throws(Failure) -> String {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - first
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { throw failure("a number needs a digit") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("a number needs a digit after its '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("a number needs a digit in its exponent") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// A string, its escapes decoded; `index` is at its opening quote.
    private mutating func string() throws(Failure) -> String {
        index += 1
        let start = index
        // Most strings have no escape: their bytes are the text.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("a control character in a string must be escaped (\\n, \\t, \\u0000)") }
            index += 1
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self).unicodeScalars)
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scalars.append(
                    contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self).unicodeScalars)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw failure("a control character in a string must be escaped (\\n, \\t, \\u0000)") }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            scalars.append(
                contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self).unicodeScalars)
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                let unit = try hexUnit()
                if (0xD800...0xDBFF).contains(unit), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                {
                    // A surrogate pair: one character outside the Basic Multilingual Plane.
                    let saved = index
                    index += 2
                    let low = try hexUnit()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
                    } else {
                        scalars.append("\u{FFFD}")
                        index = saved
                    }
                } else {
                    // A lone surrogate is valid JSON but no character: U+FFFD, as decoders do.
                    scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                }
            default:
                index -= 1
                throw failure("'\\\(character(at: index))' is not a JSON escape")
            }
            runStart = index
        }
        throw failure("the text ends inside a string; a '\"' is missing")
    }

    /// Four hexadecimal digits after `\u`.
    private mutating func hexUnit() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("'\\u' needs four hexadecimal digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("'\\u' needs four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: Places

    private mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
            countedTo = 3
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
                counted = 0
                countedTo = index
            default:
                return
            }
        }
    }

    /// The mark of `index`: its line, and its column in characters (a byte that does
    /// not continue a UTF-8 sequence starts one), counted on from the last mark.
    private mutating func mark() -> Mark {
        if countedTo < lineStart || countedTo > index {
            counted = 0
            countedTo = lineStart
        }
        while countedTo < index {
            if bytes[countedTo] & 0xC0 != 0x80 { counted += 1 }
            countedTo += 1
        }
        return Mark(line: line, column: counted + 1)
    }

    private func character(at position: Int) -> String {
        guard position < bytes.count else { return "the end" }
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
    }

    private mutating func failure(_ message: String) -> Failure {
        // Strings may hold escaped line breaks only, so lines are those skipSpace counted;
        // a failure inside a string is placed on the line it started on, at the byte.
        Failure(message: message, mark: mark())
    }
}
