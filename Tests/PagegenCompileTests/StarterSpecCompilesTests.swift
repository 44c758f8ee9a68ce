import Foundation
import PagegenCore
import PagegenTestSupport
import Testing

/// What `pagegen init` writes lints without a warning, and its client type-checks
/// (Swift 6, warnings as errors), for every style.
@Suite struct StarterSpecCompilesTests {
    @Test func everyStarterLintsCleanAndItsClientTypeChecks() async throws {
        let templates = try TemplateSet.load()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-starters-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        var files: [URL] = []
        for style in StarterSpec.Style.allCases {
            // One namespace per style, so that all the starters type-check as one module.
            let name = "Shop" + style.rawValue.capitalized
            let starter = StarterSpec(name: name, style: style)
            let diagnostics = DiagnosticCollector()
            let generated = try GeneratorPipeline().generate(
                starter.text, file: starter.fileName, templates: templates, diagnostics: diagnostics)
            #expect(diagnostics.diagnostics.isEmpty, "\(style): \(diagnostics.diagnostics.map(\.description))")
            let folder = root.appendingPathComponent(style.rawValue)
            try GeneratedFileWriter.write(generated, to: folder)
            files += generated.map { folder.appendingPathComponent($0.name) }
        }
        let checker = try TypeChecker.find()
        let sources = files
        let log = try await offPool { try checker.check(sources, module: "Starters", in: root) }
        #expect(log.isEmpty, "\(log)")
    }

    @Test func theWholeStarterHasEachCommonStyleAndAPost() throws {
        let text = StarterSpec(name: "Shop").text
        for block in [
            "page: { param: page", "cursor: { param: cursor, from: next_cursor }", "offset: { param: offset }", "post: /products",
        ] {
            #expect(text.contains(block), "the starter has no '\(block)'")
        }
        // Every block says which section of the reference to read.
        #expect(text.components(separatedBy: "See \"").count - 1 >= 7)
    }
}
