/// A generated operation input written out as text that names one list in a store:
/// every stored property, nested, by label, with the entries of dictionaries and sets
/// sorted, so that the same input gives the same text in every process (a dictionary's
/// own order changes from launch to launch).
///
/// `Operations.listProducts.Input(query: Operations.listProducts.Input.Query(sort: "name", pageSize: 50), …)`
enum ListInputText {
    /// The text of `value`.
    static func text(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { text(of: $0.value) } ?? "nil"
        case .dictionary:
            let entries = mirror.children.map { entry -> String in
                let pair = Array(Mirror(reflecting: entry.value).children)
                guard pair.count == 2 else { return text(of: entry.value) }
                return "\(text(of: pair[0].value)): \(text(of: pair[1].value))"
            }
            return "[" + entries.sorted().joined(separator: ", ") + "]"
        case .set:
            return "[" + mirror.children.map { text(of: $0.value) }.sorted().joined(separator: ", ") + "]"
        case .collection, .tuple:
            return "[" + mirror.children.map { text(of: $0.value) }.joined(separator: ", ") + "]"
        case .enum:
            guard let payload = mirror.children.first else { return "\(type(of: value)).\(value)" }
            return "\(type(of: value)).\(payload.label ?? "")(\(text(of: payload.value)))"
        case .struct, .class:
            let fields = mirror.children.map { "\($0.label ?? "_"): \(text(of: $0.value))" }
            return "\(String(reflecting: type(of: value)))(" + fields.joined(separator: ", ") + ")"
        default:
            return String(reflecting: value)
        }
    }
}
