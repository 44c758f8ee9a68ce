import Foundation

/// Turns the spec's models into ``ModelCode``: Swift names, types, coding keys,
/// enums, identity, and the conformances each model needs.
struct ModelTranslator {
    let spec: Spec
    let namer: TypeNamer
    /// Models sent in a request body (directly or inside another): these are also Encodable.
    let encodable: Set<String>

    /// Item arrays (`Model.field`) that decode as empty when their key is missing:
    /// a missing items path is an empty page.
    let emptyWhenMissing: Set<String>

    init(spec: Spec, namer: TypeNamer) {
        self.spec = spec
        self.namer = namer
        emptyWhenMissing = Self.itemArrays(in: spec)
        var roots = spec.endpoints.compactMap(\.body).flatMap { Self.modelNames(in: $0.value) }
        var reached: Set<String> = []
        while let name = roots.popLast() {
            guard reached.insert(name).inserted, let model = spec.model(named: name) else { continue }
            roots += model.fields.compactMap { Self.modelNames(in: $0.type.value) }.flatMap { $0 }
        }
        encodable = reached
    }

    func translate(_ model: ModelSpec) -> ModelCode {
        let isClass = isRecursive(model)
        let customCoding = model.fields.contains {
            ($0.dateFormat != nil && $0.dateFormat != spec.dateFormat) || emptyWhenMissing.contains("\(model.name.value).\($0.name.value)")
        }
        var enums: [EnumCode] = []
        let fields = model.fields.map { field -> FieldCode in
            let swiftName = SwiftNaming.memberName(field.name.value)
            var enumName: String?
            if let cases = TypeNamer.enumeration(in: field.type.value) {
                var name = SwiftNaming.typeName(field.name.value)
                // An enum must not shadow a model the struct's other fields use.
                while spec.model(named: name) != nil || name == model.name.value || enums.contains(where: { $0.name == name }) {
                    name += "Value"
                }
                enumName = name
                enums.append(EnumCode(name: name, cases: EnumTranslator.cases(cases)))
            }
            let type = namer.swiftType(field.type.value, enumName: enumName)
            let bareType = namer.swiftType(field.type.value.unwrapped, enumName: enumName)
            let isOptional = field.type.value.isOptional
            let key = SwiftNaming.lowerCamel(field.name.value)
            let format = field.dateFormat.map { ".\($0.rawValue)" }
            let isDate = field.type.value.name == "Date" && format != nil
            return FieldCode(
                swiftName: swiftName,
                jsonName: field.name.value,
                jsonNameLiteral: SwiftNaming.stringLiteral(field.name.value),
                type: type,
                docLines: DocLines.split(field.description),
                needsRawKey: key != field.name.value,
                isOptional: isOptional,
                initDefault: isOptional ? " = nil" : "",
                initParameter: Self.initParameter(field.name.value, type: type, isOptional: isOptional),
                initAssignment: "self.\(swiftName) = \(SwiftNaming.parameterNames(field.name.value).inner)",
                decodeLine: emptyWhenMissing.contains("\(model.name.value).\(field.name.value)")
                    ? "\(swiftName) = try container.decodeIfPresent(\(bareType).self, forKey: .\(swiftName)) ?? []"
                    : isDate
                    ? "\(swiftName) = try container.\(isOptional ? "decodeDateIfPresent" : "decodeDate")(forKey: .\(swiftName), format: \(format!))"
                    : "\(swiftName) = try container.\(isOptional ? "decodeIfPresent" : "decode")(\(bareType).self, forKey: .\(swiftName))",
                encodeLine: isDate
                    ? "try container.\(isOptional ? "encodeDateIfPresent" : "encodeDate")(\(swiftName), forKey: .\(swiftName), format: \(format!))"
                    : "try container.\(isOptional ? "encodeIfPresent" : "encode")(\(swiftName), forKey: .\(swiftName))"
            )
        }
        let identity = identityProperty(model)
        let isEncodable = encodable.contains(model.name.value)
        var conformances = [isEncodable ? "Codable" : "Decodable", "Sendable"]
        if identity != nil || hasIDField(model) { conformances.append("Identifiable") }
        return ModelCode(
            name: namer.declaredName(model.name.value),
            docLines: DocLines.split(model.description ?? "\(model.name.value), as the API sends it."),
            kind: isClass ? "final class" : "struct",
            isClass: isClass,
            conformances: conformances.joined(separator: ", "),
            fields: fields,
            enums: enums,
            hasFields: !fields.isEmpty,
            identityProperty: identity,
            isEncodable: isEncodable,
            customCoding: customCoding,
            needsCodingKeys: customCoding || fields.contains(where: \.needsRawKey)
        )
    }

