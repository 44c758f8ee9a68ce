import Foundation
import Testing

@testable import PagegenImport

/// The names swift-openapi-generator gives, as the paging extensions write them. Each
/// expectation was read off swift-openapi-generator 1.14.3's output; the example
/// package (Examples/OpenAPIGeneratorConsumer) compiles the extensions against that
/// output itself.
@Suite struct SwiftOpenAPINamesTests {
    static let defensive = SwiftOpenAPINames(strategy: .defensive)
    static let idiomatic = SwiftOpenAPINames(strategy: .idiomatic)

    @Test(arguments: [
        ("list-things_forOrg", "list_hyphen_things_forOrg"), ("issues/list-for-repo", "issues_sol_list_hyphen_for_hyphen_repo"),
        ("$nake…", "_dollar_nake_x2026_"), ("1st", "_1st"), ("type", "_type"), ("_", "_underscore_"), ("", "_empty"),
        ("X-Total-Count", "X_hyphen_Total_hyphen_Count"), ("@odata.nextLink", "_commat_odata_period_nextLink"),
    ])
    func defensiveNames(documented: String, swift: String) {
        #expect(Self.defensive.memberName(documented) == swift)
        #expect(Self.defensive.typeName(documented) == swift)
    }

    @Test(arguments: [
        ("list-things_forOrg", "ListThingsForOrg", "listThingsForOrg"), ("issues/list-for-repo", "IssuesListForRepo", "issuesListForRepo"),
        ("per_page", "PerPage", "perPage"), ("X-Trace", "XTrace", "xTrace"), ("HTTPProxy", "HTTPProxy", "httpProxy"),
        ("HELLO_WORLD", "HelloWorld", "helloWorld"), ("get-an-albums-tracks", "GetAnAlbumsTracks", "getAnAlbumsTracks"),
        ("type", "_Type", "_type"), ("next_cursor", "NextCursor", "nextCursor"),
    ])
    func idiomaticNames(documented: String, type: String, member: String) {
        #expect(Self.idiomatic.typeName(documented) == type)
        #expect(Self.idiomatic.memberName(documented) == member)
    }

    @Test func contentTypesAndStatusesHaveTheirCaseNames() {
        #expect(Self.defensive.contentTypeName("application/json") == "json")
        #expect(Self.idiomatic.contentTypeName("application/json; charset=utf-8") == "applicationJsonCharsetUtf8")
        #expect(Self.defensive.contentTypeName("application/vnd.api+json") == "application_vnd_period_api_plus_json")
        #expect(Self.idiomatic.contentTypeName("application/vnd.api+json") == "applicationVnd_apiJson")
        #expect(SwiftOpenAPINames.statusCaseName(200) == "ok")
        #expect(SwiftOpenAPINames.statusCaseName(422) == "unprocessableContent")
        #expect(SwiftOpenAPINames.statusCaseName(418) == "code418")
        #expect(SwiftOpenAPINames.rangeCaseName("4XX") == "clientError")
    }

    @Test func nameOverridesComeFirst() {
        let names = SwiftOpenAPINames(strategy: .idiomatic, overrides: ["list-things": "Things"])
        #expect(names.typeName("list-things") == "Things")
        #expect(names.memberName("list-things") == "Things")
    }
}

