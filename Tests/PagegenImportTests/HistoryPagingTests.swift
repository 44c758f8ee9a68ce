import Foundation
import PagegenImport
import Testing

/// A history served newest first, as a chat's messages are: parameters for the items
/// older and newer than an id, and one for the page around an item, give `prev:` and
/// `around:`, with the older items as the next page.
@Suite struct HistoryPagingTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/discord-like.openapi.yaml")

    @Test func aChannelsMessagesPageOlderWithBeforeNewerWithAfterAndOpenAround() throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let (spec, notes) = try imported(text)
        #expect(
            paging(of: "listMessages", in: spec) == [
                "cursor: { param: before, fromItem: id }", "prev: { param: after, fromItem: id }", "around: { param: around }",
                "size: { param: limit, default: 50, min: 1, max: 100 }", "shortPageEnds: true",
            ], "\(spec)")
        #expect(!block("listMessages:", in: spec).contains { $0.hasPrefix("query:") }, "before, after, around and limit leave the query")
        let note = try #require(notes.first { $0.topic == "paging" && $0.message.contains("around") })
        #expect(
            note.description.hasPrefix(
                "api.yaml:12:5: note: /paths/~1channels~1{channel_id}~1messages/get: paging: a cursor in before, from the last item's id, back with after, around an item with around"
            ), "\(note.description)")
        #expect(note.message.contains("(inferred from parameters before, after, around, limit and the items' id)"), "\(note.message)")
        #expect(
            notes.map(\.message).contains {
                $0.hasPrefix("'around' asks for the page around a message: a history served newest first")
            })
        #expect(spec.contains("    # paging: a cursor in before, from the last item's id, back with after, around an item with around"))
    }

    /// `before` and `after` without `around` keep their reading: the next page is after
    /// the last item seen (Discord's guilds, listed by id).
    @Test func beforeAndAfterAloneStillPageAfterTheLastItem() throws {
        let text = try String(contentsOf: Self.fixture, encoding: .utf8)
        let (spec, _) = try imported(text)
        #expect(
            paging(of: "listMyGuilds", in: spec) == [
                "cursor: { param: after, fromItem: id }", "prev: { param: before, fromItem: id }",
                "size: { param: limit, default: 200, min: 1, max: 200 }", "shortPageEnds: true",
            ], "\(spec)")
        #expect(paging(of: "getMessage", in: spec).isEmpty)
    }

    @Test func olderAndNewerSayWhichWayTheHistoryGoes() throws {
        let (spec, notes) = try imported(
            document(
                path: "/rooms/{room}/events",
                operation: """
                    operationId: listEvents
                    parameters:
                      - { name: room, in: path, required: true, schema: { type: string } }
                      - { name: newer, in: query, schema: { type: string } }
                      - { name: older, in: query, schema: { type: string } }
                      - { name: limit, in: query, schema: { type: integer, maximum: 100, default: 20 } }
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } }
                    """))
        #expect(
            paging(of: "listEvents", in: spec) == [
                "cursor: { param: older, fromItem: id }", "prev: { param: newer, fromItem: id }",
                "size: { param: limit, default: 20, max: 100 }", "shortPageEnds: true",
            ], "\(spec)")
        #expect(notes.map(\.message).contains { $0.hasPrefix("'older' and 'newer' name the items older and newer than an id") })
    }

    /// An `around` parameter joins a cursor block that goes both ways (Stripe's
    /// `starting_after` and `ending_before`), when the items have an id to send.
    @Test func aroundJoinsAListThatGoesBothWays() throws {
        let operation = """
            operationId: listItems
            parameters:
              - { name: starting_after, in: query, schema: { type: string } }
              - { name: ending_before, in: query, schema: { type: string } }
              - { name: around, in: query, schema: { type: string } }
              - { name: limit, in: query, schema: { type: integer, default: 10 } }
            responses:
              "200":
                description: ok
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        data: { type: array, items: { $ref: "#/components/schemas/Item" } }
                        has_more: { type: boolean }
            """
        let (spec, _) = try imported(document(operation: operation))
        #expect(
            paging(of: "listItems", in: spec) == [
                "cursor: { param: starting_after, fromItem: id }", "prev: { param: ending_before, fromItem: id }",
                "around: { param: around }", "size: { param: limit, default: 10 }", "items: data", "hasMore: has_more",
            ], "\(spec)")

        // Without a way back, `around` stays an ordinary parameter.
        let (oneWay, _) = try imported(document(operation: operation.replacingOccurrences(of: "ending_before", with: "query")))
        #expect(paging(of: "listItems", in: oneWay).first == "cursor: { param: starting_after, fromItem: id }")
        #expect(!paging(of: "listItems", in: oneWay).contains { $0.hasPrefix("around:") })
        #expect(block("listItems:", in: oneWay).contains { $0.contains("around") })
    }
}
