import Foundation
import Testing

/// `pagegen import` run the way a user runs it, and the plugins' tool without it.
@Suite struct ImportCommandTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Shop API, version: "1" }
        servers: [{ url: "https://shop.example.com/api/" }]
        paths:
          /items:
            get:
              operationId: listItems
              parameters:
                - { name: page, in: query, schema: { type: integer, minimum: 1 } }
                - { name: per_page, in: query, schema: { type: integer, default: 20, maximum: 100 } }
                - { name: session, in: cookie, schema: { type: string } }
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          items: { type: array, items: { type: object, properties: { id: { type: integer } } } }
                          total: { type: integer }
        """

    @Test func importWritesASpecThatLintsAndPrintsItsNotes() async throws {
        let folder = CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.document.utf8).write(to: folder.appendingPathComponent("shop.openapi.yaml"))
        let run = try await CLITests.run(["import", "shop.openapi.yaml", "--output", "specs/shop.pagegen.yaml"], in: folder)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == "wrote specs/shop.pagegen.yaml: 2 models, 1 endpoint (1 paged); 2 notes, 1 warning\n")
        #expect(
            run.errors.contains(
                "shop.openapi.yaml:6:5: note: /paths/~1items/get: paging: page numbers in page, from 1; total in total (inferred from parameters page, per_page)"
            ))
        #expect(
            run.errors.contains(
                "shop.openapi.yaml:11:11: warning: /paths/~1items/get/parameters/2: parameter: 'session' is a cookie, which the spec language does not send; left out"
            ))
        let spec = try String(contentsOf: folder.appendingPathComponent("specs/shop.pagegen.yaml"), encoding: .utf8)
        #expect(spec.contains("\nname: Shop\nnamespace: ShopAPI\n"))
        #expect(spec.contains("\nbaseURL: https://shop.example.com/api\n"))
        #expect(spec.contains("      page: { param: page, first: 1 }\n      size: { param: per_page, default: 20, max: 100 }\n"))
        #expect(try await CLITests.run(["lint", "specs/shop.pagegen.yaml"], in: folder).status == 0)

        let quiet = try await CLITests.run(
            ["import", "shop.openapi.yaml", "-o", "again.pagegen.yaml", "--quiet", "--name", "Store"], in: folder)
        #expect(quiet.status == 0)
        #expect(!quiet.errors.contains("note:"))
        #expect(quiet.errors.contains("warning:"))
        #expect(try String(contentsOf: folder.appendingPathComponent("again.pagegen.yaml"), encoding: .utf8).contains("\nname: Store\n"))
    }

    @Test func aDocumentThatCannotBeReadFailsWithALocatedError() async throws {
        let folder = CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("openapi: 3.0.3\ninfo: [\n".utf8).write(to: folder.appendingPathComponent("bad.yaml"))
        let run = try await CLITests.run(["import", "bad.yaml", "-o", "bad.pagegen.yaml"], in: folder)
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("bad.yaml:3:1: error: malformed JSON or YAML"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad.pagegen.yaml").path))
        let missing = try await CLITests.run(["import", "nope.yaml"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.errors.hasPrefix("nope.yaml: error: cannot read nope.yaml"))
    }

    @Test func thePluginsToolGeneratesButDoesNotImport() async throws {
        let generator = CLITests.tool("pagegen-generator")
        let help = try await CLITests.run(["--help"], tool: generator)
        #expect(help.status == 0)
        #expect(help.output.contains("generate"))
        #expect(!help.output.contains("import"))
        let output = CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: output) }
        let run = try await CLITests.run(["generate", "specs/catalog.pagegen.yaml", "--output", output.path], tool: generator)
        #expect(run.status == 0, "\(run.errors)")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("CatalogModels.swift").path))
        #expect(try await CLITests.run(["import", "x.yaml"], tool: generator).status != 0)
    }
}
