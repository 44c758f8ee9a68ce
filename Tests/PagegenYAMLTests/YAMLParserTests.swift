import PagegenYAML
import Testing

@Suite struct YAMLParserTests {
    @Test func readsMappingsSequencesAndScalarsWithTheirMarks() throws {
        let root = try #require(
            try YAMLParser.parse(
                """
                name: Catalog
                tags: [a, "b"]
                nested:
                  key: value
                """))
        #expect(root.mark == Mark(line: 1, column: 1))
        #expect(root["name"]?.scalarText == "Catalog")
        #expect(root["name"]?.mark == Mark(line: 1, column: 7))
        let tags = try #require(root["tags"]?.items)
        #expect(tags.map(\.scalarText) == ["a", "b"])
        #expect(tags[1].mark == Mark(line: 2, column: 11))
        #expect(root["nested"]?["key"]?.scalarText == "value")
        #expect(root["nested"]?["key"]?.mark == Mark(line: 4, column: 8))
        #expect(root.pairs?.map(\.key.scalarText) == ["name", "tags", "nested"])
    }

    @Test func keepsDuplicateKeysInOrderForTheReaderToReport() throws {
        let root = try #require(try YAMLParser.parse("a: 1\na: 2\n"))
        #expect(root.pairs?.map { $0.value.scalarText } == ["1", "2"])
        #expect(root.pairs?[1].key.mark == Mark(line: 2, column: 1))
    }

    @Test func tellsQuotedScalarsAndNullsApart() throws {
        let root = try #require(try YAMLParser.parse("a: null\nb: \"null\"\nc: ~\nd:\ne: 'x'\n"))
        #expect(root["a"]?.isNull == true)
        #expect(root["b"]?.isNull == false)
        #expect(root["c"]?.isNull == true)
        #expect(root["d"]?.isNull == true)
        guard case .scalar(let scalar)? = root["e"]?.content else {
            Issue.record("expected a scalar")
            return
        }
        #expect(scalar.isQuoted)
    }

    @Test func resolvesAliases() throws {
        let root = try #require(try YAMLParser.parse("base: &b { x: 1 }\ncopy: *b\n"))
        #expect(root["copy"]?["x"]?.scalarText == "1")
    }

    @Test func anEmptyDocumentIsNil() throws {
        #expect(try YAMLParser.parse("") == nil)
        #expect(try YAMLParser.parse("# only a comment\n") == nil)
    }

    @Test func malformedYAMLThrowsWithTheMarkOfTheProblem() {
        #expect {
            _ = try YAMLParser.parse("a: [1, 2\nb: 3\n")
        } throws: { error in
            guard let error = error as? YAMLError else { return false }
            return error.mark.line >= 1 && !error.message.isEmpty
        }
        do {
            _ = try YAMLParser.parse("a: 1\n\tb: 2\n")
            Issue.record("a tab for indentation must not parse")
        } catch {
            #expect(error.mark.line == 2)
            #expect(error.description.hasPrefix("2:"))
        }
    }

    @Test func aSecondDocumentIsAnError() {
        do {
            _ = try YAMLParser.parse("a: 1\n---\nb: 2\n")
            Issue.record("a second document must be an error")
        } catch {
            #expect(error.message.contains("one YAML document"))
            #expect(error.mark.line == 2)
        }
    }

    @Test func readsUnicodeAndLongDocuments() throws {
        let lines = (0..<2_000).map { "k\($0): \"välue \($0) ✓\"" }.joined(separator: "\n")
        let root = try #require(try YAMLParser.parse(lines))
        #expect(root.pairs?.count == 2_000)
        #expect(root["k1999"]?.scalarText == "välue 1999 ✓")
        #expect(root["k1999"]?.mark.line == 2_000)
    }
}
