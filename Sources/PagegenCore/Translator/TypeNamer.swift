/// Swift spellings of spec types, with the configured type prefix and namespace.
struct TypeNamer {
    let spec: Spec
    let prefix: String
    /// The namespace, if any: references to models are qualified with it, so that
    /// code in extensions of the namespaced client finds them.
    let namespace: String?

    /// The name a model is declared with.
    func declaredName(_ name: String) -> String { prefix + name }

    /// The name code refers to a model by (qualified when namespaced).
    func modelName(_ name: String) -> String {
        namespace.map { "\($0)." } .map { $0 + prefix + name } ?? prefix + name
    }

    /// The Swift type of `type`; `enumName` names an inline enum (nested in its model).
    func swiftType(_ type: TypeReference, enumName: String? = nil) -> String {
        switch type {
        case .named(let name):
            switch name {
            case "JSON": return "JSONValue"
            case let builtin where TypeReference.builtins.contains(builtin): return builtin
            default: return modelName(name)
            }
        case .array(let element): return "[\(swiftType(element, enumName: enumName))]"
        case .optional(let wrapped): return "\(swiftType(wrapped, enumName: enumName))?"
        case .map(let value): return "[String: \(swiftType(value, enumName: enumName))]"
        case .enumeration: return enumName ?? "String"
        }
    }

    /// The inline enumeration inside `type`, if any (through optionals, arrays and maps).
    static func enumeration(in type: TypeReference) -> [String]? {
        switch type {
        case .enumeration(let cases): cases
        case .array(let inner), .optional(let inner), .map(let inner): enumeration(in: inner)
        case .named: nil
        }
    }
}

/// Swift expressions that read a response path: `$0.response?.productCollection`,
/// `$0.data?.children?.map { $0.data }`.
struct AccessorBuilder {
    let spec: Spec

    /// The expression reading `path` from `base` (of type `root`), and whether its result is optional.
    func expression(_ path: ResponsePath, from base: String, in root: TypeReference) -> (code: String, isOptional: Bool) {
        var code = base
        var type = root
        var chainOptional = root.isOptional
        var valueOptional = root.isOptional
        var segments = path.segments[...]
        while let segment = segments.popFirst() {
            let access = valueOptional ? "?." : "."
            switch segment {
            case .key(let key):
                guard case .named(let name) = type.unwrapped, let field = spec.model(named: name)?.field(named: key) else {
                    return (code, chainOptional)
                }
                code += access + SwiftNaming.memberName(key)
                type = field.type.value
                valueOptional = type.isOptional
                chainOptional = chainOptional || valueOptional
            case .each:
                guard case .array(let element) = type.unwrapped else { return (code, chainOptional) }
                let rest = ResponsePath(Array(segments))
                if rest.segments.isEmpty { return (code, chainOptional) }
                let inner = expression(rest, from: "$0", in: element)
                code += access + (inner.isOptional ? "compactMap" : "map") + " { \(inner.code) }"
                return (code, chainOptional)
            }
        }
        return (code, chainOptional)
    }
}
