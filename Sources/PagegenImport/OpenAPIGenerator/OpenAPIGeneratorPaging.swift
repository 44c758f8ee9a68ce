import Foundation
import OpenAPIKit
import PagegenCore

/// `pagegen openapi-paging`: Pagegen's pagers and lists for the client swift-openapi-generator
/// generates from the same document and configuration.
///
/// For every operation `pagegen import` pages, the result extends the generated
/// `APIProtocol` with `<operation>Pages(_:from:storingIn:)` (the pages, an `AsyncSequence`),
/// `<operation>Items(_:from:storingIn:)` (the items, each once) and `<operation>List(_:options:storingIn:)` (a
/// `PagedList` for a scrolling list), each taking the operation's own `Input`. An
/// operation whose paging cannot be read on swift-openapi-generator's types gets a
/// located note that says why, and no code.
public enum OpenAPIGeneratorPaging {
    /// The extensions and what was noted on the way.
    public struct Output: Sendable {
        /// The Swift file.
        public var source: String
        /// The notes about paging (each inference to confirm, each operation not paged
        /// and why) and the document's warnings.
        public var notes: [ImportNote]
        /// The ids of the operations that got extensions.
        public var pagedOperations: [String]
    }

    /// The topic of the notes about what swift-openapi-generator's types cannot express.
    static let topic = "swift-openapi-generator"

    /// Reads the document at `url` (`name` names it in notes) and writes the extensions
    /// for the client `config` describes, with the `OpenAPIPaging` template of `templates`.
    /// - Throws: ``ImportError`` when the document cannot be read, as `pagegen import`
    ///   says it, or when the template does not render.
    /// - Parameter overrides: A Fern overrides file merged into the document first, as
    ///   `pagegen import --overrides` merges it: where an inference is wrong, an
    ///   `x-fern-pagination` (or any extension the importer reads) says how an operation pages.
    public static func generate(
        documentAt url: URL, name: String, config: OpenAPIGeneratorConfig, overrides: URL? = nil, overridesName: String? = nil,
        templates: TemplateSet? = nil
    ) throws(ImportError) -> Output {
        let overridesFile = try overrides.map { url throws(ImportError) in
            try SourceFile.read(url, name: overridesName ?? url.lastPathComponent)
        }
        return try generate(SourceFile.read(url, name: name), config: config, overrides: overridesFile, templates: templates)
    }

    /// Writes the extensions for a document given as text.
    public static func generate(
        documentText: String, name: String, config: OpenAPIGeneratorConfig, overridesText: String? = nil,
        overridesName: String = "openapi-overrides.yaml", templates: TemplateSet? = nil
    ) throws(ImportError) -> Output {
        let overrides = try overridesText.map { text throws(ImportError) in try SourceFile.parse(text, name: overridesName) }
        return try generate(SourceFile.parse(documentText, name: name), config: config, overrides: overrides, templates: templates)
    }

    static func generate(
        _ file: SourceFile, config: OpenAPIGeneratorConfig, overrides: SourceFile? = nil, templates: TemplateSet?
    ) throws(ImportError) -> Output {
        if let swagger = file.root["swagger"] {
            throw ImportError(
                file: file.name, mark: swagger.mark,
                message: "swift-openapi-generator reads OpenAPI 3.0 and 3.1 documents, and this one is Swagger 2.0",
                hint: "convert it to OpenAPI 3 first; pagegen import reads it as it is")
        }
        guard config.generate.contains("types") else {
            throw ImportError(
                file: file.name, mark: nil,
                message: "the configuration does not generate 'types', where swift-openapi-generator declares APIProtocol",
                hint: "the paging extensions extend APIProtocol: generate them in the target that has 'types'")
        }
        let analysis = try OpenAPIImporter.analyze(file, overrides: overrides, options: ImportOptions())
        let notes = NoteWriter(source: analysis.source, log: analysis.log)
        let names = SwiftOpenAPINames(
            strategy: SwiftOpenAPINames.Strategy(rawValue: config.namingStrategy) ?? .defensive, overrides: config.nameOverrides)
        let walker = GeneratedTypeWalker(components: analysis.document.components, names: names, typeOverrides: config.schemaTypeOverrides)
        let serverURL = analysis.document.servers.first?.urlTemplate.absoluteString ?? "/"
        var operations: [OpenAPIPagedOperationCode] = []
        var paged: [String] = []
        var included: Set<JSONPointer> = []
        for draft in analysis.drafts where config.includes(draft.operation) {
            included.insert(draft.operation.pointer)
            guard let paging = draft.endpoint.paging else { continue }
            let translator = PagedOperationTranslator(
                draft: draft, paging: paging, walker: walker, names: names, access: config.access, serverURL: serverURL)
            do {
                operations.append(try translator.translate())
                paged.append(translator.operationID)
            } catch {
                notes.note(draft.operation.pointer, topic, "not paged: \(error.reason)")
            }
        }
        let kept = analysis.log.notes.filter { note in
            guard note.severity == .note, note.topic != "overrides" else { return true }
            let operation = JSONPointer(Array(note.pointer.tokens.prefix(3)))
            return (note.topic == "paging" || note.topic == topic || note.topic == "overrides") && included.contains(operation)
        }
        // The configuration's parser checked that each import is a module's name.
        let code = OpenAPIPagingCode(
            document: (file.name as NSString).lastPathComponent,
            imports: config.additionalImports.sorted().compactMap { SwiftIdentifier(validating: $0) }, operations: operations)
        let source: String
        do {
            source = try SwiftRenderer.render(code, templates: templates ?? TemplateSet.load())
        } catch let failure as GenerationFailed {
            let first = failure.diagnostics.first
            throw ImportError(
                file: first?.location?.file ?? "OpenAPIPaging.mustache", mark: first?.location?.mark,
                message: first?.message ?? "the OpenAPIPaging template did not render", hint: first?.hint)
        } catch {
            throw ImportError(file: "OpenAPIPaging.mustache", mark: nil, message: "the OpenAPIPaging template did not render: \(error)")
        }
        return Output(source: source, notes: ImportNote.inDocumentOrder(kept), pagedOperations: paged)
    }
}

extension OpenAPIGeneratorConfig {
    /// Whether swift-openapi-generator generates `operation` under the configuration's
    /// `filter`: every operation without one, else those it names by id, tag or path.
    func includes(_ operation: ImportedOperation) -> Bool {
        guard isFiltered else { return true }
        if let ids = filterOperations, let id = operation.operation.operationId, ids.contains(id) { return true }
        if let tags = filterTags, operation.operation.tags?.contains(where: tags.contains) == true { return true }
        if let paths = filterPaths, paths.contains(operation.path) { return true }
        return false
    }
}
