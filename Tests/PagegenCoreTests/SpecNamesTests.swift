import Testing

@testable import PagegenCore

/// The naming authority: every Swift name a spec gives, the renames that are safe,
/// and the clashes lint reports at the spec's line and column.
@Suite struct SpecNamesTests {
    static func names(
        _ text: String, config: GeneratorConfig = GeneratorConfig(), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> SpecNames? {
        let loaded = SpecProbe.load(text)
        #expect(loaded.diagnostics == [], "the test spec should load cleanly", sourceLocation: sourceLocation)
        return loaded.spec.map { SpecNames(spec: $0, config: config) }
    }

    static let header = """
        pagegen: 1
        name: Shop
        baseURL: https://api.example.com

        """

    // MARK: Models and their members

    @Test func aFieldNamedSelfIsAPropertyInBackticksWithAnotherInitializerName() throws {
        let names = try #require(
            Self.names(
                Self.header + """
                    models:
                      Envelope: { self: URL, link: { type: String, swiftName: selfValue }, values: [String] }
                    endpoints: {}
                    """))
        let model = try #require(names.models["Envelope"])
        #expect(model.properties.map(\.escaped) == ["`self`", "selfValue", "values"])
        #expect(model.initializerNames.map(\.escaped) == ["selfValue2", "selfValue", "values"])
        #expect(names.problems.isEmpty)
    }

