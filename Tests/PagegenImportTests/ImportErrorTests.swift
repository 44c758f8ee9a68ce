import Foundation
import PagegenImport
import Testing

/// Documents that cannot be imported fail with an error located like a compiler's.
@Suite struct ImportErrorTests {
    func error(_ text: String, options: ImportOptions = ImportOptions()) -> String? {
        do {
            _ = try OpenAPIImporter.importDocument(text: text, name: "api.yaml", options: options)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func malformedYAML() {
        #expect(
            error("openapi: 3.0.0\npaths: { /a: [ }\n")
                == "api.yaml:2:16: error: malformed JSON or YAML: did not find expected node content while parsing a flow node")
    }

    @Test func notOpenAPI() {
        #expect(
            error("name: Shop\n")
                == "api.yaml:1:1: error: not an OpenAPI or Swagger document: it has neither 'openapi' nor 'swagger'; give an OpenAPI 3.0 / 3.1 or Swagger 2.0 document"
        )
        #expect(error("openapi: 2.5.0\n")?.hasPrefix("api.yaml:1:10: error: unsupported OpenAPI version 2.5.0") == true)
        #expect(error("swagger: \"1.2\"\n")?.hasPrefix("api.yaml:1:10: error: unsupported Swagger version 1.2") == true)
    }

    @Test func whatOpenAPIKitCannotReadAtAllIsLocated() throws {
        let message = try #require(
            error(
                """
                openapi: 3.0.3
                info: [title, version]
                paths:
                  /a:
                    get:
                      responses: { "200": { description: ok } }
                """))
        #expect(message.hasPrefix("api.yaml:2:"), "\(message)")
        #expect(message.contains("OpenAPIKit cannot read the document at /info"), "\(message)")
    }

    @Test func anOperationOpenAPIKitCannotReadIsLeftOutWithALocatedWarning() throws {
        let (spec, notes) = try imported(
            """
            openapi: 3.0.3
            info: { title: T, version: "1" }
            paths:
              /a:
                get:
                  operationId: broken
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: strng } } } } }
                post:
                  operationId: fine
                  responses: { "200": { description: ok } }
              /b:
                get:
                  operationId: alsoFine
                  responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Broken" } } } } }
            components:
              schemas:
                Broken: { type: object, properties: { id: { type: [1] } } }
            """)
        let warnings = notes.filter { $0.severity == .warning }.map(\.description)
        #expect(
            warnings.contains {
                $0.hasPrefix(
                    "api.yaml:5:5: warning: /paths/~1a/get: endpoint: not imported: OpenAPIKit cannot read it at /paths/~1a/get/responses")
            }, "\(warnings)")
        #expect(
            warnings.contains {
                $0.hasPrefix("api.yaml:17:5: warning: /components/schemas/Broken: schema: left out: OpenAPIKit cannot read it")
            },
            "\(warnings)")
        #expect(!spec.contains("  broken:"))
        #expect(spec.contains("  fine:"))
        #expect(spec.contains("  alsoFine:"))
    }

    @Test func operationsThatMatchNothing() {
        let text = document(operation: "operationId: a\nresponses: { \"200\": { description: ok } }")
        #expect(
            error(text, options: ImportOptions(operations: ["nothing"]))?.contains("error: no operation matches --operations nothing")
                == true)
    }

    /// The file's bytes as the importer reads them from disk.
    func fileError(_ bytes: [UInt8]) throws -> String? {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString).yaml")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try OpenAPIImporter.importDocument(at: url, name: "api.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    @Test func bytesThatAreNotUTF8AreLocated() throws {
        let message = try #require(try fileError(Array("openapi: 3.0.0\ninfo: { title: \"".utf8) + [0xFF] + Array("\" }\n".utf8)))
        #expect(message.hasPrefix("api.yaml:2:17: error: "))
        #expect(message.contains("0xFF"))
    }

    @Test func wideTextSaysItsEncoding() throws {
        #expect(
            try fileError([0xFF, 0xFE] + Array("o\0".utf8))
                == "api.yaml:1:1: error: the file is UTF-16 (little-endian) text; save it as UTF-8")
    }

    @Test func aMissingFileSaysSo() {
        let url = URL(fileURLWithPath: "/nonexistent/api.yaml")
        #expect(throws: ImportError.self) { try OpenAPIImporter.importDocument(at: url, name: "api.yaml") }
    }

    @Test func anEmptyDocument() {
        #expect(error("") == "api.yaml:1:1: error: the document is empty")
        #expect(error("~\n") == "api.yaml:1:1: error: the document is empty")
    }
}
