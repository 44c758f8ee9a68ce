import PagegenYAML

/// The names a document shows sent with empty brackets, as `name[]=value`, in its
/// descriptions and examples (Stripe's `expand[]=discounts`). OpenAPI leaves a
/// `deepObject` list's form undefined; a list shown so is sent as `name[]=`, any other
/// with indices (`name[0]=`), which the same servers read.
struct BracketEvidence {
    /// Name → where the document first shows it.
    private var places: [String: JSONPointer] = [:]

    init() {}

    /// Every `name[]=` in the text of `root`.
    init(root: Node) {
        var pointer: [String] = []
        scan(root, &pointer)
    }

    /// Where the document shows `name[]=`, or nil.
    func place(of name: String) -> String? {
        places[name].map(\.description)
    }

    private mutating func scan(_ node: Node, _ pointer: inout [String]) {
        switch node.content {
        case .scalar(let scalar):
            guard scalar.text.contains("[]=") else { return }
            for name in Self.names(in: scalar.text) where places[name] == nil {
                places[name] = JSONPointer(pointer)
            }
        case .mapping(let pairs):
            for pair in pairs {
                pointer.append(pair.key.scalarText ?? "")
                scan(pair.value, &pointer)
                pointer.removeLast()
            }
        case .sequence(let items):
            for (index, item) in items.enumerated() {
                pointer.append(String(index))
                scan(item, &pointer)
                pointer.removeLast()
            }
        }
    }

    /// The names before `[]=` in `text`: letters, digits, `_`, `-` and `.`.
    static func names(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "[]=") {
            let name = rest[..<range.lowerBound].reversed().prefix { $0.isLetter || $0.isNumber || "_-.".contains($0) }
            if !name.isEmpty { names.append(String(name.reversed())) }
            rest = rest[range.upperBound...]
        }
        return names
    }
}
