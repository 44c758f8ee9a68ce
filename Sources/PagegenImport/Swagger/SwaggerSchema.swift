import PagegenYAML

/// Swagger 2.0 schemas and plain parameters as OpenAPI 3.0 writes them.
struct SwaggerSchema {
    let notes: NoteWriter

    /// A 2.0 `$ref` as the 3.0 document has it: `#/definitions/Pet` →
    /// `#/components/schemas/Pet`, and so on for parameters and responses.
    static func rewrite(_ reference: String) -> String {
        for (old, new) in [
            ("#/definitions/", "#/components/schemas/"), ("#/parameters/", "#/components/parameters/"),
            ("#/responses/", "#/components/responses/"),
        ] where reference.hasPrefix(old) {
            return new + reference.dropFirst(old.count)
        }
        return reference
    }

    /// A schema, converted all the way down.
    func convert(_ schema: Node, at pointer: JSONPointer) -> Node {
        guard let pairs = schema.pairs else { return schema }
        var result: [(String, Node)] = []
        let isArray = schema["type"]?.scalarText == "array"
        for pair in pairs {
            guard let key = pair.key.scalarText else { continue }
            let value = pair.value
            let here = pointer.appending(key)
            switch key {
            case "$ref":
                result.append((key, .text(Self.rewrite(value.scalarText ?? ""), at: value.mark)))
            case "x-nullable":
                result.append(("nullable", value))
            case "type" where value.items != nil:
                // A list of types (JSON Schema, not Swagger 2.0): "null" makes it nullable;
                // several others are alternatives.
                let types = (value.items ?? []).compactMap(\.scalarText)
                let others = types.filter { $0 != "null" }
                if types.contains("null") { result.append(("nullable", .plain("true", at: value.mark))) }
                if others.count == 1 {
                    result.append(("type", .text(others[0], at: value.mark)))
                } else if others.count > 1 {
                    result.append(
                        ("anyOf", .sequence(others.map { .mapping([("type", .text($0, at: value.mark))], at: value.mark) }, at: value.mark))
                    )
                }
                notes.warning(
                    here, "schema",
                    "'type' is a list, which Swagger 2.0 does not allow; read as "
                        + (others.count > 1 ? "anyOf of \(others.joined(separator: ", "))" : others.first ?? "any type")
                        + (types.contains("null") ? ", nullable" : ""))
            case "type" where value.scalarText == "null":
                result.append(("nullable", .plain("true", at: value.mark)))
            case "type" where value.scalarText == "file":
                result.append(("type", .text("string", at: value.mark)))
                result.append(("format", .text("binary", at: value.mark)))
            case "discriminator" where value.scalarText != nil:
                result.append((key, .mapping([("propertyName", value)], at: value.mark)))
            case "items":
                if let alternatives = value.items {
                    // Not Swagger 2.0, but written by real documents: a list of alternatives.
                    // `{ type: "null" }` among them (which 3.0 lacks) makes the schema nullable.
                    let nulls = alternatives.filter { $0["type"]?.scalarText == "null" }
                    let kept = alternatives.enumerated().filter { $0.element["type"]?.scalarText != "null" }
                    let converted = Node.sequence(kept.map { convert($0.element, at: here.appending(String($0.offset))) }, at: value.mark)
                    if !nulls.isEmpty, !result.contains(where: { $0.0 == "nullable" }) {
                        result.append(("nullable", .plain("true", at: value.mark)))
                    }
                    if isArray {
                        notes.warning(
                            here, "schema",
                            "'items' is a list of \(alternatives.count) schemas, which Swagger 2.0 does not allow; read as 'items: { anyOf: … }'"
                                + (nulls.isEmpty ? "" : ", nullable"))
                        result.append((key, .mapping([("anyOf", converted)], at: value.mark)))
                    } else {
                        notes.warning(
                            here, "schema",
                            "'items' is a list of \(alternatives.count) schemas, which Swagger 2.0 does not allow; read as 'anyOf' (one of these shapes)"
                                + (nulls.isEmpty ? "" : ", nullable"))
                        result.append(("anyOf", converted))
                    }
                } else {
                    result.append((key, convert(value, at: here)))
                }
            case "properties", "patternProperties", "definitions":
                result.append((key, value.mappingValues { name, property in convert(property, at: here.appending(name)) }))
            case "additionalProperties", "not":
                result.append((key, value.pairs != nil ? convert(value, at: here) : value))
            case "allOf", "anyOf", "oneOf":
                result.append(
                    (
                        key,
                        .sequence(
                            (value.items ?? []).enumerated().map { convert($0.element, at: here.appending(String($0.offset))) },
                            at: value.mark)
                    ))
            default:
                result.append((key, value))
            }
        }
        return .mapping(result, at: schema.mark)
    }

    /// The schema of a plain parameter, or of a response header: its `type`,
    /// `format`, `items`, `enum`, `default` and bounds gathered under `schema`.
    func parameterSchema(_ parameter: Node, at pointer: JSONPointer) -> Node {
        let keys: Set<String> = [
            "type", "format", "items", "enum", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
            "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "multipleOf", "x-nullable",
        ]
        var pairs: [(String, Node)] = []
        for pair in parameter.pairs ?? [] {
            guard let key = pair.key.scalarText, keys.contains(key) || (key.hasPrefix("x-ms-enum")) else { continue }
            pairs.append((key, pair.value))
        }
        if let items = parameter["items"], items.pairs != nil {
            // Array items are parameter-like (they may carry collectionFormat).
            pairs = pairs.map { $0.0 == "items" ? ("items", parameterSchema(items, at: pointer.appending("items"))) : $0 }
        }
        return convert(.mapping(pairs, at: parameter.mark), at: pointer)
    }

    /// A plain (query, header, path) parameter: `schema` from its type, and `style`
    /// and `explode` from its `collectionFormat`.
    func parameter(_ parameter: Node, at pointer: JSONPointer) -> Node {
        if parameter["$ref"] != nil { return parameter }
        let mark = parameter.mark
        var pairs: [(String, Node)] = []
        for key in ["name", "in", "description", "required", "deprecated", "allowEmptyValue"] {
            if let value = parameter[key] { pairs.append((key, value)) }
        }
        if parameter["in"]?.scalarText == "path", parameter["required"] == nil {
            pairs.append(("required", .plain("true", at: mark)))
        }
        if parameter["type"]?.scalarText == "array" {
            let location = parameter["in"]?.scalarText ?? "query"
            let format = parameter["collectionFormat"]?.scalarText ?? "csv"
            switch format {
            case "multi":
                pairs.append(("style", .text("form", at: mark)))
                pairs.append(("explode", .plain("true", at: mark)))
            case "ssv":
                pairs.append(("style", .text("spaceDelimited", at: mark)))
                pairs.append(("explode", .plain("false", at: mark)))
            case "pipes":
                pairs.append(("style", .text("pipeDelimited", at: mark)))
                pairs.append(("explode", .plain("false", at: mark)))
            default:
                if format == "tsv" {
                    notes.warning(
                        pointer.appending("collectionFormat"), "parameter",
                        "'collectionFormat: tsv' has no OpenAPI 3 style; read as comma-separated")
                }
                pairs.append(("style", .text(location == "query" ? "form" : "simple", at: mark)))
                pairs.append(("explode", .plain("false", at: mark)))
            }
        }
        pairs.append(("schema", parameterSchema(parameter, at: pointer)))
        for pair in parameter.pairs ?? [] {
            if let key = pair.key.scalarText, key.hasPrefix("x-") { pairs.append((key, pair.value)) }
        }
        return .mapping(pairs, at: mark)
    }
}
