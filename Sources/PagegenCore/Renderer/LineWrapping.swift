/// Breaks a line of Swift that is longer than ``lineLength`` columns the way
/// swift-format does with `lineBreakBeforeEachArgument` off: after the first
/// opening parenthesis, the arguments (or parameters) packed onto as few lines as fit
/// one level deeper, and the closing parenthesis with the rest of the line on a line
/// of its own. An argument still too long breaks after its label, if it has one, and
/// then the same way in turn. A `case` with its statement on the same line breaks after
/// its pattern, and a computed property declared with its brace (`var name: Type {`)
/// puts its type one level deeper and the brace on a line of its own.
///
/// Templates may so write every call and signature on one line, whatever its length.
/// Comments, and lines whose first parenthesis closes on another line or that hold a
/// multi-line string literal, are left as they are.
enum LineWrapping {
    /// The longest line the generated code has, as the package's `.swift-format` says.
    static let lineLength = 140

    /// `line` (without indentation) at `level`, as lines without indentation, each
    /// with its level.
    static func wrap(_ line: Substring, level: Int, isArgument: Bool = false) -> [(level: Int, text: Substring)] {
        let width = level * CodeLayout.indentation.utf8.count + line.utf8.count
        guard width > lineLength, !line.utf8.starts(with: "//".utf8), !line.holdsMultiLineStringDelimiter else { return [(level, line)] }
        // A labelled argument breaks after its label first, its value one level deeper.
        if isArgument, let colon = line.labelColon {
            return [(level, line[...colon])] + wrap(line[line.index(colon, offsetBy: 2)...], level: level + 1)
        }
        // A closure argument puts its body on lines of its own.
        if isArgument, let closure = line.closureParts {
            return [(level, closure.head)] + wrap(closure.body, level: level + 1) + [(level, closure.end)]
        }
        // A case with its statement on the same line puts the statement one level deeper.
        if !isArgument, let colon = line.caseColon {
            return [(level, line[...colon])] + wrap(line[line.index(colon, offsetBy: 2)...], level: level + 1)
        }
        // A computed property puts its type one level deeper and its brace on a line of its own.
        if !isArgument, let colon = line.propertyTypeColon {
            let type = line[line.index(colon, offsetBy: 2)..<line.index(line.endIndex, offsetBy: -2)]
            return [(level, line[...colon])] + wrap(type, level: level + 1) + [(level, "{")]
        }
        guard let group = ArgumentGroup(line) else { return [(level, line)] }
        let head = line[..<group.contentStart]
        let tail = line[group.contentEnd...]
        var lines: [(level: Int, text: Substring)] = [(level, head)]
        let room = lineLength - (level + 1) * CodeLayout.indentation.utf8.count
        var current = ""
        for (index, argument) in group.arguments.enumerated() {
            let piece = index == group.arguments.count - 1 ? String(argument) : argument + ","
            if current.isEmpty {
                current = piece
            } else if current.utf8.count + 1 + piece.utf8.count <= room {
                current += " " + piece
            } else {
                lines += wrap(Substring(current), level: level + 1, isArgument: true)
                current = piece
            }
        }
        if !current.isEmpty { lines += wrap(Substring(current), level: level + 1, isArgument: true) }
        lines.append((level, tail))
        return lines
    }
}

/// The first parenthesised list of a line that closes on the same line and holds
/// something, split at its top-level commas. The line is read byte by byte: every
/// character that matters is ASCII, and no byte of another character's UTF-8 is.
private struct ArgumentGroup {
    /// Just after the opening parenthesis.
    var contentStart: Substring.Index
    /// The closing parenthesis.
    var contentEnd: Substring.Index
    /// The arguments, trimmed.
    var arguments: [Substring]

    init?(_ line: Substring) {
        var contiguous = line
        guard let found = contiguous.withUTF8({ Self.find(in: $0) }) else { return nil }
        let utf8 = line.utf8
        /// The index of the byte at `offset`.
        func index(_ offset: Int) -> Substring.Index {
            utf8.index(utf8.startIndex, offsetBy: offset)
        }
        let arguments = found.arguments.map { line[index($0.lowerBound)..<index($0.upperBound)].trimmingSpaces }
        guard arguments.contains(where: { !$0.isEmpty }) else { return nil }
        contentStart = index(found.content.lowerBound)
        contentEnd = index(found.content.upperBound)
        self.arguments = arguments
    }

    /// The byte offsets of the group's content and of each argument in `bytes`.
    private static func find(in bytes: UnsafeBufferPointer<UInt8>) -> (content: Range<Int>, arguments: [Range<Int>])? {
        var depth = 0
        var start: Int?
        var argumentStart: Int?
        var arguments: [Range<Int>] = []
        var offset = 0
        var previous = UInt8(ascii: " ")
        while offset < bytes.count {
            let byte = bytes[offset]
            if let end = endOfStringLiteral(in: bytes, at: offset) {
                guard end < bytes.count else { return nil }
                previous = UInt8(ascii: "\"")
                offset = end
                continue
            }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if byte == UInt8(ascii: "("), start == nil {
                    start = offset + 1
                    argumentStart = start
                    depth = 1
                }
            case UInt8(ascii: "<") where previous != UInt8(ascii: " ") && start != nil:
                depth += 1
            case UInt8(ascii: ">") where previous != UInt8(ascii: "-") && previous != UInt8(ascii: " ") && start != nil && depth > 1:
                depth -= 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if let start, depth == 0 {
                    guard let argumentStart else { return nil }
                    arguments.append(argumentStart..<offset)
                    return (start..<offset, arguments)
                }
            case UInt8(ascii: ",") where depth == 1 && start != nil:
                if let argumentStart { arguments.append(argumentStart..<offset) }
                argumentStart = offset + 1
            case UInt8(ascii: "/") where previous == UInt8(ascii: "/"):
                return nil
            default:
                break
            }
            previous = byte
            offset += 1
        }
        return nil
    }
}

