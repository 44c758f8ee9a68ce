import PagegenCore
import Testing

/// The spec's page-store policies: `store: { maxItems:, maxBytes: }` at the top, and an
/// endpoint's `store: { maxAge: }`, in the generated client and with the diagnostics of
/// their misuse.
@Suite struct StoreSpecTests {
    static func spec(top: String = "", endpoint: String) -> String {
        """
        pagegen: 1
        name: Shop
        baseURL: https://api.example.com\(top.isEmpty ? "" : "\n" + top)
        models:
          Item: { id: Int }
        endpoints:
        \(endpoint)
        """
    }

    static let pagedEndpoint = """
          items:
            get: /items
            returns: "[Item]"
            paging: { page: { param: page }, size: { param: per_page, default: 20 } }
            store: { maxAge: 15m }
        """

    @Test func theLimitsAndMaximumAgesGoIntoTheGeneratedClient() throws {
        let text = Self.spec(top: "store: { maxItems: 50000, maxBytes: 20MB }", endpoint: Self.pagedEndpoint)
        let (spec, diagnostics) = SpecProbe.load(text)
        #expect(diagnostics == [])
        #expect(spec?.store?.maxItems == 50_000)
        #expect(spec?.store?.maxBytes == 20_000_000)
        #expect(spec?.endpoints.first?.store?.maxAge.value == 900)
        let client = try RequestSafetySpecTests.client(text)
        #expect(client.contains("static let storeLimits = PagegenRuntime.StoreLimits(maxItems: 50_000, maxBytes: 20_000_000)"))
        #expect(client.contains(#"path: "/items", storeMaxAge: 900)"#))
    }

    @Test func badPoliciesAreErrors() {
        let output = SpecProbe.check(
            Self.spec(
                top: "store: { maxItems: 0, maxBytes: 20 parsecs }",
                endpoint: """
                      items:
                        get: /items
                        returns: "[Item]"
                        paging: { page: { param: page } }
                        store: { maxAge: 2 weeks }
                      item:
                        get: /items/{id}
                        path: { id: Int }
                        returns: Item
                        store: { maxAge: 1h }
                    """))
        #expect(
            output == [
                "specs/shop.pagegen.yaml:4:20: error: 'maxItems' must be more than 0, not '0'; remove it to bound nothing",
                "specs/shop.pagegen.yaml:4:33: error: 'maxBytes' must be a whole number with an optional unit, not '20 parsecs'; units: KB, MB, GB",
                "specs/shop.pagegen.yaml:12:22: error: 'maxAge' must be a whole number with an optional unit, not '2 weeks'; units: s, m, h, d",
                "specs/shop.pagegen.yaml:17:5: error: 'store' keeps the pages of a paged endpoint; endpoint 'item' has no 'paging'; remove 'store', or add 'paging'",
            ])
    }

    @Test func anUnknownPolicyIsAnError() {
        let output = SpecProbe.check(
            Self.spec(endpoint: Self.pagedEndpoint.replacingOccurrences(of: "maxAge: 15m", with: "maxAges: 15m")))
        #expect(output.count == 2, "\(output)")
        #expect(output.first?.contains("error:") == true)
        #expect(output.joined().contains("maxAge"))
    }
}
