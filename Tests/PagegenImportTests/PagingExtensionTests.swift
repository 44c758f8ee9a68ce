import PagegenImport
import Testing

/// What each pagination extension maps to, and what the importer does when an
/// extension cannot be followed or contradicts the document.
@Suite struct PagingExtensionTests {
    static let list = """
        responses:
          "200":
            description: ok
            content:
              application/json:
                schema:
                  type: object
                  properties:
                    data: { type: array, items: { $ref: "#/components/schemas/Item" } }
                    next: { type: string, nullable: true }
                    numPages: { type: integer }
        """

    @Test func speakeasyOffsetLimitWithAnOffset() throws {
        let (spec, notes) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-speakeasy-pagination:
                      type: offsetLimit
                      inputs: [{ name: skip, in: parameters, type: offset }, { name: take, in: parameters, type: limit }]
                      outputs: { results: $.data }
                    parameters:
                      - { name: skip, in: query, schema: { type: integer } }
                      - { name: take, in: query, schema: { type: integer, default: 10 } }
                    \(Self.list)
                    """))
        #expect(
            paging(of: "listItems", in: spec) == ["offset: { param: skip, first: 0 }", "size: { param: take, default: 10 }", "items: data"])
        #expect(
            notes.contains {
                $0.pointer.description == "/paths/~1items/get/x-speakeasy-pagination"
                    && $0.message.hasSuffix("(from x-speakeasy-pagination)")
            })
    }

    @Test func speakeasyOffsetLimitWithAPageAndNumPages() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-speakeasy-pagination:
                      type: offsetLimit
                      inputs: [{ name: page, in: parameters, type: page }]
                      outputs: { results: $.data, numPages: $.numPages }
                    parameters: [{ name: page, in: query, schema: { type: integer, minimum: 1 } }]
                    \(Self.list)
                    """))
        #expect(paging(of: "listItems", in: spec) == ["page: { param: page, first: 1 }", "items: data", "totalPages: numPages"])
    }

    @Test func speakeasyCursorFromABodyPathAndFromTheLastItem() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-speakeasy-pagination:
                      type: cursor
                      inputs: [{ name: after, in: parameters, type: cursor }]
                      outputs: { nextCursor: $.next, results: $.data }
                    parameters: [{ name: after, in: query, schema: { type: string } }]
                    \(Self.list)
                    """))
        #expect(paging(of: "listItems", in: spec) == ["cursor: { param: after, from: next }", "items: data"])

        let (bare, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-speakeasy-pagination:
                      type: cursor
                      inputs: [{ name: startingAfter, in: parameters, type: cursor }]
                      outputs: { nextCursor: "$[-1].id" }
                    parameters: [{ name: startingAfter, in: query, schema: { type: string } }]
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } }
                    """))
        #expect(paging(of: "listItems", in: bare) == ["cursor: { param: startingAfter, fromItem: id }"])
    }

    @Test func speakeasyURL() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-speakeasy-pagination: { type: url, outputs: { nextUrl: $.next } }
                    \(Self.list)
                    """))
        #expect(paging(of: "listItems", in: spec) == ["next: { from: next }", "items: data"])
    }

    @Test func anExtensionThatNamesADeprecatedParameterIsFollowedWithAWarning() throws {
        let (spec, notes) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-speakeasy-pagination:
                      type: offsetLimit
                      inputs: [{ name: page, in: parameters, type: page }, { name: pageSize, in: parameters, type: limit }]
                      outputs: { results: $ }
                    parameters:
                      - { name: page, in: query, deprecated: true, description: "DEPRECATED. Use `startingAfter` instead.", schema: { type: number, minimum: 0, exclusiveMinimum: true } }
                      - { name: pageSize, in: query, schema: { type: number, minimum: 0, exclusiveMinimum: true, maximum: 100, default: 100 } }
                      - { name: startingAfter, in: query, schema: { type: string } }
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } }
                    """))
        #expect(
            paging(of: "listItems", in: spec) == [
                "page: { param: page, first: 1 }", "size: { param: pageSize, default: 100, min: 1, max: 100 }",
            ])
        let warning = try #require(notes.first { $0.severity == .warning })
        #expect(
            warning.message
                == "it names the page parameter 'page', which the document marks deprecated (DEPRECATED. Use `startingAfter` instead.); the extension is followed"
        )
        #expect(spec.contains("# paging: it names the page parameter 'page', which the document marks deprecated"))
    }

    @Test func fernOffsetWithoutAStepIsAPageNumberAndWithOneAnOffset() throws {
        let (pages, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-fern-pagination: { offset: $request.page, results: $response.data }
                    parameters: [{ name: page, in: query, schema: { type: integer } }, { name: per_page, in: query, example: 15, schema: { type: integer } }]
                    \(Self.list)
                    """))
        #expect(
            paging(of: "listItems", in: pages) == [
                "page: { param: page, first: 1 }", "size: { param: per_page, default: 15 }", "items: data", "totalPages: numPages",
            ])
        #expect(pages.contains("# paging: Fern's offset without a step advances by 1, so it is a page number"))

        let (offsets, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-fern-pagination: { offset: $request.from, step: $request.size, results: $response.data }
                    parameters: [{ name: from, in: query, schema: { type: integer } }, { name: size, in: query, schema: { type: integer, default: 30 } }]
                    \(Self.list)
                    """))
        #expect(
            paging(of: "listItems", in: offsets) == [
                "offset: { param: from, first: 0 }", "size: { param: size, default: 30 }", "items: data",
            ])
    }

    @Test func fernCursorAndNextURI() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-fern-pagination: { cursor: $request.after, next_cursor: $response.next, results: $response.data }
                    parameters: [{ name: after, in: query, schema: { type: string } }]
                    \(Self.list)
                    """))
        #expect(paging(of: "listItems", in: spec) == ["cursor: { param: after, from: next }", "items: data"])

        let (uri, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-fern-pagination: { next_uri: $response.next, results: $response.data }
                    \(Self.list)
                    """))
        #expect(paging(of: "listItems", in: uri) == ["next: { from: next }", "items: data"])
    }

    @Test func fernTrueTakesTheDocumentsOwnBlock() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-fern-pagination: true
                    parameters: [{ name: cursor, in: query, schema: { type: string } }]
                    \(Self.list)
                    """, extra: "x-fern-pagination: { cursor: $request.cursor, next_cursor: $response.next, results: $response.data }"))
        #expect(paging(of: "listItems", in: spec) == ["cursor: { param: cursor, from: next }", "items: data"])
    }

    @Test func aFernCursorInTheRequestBodyGoesInTheBody() throws {
        let text = """
            openapi: 3.0.3
            info: { title: Search API, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /search:
                post:
                  operationId: search
                  x-fern-pagination: { cursor: $request.cursor, next_cursor: $response.next, results: $response.data }
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: { type: object, properties: { query: { type: string }, cursor: { type: string }, page_size: { type: integer } } }
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: { type: object, properties: { data: { type: array, items: { type: string } }, next: { type: string } } }
            """
        let (spec, _) = try imported(text)
        #expect(paging(of: "search", in: spec) == ["cursor: { param: cursor, from: next, in: body }", "items: data"])
        #expect(spec.contains("# paging: 'cursor' is a field of the body SearchBody, so the cursor goes in the body"))

        let (speakeasy, notes) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-speakeasy-pagination:
                      type: cursor
                      inputs: [{ name: after, in: requestBody, type: cursor }]
                      outputs: { nextCursor: $.next, results: $.data }
                    \(Self.list)
                    """))
        #expect(paging(of: "listItems", in: speakeasy).isEmpty)
        #expect(
            notes.contains {
                $0.severity == .warning
                    && $0.message.hasPrefix("x-speakeasy-pagination cannot be followed: it puts its parameters in the body of a GET")
            })
    }

    @Test func aCursorInsideABodyFieldCannotBeWrittenAndIsReported() throws {
        let (spec, notes) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-fern-pagination: { cursor: $request.pagination.after, next_cursor: $response.next, results: $response.data }
                    \(Self.list)
                    """))
        #expect(notes.contains { $0.severity == .warning && $0.message.contains("inside another field") })
        #expect(spec.contains("# paging: x-fern-pagination is not understood: the cursor goes in the request body at 'pagination.after'"))
    }

    @Test func microsoftPageableWithItsItemNameAndOnePageOnly() throws {
        let (spec, notes) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-ms-pageable: { nextLinkName: nextLink, itemName: values }
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                values: { type: array, items: { $ref: "#/components/schemas/Item" } }
                                nextLink: { type: string }
                    """))
        #expect(paging(of: "listItems", in: spec) == ["next: { from: nextLink }", "items: values"])

        let (single, singleNotes) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-ms-pageable: { nextLinkName: null }
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json:
                            schema: { type: object, properties: { value: { type: array, items: { $ref: "#/components/schemas/Item" } }, nextLink: { type: string } } }
                    """))
        #expect(paging(of: "listItems", in: single).isEmpty)
        #expect(singleNotes.contains { $0.message == "not paged: x-ms-pageable says 'nextLinkName: null': a list served as one page" })
        #expect(notes.allSatisfy { $0.severity != .warning })
    }

    @Test func anExtensionWhoseItemsAreNotAListFallsBackToTheShapeWithAWarning() throws {
        let (spec, notes) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-ms-pageable: { nextLinkName: next, itemName: results }
                    \(Self.list)
                    """))
        #expect(paging(of: "listItems", in: spec) == ["next: { from: next }", "items: data"])
        #expect(
            notes.contains {
                $0.severity == .warning && $0.message == "its items 'results' are not a list of the response; the items are read at 'data'"
            })
    }

    @Test func fernOverridesAddTheParametersAndThePagingADocumentLacks() throws {
        let base = document(
            operation: """
                operationId: listItems
                parameters: [{ name: Api-Version, in: header, schema: { type: string } }]
                \(Self.list)
                """)
        let overrides = """
            paths:
              /items:
                get:
                  x-fern-pagination: { cursor: $request.after, next_cursor: $response.next, results: $response.data }
                  parameters:
                    - { name: Api-Version, in: header, required: true, schema: { type: string, default: "2" } }
                    - { name: after, in: query, schema: { type: string } }
            """
        let (spec, notes) = try imported(base, overrides: overrides)
        #expect(paging(of: "listItems", in: spec) == ["cursor: { param: after, from: next }", "items: data"])
        #expect(block("listItems:", in: spec).contains(#"header: { Api-Version: { type: String, default: "2" } }"#))
        let note = try #require(notes.first { $0.topic == "paging" && $0.severity == .note })
        #expect(note.file == "overrides.yaml")
        #expect(note.description.hasPrefix("overrides.yaml:4:7: note: /paths/~1items/get/x-fern-pagination: paging: a cursor in after"))
    }
}
