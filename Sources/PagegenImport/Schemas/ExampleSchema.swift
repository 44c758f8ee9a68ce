import OpenAPIKit
import PagegenYAML

/// A schema read off an example, for a response that gives an example but no
/// schema: objects become objects whose every property is optional (an example does
/// not say what is required), lists take the properties of all their elements, and
/// numbers are integers unless written with a fraction.
enum ExampleSchema {
    static func schema(for node: Node, required: Bool = true) -> JSONSchema {
        switch node.content {
        case .mapping(let pairs):
            var properties = OrderedDictionary<String, JSONSchema>()
            for pair in pairs {
                guard let key = pair.key.scalarText, properties[key] == nil else { continue }
                properties[key] = schema(for: pair.value, required: false)
            }
            return .object(required: required, properties: properties)
        case .sequence(let items):
            guard !items.isEmpty else { return .array(required: required) }
            // The union of the elements' fields, for lists of objects.
            if items.allSatisfy({ $0.pairs != nil }) {
                let merged = Node(.mapping(items.flatMap { $0.pairs ?? [] }), mark: items[0].mark)
                return .array(required: required, items: schema(for: merged))
            }
            return .array(required: required, items: schema(for: items[0]))
        case .scalar(let scalar):
            if node.isNull { return .fragment(.init(required: required, nullable: true)) }
            if scalar.isQuoted { return .string(required: required) }
            if ["true", "false", "True", "False"].contains(scalar.text) { return .boolean(required: required) }
            if Int64(scalar.text) != nil { return .integer(required: required) }
            if Double(scalar.text) != nil { return .number(required: required) }
            return .string(required: required)
        }
    }
}
