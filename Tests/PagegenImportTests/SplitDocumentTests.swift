import Foundation
import PagegenCore
import PagegenImport
import PagegenTestSupport
import Testing

/// Documents split across files: a root whose paths, operations, parameters,
/// responses and schemas are references to relative files, in folders, YAML beside
/// JSON, each reference relative to the file that holds it.
@Suite struct SplitDocumentTests {
    /// A folder of files for one test, removed at the end.
    final class Folder {
        let url: URL

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-split-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        /// Writes `files` (path → text) under the folder.
        func write(_ files: [String: String]) throws {
            for (path, text) in files {
                let file = url.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
            }
        }

        /// Imports `root` (a path under the folder), named as given, and checks that the
        /// written spec lints.
        func importDocument(_ root: String = "api/openapi.yaml", options: ImportOptions = ImportOptions()) throws -> ImportResult {
            let result = try OpenAPIImporter.importDocument(at: url.appendingPathComponent(root), name: root, options: options)
            let diagnostics = DiagnosticCollector()
            _ = GeneratorPipeline().check(result.spec, file: "api.pagegen.yaml", diagnostics: diagnostics)
            #expect(diagnostics.diagnostics.isEmpty, "\(diagnostics.sorted.map(\.description))\n\(result.spec)")
            return result
        }

        /// The error importing `root` gives.
        func importError(_ root: String = "api/openapi.yaml") -> ImportError? {
            do {
                _ = try OpenAPIImporter.importDocument(at: url.appendingPathComponent(root), name: root)
                return nil
            } catch {
                return error
            }
        }
    }

    static let root = """
        openapi: 3.0.3
        info: { title: Shop API, version: "1" }
        servers: [{ url: "https://api.example.com/v1" }]
        paths:
          /orders:
            $ref: paths/orders/list.yaml
          /orders/{id}:
            $ref: "paths/orders/one.json"
          /customers:
            $ref: paths.yaml#/~1customers
        components:
          schemas:
            Order:
              $ref: schemas/Order.yaml
        """

    static let files: [String: String] = [
        "api/openapi.yaml": root,
        "api/paths/orders/list.yaml": """
        get:
          operationId: listOrders
          parameters:
            - $ref: ../../parameters/limit.yaml
            - name: starting_after
              in: query
              schema: { type: string }
          responses:
            "200":
              description: A page of orders.
              content:
                application/json:
                  schema:
                    type: object
                    properties:
                      data:
                        type: array
                        items: { $ref: ../../schemas/Order.yaml }
                      has_more: { type: boolean }
        """,
        "api/paths/orders/one.json": """
        {
          "get": {
            "operationId": "getOrder",
            "parameters": [{ "name": "id", "in": "path", "required": true, "schema": { "type": "string" } }],
            "responses": { "200": { "$ref": "../../responses.yaml#/OneOrder" } }
          }
        }
        """,
        "api/paths.yaml": """
        /customers:
          get:
            operationId: listCustomers
            parameters:
              - $ref: "./parameters/limit.yaml"
            responses:
              "200":
                description: Customers.
                content:
                  application/json:
                    schema:
                      type: array
                      items: { $ref: "#/Customer" }
        Customer:
          type: object
          required: [id]
          properties:
            id: { type: string }
            last_order: { $ref: "schemas/Order.yaml" }
            wallet: { $ref: schemas/money/Money.json }
        """,
        "api/parameters/limit.yaml": """
        name: limit
        in: query
        schema: { type: integer, minimum: 1, maximum: 100, default: 10 }
        """,
        "api/responses.yaml": """
        OneOrder:
          description: One order.
          content:
            application/json:
              schema: { $ref: "schemas/Order.yaml" }
        """,
        "api/schemas/Order.yaml": """
        type: object
        required: [id, total]
        properties:
          id: { type: string }
          total: { $ref: "./money/Money.json" }
          refunds:
            type: array
            items: { $ref: "./money/Money.json" }
          customer: { $ref: "../paths.yaml#/Customer" }
          kind:
            oneOf:
              - type: string
              - type: object
                properties: { code: { type: string } }
        """,
        "api/schemas/money/Money.json": """
        { "type": "object", "required": ["amount"], "properties": { "amount": { "type": "integer" }, "currency": { "type": "string" } } }
        """,
    ]

