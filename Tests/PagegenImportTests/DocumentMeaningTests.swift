import Foundation
import PagegenImport
import Testing

/// Paging read from what a document means, not from names seen before: what a
/// parameter is for (its description, the answer it gets), which list holds the items,
/// which field holds the next cursor, and what reads one resource; and documents that
/// import whole although a part they do not need is broken.
@Suite struct DocumentMeaningTests {
    // MARK: The items

    @Test func theItemsAreNeverTheErrorsOrMessagesBesideTheResource() throws {
        let (spec, _) = try imported(
            document(
                path: "/zones",
                operation: """
                    operationId: listZones
                    parameters:
                      - { name: page, in: query, schema: { type: integer }, description: Page number of paginated results. }
                      - { name: per_page, in: query, schema: { type: integer } }
                    responses:
                      "200":
                        description: The zones.
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                errors: { type: array, items: { $ref: "#/components/schemas/Message" } }
                                messages: { type: array, items: { $ref: "#/components/schemas/Message" } }
                                success: { type: boolean }
                                result: { type: array, items: { $ref: "#/components/schemas/Item" } }
                                result_info:
                                  type: object
                                  properties: { page: { type: integer }, total_count: { type: integer } }
                    """,
                components: """
                    Message:
                      type: object
                      properties: { code: { type: integer }, message: { type: string } }
                    """))
        #expect(paging(of: "listZones", in: spec).contains("items: result"), "\(spec)")
    }

    @Test func aListDeeperInTheAnswerIsTheItemsWhenNoneIsNearer() throws {
        let (spec, _) = try imported(
            document(
                path: "/incidents",
                operation: """
                    operationId: listIncidents
                    parameters:
                      - { name: "page[number]", in: query, schema: { type: integer } }
                      - { name: "page[size]", in: query, schema: { type: integer } }
                    responses:
                      "200":
                        description: Incidents.
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                data:
                                  type: object
                                  properties:
                                    type: { type: string }
                                    attributes:
                                      type: object
                                      properties:
                                        incidents: { type: array, items: { $ref: "#/components/schemas/Item" } }
                    """))
        #expect(paging(of: "listIncidents", in: spec).contains("items: data.attributes.incidents"), "\(spec)")
    }

    // MARK: The next page

    @Test func theNextCursorIsTheNextPagesNotTheCurrentOnes() throws {
        let (spec, notes) = try imported(
            document(
                path: "/events",
                operation: """
                    operationId: listEvents
                    parameters:
                      - { name: "page[cursor]", in: query, schema: { type: string } }
                      - { name: "page[limit]", in: query, schema: { type: integer } }
                    responses:
                      "200":
                        description: Events.
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                data: { type: array, items: { $ref: "#/components/schemas/Item" } }
                                meta:
                                  type: object
                                  properties:
                                    page:
                                      type: object
                                      properties:
                                        cursor: { type: string, description: The cursor used for the current page. }
                                        next_cursor: { type: string, description: The cursor of the next page. }
                    """))
        #expect(paging(of: "listEvents", in: spec).first == "cursor: { param: \"page[cursor]\", from: meta.page.next_cursor }", "\(spec)")
        #expect(notes.contains { $0.message.contains("the next cursor is meta.page.next_cursor, over meta.page.cursor") })
    }

    @Test func aContinuationTokenAnsweredInTheMetadataIsACursor() throws {
        let (spec, _) = try imported(
            document(
                path: "/pods",
                operation: """
                    operationId: listPods
                    parameters:
                      - { name: limit, in: query, schema: { type: integer } }
                      - name: continue
                        in: query
                        schema: { type: string }
                        description: Set when retrieving more results; the value of the continue field of the previous list.
                    responses:
                      "200":
                        description: Pods.
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                items: { type: array, items: { $ref: "#/components/schemas/Item" } }
                                metadata:
                                  type: object
                                  properties: { continue: { type: string }, resourceVersion: { type: string } }
                    """))
        #expect(paging(of: "listPods", in: spec).first == "cursor: { param: continue, from: metadata.continue }", "\(spec)")
    }

    @Test func aParameterAnsweredByItsNextValueIsACursorWhateverItsName() throws {
        let (spec, _) = try imported(
            document(
                path: "/events",
                operation: """
                    operationId: getEvents
                    parameters:
                      - { name: stream_position, in: query, schema: { type: string }, description: Where in the stream to start. }
                      - { name: limit, in: query, schema: { type: integer } }
                    responses:
                      "200":
                        description: Events.
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                chunk_size: { type: integer }
                                next_stream_position: { type: string }
                                entries: { type: array, items: { $ref: "#/components/schemas/Item" } }
                    """))
        #expect(paging(of: "getEvents", in: spec).first == "cursor: { param: stream_position, from: next_stream_position }", "\(spec)")
    }

