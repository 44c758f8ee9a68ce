import Testing

@testable import PagegenCore

/// The naming rules tools that write specs ask for: they must be the rules the
/// naming authority applies, or a written spec would not lint.
@Suite struct SpecNamingTests {
    static let header = """
        pagegen: 1
        name: Shop
        baseURL: https://api.example.com
        models:
          Item: { id: Int }
          Filter: { q: String }

        """

    /// Every argument the generated functions add is one the authority refuses for a
    /// parameter, for the reason the rules give.
    @Test(arguments: [SpecNaming.PageArgument.page, .offset])
    func theGeneratedArgumentsAreTheOnesTheAuthorityReserves(_ page: SpecNaming.PageArgument) throws {
        let arguments = SpecNaming.generatedArguments(page: page, sizeParameter: "max_results", hasBody: true)
        #expect(arguments.map(\.label) == ["completion", page == .offset ? "offset" : "page", "maxResults", "options", "from", "body"])
        let style = page == .offset ? "offset: { param: start }" : "page: { param: p }"
        let query = arguments.map { "\($0.label): String?" }.joined(separator: ", ")
        let spec = try #require(
            SpecProbe.load(
                Self.header + """
                    endpoints:
                      items:
                        post: /items
                        body: Filter
                        query: { \(query) }
                        returns: [Item]
                        paging:
                          \(style)
                          size: { param: max_results, default: 10 }
                    """
            ).spec)
        let problems = SpecNames(spec: spec, config: GeneratorConfig()).problems.map(\.message)
        #expect(
            problems
                == arguments.map {
                    "the parameter '\($0.label)' of endpoint 'items' becomes '\($0.label):', the argument the generated functions take for \($0.purpose)"
                })
    }

    @Test func anEndpointsFunctionsAreTheOnesTheAuthorityNames() throws {
        let spec = try #require(
            SpecProbe.load(
                Self.header + """
                    endpoints:
                      list_items:
                        get: /items
                        returns: [Item]
                        paging: { page: { param: p } }
                    """
            ).spec)
        let names = try #require(SpecNames(spec: spec, config: GeneratorConfig()).endpoints["list_items"])
        #expect(
            SpecNaming.endpointFunctions("list_items", paged: true)
                == [names.function, names.pages, names.all, names.loader, names.list].map(\.name))
        #expect(SpecNaming.endpointFunctions("list_items", paged: false) == ["listItems"])
    }

    @Test func modelNamesTheAuthorityRefuses() {
        for refused in ["String", "JSON", "Foundation", "PagegenRuntime", "Swift", "Type", "Any", "some", "class", "1Item"] {
            #expect(!SpecNaming.canNameModel(refused), "\(refused)")
        }
        for allowed in ["Page", "Result", "Error", "Operations", "Client", "Item"] {
            #expect(SpecNaming.canNameModel(allowed), "\(allowed)")
        }
        #expect(SpecNaming.memberName("sale_price") == "salePrice")
        #expect(SpecNaming.memberName("+1") == SpecNaming.memberName("-1"), "two names that are one Swift name")
        #expect(SpecNaming.typeName("simple-user") == "SimpleUser")
    }
}
