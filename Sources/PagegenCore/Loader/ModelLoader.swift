import PagegenYAML

/// Reads `models:`. A model is a mapping of JSON field names to types, or the long
/// form `{ fields: {…}, id: objectID, description: …, deprecated: … }` when it names
/// its identifying field, needs a description or is deprecated.
enum ModelLoader {
    static let longFormKeys = ["fields", "id", "description", "deprecated", "alternatives"]

    static func load(_ node: Node, context: LoadContext) -> [ModelSpec] {
        context.namedEntries(node, section: "models", entry: "model", values: "fields") { name, value, context in
            model(name, value, context: context)
        }
    }

    private static func model(_ name: Located<String>, _ node: Node, context: LoadContext) -> ModelSpec? {
        guard let first = name.value.first, first.isUppercase,
            name.value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else {
            context.error(
                "'\(name.value)' is not a model name", at: name.mark,
                hint: "model names are Swift type names: a capital letter, then letters and digits")
            return nil
        }
        // The long form holds only `fields`, `id`, `description` and `deprecated`; a short-form model
        // may have a field named `fields` among others.
        let isLongForm =
            node["fields"]?.pairs != nil
            && (node.pairs ?? []).allSatisfy { longFormKeys.contains($0.key.scalarText ?? "") }
            && !(node["id"]?.scalarText.map(Self.looksLikeAType) ?? false)
        if isLongForm {
            guard let reader = MappingReader(node, what: "model '\(name.value)'", allowed: longFormKeys, context: context),
                let fieldsNode = reader["fields"]
            else { return nil }
            let identity = reader.path("id")
            let fields = fields(fieldsNode, model: name.value, context: context)
            return ModelSpec(
                name: name, description: reader.string("description")?.value, fields: fields, identity: identity,
                deprecation: TypeLoader.deprecation(reader),
                alternatives: reader["alternatives"].map { alternatives($0, fields: fields, model: name.value, context: context) } ?? [])
        }
        guard node.pairs != nil || node.isNull else {
            context.error("model '\(name.value)' must be a mapping of field names to types, not \(node.kindDescription)", at: node.mark)
            return nil
        }
        return ModelSpec(name: name, description: nil, fields: fields(node, model: name.value, context: context), identity: nil)
    }

    /// `alternatives: [[available, guild_id], [pack_id, sort_value]]`: the shapes a value
    /// takes, each by the fields it always sends among those the model lets be left out.
    private static func alternatives(_ node: Node, fields: [FieldSpec], model: String, context: LoadContext) -> [[Located<String>]] {
        let hint = "write a list of two or more lists of field names: [[available, guild_id], [pack_id, sort_value]]"
        guard let items = node.items, items.count >= 2 else {
            context.error("the alternatives of model '\(model)' must be two or more lists of field names", at: node.mark, hint: hint)
            return []
        }
        var alternatives: [[Located<String>]] = []
        for item in items {
            guard let names = item.items else {
                context.error("an alternative of model '\(model)' must be a list of field names", at: item.mark, hint: hint)
                continue
            }
            var alternative: [Located<String>] = []
            for nameNode in names {
                guard let name = nameNode.scalarText else {
                    context.error("a field name must be text", at: nameNode.mark)
                    continue
                }
                guard let field = fields.first(where: { $0.name.value == name }) else {
                    context.error(
                        "'\(name)' in the alternatives of model '\(model)' is not one of its fields", at: nameNode.mark,
                        hint: Suggestion.closest(to: name, in: fields.map(\.name.value)).map { "did you mean '\($0)'?" })
                    continue
                }
                guard field.presence.mayBeAbsent else {
                    context.error(
                        "the field '\(name)' of model '\(model)' is always sent, so no alternative needs to name it", at: nameNode.mark,
                        hint: "name only fields that may be left out (T?, or optional: true)")
                    continue
                }
                alternative.append(Located(name, at: nameNode.mark))
            }
            alternatives.append(alternative)
        }
        return alternatives
    }

    /// `String`, `[Int]`, `Int?`: what a field named `id` holds in a short-form model,
    /// as opposed to the path of an identity field in the long form.
    private static func looksLikeAType(_ text: String) -> Bool {
        TypeReference.builtins.contains(text) || text.hasPrefix("[") || text.hasSuffix("?")
    }

    private static func fields(_ node: Node, model: String, context: LoadContext) -> [FieldSpec] {
        var fields: [FieldSpec] = []
        var seen: Set<String> = []
        for pair in node.pairs ?? [] {
            guard let name = pair.key.scalarText else {
                context.error("a field name must be text", at: pair.key.mark)
                continue
            }
            guard seen.insert(name).inserted else {
                context.error("the field '\(name)' is declared twice in model '\(model)'", at: pair.key.mark, hint: "remove one of them")
                continue
            }
            guard let field = TypeLoader.field(pair.value, what: "field '\(name)' of model '\(model)'", context: context) else {
                continue
            }
            if let allowEmpty = field.allowEmpty {
                context.error(
                    "'allowEmpty' is for path parameters, not for the field '\(name)' of model '\(model)'",
                    at: allowEmpty.mark, hint: "remove it")
            }
            for (key, mark) in [("style", field.style?.mark), ("explode", field.explode?.mark), ("arrays", field.arrays?.mark)] {
                guard let mark else { continue }
                context.error(
                    "'\(key)' is for query parameters, not for the field '\(name)' of model '\(model)'", at: mark,
                    hint: "remove it; a form body's lists are written as the body's 'arrays:' says")
            }
            fields.append(
                FieldSpec(
                    name: Located(name, at: pair.key.mark), type: field.type,
                    dateFormat: field.dateFormat, zone: field.zone, description: field.description,
                    swiftName: field.swiftName, deprecation: field.deprecation, nullable: field.nullable,
                    isAlwaysSent: field.isAlwaysSent))
        }
        return fields
    }
}