    @Test(arguments: ["Id", "ID", "_id", "id_"])
    func anIdentityWhosePropertyIsIDServesIdentifiableItself(_ field: String) throws {
        let names = try #require(
            Self.names(
                Self.header + """
                    models:
                      Account:
                        id: \(field)
                        fields: { \(field): String, Name: String }
                    endpoints: {}
                    """))
        let identity = try #require(names.models["Account"]?.identity)
        #expect(identity.isIdentifiable)
        #expect(!identity.declaresID, "the property `id` is the identity; another `id` would redeclare it")
        #expect(names.models["Account"]?.properties.map(\.name) == ["id", "name"])
    }

    @Test func aShortFormFieldThatBecomesIDIdentifies() throws {
        let names = try #require(
            Self.names(
                Self.header + """
                    models:
                      Record: { _id: String, title: String }
                    endpoints: {}
                    """))
        let identity = try #require(names.models["Record"]?.identity)
        #expect(identity.path.description == "_id")
        #expect(identity.isIdentifiable && !identity.declaresID)
    }

    @Test func anIdentityNextToAnotherIDPropertyIsNotIdentifiable() throws {
        let names = try #require(
            Self.names(
                Self.header + """
                    models:
                      Hit:
                        id: uuid
                        fields: { uuid: String, id: Int }
                      Entry:
                        id: uuid
                        fields: { uuid: String }
                    endpoints: {}
                    """))
        let hit = try #require(names.models["Hit"]?.identity)
        #expect(!hit.isIdentifiable && !hit.declaresID, "the property `id` is taken by another field")
        let entry = try #require(names.models["Entry"]?.identity)
        #expect(entry.isIdentifiable && entry.declaresID)
    }

    @Test func fieldsThatBecomeTheSamePropertyClashUnlessOneIsRenamed() {
        let clash = SpecProbe.validate(
            Self.header + """
                models:
                  Contact:
                    Name: String
                    name: String
                endpoints: {}
                """)
        #expect(
            clash == [
                "specs/shop.pagegen.yaml:7:5: error: the fields 'Name' and 'name' of model 'Contact' both become 'name' in Swift; give one of them another Swift name with 'swiftName:', such as 'name: { type: String, swiftName: nameValue }'"
            ])
        let renamed = SpecProbe.validate(
            Self.header + """
                models:
                  Contact:
                    Name: String
                    name: { type: String, swiftName: displayName }
                endpoints: {}
                """)
        #expect(renamed == [])
    }

    @Test func aSwiftNameMustBeAnIdentifier() {
        let output = SpecProbe.validate(
            Self.header + """
                models:
                  Contact:
                    name: { type: String, swiftName: display-name }
                endpoints: {}
                """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:6:38: error: 'display-name' is not a Swift name; write letters, digits and '_', starting with a letter or '_', such as 'displayName'"
            ])
    }

    @Test func enumsAreNamedClearOfModelsCodingKeysAndKeywords() throws {
        let names = try #require(
            Self.names(
                Self.header + """
                    models:
                      Status:
                        status: { enum: [a, b] }
                        type: { enum: [x] }
                        coding_keys: { enum: [y] }
                        foundation: { enum: [z] }
                    endpoints: {}
                    """))
        let enums = try #require(names.models["Status"]?.enums)
        #expect([0, 1, 2, 3].map { enums[$0]?.type } == ["StatusValue", "TypeValue", "CodingKeysValue", "FoundationValue"])
    }

    @Test func enumValuesThatBecomeTheSameCaseSayInWordsHowTheyDiffer() {
        let sort = ModelNamer.cases(["-name", "name", "+name", "key", "+key", "-key"])
        #expect(sort.map(\.name.name) == ["nameDescending", "name", "nameAscending", "key", "keyAscending", "keyDescending"])
        #expect(
            sort.map(\.docLines) == [["The value `-name`."], [], ["The value `+name`."], [], ["The value `+key`."], ["The value `-key`."]])
        #expect(ModelNamer.cases(["a-b", "a_b", "aB", "a.b"]).map(\.name.name) == ["aBMinus", "aBValue", "aB", "aBDot"])
        #expect(ModelNamer.cases(["unknown", "known"]).map(\.name.name) == ["unknownValue", "known"])
        #expect(ModelNamer.cases(["-name"]).map(\.name.name) == ["name"], "a value whose name is free takes it")
        #expect(ModelNamer.cases(["_", "+", "-", ""]).map(\.name.name) == ["underscore", "plus", "minus", "empty"])
        #expect(ModelNamer.cases(["self", "default", "init"]).map(\.name.escaped) == ["`self`", "`default`", "`init`"])
    }

    // MARK: Types at the top level

    @Test(arguments: [
        "Page", "Result", "Paging", "PagedList", "ItemSequence", "PageSequence", "PageLoader", "Parameter",
        "PageSize", "Endpoint", "RequestParameters", "ClientRuntime", "Cancellable", "APIError", "HTTPTransport",
        "URLSessionTransport", "Sendable", "Decodable", "Identifiable", "Decoder", "Void", "Operations",
    ])
    func runtimeAndStandardLibraryNamesAreModelNames(_ name: String) {
        #expect(SpecProbe.validate(Self.header + "models:\n  \(name): { value: Int }\nendpoints: {}\n") == [])
    }

    @Test(arguments: ["Swift", "Foundation", "PagegenRuntime"])
    func theModulesGeneratedCodeNamesThroughAreNotModelNames(_ name: String) {
        let output = SpecProbe.validate(Self.header + "models:\n  \(name): { value: Int }\nendpoints: {}\n")
        #expect(
            output == [
                "specs/shop.pagegen.yaml:5:3: error: a model cannot be named '\(name)': generated code names the types of the module \(name) as \(name).Name; rename the model (its name is not sent to the server), such as '\(name)Info'"
            ])
    }

    @Test func aModelNamedCodingKeysNeedsANamespace() {
        let bare = SpecProbe.validate(Self.header + "models:\n  CodingKeys: { value: Int }\nendpoints: {}\n")
        #expect(
            bare == [
                "specs/shop.pagegen.yaml:5:3: error: a model cannot be named 'CodingKeys' outside a namespace: inside every model, 'CodingKeys' names the model's coding keys; put the spec in a namespace with 'namespace:', or rename the model (its name is not sent to the server)"
            ])
        let namespaced = SpecProbe.validate(Self.header + "namespace: ShopAPI\nmodels:\n  CodingKeys: { value: Int }\nendpoints: {}\n")
        #expect(namespaced == [])
    }

    @Test func aModelNamedClientInANamespaceRenamesTheClient() throws {
        let names = try #require(
            Self.names(
                """
                pagegen: 1
                name: Shop
                namespace: ShopAPI
                baseURL: https://api.example.com
                models:
                  Client: { id: Int }
                  Operations: { id: Int }
                endpoints: {}
                """))
        #expect(names.client == "ShopClient")
        #expect(names.operations == "ClientOperations")
        #expect(names.problems.isEmpty)
    }

    @Test func aModelWithEveryNameOfTheClientIsAnError() {
        let output = SpecProbe.validate(
            Self.header + """
                models:
                  ShopClient: { id: Int }
                endpoints: {}
                """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:5:3: error: the model 'ShopClient' has the name of the generated client; rename the model (its name is not sent to the server), or put the spec in a namespace with 'namespace:'"
            ])
    }

    @Test func aModelCannotHaveTheNamespacesName() {
        let output = SpecProbe.validate(
            """
            pagegen: 1
            name: Shop
            namespace: Store
            baseURL: https://api.example.com
            models:
              Store: { id: Int }
            endpoints: {}
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:6:3: error: the model 'Store' has the name of the namespace; rename the model (its name is not sent to the server), such as 'StoreInfo'"
            ])
    }

    // MARK: Endpoints and their parameters

    @Test func parametersThatClashWithTheGeneratedArgumentsAreErrors() {
        let output = SpecProbe.validate(
            Self.header + """
                models:
                  Item: { id: Int }
                endpoints:
                  items:
                    get: /items
                    query:
                      page: Int?
                      perPage: Int?
                      completion: String?
                      options: String?
                    returns: [Item]
                    paging:
                      page: { param: p, first: 1 }
                      size: { param: per_page, default: 10 }
                """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:10:7: error: the parameter 'page' of endpoint 'items' becomes 'page:', the argument the generated functions take for the page; give it another Swift name with 'swiftName:', such as 'page: { type: Int, optional: true, swiftName: pageValue }'",
                "specs/shop.pagegen.yaml:11:7: error: the parameter 'perPage' of endpoint 'items' becomes 'perPage:', the argument the generated functions take for the page size; give it another Swift name with 'swiftName:', such as 'perPage: { type: Int, optional: true, swiftName: perPageValue }'",
                "specs/shop.pagegen.yaml:12:7: error: the parameter 'completion' of endpoint 'items' becomes 'completion:', the argument the generated functions take for the completion handler; give it another Swift name with 'swiftName:', such as 'completion: { type: String, optional: true, swiftName: completionValue }'",
                "specs/shop.pagegen.yaml:13:7: error: the parameter 'options' of endpoint 'items' becomes 'options:', the argument the generated functions take for the list's options; give it another Swift name with 'swiftName:', such as 'options: { type: String, optional: true, swiftName: optionsValue }'",
            ])
    }

    @Test func parametersWhoseNamesWouldHideSomethingGetAnotherInternalName() throws {
        let names = try #require(
            Self.names(
                Self.header + """
                    models:
                      Item: { id: Int }
                    endpoints:
                      item:
                        get: /items/{self}
                        path: { self: Int }
                        query: { parameters: String?, loader: String?, in: String?, inout: String?, runtime: String? }
                        returns: Item
                    """))
        let parameters = try #require(names.endpoints["item"]?.parameters.map(\.names))
        #expect(parameters.map(\.label.label) == ["self", "parameters", "loader", "in", "`inout`", "runtime"])
        #expect(parameters.map(\.name.escaped) == ["selfValue", "parametersValue", "loaderValue", "`in`", "`inout`", "runtime"])
        #expect(names.problems.isEmpty)
    }

    @Test func endpointsThatGenerateTheSameFunctionClash() {
        let output = SpecProbe.validate(
            Self.header + """
                models:
                  Thing: { id: Int }
                endpoints:
                  things:
                    get: /things
                    returns: [Thing]
                    paging: { page: { param: page } }
                  allThings:
                    get: /all-things
                    returns: [Thing]
                  runtime:
                    get: /runtime
                    returns: Thing
                """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:11:3: error: the endpoints 'things' and 'allThings' both generate a function 'allThings'; rename one of them (endpoint names are not sent to the server)",
                "specs/shop.pagegen.yaml:14:3: error: the endpoint 'runtime' generates a function 'runtime', the name of the client's property; rename the endpoint (its name is not sent to the server)",
            ])
    }

    @Test func parameterEnumsAreNamedClearOfModels() throws {
        let names = try #require(
            Self.names(
                Self.header + """
                    models:
                      ItemsSort: { id: Int }
                    endpoints:
                      items:
                        get: /items
                        query: { sort: { enum: [a, b], optional: true } }
                        returns: [ItemsSort]
                    """))
        #expect(names.endpoints["items"]?.parameters.first?.enumeration?.type == "ItemsSortValue")
    }

    @Test func aWindowListSharesTheArgumentsItsEndpointsHaveInCommon() throws {
        let names = try #require(
            Self.names(
                Self.header + """
                    models:
                      Row: { id: Int }
                      RowPage: { rows: [Row] }
                      Window: { first_page: Int }
                    endpoints:
                      rows:
                        get: /tables/{table}/rows
                        path: { table: String }
                        returns: RowPage
                        paging:
                          page: { param: page, first: 0 }
                          size: { param: per_page, default: 20 }
                          items: rows
                      rowsWindow:
                        get: /tables/{table}/window
                        path: { table: String }
                        query: { around: Int }
                        returns: Window
                        window: { for: rows, page: first_page }
                    """))
        let window = try #require(names.endpoints["rowsWindow"]?.windowList)
        #expect(window.function.name == "rowsWindowList")
        #expect(window.parameters.map(\.names.label.name) == ["table", "around", "perPage"])
        #expect(window.parameters.map { [$0.forWindow, $0.forList] } == [[true, true], [true, false], [false, true]])
        #expect(names.problems.isEmpty)
    }

    @Test func credentialsAreNamedClearOfTheInitializersArguments() {
        let names = SpecNames.credentialNames([.bearer, .headerKey("Transport"), .queryKey("token")])
        #expect(names.map(\.label.name) == ["token", "transportValue", "tokenValue"])
    }
}
