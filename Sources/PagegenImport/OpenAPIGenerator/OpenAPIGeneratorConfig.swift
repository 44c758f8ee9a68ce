import Foundation
import PagegenCore
import PagegenYAML

/// What the paging extensions need of swift-openapi-generator's
/// `openapi-generator-config.yaml`: how it names (`namingStrategy`, `nameOverrides`), what
/// it generates (`generate`, `filter`), what the generated code sees (`accessModifier`,
/// `additionalImports`) and which schemas are another type (`typeOverrides`).
public struct OpenAPIGeneratorConfig: Sendable, Hashable {
    /// The access of what swift-openapi-generator generates, and so of the extensions.
    public enum Access: String, Sendable, Hashable, CaseIterable {
        case `public`, `package`, `internal`
    }

    /// `generate`: `types`, `client`, `server`.
    public var generate: [String] = ["types", "client"]
    /// `accessModifier` (swift-openapi-generator's default is `internal`).
    public var access: Access = .internal
    /// `namingStrategy`: `defensive` (the default) or `idiomatic`.
    public var namingStrategy: String = "defensive"
    /// `additionalImports`: modules every generated file imports.
    public var additionalImports: [String] = []
    /// `nameOverrides`: documented names and the Swift names to use instead.
    public var nameOverrides: [String: String] = [:]
    /// `typeOverrides.schemas`: schemas replaced by a type of the app's.
    public var schemaTypeOverrides: [String: String] = [:]
    /// `filter.operations`: operation ids to keep.
    public var filterOperations: [String]?
    /// `filter.tags`: tags whose operations are kept.
    public var filterTags: [String]?
    /// `filter.paths`: paths whose operations are kept.
    public var filterPaths: [String]?

    /// The default configuration.
    public init() {}

    /// True when the document is filtered: only the operations the filter names are generated.
    var isFiltered: Bool { filterOperations != nil || filterTags != nil || filterPaths != nil }

    /// Reads a configuration file's text; `file` names it in errors.
    /// - Throws: ``ImportError`` at the line and column of what cannot be read.
    public static func parse(_ text: String, file: String) throws(ImportError) -> OpenAPIGeneratorConfig {
        let root: Node?
        do {
            root = try YAMLParser.parse(text)
        } catch {
            throw ImportError(file: file, mark: error.mark, message: error.message, hint: error.hint)
        }
        var config = OpenAPIGeneratorConfig()
        guard let root else { return config }
        guard let pairs = root.pairs else {
            throw ImportError(file: file, mark: root.mark, message: "the configuration must be a mapping, not \(root.kindDescription)")
        }
        func strings(_ node: Node, _ key: String) throws(ImportError) -> [String] {
            guard let items = node.items else {
                throw ImportError(file: file, mark: node.mark, message: "'\(key)' must be a list, not \(node.kindDescription)")
            }
            var values: [String] = []
            for item in items {
                guard let text = item.scalarText else {
                    throw ImportError(file: file, mark: item.mark, message: "each of '\(key)' must be text, not \(item.kindDescription)")
                }
                values.append(text)
            }
            return values
        }
        func map(_ node: Node, _ key: String, valuesAre kind: SwiftName) throws(ImportError) -> [String: String] {
            guard let entries = node.pairs else {
                throw ImportError(file: file, mark: node.mark, message: "'\(key)' must be a mapping, not \(node.kindDescription)")
            }
            var values: [String: String] = [:]
            for entry in entries {
                guard let name = entry.key.scalarText, let value = entry.value.scalarText else {
                    throw ImportError(file: file, mark: entry.key.mark, message: "each entry of '\(key)' maps a name to a name")
                }
                try kind.check(value, in: key, file: file, mark: entry.value.mark)
                values[name] = value
            }
            return values
        }
        for pair in pairs {
            let key = pair.key.scalarText ?? ""
            let value = pair.value
            switch key {
            case "generate":
                config.generate = try strings(value, key)
            case "accessModifier":
                guard let text = value.scalarText, let access = Access(rawValue: text) else {
                    throw ImportError(
                        file: file, mark: value.mark, message: "'accessModifier' must be public, package or internal")
                }
                config.access = access
            case "namingStrategy":
                guard let text = value.scalarText, ["defensive", "idiomatic"].contains(text) else {
                    throw ImportError(file: file, mark: value.mark, message: "'namingStrategy' must be defensive or idiomatic")
                }
                config.namingStrategy = text
            case "additionalImports":
                config.additionalImports = try strings(value, key)
                for (index, module) in config.additionalImports.enumerated() {
                    try SwiftName.module.check(module, in: key, file: file, mark: value.items?[index].mark ?? value.mark)
                }
            case "nameOverrides":
                config.nameOverrides = try map(value, key, valuesAre: .identifier)
            case "typeOverrides":
                if let schemas = value["schemas"] {
                    config.schemaTypeOverrides = try map(schemas, "typeOverrides.schemas", valuesAre: .type)
                }
            case "filter":
                if let node = value["operations"] { config.filterOperations = try strings(node, "filter.operations") }
                if let node = value["tags"] { config.filterTags = try strings(node, "filter.tags") }
                if let node = value["paths"] { config.filterPaths = try strings(node, "filter.paths") }
            case "additionalFileComments", "featureFlags":
                break  // Nothing the extensions name depends on them.
            default:
                throw ImportError(
                    file: file, mark: pair.key.mark, message: "unknown key '\(key)' in swift-openapi-generator's configuration",
                    hint:
                        "it holds generate, accessModifier, namingStrategy, additionalImports, additionalFileComments, filter, nameOverrides, typeOverrides, featureFlags"
                )
            }
        }
        return config
    }
}

/// The kinds of Swift name a configuration gives, each checked before it reaches code.
enum SwiftName {
    /// A name: `Things`.
    case identifier
    /// A module: `ShopModels`.
    case module
    /// A type, qualified or not: `Foundation.UUID`.
    case type

    /// Throws when `text` is not a name of this kind.
    func check(_ text: String, in key: String, file: String, mark: Mark?) throws(ImportError) {
        let parts = self == .type ? text.split(separator: ".", omittingEmptySubsequences: false).map(String.init) : [text]
        guard parts.allSatisfy({ SwiftIdentifier(validating: $0) != nil }) else {
            let what =
                switch self {
                case .identifier: "a Swift identifier"
                case .module: "a module's name"
                case .type: "a Swift type's name (identifiers joined by dots)"
                }
            throw ImportError(
                file: file, mark: mark, message: "'\(text)' in '\(key)' is not \(what)",
                hint: "swift-openapi-generator writes it into the generated code as it is")
        }
    }
}
