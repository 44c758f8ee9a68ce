import PagegenYAML

/// Reads `pagegen-config.yaml`: the options that shape generated code.
///
/// ```yaml
/// access: internal              # public (default), package, internal
/// parts: [models, client, paging, lists]
/// namespace: Catalog
/// typePrefix: CT
/// imports: [MyHelpers]
/// templates: Templates/pagegen  # relative to this file
/// mutableModels: true           # fields are `var` (default false: `let`)
/// ```
public enum ConfigLoader {
    /// The options a config file may hold.
    public static let keys = ["access", "parts", "namespace", "typePrefix", "imports", "templates", "mutableModels"]

    /// Loads `text`, read from `file`; nil when it cannot be read at all.
    public static func load(_ text: String, file: String, diagnostics: DiagnosticCollector) -> GeneratorConfig? {
        let context = LoadContext(file: file, diagnostics: diagnostics)
        let root: Node
        do {
            guard let parsed = try YAMLParser.parse(text) else { return GeneratorConfig() }
            root = parsed
        } catch {
            context.error(error.message, at: error.mark, hint: error.hint)
            return nil
        }
        guard let reader = MappingReader(root, what: "the config", allowed: keys, context: context) else { return nil }
        var config = GeneratorConfig()
        if let access = reader.string("access") {
            if let modifier = GeneratorConfig.AccessModifier(rawValue: access.value) {
                config.accessModifier = modifier
            } else {
                let names = GeneratorConfig.AccessModifier.allCases.map(\.rawValue)
                context.error(
                    "unknown access level '\(access.value)'", at: access.mark,
                    hint: Suggestion.didYouMean(access.value, in: names) ?? "expected one of: \(names.joined(separator: ", "))")
            }
        }
        if let parts = reader["parts"] {
            config.parts = Set(
                list(parts, what: "'parts'", context: context).compactMap { name in
                    if let part = GeneratorConfig.Part(rawValue: name.value) { return part }
                    let names = GeneratorConfig.Part.allCases.map(\.rawValue)
                    context.error(
                        "unknown part '\(name.value)'", at: name.mark,
                        hint: Suggestion.didYouMean(name.value, in: names) ?? "expected some of: \(names.joined(separator: ", "))")
                    return nil
                })
        }
        if let prefix = reader.string("typePrefix") {
            if prefix.value.isEmpty || NameConversion.isTypeName(prefix.value) {
                config.typePrefix = prefix.value
            } else {
                context.error(
                    "'\(prefix.value)' cannot start a type name", at: prefix.mark, hint: "use letters and digits, starting with a letter")
            }
        }
        if let imports = reader["imports"] {
            config.extraImports = list(imports, what: "'imports'", context: context).compactMap { module in
                let isModuleName = module.value.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
                    NameConversion.isTypeName(String($0))
                }
                guard isModuleName else {
                    context.error(
                        "'\(module.value)' is not a module name", at: module.mark, hint: "write a module's name, such as 'MyHelpers'")
                    return nil
                }
                return module.value
            }
        }
        if let namespace = reader.string("namespace") {
            if let problem = SpecNames.namespaceProblem(namespace.value, modules: SpecNames.modules + config.extraImports) {
                context.error(problem.message, at: namespace.mark, hint: problem.hint)
            } else {
                config.namespace = namespace.value
            }
        }
        config.templatesDirectory = reader.string("templates")?.value
        config.mutableModels = reader.bool("mutableModels") ?? false
        return config
    }

    private static func list(_ node: Node, what: String, context: LoadContext) -> [Located<String>] {
        guard let items = node.items else {
            if let text = node.scalarText { return [Located(text, at: node.mark)] }
            context.error("\(what) must be a list", at: node.mark, hint: "write [a, b]")
            return []
        }
        return items.compactMap { item in
            guard let text = item.scalarText else {
                context.error("an item of \(what) must be text", at: item.mark)
                return nil
            }
            return Located(text, at: item.mark)
        }
    }
}
