import Foundation
import PagegenTestSupport
import Testing

/// Runs the built `pagegen` binary the way a user does.
@Suite struct CLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `pagegen` executable next to this test bundle.
    static var executable: URL { tool("pagegen") }

    /// An executable of the package next to this test bundle.
    static func tool(_ name: String) -> URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return Bundle.main.bundleURL.appendingPathComponent(name)
    }

    struct Run: Sendable {
        var status: Int32
        var output: String
        var errors: String
    }

    /// Runs `tool` with `arguments` in `directory` and waits for it to exit, on a
    /// Dispatch thread: waiting for a process does not hold one of the few threads of
    /// Swift concurrency that the tests serving HTTP share.
    static func run(_ arguments: [String], in directory: URL = root, tool: URL = executable) async throws -> Run {
        try await offPool {
            let run = try ChildProcess.run(tool, arguments, in: directory)
            return Run(status: run.termination.status, output: run.output, errors: run.errors)
        }
    }

    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func generateWritesTheFilesAndThenLeavesThemAlone() async throws {
        let output = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let first = try await Self.run(["generate", "specs/catalog.pagegen.yaml", "--output", output.path])
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("created"))
        #expect(first.output.contains("CatalogModels.swift"))
        let second = try await Self.run(["generate", "specs/catalog.pagegen.yaml", "--output", output.path])
        #expect(second.status == 0)
        #expect(second.output.split(separator: "\n").allSatisfy { $0.hasPrefix("unchanged") })
    }

    @Test func lintPrintsCompilerStyleDiagnosticsAndFails() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = """
            pagegen: 1
            name: Shop
            baseURL: https://shop.example.com
            models:
              Item:
                id: Int
                name: Strng
              ItemPage:
                items: [Item]
            endpoints:
              items:
                get: /items
                returns: ItemPage
                paging:
                  offest: { param: offset }
                  items: items

            """
        try Data(spec.utf8).write(to: folder.appendingPathComponent("shop.pagegen.yaml"))
        let run = try await Self.run(["lint", "shop.pagegen.yaml"], in: folder)
        #expect(run.status == 1)
        #expect(run.errors.contains("shop.pagegen.yaml:7:11: error: unknown type 'Strng'; did you mean 'String'?"))
        #expect(
            run.errors.contains(
                "shop.pagegen.yaml:15:7: error: unknown key 'offest' in 'paging' of endpoint 'items'; did you mean 'offset'?"))
    }

    @Test func lintAcceptsEveryBundledSpec() async throws {
        let specs = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("specs").path)
            .filter { $0.hasSuffix(".pagegen.yaml") }.sorted().map { "specs/\($0)" }
        let run = try await Self.run(["lint"] + specs)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.isEmpty)
    }

    @Test func malformedYAMLIsADiagnosticNotACrash() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("name: [unclosed\nbaseURL: x\n".utf8).write(to: folder.appendingPathComponent("bad.pagegen.yaml"))
        let run = try await Self.run(["generate", "bad.pagegen.yaml", "--output", "out"], in: folder)
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("bad.pagegen.yaml:"))
        #expect(run.errors.contains("error: malformed YAML"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func aMissingSpecIsAClearError() async throws {
        let run = try await Self.run(["lint", "specs/nope.pagegen.yaml"])
        #expect(run.status == 1)
        #expect(run.errors.contains("error: cannot read specs/nope.pagegen.yaml"))
    }

    @Test func templatesCanBeOverridden() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("{{% CONTENT_TYPE: TEXT}}\n// models of {{client.specName}}: {{#models}}{{name}} {{/models}}\n".utf8)
            .write(to: templates.appendingPathComponent("Models.mustache"))
        let run = try await Self.run(["generate", "specs/articles.pagegen.yaml", "--output", folder.path, "--templates", templates.path])
        #expect(run.status == 0, "\(run.errors)")
        let models = try String(contentsOf: folder.appendingPathComponent("ArticlesModels.swift"), encoding: .utf8)
        #expect(models.contains("// models of Articles: Article"))
        let client = try String(contentsOf: folder.appendingPathComponent("ArticlesClient.swift"), encoding: .utf8)
        #expect(client.contains("struct Client"))
    }

    @Test func initWritesASpecThatLints() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await Self.run(["init", "Shop"], in: folder).status == 0)
        let lint = try await Self.run(["lint", "shop.pagegen.yaml"], in: folder)
        #expect(lint.status == 0, "\(lint.errors)")
        #expect(try await Self.run(["init", "Shop"], in: folder).status != 0)
    }
}
