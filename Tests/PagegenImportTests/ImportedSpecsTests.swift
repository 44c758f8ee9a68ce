import Foundation
import PagegenCore
import PagegenImport
import Testing

/// The real OpenAPI documents of ../shared/fixtures/openapi, imported: each import
/// writes exactly the spec committed under specs/imported/, which lints clean and
/// generates exactly the Swift committed under
/// Tests/PagegenConsumerTests/Generated/Imported/ (the consumer tests compile it and
/// walk recorded pages with it). `PAGEGEN_RECORD=1` re-records both; a recording run
/// fails on purpose. Re-importing needs ../shared; the lint and generation checks
/// run on the committed specs alone.
@Suite struct ImportedSpecsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let documents = root.deletingLastPathComponent().appendingPathComponent("shared/fixtures/openapi")
    static let specs = root.appendingPathComponent("specs/imported")
    static let generated = root.appendingPathComponent("Tests/PagegenConsumerTests/Generated/Imported")
    static let isRecording = ProcessInfo.processInfo.environment["PAGEGEN_RECORD"] == "1"
    static var documentsAvailable: Bool { FileManager.default.fileExists(atPath: documents.appendingPathComponent("README.md").path) }

    /// One document and how it is imported.
    struct Fixture: Sendable, CustomTestStringConvertible {
        /// The spec's file name without `.pagegen.yaml`, under specs/imported/.
        var spec: String
        var document: String
        var overrides: String?
        var operations: [String] = []
        var name: String?

        var testDescription: String { spec }

        /// The command that writes the spec, run from ../shared/fixtures/openapi.
        var command: String {
            var parts = ["pagegen import \(document)"]
            if let overrides { parts.append("--overrides \(overrides)") }
            if !operations.isEmpty { parts.append("--operations \(operations.joined(separator: ","))") }
            if let name { parts.append("--name \(name)") }
            return (parts + ["-o \(spec).pagegen.yaml"]).joined(separator: " ")
        }

        var options: ImportOptions {
            ImportOptions(operations: operations, overrides: overrides.map { ImportedSpecsTests.documents.appendingPathComponent($0) },
                          overridesName: overrides, name: name)
        }

        /// The namespace and file stem of the committed Swift: `Imported` and the spec's
        /// name, apart from the hand-written specs' (`ImportedGitHub.Client`).
        func generationConfig(specText: String) -> GeneratorConfig {
            let name = specText.split(separator: "\n").first { $0.hasPrefix("name: ") }.map { $0.dropFirst(6) } ?? Substring(spec)
            var config = GeneratorConfig()
            config.namespace = "Imported\(name)"
            config.fileStem = "Imported\(name)"
            return config
        }
    }

    static let fixtures: [Fixture] = [
        Fixture(spec: "github", document: "github.openapi.json"),
        // Stripe's three lists reach 270 models; the customers list alone, 79.
        Fixture(spec: "stripe", document: "stripe.openapi.yaml", operations: ["GetCustomers"]),
        Fixture(spec: "spotify", document: "spotify.openapi.yaml"),
        Fixture(spec: "slack", document: "slack.swagger.json"),
        Fixture(spec: "jira", document: "jira.openapi.json"),
        Fixture(spec: "msgraph", document: "msgraph-users.openapi.yaml", name: "Graph"),
        Fixture(spec: "dub", document: "dub.openapi.json"),
        Fixture(spec: "intercom", document: "intercom.openapi.yaml", overrides: "intercom.fern-overrides.yaml"),
        Fixture(spec: "azure-paging", document: "azure-paging.swagger.json"),
        Fixture(spec: "azure-storage", document: "azure-storage.swagger.json"),
    ]

    static func specURL(_ fixture: Fixture) -> URL { specs.appendingPathComponent("\(fixture.spec).pagegen.yaml") }

    @Test(.enabled(if: documentsAvailable, "the OpenAPI documents of ../shared/fixtures/openapi are absent; the committed imported specs are still linted and generated"),
          arguments: fixtures)
    func reimportingWritesTheCommittedSpec(_ fixture: Fixture) throws {
        let result = try OpenAPIImporter.importDocument(at: Self.documents.appendingPathComponent(fixture.document), name: fixture.document, options: fixture.options)
        #expect(!result.notes.contains { $0.severity == .error }, "\(result.notes.filter { $0.severity == .error })")
        #expect(result.pagedCount > 0 || fixture.spec == "azure-storage", "every document here has a paged list but azure-storage's")
        if Self.isRecording {
            try FileManager.default.createDirectory(at: Self.specs, withIntermediateDirectories: true)
            try Data(result.spec.utf8).write(to: Self.specURL(fixture))
            Issue.record("recorded specs/imported/\(fixture.spec).pagegen.yaml; unset PAGEGEN_RECORD and run again")
            return
        }
        let committed = (try? String(contentsOf: Self.specURL(fixture), encoding: .utf8)) ?? ""
        if committed != result.spec {
            Issue.record("""
                specs/imported/\(fixture.spec).pagegen.yaml is not what `\(fixture.command)` writes now \
                (PAGEGEN_RECORD=1 re-records it): \(TextDifference.first(expected: committed, actual: result.spec))
                """)
        }
    }

    @Test(arguments: fixtures)
    func theCommittedSpecLintsClean(_ fixture: Fixture) throws {
        let text = try String(contentsOf: Self.specURL(fixture), encoding: .utf8)
        let diagnostics = DiagnosticCollector()
        _ = GeneratorPipeline().check(text, file: "specs/imported/\(fixture.spec).pagegen.yaml", diagnostics: diagnostics)
        #expect(diagnostics.diagnostics.isEmpty, "\(diagnostics.sorted.map(\.description).joined(separator: "\n"))")
    }

    @Test(arguments: fixtures)
    func theCommittedSpecGeneratesTheCommittedSwift(_ fixture: Fixture) throws {
        let diagnostics = DiagnosticCollector()
        let text = try String(contentsOf: Self.specURL(fixture), encoding: .utf8)
        let files = try GeneratorPipeline(config: fixture.generationConfig(specText: text)).generate(
            text, file: "specs/imported/\(fixture.spec).pagegen.yaml", templates: try TemplateSet.load(), diagnostics: diagnostics)
        let folder = Self.generated.appendingPathComponent(fixture.spec)
        if Self.isRecording {
            try? FileManager.default.removeItem(at: folder)
            try GeneratedFileWriter.write(files, to: folder)
            Issue.record("recorded Generated/Imported/\(fixture.spec); unset PAGEGEN_RECORD and run again")
            return
        }
        let committed = Set(((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".swift") })
        #expect(committed == Set(files.map(\.name)), "run with PAGEGEN_RECORD=1 to re-record Generated/Imported/\(fixture.spec)")
        for file in files {
            let expected = (try? String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)) ?? ""
            if expected != file.contents {
                Issue.record("Generated/Imported/\(fixture.spec)/\(file.name) differs (PAGEGEN_RECORD=1 re-records it): \(TextDifference.first(expected: expected, actual: file.contents))")
            }
        }
    }

    @Test func everyImportedSpecHasAFixture() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.specs.path).filter { $0.hasSuffix(".pagegen.yaml") }
        let known = Set(Self.fixtures.map { "\($0.spec).pagegen.yaml" })
        #expect(Set(files) == known)
    }
}

/// Where two texts first differ, for failure messages.
enum TextDifference {
    static func first(expected: String, actual: String) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(old.count, new.count) {
            let before = index < old.count ? String(old[index]) : "(end of text)"
            let after = index < new.count ? String(new[index]) : "(end of text)"
            if before != after {
                return "line \(index + 1):\n- \(before)\n+ \(after)"
            }
        }
        return "the texts are the same"
    }
}
