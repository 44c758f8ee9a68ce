/// Scalars written so that YAML reads back exactly the same text: plain where that is
/// safe, double-quoted otherwise.
enum YAMLText {
    /// Where a scalar goes: a flow collection (`{ … }`, `[ … ]`) forbids more plain text.
    enum Context {
        case block, flow
    }

    /// Words that YAML (1.1 or 1.2) reads as something other than text.
    private static let special: Set<String> = [
        "", "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE",
        "yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N",
        ".inf", ".Inf", ".INF", "-.inf", "+.inf", ".nan", ".NaN", ".NAN",
    ]

    /// `text` as a scalar.
    static func scalar(_ text: String, in context: Context = .block) -> String {
        guard needsQuotes(text, in: context) else { return text }
        // Single quotes read better around double ones: '["@odata.nextLink"]'.
        if text.contains("\""), !text.contains("'"), !text.unicodeScalars.contains(where: isEscaped) {
            return "'\(text)'"
        }
        return quoted(text)
    }

    /// A text value that must stay text: numbers are quoted too (`"2022-11-28"`, `"1.10"`).
    static func text(_ text: String, in context: Context = .block) -> String {
        needsQuotes(text, in: context) || looksLikeNumber(text) ? quoted(text) : text
    }

    static func needsQuotes(_ text: String, in context: Context) -> Bool {
        guard let first = text.first, let last = text.last else { return true }
        if special.contains(text) { return true }
        if first == " " || last == " " || last == ":" { return true }
        if "-?:,[]{}#&*!|>'\"%@`".contains(first) {
            // `-` and `?` and `:` are fine before a letter or digit (`-1`, `/path` never starts so).
            guard first == "-" || first == "?" || first == ":", text.count > 1,
                let second = text.dropFirst().first, second.isLetter || second.isNumber
            else { return true }
        }
        if text.contains(": ") || text.contains(" #") { return true }
        if text.unicodeScalars.contains(where: isEscaped) { return true }
        if context == .flow, text.contains(where: { ",[]{}".contains($0) }) { return true }
        return false
    }

    static func looksLikeNumber(_ text: String) -> Bool {
        Double(text) != nil || text.hasPrefix("0x") || text.hasPrefix("0o")
            || text.allSatisfy({ $0.isNumber || $0 == "-" || $0 == ":" || $0 == "_" || $0 == "." })
    }

    /// A double-quoted scalar with YAML's escapes.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            // YAML reads these as line breaks: escaped, they stay text.
            case "\u{85}": result += "\\N"
            case "\u{2028}": result += "\\L"
            case "\u{2029}": result += "\\P"
            default:
                if isEscaped(scalar) {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Whether `text` reads back the same from a literal block scalar (`|-`): printable,
    /// no line that starts with a space or a tab (which would set the indentation), no
    /// spaces at the ends of lines.
    static func fitsLiteralBlock(_ text: String) -> Bool {
        if text.unicodeScalars.contains(where: {
            ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0 == "\u{FEFF}" || $0 == "\u{85}" || $0 == "\u{2028}"
                || $0 == "\u{2029}"
        }) {
            return false
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, !first.isEmpty, first.first != " " else { return false }
        return lines.allSatisfy { $0.last != " " } && text.last != "\n"
    }

    /// The lines of `key: text` at `indent`: a scalar on one line, or a literal block
    /// (`key: |-` and the text's lines, indented by two more) when the text has several
    /// lines that one reads back exactly.
    static func entry(_ key: String, _ text: String, indent: Int) -> [String] {
        let prefix = String(repeating: " ", count: indent)
        guard text.contains("\n"), fitsLiteralBlock(text) else { return [prefix + "\(key): \(scalar(text))"] }
        return [prefix + "\(key): |-"]
            + text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : prefix + "  " + $0 }
    }

    /// The characters a plain scalar cannot hold and a double-quoted one escapes:
    /// controls, the byte order mark, and the characters YAML reads as line breaks.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{FEFF}" || scalar == "\u{85}" || scalar == "\u{2028}"
            || scalar == "\u{2029}"
    }

    /// A comment line's text, on one line: line breaks become spaces, and what YAML
    /// does not allow in a comment (controls) is shown as `U+0000`.
    static func comment(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard line.unicodeScalars.contains(where: isEscaped) else { return line }
        var result = ""
        for scalar in line.unicodeScalars {
            if scalar == "\t" {
                result += " "
            } else if isEscaped(scalar) {
                result += "U+" + String(scalar.value, radix: 16, uppercase: true)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
