import Foundation
import PagegenCore
import PagegenImport
import PagegenTestSupport
import Testing

/// What the importer writes generates code that compiles: every parameter, body and
/// response shape it can write (``ImportedShapes``, in OpenAPI 3.0 and 3.1), and the
/// whole client of each whole public document of ../shared/fixtures/openapi-full,
/// type-checked as an app compiles it (Swift 6, warnings as errors).
@Suite(.serialized) struct ImportedClientsCompileTests {
    @Test(arguments: ["3.0.3", "3.1.0"])
    func everyShapeTheImporterWritesGeneratesCodeThatCompiles(_ version: String) async throws {
        let document = ImportedShapes.document(version: version)
        let result = try OpenAPIImporter.importDocument(text: document, name: "shapes.json")
        // Every operation is imported; what the spec language cannot send is left out of
        // it, with a warning, and nothing else.
        let notImported = result.notes.filter { $0.severity == .warning && $0.topic == "endpoint" }
        #expect(notImported.isEmpty, "\(notImported.map(\.description))")
        let leftOut = result.notes.filter { $0.severity == .warning }.map(\.message)
        print("\(version): \(result.endpointCount) endpoints, \(result.modelCount) models; left out with a warning: \(leftOut.count)")
        let log = try await Self.typeCheck(result.spec, name: "Shapes\(version.prefix(3).replacingOccurrences(of: ".", with: ""))")
        #expect(log.isEmpty, "\(log.prefix(4000))")
    }

    /// The whole client of each whole document, every operation of it.
    @Test(.enabled(if: FullDocuments.available, FullDocuments.skipMessage), arguments: FullDocuments.files)
    func theWholeClientOfAWholeDocumentCompiles(_ file: String) async throws {
        let url = FullDocuments.folder.appendingPathComponent(file)
        let result = try await offPool { try OpenAPIImporter.importDocument(at: url, name: file) }
        let log = try await Self.typeCheck(result.spec, name: "Whole")
        #expect(log.isEmpty, "\(file): \(log.prefix(4000))")
        print("\(file): \(result.endpointCount) endpoints, \(result.modelCount) models type-check")
    }

    /// Lints and generates `spec`, then type-checks what it generates; the compiler's
    /// messages, empty when it type-checks.
    static func typeCheck(_ spec: String, name: String) async throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-imported-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let templates = try TemplateSet.load()
        let diagnostics = DiagnosticCollector()
        let generated = try GeneratorPipeline().generate(spec, file: "\(name).pagegen.yaml", templates: templates, diagnostics: diagnostics)
        let errors = diagnostics.sorted.filter { $0.severity == .error }.map(\.description)
        guard errors.isEmpty else { return "the spec does not lint:\n" + errors.prefix(20).joined(separator: "\n") }
        try GeneratedFileWriter.write(generated, to: root)
        let files = generated.map { root.appendingPathComponent($0.name) }
        let checker = try TypeChecker.find()
        return try await offPool { try checker.check(files, module: name, in: root) }
    }
}

/// ../shared/fixtures/openapi-full: whole public documents as their owners publish them.
enum FullDocuments {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/fixtures/openapi-full")

    static let files = [
        "github-api.json", "stripe-spec3.json", "twilio-api-v2010.json", "asana-oas.yaml", "spotify-fixed-open-api.yml",
        "mistral-openapi.yaml",
    ]

    static var available: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("paged-operations.json").path) }

    static let skipMessage: Comment = "the whole OpenAPI documents of ../shared/fixtures/openapi-full are absent"
}
