/// The Swift spelling of spec types: built-ins by their module (`Swift.String`,
/// `Foundation.URL`, `PagegenRuntime.JSONValue`), models as ``SpecNames`` names them.
struct SwiftTypes {
    let names: SpecNames

    /// The built-in types, by their name in a spec.
    static let builtins: [String: SwiftType] = [
        "String": .named("Swift.String"),
        "Int": .named("Swift.Int"),
        "Int64": .named("Swift.Int64"),
        "Double": .named("Swift.Double"),
        "Bool": .named("Swift.Bool"),
        "Date": .named("Foundation.Date"),
        "URL": .named("Foundation.URL"),
        "JSON": .named("PagegenRuntime.JSONValue"),
        "File": .named("PagegenRuntime.FileUpload"),
    ]

    /// The Swift type of `type`; `enumName` names its inline enum, if it has one.
    func type(_ type: TypeReference, enumName: String? = nil) -> SwiftType {
        switch type {
        case .named(let name): Self.builtins[name] ?? .named(names.modelReference(name))
        case .array(let element): .array(self.type(element, enumName: enumName))
        case .optional(let wrapped): .optional(self.type(wrapped, enumName: enumName))
        case .map(let value): .dictionary(key: .string, value: self.type(value, enumName: enumName))
        case .enumeration: enumName.map(SwiftType.named) ?? .string
        }
    }
}

extension TypeReference {
    /// The values of the inline enumeration inside this type, if any (through
    /// optionals, arrays and maps).
    var inlineEnumeration: [String]? {
        switch self {
        case .enumeration(let cases): cases
        case .array(let inner), .optional(let inner), .map(let inner): inner.inlineEnumeration
        case .named: nil
        }
    }

    /// The names of the models (and built-ins) this type refers to, through lists,
    /// optionals and maps.
    public var referencedNames: [String] {
        switch self {
        case .named(let name): [name]
        case .array(let inner), .optional(let inner), .map(let inner): inner.referencedNames
        case .enumeration: []
        }
    }
}

/// Builds the expressions that read a response path, with each key's Swift property
/// name: `$0.response?.productCollection`, `$0.data.children.map { $0.data }`.
struct AccessorBuilder {
    let spec: Spec
    let names: SpecNames

    /// The read of `path` from `base` (a value of type `root`).
    func accessor(_ path: ResponsePath, from base: String, in root: TypeReference) -> Accessor {
        var accessor = Accessor(base: base, steps: [], isOptional: root.isOptional)
        var type = root
        var valueOptional = root.isOptional
        var segments = path.segments[...]
        while let segment = segments.popFirst() {
            switch segment {
            case .key(let key):
                guard case .named(let name) = type.unwrapped, let model = spec.model(named: name),
                    let index = model.fields.firstIndex(where: { $0.name.value == key }),
                    let property = names.models[name]?.properties[index]
                else { return accessor }
                accessor.steps.append(.member(property, throughOptional: valueOptional))
                type = model.fields[index].type.value
                valueOptional = type.isOptional
                accessor.isOptional = accessor.isOptional || valueOptional
            case .each:
                guard case .array(let element) = type.unwrapped else { return accessor }
                let rest = ResponsePath(Array(segments))
                if rest.segments.isEmpty { return accessor }
                let inner = self.accessor(rest, from: "$0", in: element)
                accessor.steps.append(.map(inner, compact: inner.isOptional, throughOptional: valueOptional))
                return accessor
            }
        }
        return accessor
    }
}
