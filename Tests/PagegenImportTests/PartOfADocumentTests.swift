import Foundation
import PagegenImport
import Testing

/// `--include-tag`, `--include-path` and `--include-operation`: part of a document,
/// with every model its operations reach and no other.
@Suite struct PartOfADocumentTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Shop API, version: "1" }
        servers: [{ url: "https://api.example.com/v1" }]
        paths:
          /orders:
            get:
              operationId: listOrders
              tags: [Orders]
              responses:
                "200": { description: Orders., content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Order" } } } } }
            post:
              operationId: createOrder
              tags: [Orders, Writes]
              requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/Order" } } } }
              responses:
                "201": { description: Made., content: { application/json: { schema: { $ref: "#/components/schemas/Order" } } } }
          /customers/{id}:
            get:
              operationId: getCustomer
              tags: [Customers]
              parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
              responses:
                "200": { description: One., content: { application/json: { schema: { $ref: "#/components/schemas/Customer" } } } }
          /customers/{id}/orders:
            get:
              operationId: listCustomerOrders
              tags: [Customers]
              parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
              responses:
                "200": { description: Orders., content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Order" } } } } }
        components:
          schemas:
            Order: { type: object, properties: { id: { type: string }, lines: { type: array, items: { $ref: "#/components/schemas/Line" } } } }
            Line: { type: object, properties: { sku: { type: string } } }
            Customer: { type: object, properties: { id: { type: string }, name: { type: string } } }
        """

    func endpoints(_ options: ImportOptions) throws -> (names: [String], models: Int, notes: [ImportNote]) {
        let (spec, notes) = try imported(Self.document, options: options)
        let names = ["listOrders", "createOrder", "getCustomer", "listCustomerOrders"].filter { spec.contains("\n  \($0):\n") }
        let models = spec.components(separatedBy: "\n").filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") && $0.hasSuffix(":") }.count
        return (names, models - names.count, notes)
    }

    @Test func byTagPathOrOperationWithTheModelsTheyReach() throws {
        let byTag = try endpoints(ImportOptions(includeTags: ["customers"]))
        #expect(byTag.names == ["getCustomer", "listCustomerOrders"])
        #expect(byTag.models == 3)
        #expect(
            byTag.notes.map(\.message).contains(
                "2 of the document's 4 operations are imported (--include-tag customers), with the models they use"))
        let byPath = try endpoints(ImportOptions(includePaths: ["/customers/*/orders"]))
        #expect(byPath.names == ["listCustomerOrders"])
        let byOperation = try endpoints(ImportOptions(includeOperations: ["get*", "POST /orders"]))
        #expect(byOperation.names == ["createOrder", "getCustomer"])
        // Only Customer is reached from getCustomer.
        #expect(try endpoints(ImportOptions(includeOperations: ["getCustomer"])).models == 1)
        // The options add up, with --operations.
        let together = try endpoints(ImportOptions(operations: ["listOrders"], includeTags: ["W*"]))
        #expect(together.names == ["listOrders", "createOrder"])
    }

    @Test func anOptionThatMatchesNothingIsAWarningAndNothingAtAllAnError() throws {
        let (_, notes) = try imported(Self.document, options: ImportOptions(includeTags: ["Orders", "Refunds"]))
        #expect(notes.contains { $0.severity == .warning && $0.message == "--include-tag Refunds matches no operation" })
        #expect(throws: ImportError.self) {
            try OpenAPIImporter.importDocument(text: Self.document, name: "api.yaml", options: ImportOptions(includePaths: ["/nothing"]))
        }
        do {
            _ = try OpenAPIImporter.importDocument(
                text: Self.document, name: "api.yaml", options: ImportOptions(includePaths: ["/nothing"]))
        } catch {
            #expect(error.description.hasPrefix("api.yaml:4:1: error: no operation matches --include-path /nothing"), "\(error)")
        }
    }
}
