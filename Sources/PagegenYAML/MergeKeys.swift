/// YAML's merge key: `<<: *base` in a mapping adds the pairs of the mapping `base`
/// whose keys the mapping does not set itself; `<<: [*a, *b]` merges several, the
/// first one winning where they share a key.
///
/// ```yaml
/// Base: &base { id: Int, created: Date }
/// Product: { <<: *base, name: String }   # id, created, name
/// ```
enum MergeKeys {
    /// The pairs with every plain `<<` key replaced by the pairs it merges.
    /// - Throws: ``YAMLError`` when a `<<` holds neither a mapping nor a list of mappings.
    static func resolve(_ pairs: [Node.Pair]) throws(YAMLError) -> [Node.Pair] {
        guard pairs.contains(where: { isMergeKey($0.key) }) else { return pairs }
        let written = Set(pairs.lazy.filter { !isMergeKey($0.key) }.map { KeyIdentity($0.key) })
        var merged: Set<KeyIdentity> = []
        var result: [Node.Pair] = []
        for pair in pairs {
            guard isMergeKey(pair.key) else {
                result.append(pair)
                continue
            }
            for source in try sources(of: pair.value) {
                for merging in source where !written.contains(KeyIdentity(merging.key)) {
                    if merged.insert(KeyIdentity(merging.key)).inserted {
                        result.append(merging)
                    }
                }
            }
        }
        return result
    }

    /// A plain `<<` (a quoted one is an ordinary key).
    static func isMergeKey(_ key: Node) -> Bool {
        guard case .scalar(let scalar) = key.content else { return false }
        return scalar.text == "<<" && !scalar.isQuoted
    }

    /// The mappings a `<<` value merges, in order of precedence.
    private static func sources(of value: Node) throws(YAMLError) -> [[Node.Pair]] {
        if let pairs = value.pairs { return [pairs] }
        if let items = value.items {
            var sources: [[Node.Pair]] = []
            for item in items {
                guard let pairs = item.pairs else {
                    throw notMergeable(item)
                }
                sources.append(pairs)
            }
            return sources
        }
        throw notMergeable(value)
    }

    private static func notMergeable(_ node: Node) -> YAMLError {
        YAMLError(
            message: "malformed YAML: a merge key '<<' takes a mapping or a list of mappings, not \(node.kindDescription)",
            mark: node.mark, hint: "write '<<: *name' where '&name' marks a mapping")
    }
}

/// What makes two keys the same key: the text of a scalar, quoted or not, or the
/// content of a mapping or list.
private enum KeyIdentity: Hashable {
    case text(String)
    case structured(Node.Content)

    init(_ key: Node) {
        if let text = key.scalarText {
            self = .text(text)
        } else {
            self = .structured(key.content)
        }
    }
}
