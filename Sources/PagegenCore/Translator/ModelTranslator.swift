import Foundation

/// Turns the spec's models into ``ModelCode``: properties with their types, coding
/// keys, enums, identity, and the conformances each model needs.
struct ModelTranslator {
    let spec: Spec
    let names: SpecNames
    let types: SwiftTypes
    /// Models sent in a request body (directly or inside another): these are also Encodable.
    let encodable: Set<String>
    /// Item arrays (`Model.field`) that decode as empty when their key is missing:
    /// a missing items path is an empty page.
    let emptyWhenMissing: Set<String>
    /// True when fields are `var` (the config's `mutableModels`).
    let mutableModels: Bool
    /// What each model is for, by its spec name, for its doc comment: the endpoints
    /// that return it, list it or send it, and the fields that hold it.
    let uses: [String: [String]]

    init(spec: Spec, names: SpecNames, mutableModels: Bool) {
        self.spec = spec
        self.names = names
        self.mutableModels = mutableModels
        types = SwiftTypes(names: names)
        emptyWhenMissing = Self.itemArrays(in: spec)
        // Bodies, and objects sent as query parameters (`style: deepObject`).
        var roots = spec.endpoints.flatMap { endpoint in
            (endpoint.body?.type.value.referencedNames ?? []) + endpoint.queryParameters.flatMap(\.type.value.referencedNames)
        }
        var reached: Set<String> = []
        while let name = roots.popLast() {
            guard reached.insert(name).inserted, let model = spec.model(named: name) else { continue }
            roots += model.fields.flatMap(\.type.value.referencedNames)
        }
        encodable = reached
        uses = Self.uses(in: spec, names: names)
    }

    /// What each model is for: `what `product(…)` returns`, `an item of `products(…)``,
    /// `what `createProduct(…)` sends`, `the `manufacturer` of `Product``.
    static func uses(in spec: Spec, names: SpecNames) -> [String: [String]] {
        var uses: [String: [String]] = [:]
        let resolver = TypeResolver(spec: spec)
        for endpoint in spec.endpoints {
            guard let function = names.endpoints[endpoint.name.value]?.function.name else { continue }
            if endpoint.response.isJSON, case .named(let name) = endpoint.returns.value.unwrapped {
                uses[name, default: []].append("what `\(function)(…)` returns")
            }
            if let items = endpoint.paging?.items,
                case .success(let list) = resolver.resolve(items.value, in: endpoint.returns.value),
                case .named(let name)? = list.arrayElement?.unwrapped
            {
                uses[name, default: []].append("an item of `\(function)(…)`")
            } else if endpoint.paging != nil, case .named(let name)? = endpoint.returns.value.arrayElement?.unwrapped {
                uses[name, default: []].append("an item of `\(function)(…)`")
            }
            if case .named(let name)? = endpoint.body?.type.value.unwrapped {
                uses[name, default: []].append("what `\(function)(…)` sends")
            }
            for parameter in endpoint.queryParameters {
                guard case .named(let name) = parameter.type.value.unwrapped, spec.model(named: name) != nil else { continue }
                uses[name, default: []].append("the `\(parameter.name.value)` of `\(function)(…)`")
            }
        }
        for model in spec.models {
            guard let modelNames = names.models[model.name.value] else { continue }
            for (index, field) in model.fields.enumerated() {
                guard let held = field.type.value.referencedNames.first, spec.model(named: held) != nil else { continue }
                uses[held, default: []].append("the `\(modelNames.properties[index].name)` of `\(modelNames.type)`")
            }
        }
        return uses
    }

    /// The doc comment of a model the spec does not describe: what it is for.
    /// "One of 2 shapes: with `available` and `guild_id`; or with `pack_id`.", after a
    /// blank line, for a model with `alternatives:`.
    func alternativesDocLines(of model: ModelSpec) -> [String] {
        guard !model.alternatives.isEmpty else { return [] }
        let shapes = model.alternatives.map { alternative -> String in
            let names = alternative.map { "`\($0.value)`" }
            guard let last = names.last else { return "with no more fields" }
            return "with " + (names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last)
        }
        return [""] + DocLines.split("One of \(shapes.count) shapes: " + shapes.joined(separator: "; or ") + ".")
    }

    func roleDocLines(of model: ModelSpec) -> [String] {
        guard let uses = uses[model.name.value], !uses.isEmpty else { return ["No endpoint of the spec uses it."] }
        let sentence = uses.prefix(3).joined(separator: "; ") + (uses.count > 3 ? "; and more" : "") + "."
        return [sentence.prefix(1).uppercased() + sentence.dropFirst()]
    }

    /// The fields from which a model of constants is a final class: copying a reference
    /// is one word, where copying a struct copies each field, in generated code (value
    /// witnesses) of every model and call that holds it. With hundreds of wide models
    /// nested in each other, that code is a large part of a client's build; a class of
    /// constants behaves as the struct would.
    static let classFieldCount = 10

