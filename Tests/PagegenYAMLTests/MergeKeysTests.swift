import PagegenYAML
import Testing

/// `<<: *base` merges the pairs of another mapping, as YAML 1.1 defines.
@Suite struct MergeKeysTests {
    @Test func mergesThePairsAMappingDoesNotSet() throws {
        let root = try #require(
            try YAMLParser.parse(
                """
                base: &base { id: Int, name: String }
                product:
                  <<: *base
                  name: Text
                  price: Double
                """))
        let product = try #require(root["product"]?.pairs)
        #expect(product.map(\.key.scalarText) == ["id", "name", "price"])
        #expect(root["product"]?["name"]?.scalarText == "Text")
        // A merged pair keeps the mark of where it was written.
        #expect(product[0].key.mark == Mark(line: 1, column: 15))
    }

    @Test func theFirstOfSeveralMergedMappingsWins() throws {
        let root = try #require(
            try YAMLParser.parse(
                """
                a: &a { x: 1, y: 1 }
                b: &b { y: 2, z: 2 }
                c: { <<: [*a, *b], w: 0 }
                """))
        let c = try #require(root["c"])
        #expect(c.pairs?.map(\.key.scalarText) == ["x", "y", "z", "w"])
        #expect(c["y"]?.scalarText == "1")
    }

    @Test func aQuotedKeyIsAnOrdinaryKey() throws {
        let root = try #require(try YAMLParser.parse("a: { \"<<\": x }\n"))
        #expect(root["a"]?["<<"]?.scalarText == "x")
    }

    @Test(arguments: ["a: { <<: text }", "a: { <<: [{ x: 1 }, text] }"])
    func aMergeOfAnythingButMappingsIsAnError(_ text: String) throws {
        do {
            _ = try YAMLParser.parse(text)
            Issue.record("merging a scalar must be an error")
        } catch {
            #expect(error.message.contains("a merge key '<<' takes a mapping or a list of mappings, not a scalar"))
            #expect(error.mark.line == 1)
        }
    }
}
