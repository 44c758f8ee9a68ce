/// Reads a line that pagegen printed as a diagnostic:
/// `specs/x.pagegen.yaml:12:5: error: message; hint`.
public struct DiagnosticLine: Sendable, Hashable {
    /// The file as printed.
    public var file: String
    /// The 1-based line and column.
    public var line: Int
    public var column: Int
    /// `error` or `warning`.
    public var severity: String

    /// Parses `text` when it is a diagnostic located in `file`; nil otherwise (no
    /// location, another file, a line or column below 1).
    public init?(_ text: Substring, file: String) {
        guard text.hasPrefix(file + ":") else { return nil }
        let parts = text.dropFirst(file.count + 1).split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let line = Int(parts[0]), let column = Int(parts[1]), line >= 1, column >= 1 else { return nil }
        let severity = parts[2].dropFirst()
        guard parts[2].first == " ", severity == "error" || severity == "warning", parts[3].hasPrefix(" "), parts[3].count > 1 else {
            return nil
        }
        self.file = file
        self.line = line
        self.column = column
        self.severity = String(severity)
    }
}
