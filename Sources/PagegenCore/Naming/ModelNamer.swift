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
                initializerNames[index] = SwiftIdentifier(initializer.claimFree("self", word: "Value", by: "self"))
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
            let type = scope.claimFree(NameConversion.upperCamel(identifiers[index].name), word: "Value", by: field.name.value)
            nested = scope
            enums[index] = EnumNames(type: type, values: values)
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

    /// The cases of an enum, and for each the doc comment that says its value when its
    /// name took words to be told apart from another's.
    ///
    /// A value's case is its name converted (`in_progress` → `inProgress`). When that is
    /// taken (by the case for unknown values, `unknown(String)`, or by another value), the
    /// case says what the conversion dropped: `-name` is `nameDescending` and `+name`
    /// `nameAscending` (as sort orders write them), `name.` is `nameDot`; and `Value`
    /// when nothing was dropped (a value `unknown` is `unknownValue`). A value spelled as
    /// its case takes it first, then those whose conversion drops only separators, so
    /// that `name` is `name` whatever the order of `name` and `-name`.
    static func cases(_ values: [String]) -> [(name: SwiftIdentifier, docLines: [String])] {
        var scope = NameScope(reserved: [unknownCase: "the case for values the spec does not list"])
        let bases = values.map(NameConversion.lowerCamel)
        let qualifiers = values.map(qualifier(of:))
        var names = [String?](repeating: nil, count: values.count)
        // A value spelled as its case first, then the values whose conversion drops nothing.
        let spelledFirst = values.indices.filter { values[$0] == bases[$0] } + values.indices.filter { values[$0] != bases[$0] }
        for index in spelledFirst where qualifiers[index].isEmpty && !scope.isTaken(bases[index]) {
            names[index] = bases[index]
            scope.claim(bases[index], by: values[index])
        }
        return values.indices.map { index in
            if let name = names[index] { return (SwiftIdentifier(name), []) }
            let base = bases[index]
            let word = qualifiers[index].isEmpty ? "Value" : qualifiers[index]
            let name = scope.claimFirstFree(qualifiers[index].isEmpty ? [base + word] : [base, base + word], by: values[index])
            let docLines =
                name == base ? [] : ["The value `\(SwiftLiteral.commentText(values[index]).replacingOccurrences(of: "`", with: "'"))`."]
            return (SwiftIdentifier(name), docLines)
        }
    }

    /// What converting `value` to a name drops, in words: `Descending` for a leading
    /// `-` and `Ascending` for a leading `+` before a letter, else its symbols spelled
    /// out (`name.` → `Dot`); empty when the conversion drops nothing but separators.
    static func qualifier(of value: String) -> String {
        if let first = value.first, first == "-" || first == "+", value.dropFirst().first.map(NameConversion.isWordCharacter) == true {
            return first == "-" ? "Descending" : "Ascending"
        }
        let symbols = value.filter { !NameConversion.isWordCharacter($0) && !$0.isWhitespace && $0 != "_" }
        guard !symbols.isEmpty, !NameConversion.words(value).isEmpty else { return "" }
        return NameConversion.upperCamel(NameConversion.symbolWords(String(symbols)).joined(separator: " "))
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
