/// A file as lines of bytes, split at LF (a CR stays part of its line), so that a
/// mutation can work line by line and put the file back together byte for byte.
struct Lines {
    private var lines: [[UInt8]]

    init(_ bytes: [UInt8]) {
        lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    }

    /// The bytes, lines joined with LF.
    func joined() -> [UInt8] {
        Array(lines.joined(separator: [0x0A]))
    }

    var count: Int { lines.count }
    var isEmpty: Bool { lines.isEmpty }

    subscript(index: Int) -> [UInt8] {
        get { lines[index] }
        set { lines[index] = newValue }
    }

    mutating func remove(at index: Int) { lines.remove(at: index) }
    mutating func insert(_ line: [UInt8], at index: Int) { lines.insert(line, at: min(index, lines.count)) }
    mutating func swapAt(_ first: Int, _ second: Int) { lines.swapAt(first, second) }

    /// A random line that fits `predicate`, if any.
    func randomIndex(where predicate: ([UInt8]) -> Bool, using random: inout SplitMix64) -> Int? {
        let indices = lines.indices.filter { predicate(lines[$0]) }
        return indices.isEmpty ? nil : indices[random.below(indices.count)]
    }

    /// The file with the value of a random `key: value` line replaced, or nil when
    /// no line has a value.
    func replacingValue(with value: String, using random: inout SplitMix64) -> [UInt8]? {
        guard let index = randomIndex(where: { $0.valueRange != nil }, using: &random),
            let range = lines[index].valueRange
        else { return nil }
        var copy = self
        copy.lines[index].replaceSubrange(range, with: Array(value.utf8))
        return copy.joined()
    }
}

extension [UInt8] {
    /// The number of leading spaces.
    var indentation: Int {
        prefix { $0 == UInt8(ascii: " ") }.count
    }

    /// Where the key of a `key: value` or `key:` line is (after the indentation and
    /// any `- `), or nil for a comment, a list item without a key, or a blank line.
    var keyRange: Range<Int>? {
        var start = indentation
        if start + 1 < count, self[start] == UInt8(ascii: "-"), self[start + 1] == UInt8(ascii: " ") { start += 2 }
        guard start < count, self[start] != UInt8(ascii: "#"),
            let colon = self[start...].firstIndex(where: { $0 == UInt8(ascii: ":") }),
            colon > start, colon + 1 == count || self[colon + 1] == UInt8(ascii: " ")
        else { return nil }
        return start..<colon
    }

    /// Where the value of a `key: value` line is, or nil when the line has none.
    var valueRange: Range<Int>? {
        guard let key = keyRange else { return nil }
        let start = key.upperBound + 2
        guard start < count else { return nil }
        return start..<count
    }
}
