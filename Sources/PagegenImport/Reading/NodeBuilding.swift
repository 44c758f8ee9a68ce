import PagegenYAML

/// Building and editing node trees: the Swagger 2.0 converter and the overrides
/// merge write OpenAPI 3 trees whose nodes keep the marks of the text they came
/// from, so that notes about them still point at the source.
extension Node {
    /// A mapping of `pairs`, in order, marked at `mark`.
    static func mapping(_ pairs: [(String, Node)], at mark: Mark) -> Node {
        Node(.mapping(pairs.map { Pair(key: Node(.scalar(.init(text: $0.0, isQuoted: true)), mark: mark), value: $0.1) }), mark: mark)
    }

    /// A sequence of `items`, marked at `mark`.
    static func sequence(_ items: [Node], at mark: Mark) -> Node {
        Node(.sequence(items), mark: mark)
    }

    /// Text: a quoted scalar, which reads as a string whatever it holds.
    static func text(_ text: String, at mark: Mark) -> Node {
        Node(.scalar(.init(text: text, isQuoted: true)), mark: mark)
    }

    /// A plain scalar: a number, `true`/`false` or `null` as YAML reads it.
    static func plain(_ text: String, at mark: Mark) -> Node {
        Node(.scalar(.init(text: text, isQuoted: false)), mark: mark)
    }

    /// The keys of a mapping, in order (nil keys skipped).
    var keys: [String] { pairs?.compactMap(\.key.scalarText) ?? [] }

    /// This mapping with `key` set to `value`: replaced where it is, else appended.
    func setting(_ key: String, _ value: Node) -> Node {
        guard var pairs else { return self }
        if let index = pairs.firstIndex(where: { $0.key.scalarText == key }) {
            pairs[index].value = value
        } else {
            pairs.append(Pair(key: .text(key, at: value.mark), value: value))
        }
        return Node(.mapping(pairs), mark: mark)
    }

    /// This mapping without `keys`.
    func removing(_ keys: Set<String>) -> Node {
        guard let pairs else { return self }
        return Node(.mapping(pairs.filter { !keys.contains($0.key.scalarText ?? "") }), mark: mark)
    }

    /// This mapping with each value passed through `transform` (keys and order kept).
    func mappingValues(_ transform: (String, Node) -> Node) -> Node {
        guard let pairs else { return self }
        return Node(.mapping(pairs.map { Pair(key: $0.key, value: transform($0.key.scalarText ?? "", $0.value)) }), mark: mark)
    }

    /// True for a plain `true`.
    var isTrue: Bool {
        guard case .scalar(let scalar) = content, !scalar.isQuoted else { return false }
        return ["true", "True", "TRUE"].contains(scalar.text)
    }
}
