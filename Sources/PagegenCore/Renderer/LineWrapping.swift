/// Breaks a line of Swift that is longer than ``lineLength`` columns the way
/// swift-format does with `lineBreakBeforeEachArgument` off: after the first
/// opening parenthesis, the arguments (or parameters) packed onto as few lines as fit
/// one level deeper, and the closing parenthesis with the rest of the line on a line
/// of its own. An argument still too long breaks after its label, if it has one, and
/// then the same way in turn.
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
        guard width > lineLength, !line.hasPrefix("//"), !line.contains("\"\"\"") else { return [(level, line)] }
        // A labelled argument breaks after its label first, its value one level deeper.
        if isArgument, let colon = line.labelColon {
            return [(level, line[...colon])] + wrap(line[line.index(colon, offsetBy: 2)...], level: level + 1)
        }
        // A closure argument puts its body on lines of its own.
        if isArgument, let closure = line.closureParts {
            return [(level, closure.head)] + wrap(closure.body, level: level + 1) + [(level, closure.end)]
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
/// something, split at its top-level commas.
private struct ArgumentGroup {
    /// Just after the opening parenthesis.
    var contentStart: Substring.Index
    /// The closing parenthesis.
    var contentEnd: Substring.Index
    /// The arguments, trimmed.
    var arguments: [Substring]

    init?(_ line: Substring) {
        var depth = 0
        var start: Substring.Index?
        var argumentStart: Substring.Index?
        var arguments: [Substring] = []
        var index = line.startIndex
        var previous: Character = " "
        while index < line.endIndex {
            let character = line[index]
            if let end = line.endOfStringLiteral(at: index) {
                guard end < line.endIndex else { return nil }
                previous = "\""
                index = end
                continue
            }
            defer {
                previous = character
                index = line.index(after: index)
            }
            switch character {
            case "(", "[", "{":
                depth += 1
                if character == "(", start == nil {
                    start = line.index(after: index)
                    argumentStart = start
                    depth = 1
                }
            case "<" where previous != " " && start != nil:
                depth += 1
            case ">" where previous != "-" && previous != " " && start != nil && depth > 1:
                depth -= 1
            case ")", "]", "}":
                depth -= 1
                if let start, depth == 0 {
                    guard let argumentStart else { return nil }
                    arguments.append(line[argumentStart..<index].trimmingSpaces)
                    guard arguments.contains(where: { !$0.isEmpty }) else { return nil }
                    self.contentStart = start
                    self.contentEnd = index
                    self.arguments = arguments
                    return
                }
            case "," where depth == 1 && start != nil:
                if let argumentStart { arguments.append(line[argumentStart..<index].trimmingSpaces) }
                argumentStart = line.index(after: index)
            case "/" where previous == "/":
                return nil
            default:
                break
            }
        }
        return nil
    }
}

extension Substring {
    /// The colon of a leading argument label (`completion: …`), followed by a space.
    fileprivate var labelColon: Index? {
        guard let colon = firstIndex(of: ":"), colon > startIndex,
              self[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }),
              index(after: colon) < endIndex, self[index(after: colon)] == " "
        else { return nil }
        return colon
    }

    /// A closure (`{ [self] in body }`, or `{ body }`, with a comma after it or not):
    /// its opening up to `in`, its body, and its closing brace.
    fileprivate var closureParts: (head: Substring, body: Substring, end: Substring)? {
        guard hasPrefix("{ ") else { return nil }
        let end = hasSuffix(" },") ? index(endIndex, offsetBy: -2) : hasSuffix(" }") ? index(before: endIndex) : nil
        guard let end else { return nil }
        var bodyStart = index(startIndex, offsetBy: 2)
        if let inRange = range(of: " in "),
           self[bodyStart..<inRange.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || "_[], ".contains($0) }) {
            bodyStart = inRange.upperBound
        }
        let body = self[bodyStart..<end].trimmingSpaces
        guard !body.isEmpty else { return nil }
        return (self[startIndex..<bodyStart].trimmingSpaces, body, self[end...])
    }

    /// When a string literal (`"…"`, or raw: `#"…"#`) starts at `index`: just after
    /// its end, or `endIndex` when it does not end on this line.
    fileprivate func endOfStringLiteral(at index: Index) -> Index? {
        var cursor = index
        var hashes = 0
        while cursor < endIndex, self[cursor] == "#" {
            hashes += 1
            cursor = self.index(after: cursor)
        }
        guard cursor < endIndex, self[cursor] == "\"" else { return nil }
        cursor = self.index(after: cursor)
        while cursor < endIndex {
            let character = self[cursor]
            cursor = self.index(after: cursor)
            if character == "\\", hashes == 0, cursor < endIndex {
                cursor = self.index(after: cursor)
            } else if character == "\"" {
                let closing = self[cursor...].prefix(hashes)
                if closing.count == hashes, closing.allSatisfy({ $0 == "#" }) {
                    return self.index(cursor, offsetBy: hashes)
                }
            }
        }
        return endIndex
    }

    /// Without spaces at either end.
    fileprivate var trimmingSpaces: Substring {
        guard let first = firstIndex(where: { $0 != " " }), let last = lastIndex(where: { $0 != " " }) else { return "" }
        return self[first...last]
    }
}
