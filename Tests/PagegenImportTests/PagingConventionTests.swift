import Foundation
import PagegenImport
import Testing

/// Paging by a document's own conventions: what most of its paged operations show,
/// followed by those that take the same parameters but show less.
@Suite struct PagingConventionTests {
    /// A Slack-like document: four lists declare `response_metadata.next_cursor`; two
    /// take the same `cursor` but their loose schemas do not declare it; one takes it
    /// and holds no list.
    static let slackLike = slackLike(declaring: 4)

    /// The Slack-like document, whose first `declaring` lists declare the cursor's place.
    static func slackLike(declaring: Int) -> String {
        """
        openapi: 3.0.3
        info: { title: Chat API, version: "1" }
        servers: [{ url: "https://chat.example.com/api" }]
        paths:
        \([("conversations.list", "channels"), ("files.list", "files"), ("reactions.list", "items"), ("users.list", "members")].enumerated().map { index, list in
            let (path, items) = list
            return """
              /\(path):
                get:
                  operationId: \(path.replacingOccurrences(of: ".", with: "_"))
                  parameters:
                    - $ref: "#/components/parameters/cursor"
                    - { name: limit, in: query, schema: { type: integer, default: 100 } }
                  responses:
                    "200":
                      description: A page.
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              ok: { type: boolean }
                              \(items): { type: array, items: { $ref: "#/components/schemas/Thing" } }
                              \(index < declaring ? "response_metadata: { $ref: \"#/components/schemas/ResponseMetadata\" }" : "next: { type: string }")
            """
        }.joined(separator: "\n"))
          /conversations.history:
            get:
              operationId: conversations_history
              parameters:
                - $ref: "#/components/parameters/cursor"
                - { name: limit, in: query, schema: { type: integer } }
              responses:
                "200":
                  description: Messages.
                  content:
                    application/json:
                      schema:
                        type: object
                        additionalProperties: true
                        properties:
                          ok: { type: boolean }
                          messages: { type: array, items: { $ref: "#/components/schemas/Thing" } }
                          has_more: { type: boolean }
          /conversations.members:
            get:
              operationId: conversations_members
              parameters:
                - $ref: "#/components/parameters/cursor"
              responses:
                "200":
                  description: Members.
                  content:
                    application/json:
                      schema:
                        type: object
                        additionalProperties: true
                        properties:
                          members: { type: array, items: { type: string } }
          /users.conversations:
            get:
              operationId: users_conversations
              parameters:
                - $ref: "#/components/parameters/cursor"
              responses:
                "200":
                  description: The user's conversations.
                  content:
                    application/json:
                      schema: { type: object, additionalProperties: true, properties: { ok: { type: boolean } } }
                      example:
                        ok: true
                        channels: [{ id: C012AB3CD, name: general }]
                        response_metadata: { next_cursor: dGVhbTpDMDYxRkE1UEI= }
          /team.info:
            get:
              operationId: team_info
              parameters:
                - $ref: "#/components/parameters/cursor"
              responses:
                "200":
                  description: The team.
                  content:
                    application/json:
                      schema: { type: object, additionalProperties: true, properties: { ok: { type: boolean } } }
        components:
          parameters:
            cursor: { name: cursor, in: query, schema: { type: string } }
          schemas:
            Thing: { type: object, required: [id], properties: { id: { type: string } } }
            ResponseMetadata: { type: object, properties: { next_cursor: { type: string } } }
        """
    }

    @Test func anOperationThatTakesTheCursorFollowsWhereMostOfTheDocumentsReadIt() throws {
        let (spec, notes) = try imported(Self.slackLike)
        for endpoint in ["conversationsHistory", "conversationsMembers"] {
            #expect(paging(of: endpoint, in: spec).first == "cursor: { param: cursor, from: response_metadata.next_cursor }", "\(spec)")
        }
        #expect(paging(of: "conversationsHistory", in: spec).contains("hasMore: has_more"))
        // The field the convention reads joins the response model, optional.
        #expect(
            block("ConversationsHistoryResponse:", in: spec).contains("response_metadata: { type: ResponseMetadata?, nullable: false }"),
            "\(spec)")
        let messages = notes.filter { $0.pointer.description == "/paths/~1conversations.history/get" }.map(\.message)
        #expect(
            messages.contains { $0.contains("(inferred from parameter cursor, parameter limit and the document's convention)") },
            "\(messages)")
        #expect(
            messages.contains(
                "the document's convention: 4 of its 4 operations paged by 'cursor' read the next cursor at response_metadata.next_cursor"))
        #expect(
            messages.contains(
                "the response does not declare response_metadata.next_cursor; ConversationsHistoryResponse.response_metadata is added to it, optional"
            ))
        // A loose schema whose example shows the list: the shape is read from the example.
        #expect(
            paging(of: "usersConversations", in: spec).first == "cursor: { param: cursor, from: response_metadata.next_cursor }", "\(spec)")
        #expect(paging(of: "usersConversations", in: spec).contains("items: channels"))
        #expect(
            notes.contains {
                $0.severity == .warning
                    && $0.message
                        == "the response's schema declares no list; its shape is read from the example 'example', every field optional"
            })
        // Without a list, there is nothing to page.
        #expect(paging(of: "teamInfo", in: spec).isEmpty)
    }

    @Test func twoOperationsAreNoConvention() throws {
        let (three, _) = try imported(Self.slackLike(declaring: 3))
        #expect(paging(of: "conversationsHistory", in: three).first == "cursor: { param: cursor, from: response_metadata.next_cursor }")
        let (two, _) = try imported(Self.slackLike(declaring: 2))
        #expect(paging(of: "conversationsHistory", in: two).isEmpty, "\(two)")
    }

    /// Lists paged by item ids: `before` / `after` and a `limit`, the items' `id`, and
    /// nothing in the response that says more follow (Discord's).
    @Test func aListPagedByItemIdsPagesFromTheLastIdAndEndsOnAShortPage() throws {
        let (spec, notes) = try imported(
            document(
                path: "/channels/{channel_id}/messages",
                operation: """
                    operationId: listMessages
                    parameters:
                      - { name: channel_id, in: path, required: true, schema: { type: string } }
                      - { name: before, in: query, schema: { $ref: "#/components/schemas/Snowflake" } }
                      - { name: after, in: query, schema: { $ref: "#/components/schemas/Snowflake" } }
                      - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 100 } }
                    responses:
                      "200":
                        description: Messages.
                        content:
                          application/json:
                            schema: { type: [array, "null"], items: { $ref: "#/components/schemas/Item" } }
                    """,
                components: "Snowflake: { type: string, pattern: \"^(0|[1-9][0-9]*)$\", format: snowflake }", version: "3.1.0"))
        let block = paging(of: "listMessages", in: spec)
        #expect(block.first == "cursor: { param: after, fromItem: id }", "\(spec)")
        #expect(block.contains("prev: { param: before, fromItem: id }"))
        #expect(block.contains("shortPageEnds: true"), "\(spec)")
        #expect(
            notes.map(\.message).contains(
                "nothing in the response says whether more follow: a page shorter than the size asked for ends the list"))
    }
}
