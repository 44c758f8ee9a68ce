import PagegenYAML

/// Reads a type as written for a field or parameter: the scalar form (`Int`,
/// `[Product]?`) or a mapping (`{ enum: [a, b] }`, `{ map: String }`,
/// `{ type: Date, dates: unixSeconds }`).
enum TypeLoader {
    /// The keys of a field's long form.
    static let fieldKeys = [
        "type", "enum", "map", "optional", "dates", "zone", "description", "default", "allowEmpty", "swiftName", "deprecated",
        "nullable", "style", "explode", "arrays",
    ]

    struct Field {
        var type: Located<TypeReference>
        var dateFormat: DateFormatName?
        /// `zone:` as written, for Date fields of models.
        var zone: Located<ZoneName>?
        var description: String?
        var defaultValue: String?
        /// `allowEmpty:` as written, for path parameters (an error anywhere else).
        var allowEmpty: Located<Bool>?
        var swiftName: Located<String>?
        var deprecation: Deprecation?
        /// `style:`, `explode:` and `arrays:` as written, for query parameters (an error anywhere else).
        var style: Located<QueryStyleName>?
        var explode: Located<Bool>?
        var arrays: Located<ArrayStyleName>?
        /// `nullable:` as written, for fields of models (an error anywhere else).
        var nullable: Located<Bool>?
        /// True when `nullable: true` made a type written without `?` optional: the
        /// field is always sent and may be null.
        var isAlwaysSent = false
    }

    /// Reads the scalar type syntax at `text`.
    static func parse(_ text: Located<String>, context: LoadContext) -> Located<TypeReference>? {
        guard let type = TypeReference.parse(text.value) else {
            if text.value.lazy.filter({ $0 == "[" }).count > TypeReference.maxNesting {
                context.error(
                    "the type nests lists and optionals more than \(TypeReference.maxNesting) levels deep", at: text.mark,
                    hint: "write a type such as [[Int]]")
                return nil
            }
            context.error(
                "'\(text.value)' is not a type", at: text.mark,
                hint: "write a name (String, Int, Product), [T] for a list, T? for an optional; quote \"[T]?\" in YAML")
            return nil
        }
        return Located(type, at: text.mark)
    }

    /// Reads a type in its short form: `Name`, `Name?`, `"[Name]?"` or the YAML list
    /// `[Name]`; with `allowsMap`, also a map, `{ map: Int }` (and `optional: true`),
    /// which a response can be and has no short form.
    static func type(_ node: Node, what: String, allowsMap: Bool = false, context: LoadContext) -> Located<TypeReference>? {
        guard node.pairs == nil else {
            guard allowsMap, node["map"] != nil else {
                let examples = allowsMap ? "Product, [Product] or { map: Int }" : "Product or [Product]"
                context.error(
                    "\(what) must be a type such as \(examples), not a mapping", at: node.mark,
                    hint: allowsMap ? "a mapping here holds 'map' (and 'optional'): the type of a JSON object's values" : nil)
                return nil
            }
            if let other = node.pairs?.first(where: { !["map", "optional"].contains($0.key.scalarText ?? "") }) {
                context.error(
                    "unknown key '\(other.key.scalarText ?? "")' in \(what)", at: other.key.mark,
                    hint: "a map type holds 'map' and, optionally, 'optional'")
                return nil
            }
            return field(node, what: what, context: context)?.type
        }
        return field(node, what: what, context: context)?.type
    }

