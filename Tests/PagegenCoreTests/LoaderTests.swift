import PagegenCore
import PagegenYAML
import Testing

/// Stage 1: what the loader reads from spec text, and what it reports, with the
/// exact line and column of each problem.
@Suite struct LoaderTests {
    // MARK: Documents that are no spec at all

    @Test func aTabInTheIndentationIsCalledATab() {
        let (spec, output) = SpecProbe.load("pagegen: 1\nname: Shop\nmodels:\n\tProduct: {}\n")
        #expect(spec == nil)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:4:1: error: a tab in the indentation: YAML indents with spaces; replace the tab with spaces"
            ])
    }

    @Test func aTabAmongSpacesOrAfterADashIsCalledATab() {
        let (_, amongSpaces) = SpecProbe.load("pagegen: 1\nname: Shop\nmodels:\n  Item:\n  \t  id: Int\n")
        #expect(
            amongSpaces == [
                "specs/shop.pagegen.yaml:5:3: error: a tab in the indentation: YAML indents with spaces; replace the tab with spaces"
            ])
        let (_, afterADash) = SpecProbe.load("pagegen: 1\nname: Shop\nmodels:\n  Item:\n    - \tid\n")
        #expect(
            afterADash == [
                "specs/shop.pagegen.yaml:5:7: error: a tab where YAML needs a space: YAML separates and indents with spaces; replace the tab with spaces"
            ])
    }

    @Test func anUnclosedBracketIsMalformedYAML() {
        let (spec, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            models:
              Product: { id: Int, tags: [String }
            endpoints: {}
            """)
        #expect(spec == nil)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:4:37: error: malformed YAML: did not find expected ',' or ']' while parsing a flow sequence"
            ])
    }

    @Test func anUnclosedQuoteIsReportedWhereTheTextEnds() {
        let (spec, output) = SpecProbe.load("pagegen: 1\nname: \"Shop\nbaseURL: https://api.example.com\n")
        #expect(spec == nil)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:4:1: error: malformed YAML: found unexpected end of stream while scanning a quoted scalar"
            ])
    }

    @Test func anUnquotedOptionalListIsMalformedYAML() {
        let (spec, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            models:
              Product:
                tags: [String]?
            """)
        #expect(spec == nil)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:5:19: error: malformed YAML: mapping keys are not allowed in this context; a value that starts with '[' is a YAML list; quote a type written so: \"[String]?\""
            ])
    }

    @Test func aSecondDocumentIsAnError() {
        let (spec, output) = SpecProbe.load("pagegen: 1\nname: Shop\n---\nmodels: {}\n")
        #expect(spec == nil)
        #expect(output == ["specs/shop.pagegen.yaml:3:1: error: malformed YAML: a spec is one YAML document; remove the second '---'"])
    }

    @Test func anUnknownAliasIsAnError() {
        let (spec, output) = SpecProbe.load("pagegen: 1\nname: *apiName\n")
        #expect(spec == nil)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:2:7: error: malformed YAML: unknown alias '*apiName'; define '&apiName' on a value before this line"
            ])
    }

    @Test(arguments: ["", "\n\n", "# nothing yet\n"])
    func anEmptyDocumentIsAnError(_ text: String) {
        let (spec, output) = SpecProbe.load(text)
        #expect(spec == nil)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:1:1: error: the spec is empty; start with 'pagegen: 1', 'name:', 'baseURL:', 'models:' and 'endpoints:'"
            ])
    }

    @Test
    func aDocumentMarkerAloneIsAnEmptySpec() {
        let (spec, output) = SpecProbe.load("---\n")
        #expect(spec == nil)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:1:1: error: the spec is empty; start with 'pagegen: 1', 'name:', 'baseURL:', 'models:' and 'endpoints:'"
            ])
    }

    @Test func aRootThatIsAListIsAnError() {
        let (spec, output) = SpecProbe.load("- pagegen: 1\n- name: Shop\n")
        #expect(spec == nil)
        #expect(output == ["specs/shop.pagegen.yaml:1:1: error: the spec must be a mapping, not a list"])
    }

    @Test func aRootThatIsTextIsAnError() {
        let (spec, output) = SpecProbe.load("just some words\n")
        #expect(spec == nil)
        #expect(output == ["specs/shop.pagegen.yaml:1:1: error: the spec must be a mapping, not a scalar"])
    }

    // MARK: The top level

    @Test func anUnsupportedVersionIsAnError() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 2
            name: Shop
            baseURL: https://api.example.com
            endpoints: {}
            """)
        #expect(output == ["specs/shop.pagegen.yaml:1:10: error: unsupported spec version 2; this pagegen reads 'pagegen: 1'"])
    }

    @Test func aVersionThatIsNoNumberIsAnError() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: one
            name: Shop
            baseURL: https://api.example.com
            endpoints: {}
            """)
        #expect(output == ["specs/shop.pagegen.yaml:1:10: error: 'pagegen' in the spec must be a whole number, not 'one'"])
    }

    @Test func aMissingVersionOrEndpointsIsAWarning() {
        let (spec, output) = SpecProbe.load(
            """
            name: Shop
            baseURL: https://api.example.com
            """)
        #expect(spec != nil)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:1:1: warning: the spec does not say its version; add 'pagegen: 1' at the top",
                "specs/shop.pagegen.yaml:1:1: warning: the spec declares no endpoints; add an 'endpoints:' mapping",
            ])
    }

    @Test func aMissingNameOrBaseURLIsAnError() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            endpoints: {}
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:1:1: error: the spec needs 'name'; add 'name: MyAPI' (the client becomes MyAPIClient)",
                "specs/shop.pagegen.yaml:1:1: error: the spec needs 'baseURL'; add 'baseURL: https://api.example.com/v1'",
            ])
    }

    @Test func anUnknownTopLevelKeySuggestsTheClosestKey() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseUrl: https://api.example.com
            baseURL: https://api.example.com
            endpoints: {}
            """)
        #expect(output == ["specs/shop.pagegen.yaml:3:1: error: unknown key 'baseUrl' in the spec; did you mean 'baseURL'?"])
    }

    @Test func anUnknownTopLevelKeyFarFromAnyListsTheKeys() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            hosts: []
            endpoints: {}
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:4:1: error: unknown key 'hosts' in the spec; expected one of: pagegen, name, namespace, description, baseURL, servers, auth, headers, dates, zone, throttle, errors, store, models, endpoints"
            ])
    }

    @Test func aKeyWrittenTwiceIsAnError() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            name: Store
            endpoints: {}
            """)
        #expect(output == ["specs/shop.pagegen.yaml:4:1: error: 'name' is written twice in the spec; remove one of them"])
    }

    @Test func anUnknownDateFormatSuggestsTheClosest() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            dates: unixSecond
            endpoints: {}
            """)
        #expect(output == ["specs/shop.pagegen.yaml:4:8: error: unknown date format 'unixSecond'; did you mean 'unixSeconds'?"])
    }

    @Test func theTopLevelIsRead() throws {
        let (spec, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            namespace: ShopAPI
            description: A shop.
            baseURL: https://api.example.com
            auth: [bearer, { apiKey: { header: X-API-Key } }, { apiKey: { query: key } }, basic]
            headers: { Accept-Version: "2024-01-01" }
            dates: unixMilliseconds
            errors: { flag: ok, message: error.message }
            endpoints: {}
            """)
        #expect(output == [])
        let loaded = try #require(spec)
        #expect(loaded.name.value == "Shop")
        #expect(loaded.namespace?.value == "ShopAPI")
        #expect(loaded.description == "A shop.")
        #expect(loaded.baseURL.value == "https://api.example.com")
        #expect(loaded.auth == [.bearer, .headerKey("X-API-Key"), .queryKey("key"), .basic])
        #expect(loaded.headers.map { "\($0.name): \($0.value)" } == ["Accept-Version: 2024-01-01"])
        #expect(loaded.dateFormat == .unixMilliseconds)
        #expect(loaded.bodyError?.flag?.value.description == "ok")
        #expect(loaded.bodyError?.message.value.description == "error.message")
    }

    @Test func anUnknownAuthSchemeSuggestsTheClosest() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            auth: { bearr: {} }
            endpoints: {}
            """)
        #expect(output == ["specs/shop.pagegen.yaml:4:9: error: unknown key 'bearr' in 'auth'; did you mean 'bearer'?"])
    }

    @Test func anAPIKeyNeedsWhereItGoes() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            auth: [apiKey, { apiKey: {} }]
            endpoints: {}
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:4:8: error: 'apiKey' needs where the key goes; write 'apiKey: { header: X-API-Key }' or 'apiKey: { query: api_key }'",
                "specs/shop.pagegen.yaml:4:26: error: 'apiKey' needs 'header' or 'query'; write 'apiKey: { header: X-API-Key }'",
            ])
    }

    // MARK: Models and types

    @Test func aModelDeclaredTwiceIsAnError() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product:
                id: Int
              Product:
                name: String
            endpoints: {}
            """)
        #expect(output == ["specs/shop.pagegen.yaml:7:3: error: the model 'Product' is declared twice; rename or remove one"])
    }

    @Test func manyModelsAndEndpointsLoadInDocumentOrderWithTheirDiagnosticsInOrder() throws {
        // Enough entries to be read on several threads: what they report must come out
        // as if they were read one by one.
        var text = "pagegen: 1\nname: Shop\nbaseURL: https://api.example.com\nmodels:\n"
        for index in 0..<300 {
            text += index % 50 == 7 ? "  Model\(index):\n    id: Strng\n    id: Int\n" : "  Model\(index):\n    id: Int\n"
            if index == 123 { text += "  Model5:\n    id: Int\n" }
        }
        text += "endpoints:\n"
        for index in 0..<300 {
            text += "  list\(index):\n    get: /models/\(index)\n    returns: \(index % 70 == 3 ? "[Nothing]" : "Model\(index)")\n"
        }
        let diagnostics = DiagnosticCollector()
        let spec = try #require(SpecLoader.load(text, file: SpecProbe.file, diagnostics: diagnostics))
        #expect(spec.models.map(\.name.value) == (0..<300).map { "Model\($0)" })
        #expect(spec.endpoints.map(\.name.value) == (0..<300).map { "list\($0)" })
        let found = diagnostics.diagnostics
        #expect(!found.isEmpty)
        #expect(found.map(\.description) == diagnostics.sorted.map(\.description), "told in document order")
        #expect(found.contains { $0.message == "the model 'Model5' is declared twice" })
    }

    @Test func aFieldDeclaredTwiceIsAnError() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product:
                id: Int
                name: String
                id: String
            endpoints: {}
            """)
        #expect(output == ["specs/shop.pagegen.yaml:8:5: error: the field 'id' is declared twice in model 'Product'; remove one of them"])
    }

    @Test func aModelNameMustBeASwiftTypeName() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              product: { id: Int }
              Line-Item: { id: Int }
            endpoints: {}
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:5:3: error: 'product' is not a model name; model names are Swift type names: a capital letter, then letters and digits",
                "specs/shop.pagegen.yaml:6:3: error: 'Line-Item' is not a model name; model names are Swift type names: a capital letter, then letters and digits",
            ])
    }

    @Test func aModelMustBeAMapping() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: [id, name]
            endpoints: {}
            """)
        #expect(output == ["specs/shop.pagegen.yaml:5:12: error: model 'Product' must be a mapping of field names to types, not a list"])
    }

    @Test func malformedTypeSyntax() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product:
                tags: "[String"
                sizes: [Int, Double]
                price: { type: Double, enum: [low, high] }
                kind: { optional: true }
                state: { enum: [on, off, on] }
                made: { type: String, dates: unixSeconds }
            endpoints: {}
            """)
        #expect(
            output == [
                #"specs/shop.pagegen.yaml:6:11: error: '[String' is not a type; write a name (String, Int, Product), [T] for a list, T? for an optional; quote "[T]?" in YAML"#,
                #"specs/shop.pagegen.yaml:7:12: error: field 'sizes' of model 'Product' must be a type such as [String]; write a list type as "[T]""#,
                "specs/shop.pagegen.yaml:8:12: error: field 'price' of model 'Product' has both 'type' and 'enum'; give exactly one of 'type', 'enum', 'map'",
                "specs/shop.pagegen.yaml:9:11: error: field 'kind' of model 'Product' needs 'type', 'enum' or 'map'; give exactly one of 'type', 'enum', 'map'",
                "specs/shop.pagegen.yaml:10:30: error: the enum value 'on' is written twice",
                "specs/shop.pagegen.yaml:11:34: error: 'dates' applies to Date fields only, and this one is String",
            ])
    }

    @Test func anUnknownKeyInAFieldSuggestsTheClosest() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product:
                name: { type: String, optinal: true }
            endpoints: {}
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:6:27: error: unknown key 'optinal' in field 'name' of model 'Product'; did you mean 'optional'?"
            ])
    }

    @Test func shortAndLongFormModelsAreRead() throws {
        let (spec, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product:
                id: Int
                tags: [String]
                sizes: "[Int]?"
                price: Double?
                labels: { map: String }
                status: { enum: [active, archived], optional: true }
                sold_at: { type: Date, dates: unixSeconds, description: When it sold. }
              Hit:
                description: A search hit.
                id: objectID
                fields:
                  objectID: String
            endpoints: {}
            """)
        #expect(output == [])
        let product = try #require(spec?.model(named: "Product"))
        #expect(product.identity == nil)
        #expect(product.fields.map(\.name.value) == ["id", "tags", "sizes", "price", "labels", "status", "sold_at"])
        #expect(
            product.fields.map(\.type.value) == [
                .named("Int"), .array(.named("String")), .optional(.array(.named("Int"))), .optional(.named("Double")),
                .map(.named("String")), .optional(.enumeration(["active", "archived"])), .named("Date"),
            ])
        #expect(product.fields.last?.dateFormat == .unixSeconds)
        #expect(product.fields.last?.description == "When it sold.")
        let hit = try #require(spec?.model(named: "Hit"))
        #expect(hit.description == "A search hit.")
        #expect(hit.identity?.value.description == "objectID")
        #expect(hit.fields.map(\.name.value) == ["objectID"])
    }

    @Test
    func aFieldNamedFieldsInAShortFormModelStaysAField() throws {
        let (spec, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Tweet:
                id: String
                fields: { map: String }
            endpoints: {}
            """)
        #expect(output == [])
        #expect(spec?.model(named: "Tweet")?.fields.map(\.name.value) == ["id", "fields"])
    }

    // MARK: Endpoints

    @Test func anEndpointDeclaredTwiceIsAnError() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                returns: [Product]
              products:
                get: /v2/products
                returns: [Product]
            """)
        #expect(output == ["specs/shop.pagegen.yaml:10:3: error: the endpoint 'products' is declared twice; rename or remove one"])
    }

    @Test func endpointShapeErrors() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              list-products:
                get: /products
                returns: [Product]
              noMethod:
                returns: Product
              twoMethods:
                get: /a
                post: /a
                returns: Product
              relative:
                get: products
                returns: Product
              noReturns:
                get: /b
              mappedReturns:
                get: /c
                returns: { enum: [a, b] }
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:7:3: error: 'list-products' is not an endpoint name; endpoint names become function names: letters and digits, starting with a letter",
                "specs/shop.pagegen.yaml:11:5: error: endpoint 'noMethod' needs a method and a path; add 'get: /path' (or post, put, patch, delete, head, options)",
                "specs/shop.pagegen.yaml:14:5: error: endpoint 'twoMethods' has two methods, 'get' and 'post'; declare one endpoint per method",
                "specs/shop.pagegen.yaml:17:10: error: the path 'products' must start with '/'; write '/products'",
                "specs/shop.pagegen.yaml:20:5: error: endpoint 'noReturns' needs 'returns'; add 'returns: ModelName' (or [ModelName]), or 'returns: nothing' when the answer has no body",
                "specs/shop.pagegen.yaml:23:14: error: 'returns' of endpoint 'mappedReturns' must be a type such as Product, [Product] or { map: Int }, not a mapping; a mapping here holds 'map' (and 'optional'): the type of a JSON object's values",
            ])
    }

    @Test func aResponseMayBeAMapAndNothingElseInTheLongForm() {
        let (spec, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            endpoints:
              counts:
                get: /counts
                returns: { map: Int }
              maybeTags:
                get: /tags
                returns: { map: "[String]", optional: true }
            """)
        #expect(output.isEmpty, "\(output)")
        #expect(spec?.endpoints.map(\.returns.value) == [.map(.named("Int")), .optional(.map(.array(.named("String"))))])
        #expect(
            SpecProbe.check(
                """
                pagegen: 1
                name: Shop
                baseURL: https://api.example.com
                endpoints:
                  counts:
                    get: /counts
                    returns: { map: Int, default: "1" }
                """)
                == [
                    "specs/shop.pagegen.yaml:7:26: error: unknown key 'default' in 'returns' of endpoint 'counts'; a map type holds 'map' and, optionally, 'optional'"
                ])
    }

    @Test func anUnknownEndpointKeySuggestsTheClosest() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                querry: { sort: String? }
                returns: [Product]
            """)
        #expect(output == ["specs/shop.pagegen.yaml:9:5: error: unknown key 'querry' in endpoint 'products'; did you mean 'query'?"])
    }

    @Test func aParameterDeclaredTwiceIsAnError() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                query:
                  sort: String?
                  sort: Int?
                returns: [Product]
            """)
        #expect(output == ["specs/shop.pagegen.yaml:11:7: error: the parameter 'sort' is declared twice in 'query' of endpoint 'products'"])
    }

    @Test func endpointsAreRead() throws {
        let (spec, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
              NewProduct: { name: String }
            endpoints:
              createProduct:
                summary: Adds a product.
                post: /shops/{shop_id}/products
                path: { shop_id: Int }
                query: { dry_run: { type: Bool, default: false } }
                header: { Idempotency-Key: String? }
                headers: { Notion-Version: "2022-06-28" }
                body: NewProduct
                returns: Product?
            """)
        #expect(output == [])
        let endpoint = try #require(spec?.endpoint(named: "createProduct"))
        #expect(endpoint.method == "POST")
        #expect(endpoint.path.value == "/shops/{shop_id}/products")
        #expect(endpoint.summary == "Adds a product.")
        #expect(endpoint.pathParameters.map(\.name.value) == ["shop_id"])
        #expect(endpoint.queryParameters.first?.defaultValue == "false")
        #expect(endpoint.headerParameters.first?.type.value == .optional(.named("String")))
        #expect(endpoint.headers.map { "\($0.name): \($0.value)" } == ["Notion-Version: 2022-06-28"])
        #expect(endpoint.body?.type.value == .named("NewProduct"))
        #expect(endpoint.returns.value == .optional(.named("Product")))
    }

    // MARK: Paging blocks

    @Test func anUnknownPagingKeySuggestsTheClosest() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                returns: [Product]
                paging:
                  page: { param: page }
                  sise: 20
            """)
        #expect(
            output == ["specs/shop.pagegen.yaml:12:7: error: unknown key 'sise' in 'paging' of endpoint 'products'; did you mean 'size'?"])
    }

    @Test func aMisspelledStyleSuggestsTheStyleAndLeavesNoStyle() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                returns: [Product]
                paging:
                  offest: { param: offset }
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:11:7: error: unknown key 'offest' in 'paging' of endpoint 'products'; did you mean 'offset'?",
                "specs/shop.pagegen.yaml:11:7: error: 'paging' of endpoint 'products' needs a paging style; add one of: page, offset, cursor, next, ids",
            ])
    }

    @Test func mixingTwoPagingStylesIsAnError() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                returns: [Product]
                paging:
                  page: { param: page }
                  offset: { param: offset }
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:12:7: error: 'paging' of endpoint 'products' mixes the paging styles 'page' and 'offset'; an endpoint pages one way: keep one of them"
            ])
    }

    @Test
    func aMixOfStylesIsReportedAtTheSecondStyleWritten() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                returns: [Product]
                paging:
                  cursor: { param: after, fromItem: id }
                  page: { param: page }
            """)
        #expect(output.count == 1)
        #expect(
            output.first?.hasPrefix("specs/shop.pagegen.yaml:12:7: error: 'paging' of endpoint 'products' mixes the paging styles") == true)
    }

    @Test func theFirstPageIsZeroOrOne() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                returns: [Product]
                paging:
                  page: { param: page, first: 2 }
            """)
        #expect(output == ["specs/shop.pagegen.yaml:11:35: error: 'first' must be 0 or 1, not 2"])
    }

    @Test func prevDoesNotGoWithPageNumbers() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                returns: [Product]
                paging:
                  page: { param: page }
                  prev: link
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:12:7: error: 'prev' goes with 'cursor' or 'next' paging, not 'page'; page numbers and offsets go back on their own"
            ])
    }

    @Test func parameterLocationAndFormatErrors() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                post: /products
                returns: [Product]
                paging:
                  offset: { param: skip, in: qurey }
                  size: { param: take, default: 20, format: "take={size}" }
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:11:34: error: unknown parameter location 'qurey'; did you mean 'query'?",
                "specs/shop.pagegen.yaml:12:49: error: the format 'take={size}' does not contain {value}; write where the value goes, such as 'batchSize={value}'",
            ])
    }

    @Test func aCursorNeedsExactlyOneSource() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              none:
                get: /a
                returns: [Product]
                paging:
                  cursor: { param: after }
              two:
                get: /b
                returns: [Product]
                paging:
                  cursor: { param: after, fromItem: id, fromHeader: X-Next }
            """)
        let hint = "give one of 'from: path' (a body field), 'fromItem: id' (the last item's field), 'fromHeader: X-Next-Cursor'"
        #expect(
            output == [
                "specs/shop.pagegen.yaml:11:15: error: 'cursor' needs where the cursor comes from; \(hint)",
                "specs/shop.pagegen.yaml:16:15: error: 'cursor' has both 'fromItem' and 'fromHeader'; \(hint)",
            ])
    }

    @Test func aNextLinkIsTheLinkHeaderOrABodyPath() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              products:
                get: /products
                returns: [Product]
                paging:
                  next: links
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:11:13: error: 'next' must be 'link' (the Link header) or '{ from: path }'; did you mean 'link'?"
            ])
    }

    @Test func idsAndWindowsNeedTheirKeys() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Product: { id: Int }
            endpoints:
              top:
                get: /top
                returns: [Int]
                paging:
                  ids: {}
              start:
                get: /start
                returns: Product
                window: { for: top }
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:11:12: error: 'ids' needs 'item'; name the endpoint that fetches one item, 'item: item'",
                "specs/shop.pagegen.yaml:15:13: error: 'window' of endpoint 'start' needs 'page'; add 'page: first_page' (the path of the page to start at)",
            ])
    }

    @Test func valuesOfTheWrongShape() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: { first: Shop }
            baseURL: https://api.example.com
            headers: [Accept]
            auth: token
            errors: { flag: ok }
            models:
              Product:
                id: Int
                state: { enum: active }
            endpoints:
              products:
                get: /products
                query: [sort]
                returns: [Product]
                paging: pages
              a:
                get: /a
                returns: [Product]
                paging:
                  page: { first: 1 }
              b:
                get: /b
                returns: [Product]
                paging:
                  next: {}
              c:
                get: /c
                returns: [Product]
                paging:
                  page: { param: page }
                  total: { estimate: true }
              d:
                get: /d
                returns: [Product]
                paging:
                  page: { param: page }
                  total: { from: count, estimate: maybe }
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:2:7: error: 'name' in the spec must be text, not a mapping",
                "specs/shop.pagegen.yaml:4:10: error: 'headers' must be a mapping of header names to values",
                "specs/shop.pagegen.yaml:5:7: error: unknown auth scheme 'token'; expected one of: bearer, basic, apiKey",
                "specs/shop.pagegen.yaml:6:9: error: 'errors' needs 'message'; add 'message: error' (the path of the error text)",
                "specs/shop.pagegen.yaml:10:20: error: 'enum' must be a list of values; write 'enum: [active, archived]'",
                "specs/shop.pagegen.yaml:14:12: error: 'query' of endpoint 'products' must be a mapping of parameter names to types; write '{ name: String }'",
                "specs/shop.pagegen.yaml:16:13: error: 'paging' of endpoint 'products' must be a mapping, not a scalar",
                "specs/shop.pagegen.yaml:21:13: error: 'page' needs 'param'; name the parameter, 'param: page'",
                "specs/shop.pagegen.yaml:26:13: error: 'next' needs 'from'; give the path of the link, 'from: next'",
                "specs/shop.pagegen.yaml:32:14: error: 'total' needs 'from'; give 'from: path' or 'header: X-Total-Count'",
                "specs/shop.pagegen.yaml:38:39: error: 'estimate' in 'total' must be true or false, not 'maybe'",
            ])
    }

    @Test func aFixedHeaderNeedsATextValue() {
        let (_, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            headers:
              X-Client: { name: shop }
            endpoints: {}
            """)
        #expect(
            output == [#"specs/shop.pagegen.yaml:5:3: error: a fixed header needs a name and a text value; write 'Header-Name: "value"'"#])
    }

    @Test func everyPagingStyleIsRead() throws {
        let (spec, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            endpoints:
              a: { get: /a, returns: "[Int]", paging: { page: { param: p } } }
              b: { get: /b, returns: "[Int]", paging: { offset: { param: o, first: 1, in: header, format: "o={value}" } } }
              c: { get: /c, returns: "[Int]", paging: { cursor: { param: c, from: next }, prev: { param: b, fromHeader: X-Prev } } }
              d: { get: /d, returns: "[Int]", paging: { next: link, prev: { from: links.prev } } }
              e: { get: /e, returns: "[Int]", paging: { ids: { item: a } } }
            """)
        #expect(output == [])
        let styles = try #require(spec?.endpoints.map { $0.paging?.style.keyword })
        #expect(styles == ["page", "offset", "cursor", "next", "ids"])
        guard case .offset(let parameter, let first)? = spec?.endpoint(named: "b")?.paging?.style else {
            Issue.record("b should page by offset")
            return
        }
        #expect(parameter.name.value == "o")
        #expect(parameter.location == "header")
        #expect(parameter.format == "o={value}")
        #expect(first == 1)
        guard case .pageNumber(_, let pageFirst)? = spec?.endpoint(named: "a")?.paging?.style else {
            Issue.record("a should page by page number")
            return
        }
        #expect(pageFirst == 1, "page numbers start at 1 unless 'first' says otherwise")
    }

    @Test func pagingOptionsAreRead() throws {
        let (spec, output) = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            endpoints:
              a:
                get: /a
                returns: "[Int]"
                paging:
                  offset: { param: offset }
                  size: { param: limit, default: 25, min: 5, max: 100, in: header }
                  total: { from: meta.total, estimate: true }
                  totalPages: meta.pages
                  hasMore: meta.more
                  last: meta.last
                  shortPageEnds: true
                  allowForeignLinks: true
              b:
                get: /b
                returns: "[Int]"
                paging:
                  offset: { param: offset }
                  size: 30
                  total: { header: X-Total-Count }
            """)
        #expect(output == [])
        let a = try #require(spec?.endpoint(named: "a")?.paging)
        #expect(a.size?.parameter?.name.value == "limit")
        #expect(a.size?.parameter?.location == "header")
        #expect(a.size?.defaultValue.value == 25)
        #expect(a.size?.minimum == 5)
        #expect(a.size?.maximum == 100)
        guard case .body(let total, let estimate)? = a.total else {
            Issue.record("the total should come from the body")
            return
        }
        #expect(total.value.description == "meta.total")
        #expect(estimate)
        guard case .body(let totalPages, _)? = a.totalPages else {
            Issue.record("the number of pages should come from the body")
            return
        }
        #expect(totalPages.value.description == "meta.pages")
        #expect(a.hasMore?.value.description == "meta.more")
        #expect(a.isLast?.value.description == "meta.last")
        #expect(a.shortPageEnds)
        #expect(a.allowForeignLinks)
        let b = try #require(spec?.endpoint(named: "b")?.paging)
        #expect(b.size?.parameter == nil)
        #expect(b.size?.defaultValue.value == 30)
        #expect(b.total == .header(Located("X-Total-Count", at: .init(line: 23, column: 24))))
        #expect(!b.shortPageEnds)
        #expect(!b.allowForeignLinks)
    }
}
