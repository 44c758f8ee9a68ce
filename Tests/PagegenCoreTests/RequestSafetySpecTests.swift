import PagegenCore
import Testing

/// What a spec says about requests the runtime would otherwise refuse or not retry:
/// `allowEmpty:` on a path parameter, `idempotent:` on an endpoint, and fixed header
/// values, with the diagnostics of their misuse.
@Suite struct RequestSafetySpecTests {
    static func spec(endpoint: String, models: String = "  Item: { id: String }") -> String {
        """
        pagegen: 1
        name: Shop
        baseURL: https://api.example.com
        models:
        \(models)
        endpoints:
        \(endpoint)
        """
    }

    /// The generated client's source.
    static func client(_ text: String) throws -> String {
        let files = try GeneratorPipeline().generate(
            text, file: SpecProbe.file, templates: try TemplateSet.load(), diagnostics: DiagnosticCollector())
        return try #require(files.first { $0.name.hasSuffix("Client.swift") }).contents
    }

    @Test func anEmptyPathParameterCanBeAllowed() throws {
        let text = Self.spec(
            endpoint: """
                  folder:
                    get: /files/{path}/list
                    path: { path: { type: String, allowEmpty: true } }
                    returns: "[Item]"
                """)
        let (spec, diagnostics) = SpecProbe.load(text)
        #expect(diagnostics == [])
        #expect(spec?.endpoints.first?.pathParameters.first?.allowsEmpty == true)
        // The descriptor is longer than a line, so it is broken after its parenthesis.
        #expect(
            try Self.client(text).contains(
                #"name: "folder", method: "GET", path: "/files/{path}/list", emptyPathParameters: ["path"]"#))
    }

    @Test func allowEmptyAnywhereButAStringPathParameterIsAnError() {
        let output = SpecProbe.check(
            Self.spec(
                endpoint: """
                      item:
                        get: /items/{id}
                        path: { id: { type: Int, allowEmpty: true } }
                        query: { q: { type: String, allowEmpty: true } }
                        returns: Item
                    """,
                models: "  Item: { id: { type: String, allowEmpty: true } }"))
        #expect(
            output == [
                "specs/shop.pagegen.yaml:5:31: error: 'allowEmpty' is for path parameters, not for the field 'id' of model 'Item'; remove it",
                "specs/shop.pagegen.yaml:9:30: error: 'allowEmpty' is for String path parameters, and 'id' is Int; remove it, or make 'id' a String",
                "specs/shop.pagegen.yaml:10:33: error: 'allowEmpty' is for path parameters; the parameter 'q' in 'query' of endpoint 'item' is sent as it is, empty or not; remove it",
            ])
    }

    @Test func allowEmptyIsTrueOrFalse() {
        let output = SpecProbe.check(
            Self.spec(
                endpoint: """
                      item:
                        get: /items/{id}
                        path: { id: { type: String, allowEmpty: sometimes } }
                        returns: Item
                    """))
        #expect(output == ["specs/shop.pagegen.yaml:9:45: error: 'allowEmpty' in parameter 'id' must be true or false, not 'sometimes'"])
    }

    @Test func aPostCanBeMarkedIdempotentAndAGetNot() throws {
        let text = Self.spec(
            endpoint: """
                  search:
                    post: /search
                    idempotent: true
                    returns: "[Item]"
                  next:
                    get: /queue/next
                    idempotent: false
                    returns: Item
                """)
        #expect(SpecProbe.check(text) == [])
        let client = try Self.client(text)
        #expect(client.contains(#"Endpoint(name: "search", method: "POST", path: "/search", isIdempotent: true)"#))
        #expect(client.contains(#"Endpoint(name: "next", method: "GET", path: "/queue/next", isIdempotent: false)"#))
    }

    @Test func sayingWhatTheMethodSaysIsAWarning() {
        let output = SpecProbe.check(
            Self.spec(
                endpoint: """
                      item:
                        get: /items/{id}
                        idempotent: true
                        path: { id: String }
                        returns: Item
                      create:
                        post: /items
                        idempotent: false
                        returns: Item
                    """))
        #expect(
            output == [
                "specs/shop.pagegen.yaml:9:5: warning: endpoint 'item' is idempotent by its method (GET); 'idempotent: true' changes nothing; remove it",
                "specs/shop.pagegen.yaml:14:5: warning: endpoint 'create' is not idempotent by its method (POST); 'idempotent: false' changes nothing; remove it",
            ])
    }

    @Test func aFixedHeaderValueWithALineBreakIsAnError() {
        let output = SpecProbe.check(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            headers: { X-Version: "1\\r\\nX-Injected: 1" }
            models:
              Item: { id: String }
            endpoints:
              items: { get: /items, returns: "[Item]", headers: { X-Other: "a\\nb" } }
            """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:4:23: error: the value of the header 'X-Version' holds a line break, which a header value cannot",
                "specs/shop.pagegen.yaml:8:64: error: the value of the header 'X-Other' holds a line break, which a header value cannot",
            ])
    }
}