    /// Reads a field or parameter type in either form.
    static func field(_ node: Node, what: String, context: LoadContext) -> Field? {
        if node.isNull {
            context.error("\(what) has no type", at: node.mark, hint: "write a type after the colon, such as String or [Product]")
            return nil
        }
        if let text = node.scalarText {
            return parse(Located(text, at: node.mark), context: context).map { Field(type: $0) }
        }
        if let items = node.items {
            guard items.count == 1, let element = items[0].scalarText else {
                context.error("\(what) must be a type such as [String]", at: node.mark, hint: "write a list type as \"[T]\"")
                return nil
            }
            return parse(Located("[\(element)]", at: node.mark), context: context).map { Field(type: $0) }
        }
        guard let reader = MappingReader(node, what: what, allowed: fieldKeys, context: context) else { return nil }
        let forms = ["type", "enum", "map"].filter(reader.has)
        guard forms.count == 1 else {
            context.error(
                forms.isEmpty ? "\(what) needs 'type', 'enum' or 'map'" : "\(what) has both '\(forms[0])' and '\(forms[1])'",
                at: node.mark, hint: "give exactly one of 'type', 'enum', 'map'")
            return nil
        }
        var type: Located<TypeReference>
        if let text = reader.string("type") {
            guard let parsed = parse(text, context: context) else { return nil }
            type = parsed
        } else if let cases = reader["enum"] {
            guard let items = cases.items, !items.isEmpty else {
                context.error("'enum' must be a list of values", at: cases.mark, hint: "write 'enum: [active, archived]'")
                return nil
            }
            var values: [String] = []
            for item in items {
                guard let value = item.scalarText else {
                    context.error("an enum value must be text", at: item.mark)
                    continue
                }
                if values.contains(value) {
                    context.error("the enum value '\(value)' is written twice", at: item.mark)
                }
                values.append(value)
            }
            type = Located(.enumeration(values), at: cases.mark)
        } else if let valueText = reader.string("map") {
            guard let value = parse(valueText, context: context) else { return nil }
            type = Located(.map(value.value), at: valueText.mark)
        } else {
            return nil
        }
        if reader.bool("optional") == true, !type.value.isOptional {
            type.value = .optional(type.value)
        }
        let nullable = reader.bool("nullable").map { Located($0, at: reader.keyNode("nullable")!.mark) }
        let isAlwaysSent = nullable?.value == true && !type.value.isOptional
        if isAlwaysSent {
            type.value = .optional(type.value)
        }
        var dateFormat: DateFormatName?
        if let dates = reader.string("dates") {
            dateFormat = SpecLoader.readDateFormat(dates, context: context)
            if type.value.name != "Date", type.value.arrayElement?.name != "Date" {
                context.error("'dates' applies to Date fields only, and this one is \(type.value)", at: dates.mark)
            }
        }
        var zone: Located<ZoneName>?
        if let text = reader.string("zone") {
            zone = SpecLoader.readZone(text, context: context)
            if type.value.name != "Date", type.value.arrayElement?.name != "Date" {
                context.error("'zone' applies to Date fields only, and this one is \(type.value)", at: text.mark)
            }
        }
        let allowEmpty = reader.bool("allowEmpty").map { Located($0, at: reader.keyNode("allowEmpty")!.mark) }
        return Field(
            type: type, dateFormat: dateFormat, zone: zone, description: reader.string("description")?.value,
            defaultValue: reader.string("default")?.value, allowEmpty: allowEmpty, swiftName: reader.string("swiftName"),
            deprecation: deprecation(reader),
            style: reader.string("style").flatMap { named($0, of: QueryStyleName.self, what: "query style", context: context) },
            explode: reader.bool("explode").map { Located($0, at: reader.keyNode("explode")!.mark) },
            arrays: reader.string("arrays").flatMap { named($0, of: ArrayStyleName.self, what: "array style", context: context) },
            nullable: nullable, isAlwaysSent: isAlwaysSent)
    }

    /// `deprecated: true` (or `false`), or the message that says what to use instead.
    static func deprecation(_ reader: MappingReader) -> Deprecation? {
        guard let text = reader.string("deprecated"), let key = reader.keyNode("deprecated") else { return nil }
        switch text.value {
        case "true", "True", "yes": return Deprecation(mark: key.mark, message: nil)
        case "false", "False", "no": return nil
        default:
            guard !text.value.isEmpty else {
                reader.context.error(
                    "'deprecated' in \(reader.what) is empty", at: text.mark, hint: "write true, or what to use instead")
                return nil
            }
            return Deprecation(mark: key.mark, message: text.value)
        }
    }

    /// One of the names of `Name`, reporting an unknown one with a did-you-mean.
    static func named<Name: RawRepresentable & CaseIterable & Sendable & Hashable>(
        _ text: Located<String>, of type: Name.Type, what: String, context: LoadContext
    ) -> Located<Name>? where Name.RawValue == String {
        if let value = Name(rawValue: text.value) { return Located(value, at: text.mark) }
        let names = Name.allCases.map(\.rawValue)
        context.error(
            "unknown \(what) '\(text.value)'", at: text.mark,
            hint: Suggestion.didYouMean(text.value, in: names) ?? "expected one of: \(names.joined(separator: ", "))")
        return nil
    }
}
