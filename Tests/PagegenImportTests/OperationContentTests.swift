import PagegenImport
import Testing

/// How operations' parameters, bodies, responses, servers and documentation become
/// the spec language's: every style, media type and server that real documents use.
@Suite struct OperationContentTests {
    /// A document whose paths are `paths` (indented as under `paths:`), with `components`.
    func api(_ paths: String, components: String = "") -> String {
        """
        openapi: 3.0.3
        info: { title: Shop API, version: "1" }
        servers: [{ url: "https://api.example.com/v1" }]
        paths:
        \(paths.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
        components:
          schemas:
            Item:
              type: object
              required: [id]
              properties:
                id: { type: string }
        \(components.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
        """
    }

    // MARK: Parameters

    @Test func listsAreSentInTheDocumentsStyle() throws {
        let (spec, _) = try imported(
            api(
                """
                /items:
                  get:
                    operationId: listItems
                    parameters:
                      - { name: ids, in: query, schema: { type: array, items: { type: integer } } }
                      - { name: tags, in: query, explode: false, schema: { type: array, items: { type: string } } }
                      - { name: sizes, in: query, style: pipeDelimited, schema: { type: array, items: { type: string } } }
                      - { name: words, in: query, style: spaceDelimited, schema: { type: array, items: { type: string } } }
                    responses:
                      "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
                """))
        #expect(
            block("listItems:", in: spec) == [
                "listItems:", "get: /items", "query:", "  ids: { type: \"[Int]\", optional: true, explode: true }",
                "  tags: \"[String]?\"", "  sizes: { type: \"[String]\", optional: true, style: pipeDelimited }",
                "  words: { type: \"[String]\", optional: true, style: spaceDelimited }", "returns: Item",
            ])
    }

    @Test func deepObjectsAreModelsAndTheirListsTakeBracketsWhereTheDocumentShowsThem() throws {
        let (spec, notes) = try imported(
            api(
                """
                /customers:
                  get:
                    operationId: listCustomers
                    description: Use `expand[]=data.invoice` to expand the invoices.
                    parameters:
                      - name: created
                        in: query
                        style: deepObject
                        explode: true
                        schema:
                          anyOf:
                            - { type: object, title: range_query_specs, properties: { gte: { type: integer }, lt: { type: integer } } }
                            - { type: integer }
                      - { name: expand, in: query, style: deepObject, explode: true, schema: { type: array, items: { type: string } } }
                      - { name: ids, in: query, style: deepObject, explode: true, schema: { type: array, items: { type: string } } }
                      - name: filter
                        in: query
                        schema: { type: object, properties: { color: { type: string } } }
                    responses:
                      "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
                /invoices:
                  get:
                    operationId: listInvoices
                    parameters:
                      - name: created
                        in: query
                        style: deepObject
                        schema:
                          anyOf:
                            - { type: object, title: range_query_specs, properties: { gte: { type: integer }, lt: { type: integer } } }
                            - { type: integer }
                    responses:
                      "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
                """))
        let endpoint = block("listCustomers:", in: spec)
        #expect(endpoint.contains("  created: { type: RangeQuerySpecs, optional: true, style: deepObject }"))
        #expect(endpoint.contains("  expand: { type: \"[String]\", optional: true, style: deepObject, arrays: brackets }"))
        #expect(endpoint.contains("  ids: { type: \"[String]\", optional: true, style: deepObject }"))
        #expect(endpoint.contains("  filter: { type: ListCustomersFilter, optional: true, style: form, explode: true }"))
        // The filter written alike on both lists is one model.
        #expect(block("listInvoices:", in: spec).contains("  created: { type: RangeQuerySpecs, optional: true, style: deepObject }"))
        #expect(
            block("RangeQuerySpecs:", in: spec) == [
                "RangeQuerySpecs:", "gte: { type: Int?, nullable: false }", "lt: { type: Int?, nullable: false }",
            ])
        #expect(notes.contains { $0.message == "'created' is an object or integer (anyOf); it is sent as the object" })
        #expect(
            notes.contains {
                $0.message
                    == "'expand' is a deepObject list sent as 'expand[]=' as the document shows at /paths/~1customers/get/description"
            })
        #expect(!notes.contains { $0.severity == .warning })
    }

    @Test func parametersCarryTheirDescriptionsAndDeprecation() throws {
        let (spec, _) = try imported(
            api(
                """
                /items/{id}:
                  get:
                    operationId: getItem
                    parameters:
                      - { name: id, in: path, required: true, description: id parameter, schema: { type: string } }
                      - { name: email, in: query, description: "Filter by email.\\n\\nCase-sensitive.", schema: { type: string } }
                      - { name: q, in: query, deprecated: true, schema: { type: string } }
                    responses:
                      "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
                """))
        #expect(block("getItem:", in: spec).starts(with: ["getItem:", "get: /items/{id}", "path: { id: String }", "query:", "  email:"]))
        #expect(spec.contains("      q: { type: String, optional: true, deprecated: true }"))
        #expect(
            spec.contains(
                "      email:\n        type: String\n        optional: true\n        description: |-\n          Filter by email.\n\n          Case-sensitive.\n"
            ))
        // "id parameter" says nothing: left out.
        #expect(!spec.contains("id parameter"))
    }

    @Test func aParameterDescribedByJSONContentIsTheTextTheCallerEncodes() throws {
        let (spec, notes) = try imported(
            api(
                """
                /agents:
                  get:
                    operationId: listAgents
                    parameters:
                      - name: metadata
                        in: query
                        content: { application/json: { schema: { type: object, additionalProperties: true } } }
                      - name: shape
                        in: query
                        content: { application/xml: { schema: { type: object } } }
                    responses:
                      "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
                """))
        #expect(block("listAgents:", in: spec).contains("query: { metadata: String? }"))
        #expect(
            notes.contains {
                $0.severity == .note
                    && $0.message == "'metadata' is a value written as application/json: it is a String, the text the caller encodes"
            })
        #expect(
            notes.contains {
                $0.severity == .warning
                    && $0.message == "'shape' is described by content (application/xml), which the spec language does not send; left out"
            })
    }

    // MARK: Bodies

    @Test func bodiesOfEveryMediaType() throws {
        let (spec, notes) = try imported(
            api(
                """
                /labels:
                  post:
                    operationId: addLabels
                    requestBody:
                      required: true
                      content: { application/json: { schema: { type: array, items: { type: string } } } }
                    responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                /customers:
                  post:
                    operationId: createCustomer
                    requestBody:
                      content:
                        application/x-www-form-urlencoded:
                          encoding:
                            metadata: { style: deepObject, explode: true }
                            expand: { style: deepObject, explode: true }
                          schema:
                            type: object
                            properties:
                              email: { type: string }
                              metadata: { type: object, additionalProperties: { type: string } }
                              expand: { type: array, items: { type: string } }
                    responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                /calls:
                  post:
                    operationId: createCall
                    requestBody:
                      required: true
                      content:
                        application/x-www-form-urlencoded:
                          schema:
                            type: object
                            required: [To]
                            properties:
                              To: { type: string }
                              StatusCallbackEvent: { type: array, items: { type: string } }
                    responses: { "201": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                /files:
                  post:
                    operationId: uploadFile
                    requestBody:
                      required: true
                      content:
                        multipart/form-data:
                          schema:
                            type: object
                            required: [file, purpose]
                            properties:
                              file: { type: string, format: binary }
                              purpose: { type: string }
                    responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                /markdown:
                  post:
                    operationId: renderMarkdown
                    requestBody:
                      content:
                        text/plain: { schema: { type: string } }
                        text/x-markdown: { schema: { type: string } }
                    responses: { "200": { description: ok, content: { text/html: { schema: { type: string } } } } }
                /assets:
                  post:
                    operationId: uploadAsset
                    requestBody:
                      required: true
                      content: { "*/*": { schema: { type: string, format: binary } } }
                    responses: { "201": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                /images:
                  put:
                    operationId: uploadImage
                    requestBody:
                      required: true
                      content: { image/jpeg: { schema: { type: string } } }
                    responses: { "202": { description: accepted } }
                """))
        #expect(block("addLabels:", in: spec).contains("body: { json: [String] }"))
        #expect(
            block("createCustomer:", in: spec).contains("body: { form: CreateCustomerBody, arrays: brackets, optional: true }") == false)
        #expect(block("createCustomer:", in: spec).contains("body: { form: CreateCustomerBody, optional: true }"))
        #expect(
            block("CreateCustomerBody:", in: spec) == [
                "CreateCustomerBody:", "email: { type: String?, nullable: false }",
                "metadata: { map: String, optional: true, nullable: false }", #"expand: { type: "[String]?", nullable: false }"#,
            ])
        #expect(block("createCall:", in: spec).contains("body: { form: CreateCallBody, arrays: repeated }"))
        #expect(block("uploadFile:", in: spec).contains("body: { multipart: UploadFileBody }"))
        #expect(block("UploadFileBody:", in: spec) == ["UploadFileBody:", "file: File", "purpose: String"])
        #expect(block("renderMarkdown:", in: spec).contains("body: { raw: text/plain, optional: true }"))
        #expect(block("renderMarkdown:", in: spec).contains("returns: { text: text/html }"))
        #expect(block("uploadAsset:", in: spec).contains("body: { raw: \"*/*\" }"))
        #expect(block("uploadImage:", in: spec).contains("body: { raw: image/jpeg }"))
        #expect(block("uploadImage:", in: spec).contains("returns: nothing"))
        #expect(notes.contains { $0.message == "the body may be text/plain, text/x-markdown; it is sent as text/plain" })
        #expect(!notes.contains { $0.severity == .warning })
    }

    @Test func aFormBodysListsFollowItsEncodingAndTheDocumentsBrackets() throws {
        let (spec, notes) = try imported(
            api(
                """
                /refunds:
                  post:
                    operationId: createRefund
                    description: Send `expand[]=charge` to expand the charge.
                    requestBody:
                      content:
                        application/x-www-form-urlencoded:
                          encoding:
                            expand: { style: deepObject, explode: true }
                          schema: { type: object, properties: { expand: { type: array, items: { type: string } } } }
                    responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                /prices:
                  post:
                    operationId: createPrice
                    requestBody:
                      content:
                        application/x-www-form-urlencoded:
                          encoding:
                            expand: { style: deepObject, explode: true }
                            tiers: { style: deepObject, explode: true }
                          schema:
                            type: object
                            properties:
                              expand: { type: array, items: { type: string } }
                              tiers: { type: array, items: { type: object, properties: { up_to: { type: integer } } } }
                    responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                /tags:
                  post:
                    operationId: createTags
                    requestBody:
                      content:
                        application/x-www-form-urlencoded:
                          encoding:
                            names: { style: form, explode: false }
                          schema: { type: object, properties: { names: { type: array, items: { type: string } } } }
                    responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                """))
        #expect(block("createRefund:", in: spec).contains("body: { form: CreateRefundBody, arrays: brackets, optional: true }"))
        #expect(block("createPrice:", in: spec).contains("body: { form: CreatePriceBody, optional: true }"))
        #expect(block("createTags:", in: spec).contains("body: { form: CreateTagsBody, arrays: commaSeparated, optional: true }"))
        #expect(
            notes.contains {
                $0.message.hasPrefix("the body's lists are sent with indices (name[0]=), as its lists of objects need, also 'expand'")
            })
    }

    @Test func anEmptyBodyIsLeftOutAndOneOnAHEADToo() throws {
        let (spec, notes) = try imported(
            api(
                """
                /items:
                  get:
                    operationId: listItems
                    requestBody:
                      content: { application/x-www-form-urlencoded: { schema: { type: object, properties: {}, additionalProperties: false } } }
                    responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                  head:
                    operationId: checkItems
                    requestBody:
                      content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } }
                    responses: { "200": { description: ok } }
                """))
        #expect(!block("listItems:", in: spec).contains { $0.hasPrefix("body:") })
        #expect(block("checkItems:", in: spec) == ["checkItems:", "head: /items", "returns: nothing"])
        #expect(
            notes.contains {
                $0.severity == .warning && $0.message == "a HEAD with a body, which the spec language does not send; left out"
            })
        #expect(
            notes.contains {
                $0.severity == .note && $0.message == "the body (application/x-www-form-urlencoded) declares no fields; left out"
            })
    }

    // MARK: Responses

    @Test func responsesOfEveryMediaType() throws {
        let (spec, _) = try imported(
            api(
                """
                /invoice.pdf:
                  get:
                    operationId: getInvoicePDF
                    responses: { "200": { description: ok, content: { application/pdf: { schema: { type: string, format: binary } } } } }
                /zen:
                  get:
                    operationId: getZen
                    responses: { "200": { description: ok, content: { "text/plain; charset=utf-8": { schema: { type: string } } } } }
                /items/{id}:
                  delete:
                    operationId: deleteItem
                    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                    responses: { "204": { description: gone } }
                  head:
                    operationId: itemExists
                    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                    responses: { "200": { description: ok } }
                  options:
                    operationId: itemOptions
                    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                    responses: { "200": { description: ok } }
                /ping:
                  post:
                    operationId: ping
                    responses: { "200": { description: ok, content: { application/json: {} } } }
                /stream:
                  get:
                    operationId: streamEvents
                    responses: { "200": { description: ok, content: { text/event-stream: { schema: { type: string } } } } }
                """))
        #expect(block("getInvoicePDF:", in: spec).contains("returns: { binary: application/pdf }"))
        #expect(block("getZen:", in: spec).contains("returns: { text: text/plain }"))
        #expect(block("deleteItem:", in: spec).contains("returns: nothing"))
        #expect(block("itemExists:", in: spec).contains("head: /items/{id}"))
        #expect(block("itemExists:", in: spec).contains("returns: nothing"))
        #expect(block("itemOptions:", in: spec).contains("options: /items/{id}"))
        #expect(block("ping:", in: spec).contains("returns: nothing"))
        #expect(block("streamEvents:", in: spec).contains("returns: { text: text/event-stream }"))
    }

    @Test func traceIsNotImported() throws {
        let (_, notes) = try imported(
            api(
                """
                /items:
                  get:
                    operationId: listItems
                    responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                  trace:
                    operationId: traceItems
                    responses: { "200": { description: ok } }
                """))
        #expect(notes.contains { $0.severity == .warning && $0.message.contains("not TRACE") })
    }

    // MARK: Servers

    @Test func operationsOnOtherServersNameThem() throws {
        let (spec, notes) = try imported(
            api(
                """
                /repos/{id}/assets:
                  post:
                    operationId: uploadAsset
                    servers:
                      - url: "{origin}"
                        variables: { origin: { default: "https://uploads.example.com" } }
                    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                    requestBody: { required: true, content: { application/octet-stream: { schema: { type: string, format: binary } } } }
                    responses: { "201": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                /files:
                  servers: [{ url: "https://files.example.com/" }]
                  post:
                    operationId: uploadFile
                    requestBody: { required: true, content: { application/octet-stream: { schema: { type: string, format: binary } } } }
                    responses: { "201": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                /regions:
                  servers: [{ url: "https://api.eu.example.com/v2" }]
                  get:
                    operationId: listRegions
                    responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                /items:
                  servers: [{ url: "https://api.example.com/v1" }]
                  get:
                    operationId: listItems
                    responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } } }
                """))
        #expect(spec.contains("baseURL: https://api.example.com/v1\nservers:\n"))
        #expect(spec.contains("\n  uploads: https://uploads.example.com\n"))
        #expect(spec.contains("\n  files: https://files.example.com\n"))
        #expect(block("uploadAsset:", in: spec).contains("server: uploads"))
        #expect(block("uploadAsset:", in: spec).contains("body: { raw: application/octet-stream }"))
        #expect(block("uploadFile:", in: spec).contains("server: files"))
        #expect(block("listRegions:", in: spec).contains("server: eu"))
        #expect(!block("listItems:", in: spec).contains { $0.hasPrefix("server:") })
        #expect(notes.contains { $0.message == "the server variable 'origin' is its default, 'https://uploads.example.com'" })
        #expect(!notes.contains { $0.severity == .warning })
    }

    // MARK: Documentation

    @Test func summariesDescriptionsAndDeprecationAreCarried() throws {
        let (spec, _) = try imported(
            api(
                """
                /items/{id}:
                  get:
                    operationId: getItem
                    summary: Get an item
                    description: |
                      Returns one item.

                      Items in the **trash** are found too.
                    deprecated: true
                    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                    responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Thing" } } } } }
                """,
                components: """
                    Thing:
                      type: object
                      description: A thing in the shop.
                      deprecated: true
                      required: [id]
                      properties:
                        id: { type: string, description: The thing's id. }
                        color: { type: string, deprecated: true }
                    """))
        #expect(
            spec.contains(
                """
                  getItem:
                    summary: Get an item
                    description: |-
                      Returns one item.

                      Items in the **trash** are found too.
                    deprecated: true
                    get: /items/{id}
                    path: { id: String }
                    returns: Thing
                """))
        #expect(
            block("Thing:", in: spec) == [
                "Thing:", "description: A thing in the shop.", "deprecated: true", "fields:", "  id:", "    type: String",
                "    description: The thing's id.", "  color: { type: String?, nullable: false, deprecated: true }",
            ])
    }
}
