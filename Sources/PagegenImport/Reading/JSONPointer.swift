import PagegenYAML

/// A JSON Pointer (RFC 6901) into a document: `/paths/~1repos~1{owner}/get`, where
/// `~1` stands for `/` and `~0` for `~` inside a key.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// The unescaped keys and indices, outermost first.
    public var tokens: [String]

    /// Creates a pointer from unescaped tokens.
    public init(_ tokens: [String] = []) {
        self.tokens = tokens
    }

    /// Parses the written form (`/a/b~1c`); a leading `#` is allowed.
    public init(parsing text: String) {
        var body = Substring(text)
        if body.hasPrefix("#") { body = body.dropFirst() }
        tokens =
            body.isEmpty
            ? []
            : body.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
                .map { $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~") }
    }

    /// This pointer with one more token.
    public func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens + [token])
    }

    /// This pointer with more tokens.
    public func appending(_ more: [String]) -> JSONPointer {
        JSONPointer(tokens + more)
    }

    /// The pointer as written: `/paths/~1issues/get`.
    public var description: String {
        tokens.map { "/" + $0.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1") }.joined()
    }

    /// True when `self` is `other` or inside it.
    public func isWithin(_ other: JSONPointer) -> Bool {
        tokens.count >= other.tokens.count && Array(tokens.prefix(other.tokens.count)) == other.tokens
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.description < rhs.description
    }
}

extension Node {
    /// The node a pointer leads to, or nil.
    func node(at pointer: JSONPointer) -> Node? {
        var node = self
        for token in pointer.tokens {
            switch node.content {
            case .mapping:
                guard let value = node[token] else { return nil }
                node = value
            case .sequence(let items):
                guard let index = Int(token), items.indices.contains(index) else { return nil }
                node = items[index]
            case .scalar:
                return nil
            }
        }
        return node
    }

    /// Where `pointer` is written: the key of its last step (`get:` for
    /// `/paths/~1issues/get`), or the item it names; for a pointer that leads
    /// nowhere, the nearest ancestor that exists.
    func mark(of pointer: JSONPointer) -> Mark {
        var node = self
        var mark = self.mark
        for token in pointer.tokens {
            switch node.content {
            case .mapping(let pairs):
                guard let pair = pairs.first(where: { $0.key.scalarText == token }) else { return mark }
                node = pair.value
                mark = pair.key.mark
            case .sequence(let items):
                guard let index = Int(token), items.indices.contains(index) else { return mark }
                node = items[index]
                mark = node.mark
            case .scalar:
                return mark
            }
        }
        return mark
    }

    /// The mark of a mapping key (where `key:` is written), else of the node itself.
    func keyMark(_ key: String) -> Mark? {
        pairs?.first { $0.key.scalarText == key }?.key.mark
    }
}
