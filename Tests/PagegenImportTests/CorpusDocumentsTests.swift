import Foundation
import PagegenCore
import PagegenImport
import PagegenTestSupport
import Testing

/// Every document of the import corpus (../shared/fixtures/openapi-corpus: public
/// documents of other APIs, chosen for variety) imports, and the spec it writes lints:
/// no document is refused for a part it does not need. How right their paging is,
/// Benchmarks/import/corpus.sh measures against each document's truth.
@Suite struct CorpusDocumentsTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/fixtures/openapi-corpus")

    static let documents = [
        "argo-workflows.swagger.json", "box.json", "datadog-v1.yaml", "harbor.swagger.yaml", "keycloak.json",
        "lob/lob-api-public.yml", "pagerduty.json", "plaid.yml", "sentry.json", "spotify-official.yml",
    ]

    static var available: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("README.md").path) }

    @Test(.enabled(if: available, "the import corpus of ../shared/fixtures/openapi-corpus is absent"), arguments: documents)
    func everyDocumentImportsAndItsSpecLints(_ document: String) async throws {
        let url = Self.folder.appendingPathComponent(document)
        let result = try await offPool { try OpenAPIImporter.importDocument(at: url, name: document) }
        let diagnostics = DiagnosticCollector()
        _ = GeneratorPipeline().check(result.spec, file: "corpus.pagegen.yaml", diagnostics: diagnostics)
        let errors = diagnostics.sorted.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(document): \(errors.prefix(5).map(\.description))")
        #expect(result.pagedCount > 0, "\(document) pages nothing")
    }
}