/// When a string literal (`"…"`, or raw: `#"…"#`) starts at `offset` of `bytes`: just
/// after its end, or `bytes.count` when it does not end on this line.
/// Called at every byte of a line, so what starts no literal is answered first.
@inline(__always)
private func endOfStringLiteral(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
    guard bytes[offset] == UInt8(ascii: "\"") || bytes[offset] == UInt8(ascii: "#") else { return nil }
    var cursor = offset
    var hashes = 0
    while cursor < bytes.count, bytes[cursor] == UInt8(ascii: "#") {
        hashes += 1
        cursor += 1
    }
    guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") else { return nil }
    cursor += 1
    while cursor < bytes.count {
        let byte = bytes[cursor]
        cursor += 1
        if byte == UInt8(ascii: "\\"), hashes == 0, cursor < bytes.count {
            cursor += 1
        } else if byte == UInt8(ascii: "\"") {
            var closing = 0
            while closing < hashes, cursor + closing < bytes.count, bytes[cursor + closing] == UInt8(ascii: "#") { closing += 1 }
            if closing == hashes { return cursor + hashes }
        }
    }
    return bytes.count
}

extension Substring {
    /// Whether the line holds `\"\"\"`, which opens or closes a multi-line string literal.
    fileprivate var holdsMultiLineStringDelimiter: Bool {
        var quotes = 0
        for byte in utf8 {
            quotes = byte == UInt8(ascii: "\"") ? quotes + 1 : 0
            if quotes == 3 { return true }
        }
        return false
    }

    /// The colon of a leading argument label (`completion: …`), followed by a space.
    fileprivate var labelColon: Index? {
        guard let colon = firstIndex(of: ":"), colon > startIndex,
            self[..<colon].allSatisfy({ $0 == "_" || $0 == "`" || NameConversion.isWordCharacter($0) || $0.isNumber }),
            index(after: colon) < endIndex, self[index(after: colon)] == " "
        else { return nil }
        return colon
    }

    /// The colon that ends the pattern of a `case` followed by a statement on the same
    /// line (`case "a": self = .a`), outside string literals and brackets.
    fileprivate var caseColon: Index? {
        guard utf8.starts(with: "case ".utf8) else { return nil }
        var contiguous = self
        return contiguous.withUTF8 { Self.caseColonOffset(in: $0) }.map { utf8.index(utf8.startIndex, offsetBy: $0) }
    }

    private static func caseColonOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var depth = 0
        var offset = 0
        while offset < bytes.count {
            if let end = endOfStringLiteral(in: bytes, at: offset) {
                offset = end
                continue
            }
            switch bytes[offset] {
            case UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ":") where depth == 0:
                guard offset + 2 < bytes.count, bytes[offset + 1] == UInt8(ascii: " ") else { return nil }
                return offset
            default: break
            }
            offset += 1
        }
        return nil
    }

    /// The colon after the name of a computed property declared on one line with its
    /// opening brace (`static var name: Type {`).
    fileprivate var propertyTypeColon: Index? {
        guard utf8.last == UInt8(ascii: "{"), utf8.firstRange(of: "var ".utf8) != nil else { return nil }
        // The words before `var` must all be modifiers.
        var rest = self[...]
        while let space = rest.utf8.firstIndex(of: UInt8(ascii: " ")) {
            let word = rest[..<space]
            rest = rest[rest.utf8.index(after: space)...]
            if word == "var" { return rest.hasSuffix(" {") ? rest.labelColon : nil }
            guard word.isEmpty || Self.modifiers.contains(word) else { return nil }
        }
        return nil
    }

    /// The modifiers a computed property's declaration may start with.
    private static let modifiers: Set<Substring> = ["public", "internal", "fileprivate", "private", "package", "static", "nonisolated"]

    /// A closure (`{ [self] in body }`, or `{ body }`, with a comma after it or not):
    /// its opening up to `in`, its body, and its closing brace.
    fileprivate var closureParts: (head: Substring, body: Substring, end: Substring)? {
        guard hasPrefix("{ ") else { return nil }
        let end = hasSuffix(" },") ? index(endIndex, offsetBy: -2) : hasSuffix(" }") ? index(before: endIndex) : nil
        guard let end else { return nil }
        var bodyStart = index(startIndex, offsetBy: 2)
        if let inRange = range(of: " in "),
            self[bodyStart..<inRange.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || "_[], ".contains($0) })
        {
            bodyStart = inRange.upperBound
        }
        let body = self[bodyStart..<end].trimmingSpaces
        guard !body.isEmpty else { return nil }
        return (self[startIndex..<bodyStart].trimmingSpaces, body, self[end...])
    }

    /// Without spaces at either end.
    fileprivate var trimmingSpaces: Substring {
        let utf8 = self.utf8
        guard let first = utf8.firstIndex(where: { $0 != UInt8(ascii: " ") }),
            let last = utf8.lastIndex(where: { $0 != UInt8(ascii: " ") })
        else { return "" }
        return self[first..<utf8.index(after: last)]
    }
}
