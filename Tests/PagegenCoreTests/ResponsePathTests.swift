import PagegenCore
import Testing

/// The path syntax of `items:`, `total:`, cursors, links and identities.
@Suite struct ResponsePathTests {
    private func segments(_ text: String) throws -> [ResponsePath.Segment] {
        try ResponsePath.parse(text).get().segments
    }

    private func reason(_ text: String) -> String? {
        if case .failure(let error) = ResponsePath.parse(text) { return error.reason }
        return nil
    }

    @Test func aSingleKey() throws {
        #expect(try segments("data") == [.key("data")])
    }

    @Test func dotsSeparateKeys() throws {
        #expect(try segments("response.product_collection") == [.key("response"), .key("product_collection")])
        #expect(try segments("a.b.c") == [.key("a"), .key("b"), .key("c")])
    }

    @Test func bracketedKeysMayHoldDotsAndOtherCharacters() throws {
        #expect(try segments(#"["@odata.nextLink"]"#) == [.key("@odata.nextLink")])
        #expect(try segments(#"['@odata.count']"#) == [.key("@odata.count")])
        #expect(try segments(#"meta["next.page"].href"#) == [.key("meta"), .key("next.page"), .key("href")])
        #expect(try segments(#"meta.["x-y"]"#) == [.key("meta"), .key("x-y")])
    }

    @Test func emptyBracketsMapOverAnArray() throws {
        #expect(try segments("data.children[].data") == [.key("data"), .key("children"), .each, .key("data")])
        #expect(try segments("items[]") == [.key("items"), .each])
        #expect(try segments("rows[][]") == [.key("rows"), .each, .each])
    }

    @Test func descriptionWritesThePathBackAsASpecWouldHaveIt() throws {
        for text in [
            "data", "response.product_collection", "data.children[].data", #"["@odata.nextLink"]"#,
            #"meta["next.page"].href"#, "next-cursor",
        ] {
            #expect(try ResponsePath.parse(text).get().description == text)
        }
        #expect(ResponsePath([.key("a b"), .key("c")]).description == #"["a b"].c"#)
    }

    @Test(arguments: [
        ("", "the path is empty"),
        (".data", "an empty key before '.'"),
        ("data..items", "an empty key before '.'"),
        ("[]", "'[]' needs an array before it"),
        ("[].data", "'[]' needs an array before it"),
        (#"["unclosed"#, #"a bracketed key must be written ["key"]"#),
        (#"["no-bracket""#, #"a bracketed key must be written ["key"]"#),
        ("items[0]", "expected '.' or '[' after a key"),
        (#"["a"]b"#, "expected '.' or '[' after a key"),
        ("items[]data", "expected '.' or '[' after a key"),
    ])
    func malformedPathsSayWhy(_ text: String, _ expected: String) {
        #expect(reason(text) == expected)
    }

    @Test func aTrailingDotIsAnError() {
        #expect(reason("data.") != nil)
    }

    @Test func malformedPathsInASpecAreReportedAtThePath() {
        let output = SpecProbe.load(
            """
            pagegen: 1
            name: Shop
            baseURL: https://api.example.com
            models:
              Page:
                items: "[Int]"
            endpoints:
              numbers:
                get: /numbers
                returns: Page
                paging:
                  page: { param: page }
                  items: items..all
            """
        ).diagnostics
        #expect(
            output == [
                #"specs/shop.pagegen.yaml:13:14: error: 'items' is not a valid path: an empty key before '.'; write keys with dots (response.items), special names in brackets (["@odata.nextLink"]), [] for every element"#
            ])
    }
}