/// What `pagegen openapi-paging` writes for a document and a configuration.
@Suite struct OpenAPIGeneratorPagingTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Shop, version: "1" }
        servers: [{ url: "https://shop.example.com/v2" }]
        paths:
          /products:
            get:
              operationId: list-products
              tags: [catalog]
              parameters:
                - { name: offset, in: query, schema: { type: integer } }
                - { name: limit, in: query, schema: { type: integer, maximum: 100 } }
              responses:
                "200":
                  description: A page.
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [products, total]
                        properties:
                          products: { type: array, items: { $ref: "#/components/schemas/Product" } }
                          total: { type: integer }
          /search:
            post:
              operationId: searchProducts
              tags: [search]
              x-speakeasy-pagination:
                type: cursor
                inputs: [{ name: cursor, in: requestBody, type: cursor }]
                outputs: { nextCursor: $.next_cursor, results: $.hits }
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        query: { type: string }
                        cursor: { type: string }
                        limit: { type: integer }
              responses:
                "200":
                  description: Matches.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          hits: { type: array, items: { $ref: "#/components/schemas/Product" } }
                          next_cursor: { type: string, nullable: true }
          /old-products:
            get:
              operationId: listOldProducts
              deprecated: true
              parameters:
                - { name: page, in: query, schema: { type: integer } }
                - { name: per_page, in: query, schema: { type: integer } }
              responses:
                "200":
                  description: A page.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          products: { type: array, items: { $ref: "#/components/schemas/Product" } }
                          total: { type: integer }
        components:
          schemas:
            Product:
              type: object
              required: [id, name]
              properties: { id: { type: integer }, name: { type: string } }
        """

    static func generate(_ config: OpenAPIGeneratorConfig = OpenAPIGeneratorConfig()) throws -> OpenAPIGeneratorPaging.Output {
        try OpenAPIGeneratorPaging.generate(documentText: document, name: "openapi.yaml", config: config)
    }

    @Test func eachPagedOperationGetsItsFourFunctions() throws {
        let output = try Self.generate()
        #expect(output.pagedOperations == ["list-products", "listOldProducts"])
        for function in [
            "list_hyphen_productsPages(", "list_hyphen_productsItems(", "list_hyphen_productsList(",
            "list_hyphen_productsPageLoader(",
        ] {
            #expect(output.source.contains("func \(function)"), "no \(function)")
        }
        #expect(output.source.contains("PagegenRuntime.PageSequence<Components.Schemas.Product>"))
        #expect(output.source.contains("case .offset(let offset): try OpenAPIPaging.assign(offset, to: &input.query.offset)"))
        #expect(output.source.contains("total: .body({ OpenAPIPaging.count((try? $0.ok.body.json)?.total) })"))
    }

    @Test func aPagingParameterInTheBodyGetsANoteInsteadOfCode() throws {
        let output = try Self.generate()
        let note = output.notes.first { $0.topic == OpenAPIGeneratorPaging.topic }
        #expect(
            note?.description
                == "openapi.yaml:24:5: note: /paths/~1search/post: swift-openapi-generator: not paged: the cursor 'cursor' goes in the request body, which the extensions do not set"
        )
        #expect(!output.source.contains("searchProducts"))
    }

    @Test func theConfigurationsNamesAccessFilterAndImportsAreHonoured() throws {
        var config = try OpenAPIGeneratorConfig.parse(
            """
            generate: [types, client]
            namingStrategy: idiomatic
            accessModifier: public
            additionalImports: [ShopModels]
            filter:
              tags: [catalog]
            """, file: "openapi-generator-config.yaml")
        let output = try Self.generate(config)
        #expect(output.pagedOperations == ["list-products"])
        #expect(output.source.contains("public func listProductsItems("))
        #expect(output.source.contains("_ input: Operations.ListProducts.Input"))
        #expect(output.source.contains("\nimport ShopModels\n"))
        config.filterTags = nil
        let deprecated = try Self.generate(config).source
        #expect(deprecated.contains("@available(*, deprecated, message: \"the operation listOldProducts is deprecated\")"))
    }

    @Test func aConfigurationKeyThatIsNotOneIsAnError() {
        #expect(throws: ImportError.self) { try OpenAPIGeneratorConfig.parse("namingStrategy: camel\n", file: "c.yaml") }
        do {
            _ = try OpenAPIGeneratorConfig.parse("generate: [types]\nacessModifier: public\n", file: "c.yaml")
            Issue.record("an unknown key should be refused")
        } catch {
            #expect(
                error.description.hasPrefix("c.yaml:2:1: error: unknown key 'acessModifier' in swift-openapi-generator's configuration"))
        }
    }

    @Test func aSwaggerDocumentIsRefusedAsSwiftOpenAPIGeneratorRefusesIt() {
        do {
            _ = try OpenAPIGeneratorPaging.generate(
                documentText: "swagger: '2.0'\ninfo: { title: T, version: '1' }\npaths: {}\n", name: "api.yaml",
                config: OpenAPIGeneratorConfig())
            Issue.record("Swagger 2.0 should be refused")
        } catch {
            #expect(error.description.hasPrefix("api.yaml:1:10: error: swift-openapi-generator reads OpenAPI 3.0 and 3.1 documents"))
        }
    }
}
