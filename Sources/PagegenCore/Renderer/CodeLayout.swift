/// The one printer the templates need: it indents rendered Swift by its nesting, so
/// that templates (and their partials, which Mustache indents only in part) may be
/// written at any indentation, and it tidies blank lines. It lays out a whole file
/// in one pass over its lines.
///
/// A line is indented four spaces per bracket (`{`, `(`, `[`) open before it, less
/// one for each bracket the line starts by closing; `case` and `default:` stand at the
/// level of their `switch`. Brackets in string literals and comments do not count.
/// Blank lines: none at the start, none just inside braces, never two in a row, and
/// the text ends with one newline. Trailing spaces are removed. A lone element of a
/// collection literal written over lines (`[`, `element,`, `]`) loses its comma, as
/// swift-format gives trailing commas to literals of more than one element only, so
/// templates may end every element with a comma. A line longer than
/// 140 columns is broken as swift-format would break it (``LineWrapping``).
enum CodeLayout {
    static let indentation = "    "

    /// Lays out `text`: its lines read and written as bytes, and only a line to wrap
    /// read as text.
    static func format(_ text: String) -> String {
        var contiguous = text
        let output = contiguous.withUTF8 { format(text, bytes: $0) }
        return output.isEmpty ? "\n" : String(decoding: output, as: UTF8.self)
    }

    private static func format(_ text: String, bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2)
        /// For each open bracket, from the outermost: true for a `switch` block.
        var open: [Bool] = []
        var inBlockComment = false
        /// Whether the last line written opened a brace, and a blank line read since.
        var lastOpensBrace = false
        var pendingBlank = false
        var scan = BracketScan()
        let utf8 = text.utf8
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            // The line without the spaces and tabs at either end.
            var start = lineStart
            var end = lineEnd
            while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            lineStart = lineEnd + 1
            if start == end {
                pendingBlank = !output.isEmpty && !lastOpensBrace
                continue
            }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            scan.read(line, inBlockComment: inBlockComment)
            var level = max(0, open.count - scan.leadingClosers)
            if scan.leadingClosers == 0, open.last == true,
                line.starts(with: "case ".utf8) || line.starts(with: "default:".utf8) || line.starts(with: "@unknown default:".utf8)
            {
                level = max(0, level - 1)
            }
            if line[0] == UInt8(ascii: "]") { removeLoneElementComma(from: &output) }
            if pendingBlank, line[0] != UInt8(ascii: "}") { output.append(UInt8(ascii: "\n")) }
            pendingBlank = false
            if level * indentation.utf8.count + line.count <= LineWrapping.lineLength {
                // What fits is written as it is, without asking how to wrap it.
                write(line, level: level, into: &output)
            } else {
                let text = text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
                for (level, text) in LineWrapping.wrap(text, level: level) {
                    var text = text
                    text.withUTF8 { write($0, level: level, into: &output) }
                }
            }
            lastOpensBrace = line[line.count - 1] == UInt8(ascii: "{")
            let isSwitch = line.starts(with: "switch ".utf8)
            for opens in scan.brackets {
                if opens {
                    open.append(isSwitch)
                } else if !open.isEmpty {
                    open.removeLast()
                }
            }
            inBlockComment = scan.endsInBlockComment
        }
        return output
    }

    /// Removes the comma that ends the last line of `output` when that line is the only
    /// one after a line that opens a collection literal (ends with `[`).
    private static func removeLoneElementComma(from output: inout [UInt8]) {
        guard output.count >= 4, output[output.count - 1] == UInt8(ascii: "\n") else { return }
        let comma = output.count - 2
        guard output[comma] == UInt8(ascii: ","), let openingEnd = output[..<comma].lastIndex(of: UInt8(ascii: "\n")),
            openingEnd > 0, output[openingEnd - 1] == UInt8(ascii: "[")
        else { return }
        output.remove(at: comma)
    }

    /// Writes `line` indented to `level`, and a newline.
    private static func write(_ line: UnsafeBufferPointer<UInt8>, level: Int, into output: inout [UInt8]) {
        for _ in 0..<level { output.append(contentsOf: indentationBytes) }
        output.append(contentsOf: line)
        output.append(UInt8(ascii: "\n"))
    }

    private static let indentationBytes = Array(indentation.utf8)
}

/// The brackets of one line of Swift, outside string literals and comments, read
/// byte by byte (every character that matters is ASCII, and no byte of another
/// character's UTF-8 is).
private struct BracketScan {
    /// The brackets in order: true for an opening one.
    var brackets: [Bool] = []
    /// How many closing brackets the line starts with.
    var leadingClosers = 0
    var endsInBlockComment = false

    /// Reads `line`, in place of the line read before (keeping the storage of its brackets).
    mutating func read(_ line: UnsafeBufferPointer<UInt8>, inBlockComment: Bool) {
        brackets.removeAll(keepingCapacity: true)
        leadingClosers = 0
        endsInBlockComment = false
        var inComment = inBlockComment
        var inString = false
        var escaped = false
        var sawCode = false
        var previous: UInt8 = 0
        for byte in line {
            defer { previous = byte }
            if inComment {
                if previous == UInt8(ascii: "*"), byte == UInt8(ascii: "/") { inComment = false }
                continue
            }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "/") where previous == UInt8(ascii: "/"):
                return
            case UInt8(ascii: "*") where previous == UInt8(ascii: "/"):
                inComment = true
                endsInBlockComment = true
            case UInt8(ascii: "\""):
                inString = true
                sawCode = true
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
                brackets.append(true)
                sawCode = true
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                if !sawCode { leadingClosers += 1 }
                brackets.append(false)
            case UInt8(ascii: " "), UInt8(ascii: "/"):
                break
            default:
                sawCode = true
            }
        }
        endsInBlockComment = inComment
    }
}
