import PagegenImport
import Testing

/// How JSON Schemas become the spec language's models and types.
@Suite struct SchemaTranslationTests {
    /// A document whose one operation returns `Thing`, declared by `schema`.
    func spec(thing schema: String, version: String = "3.0.3") throws -> (spec: String, notes: [ImportNote]) {
        try imported(
            document(
                operation: """
                    operationId: thing
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json: { schema: { $ref: "#/components/schemas/Thing" } }
                    """, components: "Thing:\n" + schema.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"), version: version)
        )
    }

    @Test func scalarsDatesEnumsMapsAndOptionals() throws {
        let (spec, _) = try spec(
            thing: """
                type: object
                required: [id, created, kind, count, big, ratio, on, site, labels, prices]
                properties:
                  id: { type: string }
                  created: { type: string, format: date-time }
                  day: { type: string, format: date }
                  kind: { type: string, enum: [open, closed, in-review] }
                  count: { type: integer }
                  big: { type: integer, format: int64 }
                  ratio: { type: number }
                  on: { type: boolean }
                  site: { type: string, format: uri }
                  homepage: { type: string, format: uri }
                  labels: { type: array, items: { type: string } }
                  prices: { type: object, additionalProperties: { type: number } }
                  extra: { type: object }
                  note: { type: string, nullable: true }
                """)
        #expect(
            block("Thing:", in: spec) == [
                "Thing:", "id: String", "created: Date", "day: { type: Date?, nullable: false }",
                "kind: { enum: [open, closed, in-review] }", "count: Int",
                "big: Int64",
                "ratio: Double", #""on": Bool"#, "site: URL", "homepage: { type: String?, nullable: false }", "labels: [String]",
                "prices: { map: Double }",
                "extra: { type: JSON?, nullable: false }", "note: String?",
            ])
    }

