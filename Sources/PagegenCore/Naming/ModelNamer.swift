/// Names the members of one model: its properties (and clashes between them), the
/// memberwise initializer's internal names, its enums and their cases, and its identity.
struct ModelNamer {
    /// The case every generated enum has for values the spec does not list.
    static let unknownCase = "unknown"
    /// The nested type of coding keys.
    static let codingKeys = "CodingKeys"

    let names: ModelNames

    init(model: ModelSpec, spec: Spec, declared: String, namespace: String?, topLevel: NameScope, problems: inout [NamingProblem]) {
        var properties = NameScope()
        var identifiers: [SwiftIdentifier] = []
        for field in model.fields {
            let name = Self.swiftName(of: field.name, given: field.swiftName, problems: &problems)
            if let holder = properties.claim(name, by: field.name.value) {
                problems.append(
                    NamingProblem(
                        message:
                            "the fields '\(holder)' and '\(field.name.value)' of model '\(model.name.value)' both become '\(name)' in Swift",
                        mark: field.name.mark,
                        hint: SwiftNameHint.rename(
                            field.name.value, type: field.type.value, suggesting: name + "Value", subject: "one of them")))
            }
            identifiers.append(SwiftIdentifier(name))
        }

        // The memberwise initializer takes each property under its own name, but `self`.
        var initializerNames = identifiers
        if identifiers.contains(where: { $0.name == "self" }) {
            var initializer = NameScope(reserved: ["self": ""])
            for identifier in identifiers where identifier.name != "self" { initializer.claim(identifier.name, by: identifier.name) }
            for index in identifiers.indices where identifiers[index].name == "self" {
                initializerNames[index] = SwiftIdentifier(initializer.claimFree("self", suffix: "_", by: "self"))
            }
        }

        // Enums are nested in the model: they must not hide a model, a module, the
        // model itself, its coding keys, or each other. The scope is made for the first
        // enum: most models have none.
        var nested: NameScope?
        var enums: [Int: EnumNames] = [:]
        for (index, field) in model.fields.enumerated() {
            guard let values = field.type.value.inlineEnumeration else { continue }
            var scope = nested.take() ?? Self.enumScope(of: declared, inside: topLevel)
            let type = scope.claimFree(NameConversion.upperCamel(identifiers[index].name), suffix: "Value", by: field.name.value)
            nested = scope
            enums[index] = EnumNames(type: type, cases: Self.cases(values))
        }

        names = ModelNames(
            type: declared,
            reference: namespace.map { "\($0).\(declared)" } ?? declared,
            properties: identifiers,
            initializerNames: initializerNames,
            enums: enums,
            identity: Self.identity(of: model, properties: identifiers, spec: spec))
    }

    /// The names a model's enums must not take: the models, the modules, the model
    /// itself, its coding keys and Swift's own.
    private static func enumScope(of model: String, inside topLevel: NameScope) -> NameScope {
        var scope = NameScope(inside: topLevel)
        scope.claim(model, by: "the model")
        scope.claim(codingKeys, by: "the coding keys")
        for reserved in SwiftKeywords.reservedTypeNames { scope.claim(reserved, by: "Swift") }
        return scope
    }

    /// The Swift name of a field or parameter: the one the spec gives with `swiftName:`
    /// (reported when it is not an identifier), or one converted from its name.
    static func swiftName(of name: Located<String>, given: Located<String>?, problems: inout [NamingProblem]) -> String {
        if let given {
            if NameConversion.isIdentifier(given.value) { return given.value }
            problems.append(
                NamingProblem(
                    message: "'\(given.value)' is not a Swift name", mark: given.mark,
                    hint:
                        "write letters, digits and '_', starting with a letter or '_', such as '\(NameConversion.lowerCamel(given.value))'")
            )
        }
        return NameConversion.lowerCamel(name.value)
    }

    /// The cases of an enum: a value that becomes a case already taken (by `unknown`
    /// or an earlier value) takes `_` until free.
    static func cases(_ values: [String]) -> [SwiftIdentifier] {
        var scope = NameScope(reserved: [unknownCase: "the case for values the spec does not list"])
        return values.map { SwiftIdentifier(scope.claimFree(NameConversion.lowerCamel($0), suffix: "_", by: $0)) }
    }

    /// The identity: the path the long form names in `id:`, or else the property named
    /// `id` when its type can identify. The model is `Identifiable` when its `id`
    /// property is the identity, or when no property is named `id` (a computed `id`
    /// then reads the identity).
    static func identity(of model: ModelSpec, properties: [SwiftIdentifier], spec: Spec) -> IdentityNames? {
        let idIndex = properties.firstIndex { $0.name == "id" }
        let path: ResponsePath
        if let declared = model.identity {
            path = declared.value
        } else if let idIndex, SpecValidator.isIdentityType(model.fields[idIndex].type.value.unwrapped) {
            path = ResponsePath([.key(model.fields[idIndex].name.value)])
        } else {
            return nil
        }
        let isIDProperty = path.segments.count == 1 && idIndex.map { path.segments[0] == .key(model.fields[$0].name.value) } == true
        let resolves =
            if case .success(let type) = TypeResolver(spec: spec).resolve(path, in: .named(model.name.value)),
                SpecValidator.isIdentityType(type.unwrapped)
            { true } else { false }
        guard resolves else { return nil }
        return IdentityNames(path: path, isIdentifiable: isIDProperty || idIndex == nil, declaresID: !isIDProperty && idIndex == nil)
    }
}
