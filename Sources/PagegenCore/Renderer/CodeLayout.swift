/// The one printer the templates need: it indents rendered Swift by its nesting, so
/// that templates (and their partials, which Mustache indents only in part) may be
/// written at any indentation, and it tidies blank lines.
///
/// A line is indented four spaces per bracket (`{`, `(`, `[`) open before it, less
/// one for each bracket the line starts by closing; `case` and `default:` stand at the
/// level of their `switch`. Brackets in string literals and comments do not count.
/// Blank lines: none at the start, none just inside braces, never two in a row, and
/// the text ends with one newline. Trailing spaces are removed.
enum CodeLayout {
    static let indentation = "    "

    static func format(_ text: String) -> String {
        var output: [String] = []
        var depth = 0
        /// For each open bracket: true for a `switch` block.
        var open: [Bool] = []
        var inBlockComment = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingBlanks
            if line.isEmpty {
                if let last = output.last, !last.isEmpty, !last.hasSuffix("{") { output.append("") }
                continue
            }
            let scan = BracketScan(line, inBlockComment: inBlockComment)
            var level = max(0, depth - scan.leadingClosers)
            if scan.leadingClosers == 0, open.last == true, line.hasPrefix("case ") || line.hasPrefix("default:") || line.hasPrefix("@unknown default:") {
                level = max(0, level - 1)
            }
            if line.hasPrefix("}"), output.last?.isEmpty == true { output.removeLast() }
            output.append(String(repeating: indentation, count: level) + line)
            for bracket in scan.brackets {
                if bracket.opens {
                    open.append(bracket.opensSwitch)
                    depth += 1
                } else if depth > 0 {
                    open.removeLast()
                    depth -= 1
                }
            }
            inBlockComment = scan.endsInBlockComment
        }
        while output.last?.isEmpty == true { output.removeLast() }
        return output.joined(separator: "\n") + "\n"
    }
}

/// The brackets of one line of Swift, outside string literals and comments.
private struct BracketScan {
    struct Bracket {
        var opens: Bool
        var opensSwitch: Bool
    }

    var brackets: [Bracket] = []
    /// How many closing brackets the line starts with.
    var leadingClosers = 0
    var endsInBlockComment: Bool

    init(_ line: String, inBlockComment: Bool) {
        var inComment = inBlockComment
        var inString = false
        var escaped = false
        var sawCode = false
        let characters = Array(line)
        let isSwitch = line.hasPrefix("switch ")
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            defer { index += 1 }
            if inComment {
                if character == "*", next == "/" { inComment = false; index += 1 }
                continue
            }
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "/" where next == "/":
                endsInBlockComment = false
                return
            case "/" where next == "*":
                inComment = true
                index += 1
            case "\"":
                inString = true
                sawCode = true
            case "{", "(", "[":
                brackets.append(Bracket(opens: true, opensSwitch: isSwitch && character == "{"))
                sawCode = true
            case "}", ")", "]":
                if !sawCode { leadingClosers += 1 }
                brackets.append(Bracket(opens: false, opensSwitch: false))
            default:
                if character != " " { sawCode = true }
            }
        }
        endsInBlockComment = inComment
    }
}

extension Substring {
    /// Without spaces and tabs at either end.
    fileprivate var trimmingBlanks: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