    @Test func aDocumentSplitAcrossFilesImportsAsOne() throws {
        let folder = try Folder()
        try folder.write(Self.files)
        let result = try folder.importDocument()
        #expect(result.endpointCount == 3)
        // The orders page by the last item's id; the customers take a limit alone.
        #expect(result.pagedCount == 1)
        // One model per schema, however often and however it is referenced: Money from
        // three files, by two spellings; Customer and Order through each other.
        #expect(result.modelCount == 4, "\(result.spec)")
        #expect(result.spec.contains("  Money:\n"))
        #expect(result.spec.contains("  Customer:\n"))
        #expect(result.spec.contains("last_order: Order?") || result.spec.contains("last_order: { type: Order"))
        #expect(result.spec.contains("customer: { type: Customer?, nullable: false }"), "\(result.spec)")
        #expect(result.spec.contains("cursor: { param: starting_after, fromItem: id }"))
    }

    @Test func notesNameTheFileThatHasWhatTheyAreAbout() throws {
        let folder = try Folder()
        try folder.write(Self.files)
        let notes = try folder.importDocument().notes.map(\.description)
        // The oneOf of Order.kind, in Order.yaml, at its own place in that file.
        #expect(
            notes.contains { $0.hasPrefix("api/schemas/Order.yaml:10:3: note: /properties/kind: schema: JSON") },
            "\(notes.joined(separator: "\n"))")
        // The list operation, in its own file.
        #expect(notes.contains { $0.hasPrefix("api/paths/orders/list.yaml:1:1: note: /get: paging:") }, "\(notes.joined(separator: "\n"))")
        // A path item that is a place in a file of several.
        #expect(notes.contains { $0.hasPrefix("api/paths.yaml:2:3: note: /~1customers/get: paging:") }, "\(notes.joined(separator: "\n"))")
    }

    @Test func aReferenceThatCannotBeFollowedIsAnErrorAtTheReference() throws {
        let cases: [(file: String, reference: String, expected: String)] = [
            ("api/schemas/Order.yaml", "https://example.com/money.yaml", "is a URL; pagegen reads only files beside the document"),
            ("api/schemas/Order.yaml", "../../outside.yaml", "leads outside the document's folder (api/)"),
            ("api/schemas/Order.yaml", "./money/Nope.yaml", "leads to api/schemas/money/Nope.yaml, which does not exist"),
            (
                "api/schemas/Order.yaml", "./money/Money.json#/nope",
                "leads to no part of api/schemas/money/Money.json: it has nothing at /nope"
            ),
            ("api/schemas/Order.yaml", "./money/Money.json#Money", "names a place by an anchor"),
        ]
        for (file, reference, expected) in cases {
            let folder = try Folder()
            var files = Self.files
            files[file] = files[file]!.replacingOccurrences(of: "\"./money/Money.json\"", with: "\"\(reference)\"")
            try folder.write(files.merging(["outside.yaml": "type: string"]) { $1 })
            let error = try #require(folder.importError(), "\(reference) was followed")
            // At the reference, in the file that holds it (Order.yaml's line 5, `total:`, and
            // line 8, the refunds' items).
            #expect(error.description.hasPrefix("\(file):5:18: error: the reference '\(reference)' "), "\(error)")
            #expect(error.description.contains(expected), "\(error)")
        }
    }

    @Test func everyReferenceThatCannotBeFollowedIsReported() throws {
        let folder = try Folder()
        var files = Self.files
        files["api/schemas/Order.yaml"] = files["api/schemas/Order.yaml"]!.replacingOccurrences(
            of: "./money/Money.json", with: "./money/Gone.json")
        try folder.write(files)
        let error = try #require(folder.importError())
        let lines = error.description.split(separator: "\n")
        #expect(lines.count == 2, "\(error)")
        #expect(lines.allSatisfy { $0.hasPrefix("api/schemas/Order.yaml:") && $0.contains("Gone.json, which does not exist") })
    }

    @Test func aFileThatDoesNotParseIsAnErrorInThatFile() throws {
        let folder = try Folder()
        try folder.write(Self.files.merging(["api/schemas/money/Money.json": "{ \"type\": \"object\",\n  \"properties\": { \n"]) { $1 })
        let error = try #require(folder.importError())
        #expect(error.description.hasPrefix("api/schemas/money/Money.json:3:1: error: "), "\(error)")
    }

    @Test func aCycleThatIsNotThroughSchemasIsAnError() throws {
        let folder = try Folder()
        try folder.write(
            Self.files.merging(["api/parameters/limit.yaml": "$ref: ./other.yaml", "api/parameters/other.yaml": "$ref: ./limit.yaml"]) {
                $1
            })
        let error = try #require(folder.importError())
        #expect(error.description.contains("leads back to itself through parts that are not schemas"), "\(error)")
        #expect(error.description.hasPrefix("api/parameters/other.yaml:1:7: error:"), "\(error)")
    }

    @Test func aSwagger2DocumentSplitAcrossFilesImportsAsOne() throws {
        let folder = try Folder()
        try folder.write([
            "api/swagger.yaml": """
            swagger: "2.0"
            info: { title: Pets, version: "1" }
            host: pets.example.com
            paths:
              /pets:
                $ref: paths/pets.yaml
            definitions:
              Pet: { $ref: definitions/Pet.yaml }
            """,
            "api/paths/pets.yaml": """
            get:
              operationId: listPets
              parameters:
                - { name: page, in: query, type: integer }
              responses:
                "200":
                  description: Pets.
                  schema:
                    type: array
                    items: { $ref: ../definitions/Pet.yaml }
            """,
            "api/definitions/Pet.yaml": """
            type: object
            properties:
              id: { type: string }
              parent: { $ref: "#" }
              owner: { $ref: "./Owner.yaml" }
            """,
            "api/definitions/Owner.yaml": "type: object\nproperties:\n  name: { type: string }\n",
        ])
        let result = try folder.importDocument("api/swagger.yaml")
        #expect(result.endpointCount == 1 && result.pagedCount == 1)
        #expect(
            result.spec.contains("  Pet:\n") && result.spec.contains("  Owner:\n")
                && result.spec.contains("parent: { type: Pet?, nullable: false }"), "\(result.spec)"
        )
    }

    /// The six whole documents of ../shared/fixtures/openapi-full, split the way
    /// repositories lay such documents out (``DocumentSplitter``: a file per path item
    /// in a folder per first segment, a file per component or several in one, JSON and
    /// YAML in turn), import to the very spec their whole selves do.
    @Test(.enabled(if: WholeDocuments.available, WholeDocuments.skipMessage), arguments: WholeDocumentTests.documents.map(\.file))
    func aWholeDocumentSplitAcrossFilesImportsAsTheWholeDoes(_ file: String) async throws {
        let folder = try Folder()
        let target = folder.url
        let (whole, split, files, notes) = try await offPool {
            let (root, files) = try DocumentSplitter.split(WholeDocuments.folder.appendingPathComponent(file), into: target)
            let whole = try OpenAPIImporter.importDocument(at: WholeDocuments.folder.appendingPathComponent(file), name: file)
            let split = try OpenAPIImporter.importDocument(at: root, name: "openapi.yaml")
            return (whole, split, files, split.notes)
        }
        #expect(files > 100)
        print("\(file): split into \(files) files; \(notes.count) notes in \(Set(notes.map(\.file)).count) of them")
        // The same spec but for the header that names the file.
        func body(_ spec: String) -> [Substring] { spec.split(separator: "\n").filter { !$0.hasPrefix("# Imported by") } }
        let difference = body(split.spec).difference(from: body(whole.spec))
        #expect(difference.isEmpty, "\(file): \(difference.prefix(10))")
        // PAGEGEN_KEEP_SPLIT=folder keeps each split copy there, and both specs when they differ.
        if let keep = ProcessInfo.processInfo.environment["PAGEGEN_KEEP_SPLIT"] {
            try? FileManager.default.copyItem(at: target, to: URL(fileURLWithPath: keep).appendingPathComponent(file + ".split"))
            if !difference.isEmpty {
                try? whole.spec.write(toFile: "\(keep)/\(file).whole.yaml", atomically: true, encoding: .utf8)
                try? split.spec.write(toFile: "\(keep)/\(file).split.yaml", atomically: true, encoding: .utf8)
            }
        }
        // The same notes, but for where they are.
        let wholeNotes = whole.notes.map { "\($0.severity): \($0.topic): \($0.message)" }
        let splitNotes = notes.map { "\($0.severity): \($0.topic): \($0.message)" }
        let notesDifference = splitNotes.sorted().difference(from: wholeNotes.sorted())
        #expect(notesDifference.isEmpty, "\(file): \(notesDifference.prefix(10))")
        // Every note names a file of the split document, at a line it has.
        var lines: [String: Int] = [:]
        for note in notes {
            let count =
                lines[note.file]
                ?? (try? String(contentsOf: folder.url.appendingPathComponent(note.file), encoding: .utf8))
                .map { $0.split(separator: "\n", omittingEmptySubsequences: false).count } ?? 0
            lines[note.file] = count
            #expect((note.mark?.line ?? 0) <= count && count > 0, "\(note)")
        }
        #expect(Set(notes.map(\.file)).count > 10, "\(file): the notes name \(Set(notes.map(\.file)).sorted().prefix(5))")
    }
}
