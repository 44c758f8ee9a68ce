import PagegenYAML
import Testing

/// Hostile documents end in an error at a line and column, never in a crash, a
/// hang or an exhausted memory.
@Suite struct YAMLLimitsTests {
    static func problem(_ text: String, limits: YAMLLimits = .standard) -> YAMLError? {
        do {
            _ = try YAMLParser.parse(text, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static let small = YAMLLimits(maxBytes: 1 << 20, maxDepth: 3, maxAliasValues: 10, maxValues: 50)

    @Test func thousandsOfNestedBracketsStopAtTheDepthLimit() throws {
        // 5,000 levels overflowed the stack of the recursive reader.
        for text in [
            "models: " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000),
            "models: " + String(repeating: "{a: ", count: 5_000) + "1" + String(repeating: "}", count: 5_000),
            "models: " + String(repeating: "[", count: 100_000),
        ] {
            let error = try #require(Self.problem(text))
            #expect(error.message == "the document nests mappings and lists more than 64 levels deep")
            #expect(error.hint?.contains("not closed") == true)
            #expect(error.mark.line == 1)
        }
    }

    @Test func theDepthLimitIsExact() throws {
        #expect(Self.problem("a: [[x]]", limits: Self.small) == nil)
        let error = try #require(Self.problem("a: [[[x]]]", limits: Self.small))
        #expect(error.mark == Mark(line: 1, column: 6))
    }

    @Test func deepBlockIndentationStopsAtTheLimit() throws {
        let text = (0..<200).map { String(repeating: " ", count: $0) + "k:" }.joined(separator: "\n")
        let error = try #require(Self.problem(text))
        #expect(error.message.contains("64 levels"))
        // Line n opens the mapping of level n.
        #expect(error.mark == Mark(line: 65, column: 65))
    }

    @Test func anAliasCountsItsDepthWhereItIsUsed() throws {
        // Each part is within the limit; the copy put inside another list is not.
        let error = try #require(Self.problem("a: &a [[x]]\nb: [*a]\n", limits: Self.small))
        #expect(error.mark == Mark(line: 2, column: 5))
        #expect(error.message.contains("3 levels"))
    }

    @Test func anAliasBombStopsAtTheAliasThatCrossesTheLimit() throws {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i", "j"] {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            previous = name
        }
        text += "models: *j\n"
        let error = try #require(Self.problem(text))
        #expect(error.message == "aliases copy more than 100000 values")
        #expect(error.hint?.contains("alias bomb") == true)
        // Lines b to e copy 90 + 819 + 7,380 + 66,429 values; the first alias of line f
        // would copy 66,430 more.
        #expect(error.mark == Mark(line: 6, column: 8))
    }

    @Test func aFewAliasesAreFine() throws {
        let limits = YAMLLimits(maxBytes: 1 << 20, maxDepth: 64, maxAliasValues: 20, maxValues: 1_000)
        // Each alias copies the mapping, its two keys, their values and the list's two items: 7 values.
        let root = try #require(try YAMLParser.parse("base: &b { x: 1, y: [1, 2] }\none: *b\ntwo: *b\n", limits: limits))
        #expect(root["two"]?["y"]?.items?.count == 2)
        let text = "base: &b [1, 2, 3, 4]\n" + (1...5).map { "k\($0): *b" }.joined(separator: "\n")
        let error = try #require(Self.problem(text, limits: limits))
        #expect(error.mark == Mark(line: 6, column: 5))
        #expect(error.message == "aliases copy more than 20 values")
    }

    @Test func aliasesOfLongTextAreBoundedByItsSize() throws {
        // Few values, but each copy is a megabyte of text for whoever reads the tree.
        let text =
            "long: &long \"" + String(repeating: "x", count: 1 << 20) + "\"\n"
            + (1...20).map { "k\($0): *long" }.joined(separator: "\n")
        let error = try #require(Self.problem(text))
        #expect(error.message == "aliases copy more than 16 MB of text")
        #expect(error.mark == Mark(line: 18, column: 6))
    }

    @Test func theValueCountIsBounded() throws {
        let text = (0..<30).map { "k\($0): v" }.joined(separator: "\n")
        let error = try #require(Self.problem(text, limits: Self.small))
        #expect(error.message == "the document holds more than 50 values")
        #expect(error.mark.line == 25)
    }

    @Test func aHugeScalarAndManyKeysAreRead() throws {
        let huge = String(repeating: "x", count: 2_000_000)
        let root = try #require(try YAMLParser.parse("description: \"\(huge)\"\nname: Catalog\n"))
        #expect(root["description"]?.scalarText?.count == 2_000_000)
        #expect(root["name"]?.mark == Mark(line: 2, column: 7))

        let keys = (0..<50_000).map { "k\($0): \($0)" }.joined(separator: "\n")
        let many = try #require(try YAMLParser.parse(keys))
        #expect(many.pairs?.count == 50_000)
    }

    @Test func truncatedAndTabbedDocumentsAreSyntaxErrors() throws {
        let truncated = try #require(Self.problem("models:\n  Product: { id: Int, name: Str"))
        #expect(truncated.message.hasPrefix("malformed YAML: "))
        #expect(truncated.mark.line == 2, "the end of a file without a last line break is on its last line")
        let tabbed = try #require(Self.problem("models:\n\tProduct: {}\n"))
        #expect(tabbed.mark == Mark(line: 2, column: 1))
    }

    @Test func carriageReturnLinesAreLines() throws {
        let root = try #require(try YAMLParser.parse("a: 1\rb: 2\rc: 3\r"))
        #expect(root["c"]?.mark == Mark(line: 3, column: 4))
    }
}
