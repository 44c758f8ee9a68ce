/// Keeps diagnostics readable when a spec holds huge text: a message quotes what
/// it is about (`unknown type 'Strng'`), and a quote of a 2 MB value would print a
/// 2 MB line.
enum Excerpt {
    /// Messages up to this length are left alone.
    static let maxMessageLength = 1_000
    /// A longer quote is cut to this many characters and an ellipsis.
    static let quoteLength = 60

    /// `text` with every '…'-quoted part longer than ``quoteLength`` cut short,
    /// when the text is longer than ``maxMessageLength``.
    static func shortened(_ text: String) -> String {
        guard text.utf8.count > maxMessageLength else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "'") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "'") else { break }
            let quoted = rest[afterOpen..<close]
            result += rest[...open]
            result += quoted.count > quoteLength ? quoted.prefix(quoteLength) + "…" : quoted
            result += "'"
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result.utf8.count > 4 * maxMessageLength ? String(result.prefix(maxMessageLength)) + "…" : result
    }
}