    @Test func anOffsetTheDescriptionNamesIsOneThoughItIsTypedAsText() throws {
        let (spec, notes) = try imported(
            document(
                path: "/users",
                operation: """
                    operationId: getUsers
                    parameters:
                      - { name: first, in: query, schema: { type: string }, description: Pagination offset }
                      - { name: max, in: query, schema: { type: string }, description: Maximum results size (defaults to 100) }
                    responses:
                      "200":
                        description: Users.
                        content:
                          application/json:
                            schema: { type: array, items: { $ref: "#/components/schemas/Item" } }
                    """))
        let block = paging(of: "getUsers", in: spec)
        #expect(block.first == "offset: { param: first, first: 0 }", "\(spec)")
        #expect(block.contains("size: { param: max, default: 100 }"), "\(spec)")
        #expect(notes.contains { $0.message.hasPrefix("'first' is typed as text, and its description says it is a number") })
    }

    @Test func aTimestampNamedStartIsNoOffset() throws {
        let (spec, _) = try imported(
            document(
                path: "/events",
                operation: """
                    operationId: listEvents
                    parameters:
                      - { name: start, in: query, required: true, schema: { type: integer }, description: POSIX timestamp. }
                      - { name: page, in: query, schema: { type: integer }, description: Set page to the number of the page to return. }
                    responses:
                      "200":
                        description: Events.
                        content:
                          application/json:
                            schema: { type: object, properties: { events: { type: array, items: { $ref: "#/components/schemas/Item" } } } }
                    """))
        #expect(paging(of: "listEvents", in: spec).first == "page: { param: page, first: 1 }", "\(spec)")
    }