    /// The non-optional arrays that items paths end in.
    static func itemArrays(in spec: Spec) -> Set<String> {
        var found: Set<String> = []
        for endpoint in spec.endpoints {
            guard let path = endpoint.paging?.items?.value, case .key(let last) = path.segments.last else { continue }
            let parent = ResponsePath(Array(path.segments.dropLast()))
            let container: TypeReference
            if parent.segments.isEmpty {
                container = endpoint.returns.value
            } else if case .success(let type) = TypeResolver(spec: spec).resolve(parent, in: endpoint.returns.value) {
                container = type.arrayElement ?? type
            } else {
                continue
            }
            guard case .named(let name) = container.unwrapped, let field = spec.model(named: name)?.field(named: last),
                  !field.type.value.isOptional, field.type.value.arrayElement != nil
            else { continue }
            found.insert("\(name).\(last)")
        }
        return found
    }

    static func initParameter(_ name: String, type: String, isOptional: Bool) -> String {
        let names = SwiftNaming.parameterNames(name)
        let declared = names.label == names.inner ? names.label : "\(names.label) \(names.inner)"
        return "\(declared): \(type)\(isOptional ? " = nil" : "")"
    }

    /// True when the model has a field named `id` of a type that can identify it.
    func hasIDField(_ model: ModelSpec) -> Bool {
        guard let field = model.field(named: "id"), model.identity == nil || model.identity?.value.description == "id" else {
            return false
        }
        return SpecValidator.isIdentityType(field.type.value.unwrapped)
    }

    /// The computed `id` for a model whose identity is another field.
    private func identityProperty(_ model: ModelSpec) -> IdentityCode? {
        guard let identity = model.identity, identity.value.description != "id", model.field(named: "id") == nil,
              case .success(let type) = TypeResolver(spec: spec).resolve(identity.value, in: .named(model.name.value))
        else { return nil }
        let access = AccessorBuilder(spec: spec).expression(identity.value, from: "self", in: .named(model.name.value))
        return IdentityCode(type: namer.swiftType(type), expression: String(access.code.dropFirst("self.".count)))
    }

    /// A model that holds itself through a chain of direct (non-list) fields needs
    /// indirection: it is generated as a final class.
    private func isRecursive(_ model: ModelSpec) -> Bool {
        var stack = directModelFields(model)
        var visited: Set<String> = []
        while let name = stack.popLast() {
            if name == model.name.value { return true }
            guard visited.insert(name).inserted, let next = spec.model(named: name) else { continue }
            stack += directModelFields(next)
        }
        return false
    }

    private func directModelFields(_ model: ModelSpec) -> [String] {
        model.fields.compactMap { field in
            if case .named(let name) = field.type.value.unwrapped { return name }
            return nil
        }
    }

    static func modelNames(in type: TypeReference) -> [String] {
        switch type {
        case .named(let name): [name]
        case .array(let inner), .optional(let inner), .map(let inner): modelNames(in: inner)
        case .enumeration: []
        }
    }
}

/// Enum cases from raw values.
enum EnumTranslator {
    static func cases(_ values: [String]) -> [EnumCaseCode] {
        var used: Set<String> = ["unknown"]
        return values.map { value in
            var name = SwiftNaming.memberName(value)
            while !used.insert(name).inserted { name += "_" }
            return EnumCaseCode(swiftName: name, rawLiteral: SwiftNaming.stringLiteral(value))
        }
    }
}

/// Doc comment lines from a description.
enum DocLines {
    static func split(_ text: String?) -> [String] {
        guard let text else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).trimmingCharacters(in: .whitespaces) }
            .reversed().drop { $0.isEmpty }.reversed()
    }
}
