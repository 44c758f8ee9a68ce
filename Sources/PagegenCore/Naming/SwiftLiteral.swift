/// Swift literals and comment text for values a spec gives: whatever the text holds,
/// the literal means that text and the comment stays a comment.
enum SwiftLiteral {
    /// A string literal for `text`: quotes, backslashes, controls and invisible
    /// formatting characters (bidirectional overrides, zero-width joiners) are escaped,
    /// so the literal reads as what it holds.
    static func string(_ text: String) -> String {
        // Most texts are printable ASCII without a quote or backslash: written as they are.
        if text.utf8.allSatisfy({ ASCII.isPrintable($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + text + "\""
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if isInvisible(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// An integer literal for the text of a whole number (`+5` → `5`), or nil.
    static func integer(_ text: String) -> String? {
        Int64(text).map(String.init)
    }

    /// A floating-point literal for the text of a finite number (`.5` → `0.5`, `1e3`
    /// → `1000.0`), or nil for text that is not one (`nan`, `inf`).
    static func double(_ text: String) -> String? {
        guard let value = Double(text), value.isFinite else { return nil }
        return "\(value)"
    }

    /// A line of a doc comment: invisible characters are shown as `U+202E`, so that a
    /// description cannot reorder what a reader sees.
    static func commentText(_ text: String) -> String {
        if ASCII.isPrintable(text) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\t" {
                result += " "
            } else if isInvisible(scalar) {
                result += "U+\(String(scalar.value, radix: 16, uppercase: true))"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Controls, line and paragraph separators, and formatting characters (bidirectional
    /// marks, embeddings, overrides and isolates; zero-width spaces and joiners).
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
        default: false
        }
    }
}
