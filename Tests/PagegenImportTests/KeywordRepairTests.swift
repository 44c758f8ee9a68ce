import Foundation
import PagegenImport
import Testing

/// What OpenAPIKit refuses in a keyword that changes no generated code is repaired or
/// dropped, with a note at the keyword, and the schema, parameter or operation that
/// holds it imported.
@Suite struct KeywordRepairTests {
    static func document(version: String) -> String {
        """
        openapi: \(version)
        info: { title: Keywords, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /items/{id}:
            post:
              operationId: createItem
              parameters:
                - { name: id, in: path, required: false, schema: { type: string } }
                - { name: limit, in: query, schema: { type: integer, maximum: 9.223372036854776e+18 } }
              requestBody:
                required: true
                content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } }
              responses:
                "200": { description: It., content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
        components:
          schemas:
            Item:
              type: object
              required: [id]
              properties:
                id: { type: integer, format: int64, minimum: 0, exclusiveMinimum: \(version.hasPrefix("3.1") ? "true" : "5"), maximum: 9.223372036854776e+18 }
                count: { type: integer, multipleOf: two, maxItems: "10" }
                ratio: { type: number, maximum: 10, exclusiveMaximum: \(version.hasPrefix("3.1") ? "false" : "10") }
                name: { type: string, minLength: 1.5, uniqueItems: yes }
        """
    }

    @Test(arguments: ["3.0.3", "3.1.0"])
    func keywordsThatChangeNoCodeAreRepairedAndTheRestImported(_ version: String) throws {
        let (spec, notes) = try imported(Self.document(version: version))
        #expect(notes.filter { $0.severity == .warning }.isEmpty, "\(notes.filter { $0.severity == .warning }.map(\.description))")
        // The request body and the operation are there, the model whole.
        #expect(spec.contains("body: Item"), "\(spec)")
        #expect(block("Item:", in: spec).contains("id: Int64"), "\(spec)")
        #expect(block("Item:", in: spec).contains("count: { type: Int?, nullable: false }"))
        #expect(spec.contains("path: { id: String }"))
        let repairs = notes.filter { $0.severity == .note && ($0.topic == "schema" || $0.topic == "parameter") }
        let described = repairs.map { "\($0.pointer): \($0.message)" }
        #expect(
            described.contains(
                "/components/schemas/Item/properties/id/maximum: 'maximum: 9.223372036854776e+18' is not a 64-bit integer, which an integer's bound is; read as 9223372036854775807"
            ), "\(described)")
        #expect(
            described.contains(
                "/paths/~1items~1{id}/post/parameters/0/required: the path parameter 'id' says 'required: false'; a path parameter is always sent, so it is read as required"
            ), "\(described)")
        #expect(described.contains { $0.hasPrefix("/components/schemas/Item/properties/count/multipleOf: 'multipleOf: two' is left out") })
        #expect(described.contains { $0.hasPrefix("/components/schemas/Item/properties/name/minLength: 'minLength: 1.5' is left out") })
        if version.hasPrefix("3.1") {
            #expect(
                described.contains(
                    "/components/schemas/Item/properties/id/exclusiveMinimum: 'exclusiveMinimum: true' with 'minimum: 0' is OpenAPI 3.0's form; read as OpenAPI 3.1's 'exclusiveMinimum: 0'"
                ), "\(described)")
        } else {
            #expect(
                described.contains(
                    "/components/schemas/Item/properties/id/exclusiveMinimum: 'exclusiveMinimum: 5' is OpenAPI 3.1's form; read as OpenAPI 3.0's 'minimum: 5' with 'exclusiveMinimum: true'"
                ), "\(described)")
        }
        // Each note is at the keyword's line.
        #expect(repairs.allSatisfy { ($0.mark?.line ?? 0) > 1 })
    }

    @Test func whenEveryOperationIsLeftOutTheErrorCarriesTheWarningsThatSayWhy() throws {
        let document = """
            openapi: 3.0.3
            info: { title: K, version: "1" }
            paths:
              /a:
                get:
                  operationId: getA
                  parameters: [{ name: q, in: query, schema: { type: string, nullable: maybe } }]
                  responses: { "200": { description: It. } }
            """
        do {
            _ = try OpenAPIImporter.importDocument(text: document, name: "api.yaml")
            Issue.record("imported a document without a readable operation")
        } catch {
            #expect(error.description == "api.yaml:3:1: error: the document has no operations; the warnings above say what was left out")
            let warnings = error.notes.filter { $0.severity == .warning }.map(\.message)
            #expect(warnings.contains { $0.contains("Expected `nullable` value to be parsable as Bool") }, "\(warnings)")
        }
    }

    @Test func aKeywordThatChangesTheCodeIsNotGuessedAt() throws {
        let document = Self.document(version: "3.0.3").replacingOccurrences(
            of: "name: { type: string, minLength: 1.5, uniqueItems: yes }", with: "name: { type: string, nullable: maybe }")
        let (_, notes) = try imported(document)
        let warnings = notes.filter { $0.severity == .warning }.map(\.description)
        #expect(
            warnings.contains {
                $0.contains(
                    "/components/schemas/Item: schema: left out: OpenAPIKit cannot read it at /components/schemas/Item/properties/name/nullable"
                )
            }, "\(warnings)")
    }
}
