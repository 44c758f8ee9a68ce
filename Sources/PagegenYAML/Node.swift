/// One node of a YAML document: a scalar, a mapping or a sequence, with the mark
/// of where it starts.
///
/// Mappings keep their keys in document order, duplicates included, so that a
/// reader of the tree can report a duplicate key at its own line.
public struct Node: Sendable, Hashable {
    /// What the node holds.
    public enum Content: Sendable, Hashable {
        /// A scalar and how it was written.
        case scalar(Scalar)
        /// Key–value pairs in document order.
        case mapping([Pair])
        /// Items in document order.
        case sequence([Node])
    }

    /// A scalar's text, and whether it was quoted (a quoted `"null"` is a string).
    public struct Scalar: Sendable, Hashable {
        /// The scalar's text, after YAML's escapes and folding.
        public var text: String
        /// True for `'single'`, `"double"`, literal `|` and folded `>` scalars.
        public var isQuoted: Bool

        /// Creates a scalar.
        public init(text: String, isQuoted: Bool = false) {
            self.text = text
            self.isQuoted = isQuoted
        }
    }

    /// One entry of a mapping.
    public struct Pair: Sendable, Hashable {
        /// The key node (almost always a scalar).
        public var key: Node
        /// The value node.
        public var value: Node

        /// Creates a pair.
        public init(key: Node, value: Node) {
            self.key = key
            self.value = value
        }
    }

    /// What the node holds.
    public var content: Content
    /// Where the node starts.
    public var mark: Mark

    /// Creates a node.
    public init(_ content: Content, mark: Mark) {
        self.content = content
        self.mark = mark
    }
}

extension Node {
    /// The scalar's text, or nil for a mapping or sequence.
    public var scalarText: String? {
        if case .scalar(let scalar) = content { return scalar.text }
        return nil
    }

    /// The mapping's pairs, or nil for a scalar or sequence.
    public var pairs: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The sequence's items, or nil for a scalar or mapping.
    public var items: [Node]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// True for a plain (unquoted) `null`, `~` or empty scalar: YAML's null.
    public var isNull: Bool {
        guard case .scalar(let scalar) = content, !scalar.isQuoted else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.text)
    }

    /// The value of the first pair whose key is `key`, if this is a mapping.
    public subscript(key: String) -> Node? {
        pairs?.first { $0.key.scalarText == key }?.value
    }

    /// A short name of the node's kind, for messages: "a mapping", "a list", "a scalar".
    public var kindDescription: String {
        switch content {
        case .scalar: "a scalar"
        case .mapping: "a mapping"
        case .sequence: "a list"
        }
    }
}
