import Foundation

/// A tiny line scan of `pagegen-config.yaml` for the few keys the plugins need to
/// know before pagegen runs (`templates:`, whose files are build inputs, and
/// `namespace:`, which would make several specs clash).
///
/// It reads only plain top-level `key: value` lines; pagegen itself reads the whole
/// file and reports any mistake in it as `file:line:column: error: …`.
enum ConfigScan {
    /// The top-level keys with their values and 1-based line numbers.
    static func topLevelValues(in text: String) -> [String: (value: String, line: Int)] {
        var values: [String: (value: String, line: Int)] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            guard let first = line.first, first != " ", first != "\t", first != "#", first != "-",
                let colon = line.firstIndex(of: ":")
            else { continue }
            let key = String(line[..<colon]).trimmingSpaces
            values[key] = (value(String(line[line.index(after: colon)...])), index + 1)
        }
        return values
    }

    /// A scalar without its quotes and trailing comment.
    private static func value(_ raw: String) -> String {
        let text = raw.trimmingSpaces
        if let quote = text.first, quote == "\"" || quote == "'" {
            let rest = text.dropFirst()
            return String(rest.prefix { $0 != quote })
        }
        if let comment = text.range(of: " #") {
            return String(text[..<comment.lowerBound]).trimmingSpaces
        }
        return text
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
