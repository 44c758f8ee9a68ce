import PagegenImport
import Testing

/// Each recognised shape gives the paging block it stands for, with a note that
/// says what it was inferred from.
@Suite struct PagingInferenceTests {
    @Test func aLinkHeaderIsFollowedAndThePageNumberLeftToTheLinks() throws {
        let (spec, notes) = try imported(
            document(
                operation: """
                    operationId: listItems
                    parameters:
                      - { name: page, in: query, schema: { type: integer, default: 1 } }
                      - { name: per_page, in: query, description: "Results per page (max 100)", schema: { type: integer, default: 30 } }
                    responses:
                      "200":
                        description: ok
                        headers:
                          Link: { schema: { type: string }, example: '<https://x/items?page=2>; rel="next", <https://x/items?page=1>; rel="prev"' }
                        content:
                          application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } }
                    """))
        #expect(paging(of: "listItems", in: spec) == ["next: link", "prev: link", "size: { param: per_page, default: 30, max: 100 }"])
        #expect(!block("listItems:", in: spec).contains { $0.hasPrefix("query:") }, "page and per_page leave the query")
        let note = try #require(notes.first { $0.topic == "paging" })
        #expect(
            note.description == """
                api.yaml:7:5: note: /paths/~1items/get: paging: next link from the Link header, back by the Link header's rel="prev" \
                (inferred from parameters per_page, page and the Link response header)
                """)
        #expect(spec.contains("    # paging: next link from the Link header"))
    }

    @Test func aNextURLNextToTheItemsIsFollowed() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    parameters:
                      - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 50, default: 20 } }
                      - { name: offset, in: query, schema: { type: integer } }
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                items: { type: array, items: { $ref: "#/components/schemas/Item" } }
                                next: { type: string, format: uri, nullable: true }
                                previous: { type: string, description: "URL of the previous page", nullable: true }
                                total: { type: integer }
                    """))
        #expect(
            paging(of: "listItems", in: spec) == [
                "next: { from: next }", "prev: { from: previous }", "size: { param: limit, default: 20, min: 1, max: 50 }", "items: items",
                "total: total",
            ])
    }

    @Test func anODataNextLinkIsAKeyInBrackets() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    parameters: [{ name: $top, in: query, schema: { type: integer, maximum: 999 }, example: 50 }]
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                value: { type: array, items: { $ref: "#/components/schemas/Item" } }
                                "@odata.nextLink": { type: string, nullable: true }
                                "@odata.count": { type: integer }
                    """))
        #expect(
            paging(of: "listItems", in: spec) == [
                #"next: { from: '["@odata.nextLink"]' }"#, "size: { param: $top, default: 50, max: 999 }", "items: value",
                #"total: '["@odata.count"]'"#,
            ])
    }

    @Test func aCursorParameterTakesTheCursorTheResponseGives() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    parameters:
                      - { name: cursor, in: query, schema: { type: string } }
                      - { name: limit, in: query, description: "Must be an integer no larger than 1000.", schema: { type: integer } }
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                ok: { type: boolean }
                                channels: { type: array, items: { $ref: "#/components/schemas/Item" } }
                                response_metadata: { type: object, properties: { next_cursor: { type: string } } }
                    """))
        #expect(
            paging(of: "listItems", in: spec) == [
                "cursor: { param: cursor, from: response_metadata.next_cursor }", "size: { param: limit, default: 100, max: 1000 }",
                "items: channels",
            ])
        #expect(spec.contains("# paging: the document gives no default size for limit; 100 chosen"))
    }

    @Test func aPageTokenComesFromNextPageToken() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    parameters:
                      - { name: pageToken, in: query, schema: { type: string } }
                      - { name: maxResults, in: query, schema: { type: integer, default: 25 } }
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                nextPageToken: { type: string }
                                items: { type: array, items: { $ref: "#/components/schemas/Item" } }
                    """))
        #expect(
            paging(of: "listItems", in: spec) == [
                "cursor: { param: pageToken, from: nextPageToken }", "size: { param: maxResults, default: 25 }", "items: items",
            ])
    }

    @Test func aPaginationTokenComesFromMetaNextToken() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: search
                    parameters:
                      - { name: pagination_token, in: query, schema: { type: string } }
                      - { name: max_results, in: query, schema: { type: integer, minimum: 10, maximum: 100, default: 10 } }
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                data: { type: array, items: { $ref: "#/components/schemas/Item" } }
                                meta: { type: object, properties: { result_count: { type: integer }, next_token: { type: string } } }
                    """))
        #expect(
            paging(of: "search", in: spec) == [
                "cursor: { param: pagination_token, from: meta.next_token }",
                "size: { param: max_results, default: 10, min: 10, max: 100 }", "items: data",
            ])
    }

    @Test func startingAfterWithoutACursorInTheResponseTakesTheLastItemsID() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    parameters:
                      - { name: starting_after, in: query, schema: { type: string } }
                      - { name: ending_before, in: query, schema: { type: string } }
                      - { name: limit, in: query, description: "Limit can range between 1 and 100, and the default is 10.", schema: { type: integer } }
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json:
                            schema:
                              type: object
                              required: [data, has_more]
                              properties:
                                data: { type: array, items: { $ref: "#/components/schemas/Item" } }
                                has_more: { type: boolean }
                    """))
        #expect(
            paging(of: "listItems", in: spec) == [
                "cursor: { param: starting_after, fromItem: id }", "prev: { param: ending_before, fromItem: id }",
                "size: { param: limit, default: 10, min: 1, max: 100 }", "items: data", "hasMore: has_more",
            ])
    }

    @Test func pageNumbersWithATotalAndALastFlag() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    parameters:
                      - { name: page, in: query, schema: { type: integer, minimum: 0 } }
                      - { name: per_page, in: query, schema: { type: integer, default: 20 } }
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json:
                            schema:
                              type: object
                              required: [content, total_pages, last]
                              properties:
                                content: { type: array, items: { $ref: "#/components/schemas/Item" } }
                                total_pages: { type: integer }
                                last: { type: boolean }
                    """))
        #expect(
            paging(of: "listItems", in: spec) == [
                "page: { param: page, first: 0 }", "size: { param: per_page, default: 20 }", "items: content", "totalPages: total_pages",
                "last: last",
            ])
    }

    @Test func startAtAndMaxResultsAreOffsets() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: search
                    parameters:
                      - { name: startAt, in: query, schema: { type: integer, default: 0 } }
                      - { name: maxResults, in: query, schema: { type: integer, default: 50 } }
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                isLast: { type: boolean }
                                total: { type: integer }
                                values: { type: array, items: { $ref: "#/components/schemas/Item" } }
                    """))
        #expect(
            paging(of: "search", in: spec) == [
                "offset: { param: startAt, first: 0 }", "size: { param: maxResults, default: 50 }", "items: values", "total: total",
                "last: isLast",
            ])
    }

    @Test func offsetAndLimitOnABareList() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    parameters:
                      - { name: offset, in: query, schema: { type: integer } }
                      - { name: limit, in: query, schema: { type: integer, default: 25, maximum: 100 } }
                    responses:
                      "200":
                        description: ok
                        headers: { X-Total-Count: { schema: { type: integer } } }
                        content:
                          application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } }
                    """))
        #expect(
            paging(of: "listItems", in: spec) == [
                "offset: { param: offset, first: 0 }", "size: { param: limit, default: 25, max: 100 }", "total: { header: X-Total-Count }",
            ])
    }

    @Test func aListWithNothingThatPagesItIsNotPagedAndSaysSo() throws {
        let (spec, notes) = try imported(
            document(
                operation: """
                    operationId: listItems
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } }
                    """))
        #expect(paging(of: "listItems", in: spec).isEmpty)
        #expect(
            notes.contains { $0.comment == "paging: not paged: the response is a list, and nothing in the document says how to page it" })
        #expect(spec.contains("# paging: not paged: the response is a list"))
    }

    @Test func aSizeWithoutAWayToTheNextPageIsNotPaging() throws {
        let (spec, notes) = try imported(
            document(
                operation: """
                    operationId: listItems
                    parameters: [{ name: limit, in: query, schema: { type: integer } }]
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } }
                    """))
        #expect(paging(of: "listItems", in: spec).isEmpty)
        #expect(block("listItems:", in: spec).contains("query: { limit: Int? }"))
        #expect(
            notes.contains { $0.message == "not paged: the parameter limit sets a page size, but nothing says how to reach the next page" })
    }
}
