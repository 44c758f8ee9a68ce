import PagegenImport
import Testing

/// What a document says of each property, kept: whether it may be left out
/// (`required`) and whether it may be `null` (3.0's `nullable`, 3.1's `null` type,
/// a `oneOf` with `null`, Swagger 2.0's `x-nullable`), and the third state for what
/// is only sent.
@Suite struct FieldPresenceTests {
    /// A document whose GET answers `Thing`, whose PATCH (when `changes` are given)
    /// takes `ThingChanges` as `mediaType` and answers `Thing`, with `others`
    /// (component schemas, one per line) beside them.
    static func document(
        version: String = "3.0.3", thing: String, changes: String? = nil, mediaType: String = "application/json",
        others: String = ""
    ) -> String {
        let indent = { (text: String, spaces: Int) in
            text.split(separator: "\n").map { String(repeating: " ", count: spaces) + $0 }.joined(separator: "\n")
        }
        let patch =
            changes == nil
            ? ""
            : """
                patch:
                  operationId: changeThing
                  requestBody:
                    required: true
                    content:
                      \(mediaType): { schema: { $ref: "#/components/schemas/ThingChanges" } }
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json: { schema: { $ref: "#/components/schemas/Thing" } }
            """
        return """
            openapi: \(version)
            info: { title: Things, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /things/{id}:
                parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                get:
                  operationId: thing
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json: { schema: { $ref: "#/components/schemas/Thing" } }
            \(patch)
            components:
              schemas:
                Thing:
            \(indent(thing, 6))
            \(changes.map { "    ThingChanges:\n" + indent($0, 6) } ?? "")
            \(indent(others, 4))
            """
    }

    @Test func openAPI30RequiredAndNullableGiveTheFourForms() throws {
        let (spec, _) = try imported(
            Self.document(
                thing: """
                    type: object
                    required: [id, closed_at]
                    properties:
                      id: { type: string }
                      closed_at: { type: string, format: date-time, nullable: true }
                      due_on: { type: string, format: date }
                      note: { type: string, nullable: true }
                    """))
        #expect(
            block("Thing:", in: spec) == [
                "Thing:", "id: String", "closed_at: { type: Date, nullable: true }", "due_on: { type: Date?, nullable: false }",
                "note: String?",
            ])
    }

    /// 3.1 says `null` with a type or an alternative; 3.0 with `nullable`, beside a
    /// reference too.
    @Test(arguments: ["3.1.0", "3.0.3"])
    func aNullTypeOrAOneOfWithNullIsNullable(version: String) throws {
        let nullable = version == "3.1.0" ? #"{ type: [integer, "null"] }"# : "{ type: integer, nullable: true }"
        let owner =
            version == "3.1.0"
            ? ##"{ oneOf: [{ $ref: "#/components/schemas/Owner" }, { type: "null" }] }"##
            : ##"{ allOf: [{ $ref: "#/components/schemas/Owner" }], nullable: true }"##
        let (spec, _) = try imported(
            Self.document(
                version: version,
                thing: """
                    type: object
                    required: [id, count, owner]
                    properties:
                      id: { type: string }
                      count: \(nullable)
                      owner: \(owner)
                      previous: \(owner)
                    """,
                others: "Owner: { type: object, required: [login], properties: { login: { type: string } } }"))
        #expect(
            block("Thing:", in: spec) == [
                "Thing:", "id: String", "count: { type: Int, nullable: true }", "owner: { type: Owner, nullable: true }",
                "previous: Owner?",
            ])
    }

    @Test func swagger2sXNullableIsNullable() throws {
        let (spec, _) = try imported(
            """
            swagger: "2.0"
            info: { title: Things, version: "1" }
            host: api.example.com
            schemes: [https]
            paths:
              /things:
                get:
                  operationId: things
                  produces: [application/json]
                  responses:
                    "200": { description: ok, schema: { $ref: "#/definitions/Thing" } }
            definitions:
              Thing:
                type: object
                required: [id, label]
                properties:
                  id: { type: string }
                  label: { type: string, x-nullable: true }
                  nickname: { type: string, x-nullable: true }
                  color: { type: string }
            """)
        #expect(
            block("Thing:", in: spec) == [
                "Thing:", "id: String", "label: { type: String, nullable: true }", "nickname: String?",
                "color: { type: String?, nullable: false }",
            ])
    }

    @Test func aModelOnlySentGetsTheThirdStateAndOneAlsoAnsweredDoesNot() throws {
        let (spec, _) = try imported(
            Self.document(
                thing: """
                    type: object
                    required: [id]
                    properties:
                      id: { type: string }
                      milestone: { type: integer, nullable: true }
                    """,
                changes: """
                    type: object
                    properties:
                      title: { type: string }
                      milestone: { type: integer, nullable: true }
                    """))
        #expect(
            block("ThingChanges:", in: spec) == [
                "ThingChanges:", "title: { type: String?, nullable: false }", "milestone: { type: Int?, nullable: true }",
            ])
        #expect(block("Thing:", in: spec) == ["Thing:", "id: String", "milestone: Int?"])
    }

    @Test func everyFieldOfAMergePatchThatMayBeLeftOutHasThreeStates() throws {
        let (spec, notes) = try imported(
            Self.document(
                thing: """
                    type: object
                    required: [id]
                    properties:
                      id: { type: string }
                    """,
                changes: """
                    type: object
                    required: [revision]
                    properties:
                      revision: { type: integer }
                      title: { type: string }
                      labels: { type: array, items: { type: string } }
                    """, mediaType: "application/merge-patch+json"))
        #expect(
            block("ThingChanges:", in: spec) == [
                "ThingChanges:", "revision: Int", "title: { type: String?, nullable: true }",
                #"labels: { type: "[String]?", nullable: true }"#,
            ])
        #expect(
            notes.contains {
                $0.message
                    == "the body is a JSON merge patch: each field that is not required is left out (kept), null (removed) or a value"
            })
    }
}
