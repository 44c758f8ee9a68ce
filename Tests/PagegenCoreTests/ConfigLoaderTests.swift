import Foundation
import Testing

@testable import PagegenCore

/// `pagegen-config.yaml`: what it may hold, what a wrong value says, and what
/// `mutableModels` changes in the generated models.
@Suite struct ConfigLoaderTests {
    static func load(_ text: String) -> (GeneratorConfig?, [String]) {
        let diagnostics = DiagnosticCollector()
        let config = ConfigLoader.load(text, file: "pagegen-config.yaml", diagnostics: diagnostics)
        return (config, diagnostics.sorted.map(\.description))
    }

    @Test func everyOptionIsRead() throws {
        let (config, messages) = Self.load(
            """
            access: internal
            parts: [models, client]
            namespace: Store
            typePrefix: My
            imports: [StoreSupport]
            templates: Templates/pagegen
            mutableModels: true
            """)
        #expect(messages.isEmpty)
        let read = try #require(config)
        #expect(read.accessModifier == .internal)
        #expect(read.parts == [.models, .client])
        #expect(read.namespace == "Store")
        #expect(read.typePrefix == "My")
        #expect(read.extraImports == ["StoreSupport"])
        #expect(read.templatesDirectory == "Templates/pagegen")
        #expect(read.mutableModels)
    }

    @Test func modelsAreImmutableUnlessTheConfigSaysSo() throws {
        #expect(Self.load("access: public").0?.mutableModels == false)
        #expect(GeneratorConfig().mutableModels == false)
    }

    @Test func aValueThatIsNotABooleanIsALocatedError() {
        let (_, messages) = Self.load("access: public\nmutableModels: sometimes\n")
        #expect(messages == ["pagegen-config.yaml:2:16: error: 'mutableModels' in the config must be true or false, not 'sometimes'"])
    }

    @Test func anUnknownKeyListsMutableModelsAmongTheOptions() {
        let (_, messages) = Self.load("mutable: true\n")
        #expect(messages.count == 1)
        #expect(messages.first?.contains("mutableModels") == true, "\(messages)")
    }

    static let spec = """
        pagegen: 1
        name: Shop
        baseURL: https://api.example.com
        models:
          Product: { id: Int, title: String, tags: "[String]" }
          Category: { name: String, parent: Category? }
        endpoints:
          product:
            get: /products/{id}
            path: { id: Int }
            returns: Product
          category:
            get: /category
            returns: Category
        """

    static func models(_ config: GeneratorConfig) throws -> String {
        let files = try GeneratorPipeline(config: config).generate(
            Self.spec, file: "specs/shop.pagegen.yaml", templates: try TemplateSet.load(), diagnostics: DiagnosticCollector())
        return try #require(files.first { $0.name.hasSuffix("Models.swift") }).contents
    }

    @Test func fieldsAreLetByDefaultAndVarWhenMutable() throws {
        let immutable = try Self.models(GeneratorConfig())
        #expect(immutable.contains("public let title: Swift.String"))
        #expect(!immutable.contains("public var title"))

        let mutable = try Self.models(GeneratorConfig(mutableModels: true))
        #expect(mutable.contains("public var title: Swift.String"))
        #expect(mutable.contains("public var tags: [Swift.String]"))
        // A model that holds itself is a final class: its fields stay `let`.
        #expect(mutable.contains("public final class Category"))
        #expect(mutable.contains("public let name: Swift.String"))
    }
}