    @Test func aNextLinkIsChosenOverACursorAndTheNoteSaysSo() throws {
        let (spec, notes) = try imported(
            document(
                path: "/me/following",
                operation: """
                    operationId: getFollowed
                    parameters:
                      - { name: after, in: query, schema: { type: string } }
                      - { name: limit, in: query, schema: { type: integer } }
                    responses:
                      "200":
                        description: Artists.
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                next: { type: string, format: uri }
                                cursors: { type: object, properties: { after: { type: string } } }
                                items: { type: array, items: { $ref: "#/components/schemas/Item" } }
                    """))
        #expect(paging(of: "getFollowed", in: spec).first == "next: { from: next }", "\(spec)")
        #expect(
            notes.contains {
                $0.message.hasPrefix("the next link next is chosen over the cursor after from cursors.after")
                    && $0.message.hasSuffix("an overrides file chooses the cursor")
            })
    }

    @Test func anOperationThatReadsOneResourceIsNotPaged() throws {
        let (spec, notes) = try imported(
            document(
                path: "/volumes/{volumeId}",
                operation: """
                    operationId: getVolume
                    parameters:
                      - { name: volumeId, in: path, required: true, schema: { type: string } }
                      - { name: page, in: query, schema: { type: integer } }
                    responses:
                      "200":
                        description: A volume.
                        content:
                          application/json:
                            schema:
                              type: object
                              properties:
                                id: { type: string }
                                tags: { type: array, items: { type: string } }
                    """))
        #expect(paging(of: "getVolume", in: spec).isEmpty, "\(spec)")
        #expect(notes.contains { $0.message.hasPrefix("not paged: it reads one resource") })
    }

    @Test func pagingFieldsInTheBodyOfAPostThatReads() throws {
        let (spec, _) = try imported(
            """
            openapi: 3.0.3
            info: { title: Bank, version: "1" }
            servers: [{ url: "https://bank.example.com" }]
            paths:
              /transfer/list:
                post:
                  operationId: transferList
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            count: { type: integer, description: The number of transfers to return. }
                            offset: { type: integer, description: The number of transfers to skip before returning results. }
                  responses:
                    "200":
                      description: Transfers.
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              transfers: { type: array, items: { type: object, properties: { id: { type: string } } } }
            """)
        let block = paging(of: "transferList", in: spec)
        #expect(block.first == "offset: { param: offset, first: 0, in: body }", "\(spec)")
        #expect(block.contains("size: { param: count, default: 100, in: body }"), "\(block)")
    }

    // MARK: Extensions

    @Test func xPaginationIsRead() throws {
        let (spec, _) = try imported(
            document(
                path: "/dashboards",
                operation: """
                    operationId: listDashboards
                    x-pagination: { limitParam: count, pageOffsetParam: start, resultsPath: dashboards }
                    parameters:
                      - { name: count, in: query, schema: { type: integer } }
                      - { name: start, in: query, schema: { type: integer } }
                    responses:
                      "200":
                        description: Dashboards.
                        content:
                          application/json:
                            schema: { type: object, properties: { dashboards: { type: array, items: { $ref: "#/components/schemas/Item" } } } }
                    """))
        #expect(paging(of: "listDashboards", in: spec).first == "offset: { param: start, first: 0 }", "\(spec)")
    }

    @Test func anotherPagingExtensionGetsANote() throws {
        let (_, notes) = try imported(
            document(
                operation: """
                    operationId: listItems
                    x-pageable: { nextLinkName: next }
                    responses:
                      "200":
                        description: Items.
                        content:
                          application/json:
                            schema: { type: array, items: { $ref: "#/components/schemas/Item" } }
                    """))
        #expect(notes.contains { $0.message.hasPrefix("x-pageable is not an extension pagegen reads") })
    }

    // MARK: Documents with a broken part they do not need

    @Test func swaggersOperationSchemesMediaTypesThatAreNotAndAPathParameterDeclaredInTheQuery() throws {
        let (spec, notes) = try imported(
            """
            swagger: "2.0"
            info: { title: Jobs, version: "1" }
            host: jobs.example.com
            paths:
              /jobs:
                get:
                  schemes: [http]
                  operationId: listJobs
                  produces: [undefined]
                  parameters: [{ name: page, in: query, type: integer }]
                  responses:
                    "200":
                      description: Jobs.
                      schema: { type: object, properties: { jobs: { type: array, items: { type: string } }, total: { type: integer } } }
              /jobs/{job_identifier}:
                get:
                  schemes: [https]
                  operationId: getJob
                  produces: [string]
                  parameters: [{ name: job_identifier, in: query, type: string, required: true }]
                  responses:
                    "200": { description: A job's log., schema: { type: string } }
            """)
        #expect(paging(of: "listJobs", in: spec).first == "page: { param: page, first: 1 }", "\(spec)")
        #expect(block("getJob:", in: spec).contains("path: { job_identifier: String }"), "\(spec)")
        let messages = notes.map(\.message)
        #expect(
            messages.contains(
                "'undefined' is not a media type (a type and a subtype, such as application/json); read as application/json, as its schema shows"
            ))
        #expect(
            messages.contains(
                "'string' is not a media type (a type and a subtype, such as application/json); read as text/plain, as its schema shows"))
        #expect(
            messages.contains(
                "'job_identifier' is declared in the query, and the path holds {job_identifier}: it is read as a path parameter"))
        #expect(messages.contains { $0.hasPrefix("the operation's schemes (http) are left out") })
    }

    @Test func aReferenceInsideAnExtensionToAFileThatIsNotThereStopsNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-extension-ref-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("api"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        openapi: 3.0.3
        info: { title: Music, version: "1" }
        servers: [{ url: "https://music.example.com" }]
        paths:
          /albums:
            get:
              operationId: listAlbums
              x-policy: { $ref: "../policies.yaml" }
              parameters: [{ name: offset, in: query, schema: { type: integer } }, { name: limit, in: query, schema: { type: integer } }]
              responses:
                "200":
                  description: Albums.
                  content:
                    application/json:
                      schema: { $ref: "./schemas.yaml#/AlbumPage" }
        """.write(to: folder.appendingPathComponent("api/openapi.yaml"), atomically: true, encoding: .utf8)
        try """
        AlbumPage:
          type: object
          properties:
            items: { type: array, items: { type: object, properties: { id: { type: string } } } }
            total: { type: integer }
        """.write(to: folder.appendingPathComponent("api/schemas.yaml"), atomically: true, encoding: .utf8)
        let result = try OpenAPIImporter.importDocument(at: folder.appendingPathComponent("api/openapi.yaml"), name: "api/openapi.yaml")
        #expect(result.pagedCount == 1)
    }

    @Test func aReferenceOutsideTheFolderNamesTheFolder() {
        do {
            _ = try OpenAPIImporter.importDocument(
                text: """
                    openapi: 3.0.3
                    info: { title: T, version: "1" }
                    paths:
                      /a:
                        get:
                          responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "../x.yaml" } } } } }
                    """, name: "spec.yaml")
        } catch {
            #expect(!error.description.contains("()"), "\(error.description)")
        }
    }

    @Test func aSchemaThatHoldsItselfThroughTheAlternativesOfAOneOfImports() throws {
        let (spec, _) = try imported(
            document(
                path: "/nodes",
                operation: """
                    operationId: getNode
                    responses:
                      "200":
                        description: A node.
                        content: { application/json: { schema: { $ref: "#/components/schemas/Node" } } }
                    """,
                components: """
                    Node:
                      oneOf:
                        - { type: object, properties: { leaf: { type: string }, next: { $ref: "#/components/schemas/Node" } } }
                        - { type: object, properties: { children: { type: array, items: { $ref: "#/components/schemas/Node" } }, next: { $ref: "#/components/schemas/Node" } } }
                    """))
        #expect(spec.contains("getNode:"))
    }
}