    func translate(_ model: ModelSpec) -> ModelCode {
        guard let modelNames = names.models[model.name.value] else { preconditionFailure("no names for model \(model.name.value)") }
        let isClass = isRecursive(model) || (!mutableModels && model.fields.count >= Self.classFieldCount)
        let specDates = DateFormatCode(spec.dateFormat, zone: spec.dateZone?.value)
        var enums: [EnumCode] = []
        let fields = model.fields.enumerated().map { index, field -> FieldCode in
            let enumeration = modelNames.enums[index]
            if let enumeration, let values = field.type.value.inlineEnumeration {
                enums.append(EnumTranslator.code(enumeration, values: values))
            }
            let dates = fieldDates(field)
            let dateFormat = dates != specDates && field.type.value.name == "Date" ? dates : nil
            let type = types.type(field.type.value, enumName: enumeration?.type)
            return FieldCode(
                name: modelNames.properties[index],
                initializerName: modelNames.initializerNames[index],
                jsonName: StringLiteral(field.name.value),
                type: field.presence == .absentNullOrValue ? .nullable(type.wrapped) : type,
                docLines: DocLines.adding(
                    field.deprecation,
                    to: Self.docLines(
                        of: field, property: modelNames.properties[index], dateFormat: dateFormat,
                        isSent: encodable.contains(model.name.value))),
                dateFormat: dateFormat,
                emptyWhenMissing: emptyWhenMissing.contains("\(model.name.value).\(field.name.value)"),
                presence: field.presence)
        }
        return ModelCode(
            name: modelNames.type,
            reference: modelNames.reference,
            docLines: DocLines.adding(
                model.deprecation, to: (model.description.map(DocLines.split) ?? roleDocLines(of: model)) + alternativesDocLines(of: model)),
            isClass: isClass,
            isMutable: mutableModels && !isClass,
            isEncodable: encodable.contains(model.name.value),
            isIdentifiable: modelNames.identity?.isIdentifiable == true,
            fields: fields,
            enums: enums,
            identityProperty: identityProperty(model, names: modelNames))
    }

    /// A field's doc comment: its description, else its name in the JSON when the
    /// property's differs; and how a date with its own format is written.
    static func docLines(of field: FieldSpec, property: SwiftIdentifier, dateFormat: DateFormatCode?, isSent: Bool) -> [String] {
        var lines = DocLines.split(field.description)
        let json = "`\(SwiftLiteral.commentText(field.name.value).replacingOccurrences(of: "`", with: "'"))`"
        if let dateFormat {
            if !lines.isEmpty { lines.append("") }
            lines.append("\(json) in the JSON, \(dateFormat.prose).")
        } else if lines.isEmpty, property.name != field.name.value {
            lines.append("\(json) in the JSON.")
        }
        let presence: String? =
            switch field.presence {
            case .absentNullOrValue: "`.absent` is left out of the JSON, `.null` is `null`."
            case .null where isSent: "Always sent: nil is `null`."
            default: nil
            }
        if let presence {
            if !lines.isEmpty { lines.append("") }
            lines.append(presence)
        }
        return lines
    }

    /// How `field`'s dates are written: its own `dates:` and `zone:`, else the spec's.
    private func fieldDates(_ field: FieldSpec) -> DateFormatCode {
        DateFormatCode(field.dateFormat ?? spec.dateFormat, zone: (field.zone ?? spec.dateZone)?.value)
    }

    /// The computed `id` of a model whose identity is another field.
    private func identityProperty(_ model: ModelSpec, names modelNames: ModelNames) -> IdentityCode? {
        guard let identity = modelNames.identity, identity.declaresID,
            case .success(let type) = TypeResolver(spec: spec).resolve(identity.path, in: .named(model.name.value))
        else { return nil }
        return IdentityCode(
            type: types.type(type),
            expression: AccessorBuilder(spec: spec, names: names).accessor(identity.path, from: "self", in: .named(model.name.value)))
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
}

extension DateFormatCode {
    /// The format of `format` dates, with `zone` for ISO 8601 text without one (UTC
    /// when nil); a zone says nothing of Unix times.
    init(_ format: DateFormatName, zone: ZoneName?) {
        self.init(style: format.rawValue, zone: format == .iso8601 && zone != .utc ? zone : nil)
    }

    /// The format in words, for a doc comment: `seconds since 1970`.
    var prose: String {
        switch (style, zone) {
        case ("unixSeconds", _): "seconds since 1970"
        case ("unixMilliseconds", _): "milliseconds since 1970"
        case (_, .local?): "ISO 8601 text, in the device's zone when it gives none"
        case (_, let zone?): "ISO 8601 text, at \(SwiftLiteral.commentText(zone.description)) when it gives no zone"
        default: "ISO 8601 text"
        }
    }
}

/// Enum code from the names ``SpecNames`` gave an enum and its values.
enum EnumTranslator {
    static func code(_ names: EnumNames, values: [String]) -> EnumCode {
        EnumCode(
            name: names.type,
            cases: values.indices.map {
                EnumCaseCode(name: names.cases[$0], value: StringLiteral(values[$0]), docLines: names.caseDocLines[$0])
            })
    }
}

/// Doc comment lines from a description: a line each, trimmed, with invisible
/// characters shown (``SwiftLiteral/commentText(_:)``).
enum DocLines {
    /// `lines`, then, for what the API deprecates, a callout that says so and what
    /// to use instead.
    static func adding(_ deprecation: Deprecation?, to lines: [String]) -> [String] {
        guard let deprecation else { return lines }
        let message = split(deprecation.message)
        let callout =
            message.isEmpty
            ? ["- Important: Deprecated by the API."] : ["- Important: Deprecated: \(message[0])"] + message.dropFirst().map { "  \($0)" }
        return lines.isEmpty ? callout : lines + [""] + callout
    }

    static func split(_ text: String?) -> [String] {
        guard let text else { return [] }
        if ASCII.isPrintable(text) {
            // One line, whose only blank is the space.
            let utf8 = text.utf8
            guard let first = utf8.firstIndex(where: { $0 != UInt8(ascii: " ") }),
                let last = utf8.lastIndex(where: { $0 != UInt8(ascii: " ") })
            else { return [] }
            return [String(text[first...last])]
        }
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { SwiftLiteral.commentText(String($0)).trimmingCharacters(in: .whitespaces) }
            .reversed().drop { $0.isEmpty }.reversed()
    }
}
