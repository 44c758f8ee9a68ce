/// The one printer the templates need: it indents rendered Swift by its nesting, so
/// that templates (and their partials, which Mustache indents only in part) may be
/// written at any indentation, and it tidies blank lines.
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
///
/// A text may also be laid out in fragments, each on its own (on any thread), and
/// the fragments joined: ``layOut(_:from:)`` lays out a fragment from the brackets
/// open where it starts, and a ``Joiner`` writes the blank line and takes back the
/// comma that depend on the lines around a join. The joined text is the text
/// ``format(_:)`` writes when every fragment starts at the start of a line, after the
/// brackets the fragments before it leave open.
enum CodeLayout {
    static let indentation = "    "

    /// Formats `text`, in one pass over its lines.
    static func format(_ text: String) -> String {
        var joiner = Joiner()
        joiner.append(layOut(text, from: Brackets()))
        return joiner.text
    }

    /// The brackets open at a point of the text, which decide how lines after it are indented.
    struct Brackets: Equatable, Sendable {
        /// For each open bracket, from the outermost: true for a `switch` block.
        var open: [Bool] = []
        var inBlockComment = false
    }

    /// A fragment of text laid out: its lines as they are written, without the blank
    /// line that may go before the first (which depends on what comes before), and
    /// what a join needs to know of its ends.
    struct Fragment: Sendable {
        /// The lines written, each ending with a newline.
        var bytes: [UInt8] = []
        /// A blank line came before the first line written (or, with no line written, anywhere).
        var startsWithBlank = false
        /// The first byte of the first line written.
        var firstByte: UInt8?
        /// The last line written opens a brace.
        var lastOpensBrace = false
        /// A blank line came after the last line written.
        var endsWithBlank = false
        /// The comma of the first line, when that line is an element that a `]` line
        /// follows: it goes when the line before the fragment opens the literal (`[`).
        var loneElementComma: Int?
        /// The brackets open at its end.
        var end = Brackets()
    }

    /// Lays out the lines of `text`, which starts at the start of a line, after the
    /// brackets `brackets`.
    static func layOut(_ text: String, from brackets: Brackets) -> Fragment {
        var contiguous = text
        return contiguous.withUTF8 { layOut(text, bytes: $0, from: brackets) }
    }

    /// Lays out `text`, whose UTF-8 is `bytes`, into bytes: lines are read and written
    /// as bytes, and only a line to wrap is read as text.
    private static func layOut(_ text: String, bytes: UnsafeBufferPointer<UInt8>, from brackets: Brackets) -> Fragment {
        var fragment = Fragment()
        fragment.bytes.reserveCapacity(bytes.count + bytes.count / 2)
        var open = brackets.open
        var inBlockComment = brackets.inBlockComment
        /// Whether a line was written, and whether the last one opened a brace.
        var wroteLine = false
        var lastOpensBrace = false
        /// A blank line read since the last line written, to write before the next.
        var pendingBlank = false
        /// The lines of the fragment's bytes, blank ones and wrapped ones included.
        var linesWritten = 0
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
                if !wroteLine {
                    fragment.startsWithBlank = true
                } else if !lastOpensBrace {
                    pendingBlank = true
                }
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
            if wroteLine {
                if line[0] == UInt8(ascii: "]") {
                    if linesWritten > 1 {
                        removeLoneElementComma(from: &fragment.bytes)
                    } else if fragment.bytes.count >= 2, fragment.bytes[fragment.bytes.count - 2] == UInt8(ascii: ",") {
                        // The line that would open the literal is before the fragment.
                        fragment.loneElementComma = fragment.bytes.count - 2
                    }
                }
                if pendingBlank, line[0] != UInt8(ascii: "}") {
                    fragment.bytes.append(UInt8(ascii: "\n"))
                    linesWritten += 1
                }
            } else {
                fragment.firstByte = line[0]
            }
            pendingBlank = false
            if level * indentation.utf8.count + line.count <= LineWrapping.lineLength {
                // What fits is written as it is, without asking how to wrap it.
                write(line, level: level, into: &fragment.bytes)
                linesWritten += 1
            } else {
                let text = text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
                for (level, text) in LineWrapping.wrap(text, level: level) {
                    write(text, level: level, into: &fragment.bytes)
                    linesWritten += 1
                }
            }
            wroteLine = true
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
        fragment.lastOpensBrace = lastOpensBrace
        fragment.endsWithBlank = pendingBlank
        fragment.end = Brackets(open: open, inBlockComment: inBlockComment)
        return fragment
    }

    /// Joins laid-out fragments in order, as if their texts had been laid out as one.
    struct Joiner {
        private var bytes: [UInt8] = []
        private var wroteLine = false
        private var lastOpensBrace = false
        private var pendingBlank = false

        /// Makes room for `count` bytes.
        mutating func reserveCapacity(_ count: Int) {
            bytes.reserveCapacity(count)
        }

        /// Adds the lines of `fragment` after those added so far.
        mutating func append(_ fragment: Fragment) {
            // A blank line read before the fragment's first line counts where a blank
            // line counts: after a line that does not open a brace.
            if fragment.startsWithBlank, wroteLine, !lastOpensBrace { pendingBlank = true }
            guard let first = fragment.firstByte else { return }
            if first == UInt8(ascii: "]") { removeLoneElementComma(from: &bytes) }
            if pendingBlank, first != UInt8(ascii: "}") { bytes.append(UInt8(ascii: "\n")) }
            if let comma = fragment.loneElementComma, bytes.count >= 2, bytes[bytes.count - 1] == UInt8(ascii: "\n"),
                bytes[bytes.count - 2] == UInt8(ascii: "[")
            {
                bytes.append(contentsOf: fragment.bytes[..<comma])
                bytes.append(contentsOf: fragment.bytes[(comma + 1)...])
            } else {
                bytes.append(contentsOf: fragment.bytes)
            }
            wroteLine = true
            lastOpensBrace = fragment.lastOpensBrace
            pendingBlank = fragment.endsWithBlank
        }

        /// The text joined: its lines, or a lone newline when there is none.
        var text: String {
            wroteLine ? String(decoding: bytes, as: UTF8.self) : "\n"
        }
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

    /// Writes `line` indented to `level`, and a newline.
    private static func write(_ line: Substring, level: Int, into output: inout [UInt8]) {
        var line = line
        line.withUTF8 { write($0, level: level, into: &output) }
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