    @Test func openAPI31NullTypesAreAlwaysSentButMayBeNull() throws {
        let (spec, _) = try spec(
            thing: """
                type: object
                required: [id, name, tags]
                properties:
                  id: { type: string }
                  name: { type: [string, "null"] }
                  tags: { type: [array, "null"], items: { type: string } }
                """, version: "3.1.0")
        #expect(
            block("Thing:", in: spec) == [
                "Thing:", "id: String", "name: { type: String, nullable: true }", #"tags: { type: "[String]", nullable: true }"#,
            ])
    }

    @Test func allOfMergesItsPartsIntoOneModel() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: thing
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json: { schema: { $ref: "#/components/schemas/Page" } }
                    """,
                components: """
                    Paging:
                      type: object
                      required: [items, total]
                      properties: { total: { type: integer }, next: { type: string, nullable: true } }
                    Page:
                      allOf:
                        - $ref: "#/components/schemas/Paging"
                        - type: object
                          properties: { items: { type: array, items: { $ref: "#/components/schemas/Item" } } }
                    """))
        #expect(block("Page:", in: spec) == ["Page:", "total: Int", "next: String?", "items: [Item]"])
    }

    @Test func unionsAreEnumsOptionalsMergedModelsOrJSON() throws {
        let (spec, notes) = try spec(
            thing: """
                type: object
                required: [state, owner, source, shape]
                properties:
                  state: { oneOf: [{ type: string, enum: [a, b] }, { type: string, enum: [c] }] }
                  owner: { anyOf: [{ $ref: "#/components/schemas/Item" }], nullable: true }
                  source: { anyOf: [{ type: string }, { $ref: "#/components/schemas/Item" }] }
                  shape:
                    oneOf:
                      - { type: object, required: [kind, radius], properties: { kind: { type: string }, radius: { type: number } } }
                      - { type: object, required: [kind, side], properties: { kind: { type: string }, side: { type: number } } }
                """)
        #expect(
            block("Thing:", in: spec) == [
                "Thing:", "state: { enum: [a, b, c] }", "owner: { type: Item, nullable: true }", "source: JSON", "shape: ThingShape",
            ])
        #expect(
            block("ThingShape:", in: spec) == [
                "ThingShape:", "alternatives: [[radius], [side]]", "fields:", "  kind: String",
                "  radius: { type: Double?, nullable: false }",
                "  side: { type: Double?, nullable: false }",
            ])
        #expect(notes.contains { $0.message == "JSON: anyOf string and Item" })
        #expect(spec.contains("# source: JSON: anyOf string and Item"))
    }

    @Test func fieldsThatWouldBeOneSwiftPropertyGetSwiftNames() throws {
        let (spec, notes) = try spec(
            thing: """
                type: object
                properties:
                  "+1": { type: integer }
                  "-1": { type: integer }
                  sale_price: { type: number }
                  salePrice: { type: number }
                """)
        #expect(
            block("Thing:", in: spec) == [
                "Thing:", #""+1": { type: Int?, nullable: false }"#, #""-1": { type: Int?, swiftName: minus1, nullable: false }"#,
                "sale_price: { type: Double?, nullable: false }",
                "salePrice: { type: Double?, swiftName: salePriceValue, nullable: false }",
            ])
        #expect(spec.contains("  # -1: '-1' and '+1' would be one Swift property; '-1' is 'minus1' in Swift\n"))
        #expect(
            notes.contains {
                $0.message == "'salePrice' and 'sale_price' would be one Swift property; 'salePrice' is 'salePriceValue' in Swift"
            })
    }

    @Test func parametersThatWouldBeAnArgumentTheFunctionsAddGetSwiftNames() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: listItems
                    parameters:
                      - { name: cursor, in: query, schema: { type: string } }
                      - { name: page, in: query, schema: { type: integer } }
                      - { name: completion, in: query, schema: { type: boolean } }
                      - { name: from, in: query, schema: { type: string, format: date-time } }
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json:
                            schema: { type: object, properties: { items: { type: array, items: { $ref: "#/components/schemas/Item" } }, next_cursor: { type: string } } }
                    """))
        let endpoint = block("listItems:", in: spec)
        #expect(endpoint.contains("  page: { type: Int, optional: true, swiftName: pageValue }"))
        #expect(endpoint.contains("  completion: { type: Bool, optional: true, swiftName: completionValue }"))
        #expect(endpoint.contains("  from: { type: Date, optional: true, swiftName: fromValue }"))
        #expect(
            spec.contains(
                "# parameter: 'from' would be the same Swift argument as the point the sequences resume from; it is 'fromValue:' in Swift"))
        #expect(spec.contains("# parameter: 'page' would be the same Swift argument as the page; it is 'pageValue:' in Swift"))
    }

    @Test func aModelWithAFieldCalledFieldsUsesTheLongForm() throws {
        let (spec, _) = try spec(
            thing: """
                type: object
                properties:
                  id: { type: string }
                  fields: { type: object, additionalProperties: true }
                """)
        #expect(
            block("Thing:", in: spec) == [
                "Thing:", "fields:", "  id: { type: String?, nullable: false }", "  fields: { type: JSON?, nullable: false }",
            ])
    }

    @Test func unixTimesAreDatesInSeconds() throws {
        let (spec, _) = try spec(
            thing: """
                type: object
                required: [created]
                properties: { created: { type: integer, format: unix-time } }
                """)
        #expect(spec.contains("\ndates: unixSeconds\n"))
        #expect(block("Thing:", in: spec) == ["Thing:", "created: Date"])
    }

    @Test func componentsWrittenAlikeShareTheModelOfTheOneThatIsNotNullable() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: thing
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json: { schema: { $ref: "#/components/schemas/Issue" } }
                    """,
                components: """
                    nullable-user: { type: object, nullable: true, required: [login], properties: { login: { type: string } } }
                    user: { type: object, required: [login], properties: { login: { type: string } } }
                    Issue:
                      type: object
                      required: [author, owner]
                      properties:
                        author: { $ref: "#/components/schemas/nullable-user" }
                        owner: { $ref: "#/components/schemas/user" }
                    """))
        #expect(block("Issue:", in: spec) == ["Issue:", "author: { type: User, nullable: true }", "owner: User"])
        #expect(!spec.contains("NullableUser"))
    }

    @Test func aModelNamedLikeABuiltInTypeIsRenamedAndOneNamedLikeARuntimeTypeIsNot() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: thing
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json: { schema: { $ref: "#/components/schemas/string" } }
                    """,
                components: """
                    string: { type: object, properties: { message: { $ref: "#/components/schemas/Error" } } }
                    Error: { type: object, properties: { message: { type: string } } }
                    """))
        #expect(block("StringModel:", in: spec) == ["StringModel:", "message: { type: Error?, nullable: false }"])
        #expect(
            block("Error:", in: spec) == ["Error:", "message: { type: String?, nullable: false }"],
            "generated code names Swift's Error by its module")
        #expect(block("thing:", in: spec).contains("returns: StringModel"))
    }

    @Test func namesTheGeneratorRefusesForAModelGetModel() throws {
        let (spec, _) = try imported(
            document(
                operation: """
                    operationId: thing
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json: { schema: { $ref: "#/components/schemas/Type" } }
                    """,
                components: """
                    Type:
                      type: object
                      properties:
                        a: { $ref: "#/components/schemas/Foundation" }
                        b: { $ref: "#/components/schemas/CodingKeys" }
                        c: { $ref: "#/components/schemas/Any" }
                        d: { $ref: "#/components/schemas/Operations" }
                    Foundation: { type: object, properties: { f: { type: string } } }
                    CodingKeys: { type: object, properties: { k: { type: string } } }
                    Any: { type: object, properties: { y: { type: string } } }
                    Operations: { type: object, properties: { o: { type: string } } }
                    """))
        #expect(
            block("TypeModel:", in: spec) == [
                "TypeModel:", "a: { type: FoundationModel?, nullable: false }", "b: { type: CodingKeysModel?, nullable: false }",
                "c: { type: AnyModel?, nullable: false }", "d: { type: Operations?, nullable: false }",
            ], "a model may be called Operations: the client's nested enum gives way")
    }

    @Test func aResponseWithOnlyAnExampleIsReadFromTheExample() throws {
        let (spec, notes) = try imported(
            document(
                operation: """
                    operationId: thing
                    responses:
                      "200":
                        description: ok
                        content:
                          application/json:
                            examples:
                              first: { value: { type: list, total: 2, data: [{ id: "1", price: 1.5 }, { id: "2", tags: [a] }] } }
                    """))
        #expect(
            block("ThingResponse:", in: spec) == [
                "ThingResponse:", "type: { type: String?, nullable: false }", "total: { type: Int?, nullable: false }",
                #"data: { type: "[ThingResponseData]?", nullable: false }"#,
            ])
        #expect(
            block("ThingResponseData:", in: spec) == [
                "ThingResponseData:", "id: { type: String?, nullable: false }", "price: { type: Double?, nullable: false }",
                #"tags: { type: "[String]?", nullable: false }"#,
            ])
        #expect(
            notes.contains {
                $0.severity == .warning
                    && $0.message.hasPrefix("the response declares no schema; its shape is read from the example 'first'")
            })
    }
}
