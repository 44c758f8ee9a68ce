/// A position in a YAML document: line and column, both counted from 1.
///
/// libyaml counts from 0; the conversion happens once, where the C marks are read,
/// so every position that leaves this module is already 1-based.
public struct Mark: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1.
    public var column: Int

    /// Creates a mark at a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, as compilers print it.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
