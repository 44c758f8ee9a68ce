import Testing

@testable import PagegenYAML

/// A large document is read in two parts at the same time; whatever it holds, what
/// comes out is what reading it whole gives: the same tree with the same marks, or
/// the same error at the same place.
@Suite struct TwoPartReadingTests {
    static let count = 600

    /// A spec-like document of ``count`` models and ``count`` endpoints (about 150 KB),
    /// with `beforeEndpoints` written at the end of the models and `afterEndpoints`
    /// at the start of the endpoints.
    static func document(lineBreak: String = "\n", beforeEndpoints: String = "", afterEndpoints: String = "") -> String {
        var lines = ["pagegen: 1", "name: Big", "models:"]
        for index in 0..<count {
            lines += [
                "  Model\(index):", "    id: String", "    count: Int64", "    note: \"a quoted note, \\\"escaped\\\"\"",
                "    tags: [String]", "    description: |", "      A block scalar", "      of two lines.",
            ]
        }
        if !beforeEndpoints.isEmpty { lines.append(beforeEndpoints) }
        lines.append("endpoints:")
        if !afterEndpoints.isEmpty { lines.append(afterEndpoints) }
        for index in 0..<count {
            lines += [
                "  list\(index):", "    get: /models\(index)", "    returns: Model\(index)Page  # a comment",
                "    paging: { page: { param: page, first: 1 }, items: data }",
            ]
        }
        return lines.joined(separator: lineBreak) + lineBreak
    }

    /// Reads `text` both ways and expects the same outcome.
    /// - Parameter splits: whether the text should be split, or nil for either.
    static func expectSameReading(_ text: String, limits: YAMLLimits = .standard, splits: Bool?) {
        var bytes = text
        let split = bytes.withUTF8 { TwoPartReading.splitPoint(in: $0) }
        if let splits { #expect((split != nil) == splits, "the document should \(splits ? "" : "not ")be split") }
        let whole = Result { () throws(YAMLError) in try YAMLParser.parse(text, limits: limits, inTwoParts: false) }
        let parts = Result { () throws(YAMLError) in try YAMLParser.parse(text, limits: limits, inTwoParts: true) }
        #expect(parts == whole)
    }

    @Test func aLargeDocumentReadsInTwoPartsAsItReadsWhole() throws {
        let text = Self.document()
        Self.expectSameReading(text, splits: true)
        #expect(TwoPartReading.parse(text, limits: .standard) != nil, "the two parts should read")
        let root = try #require(try YAMLParser.parse(text))
        let endpoints = try #require(root["endpoints"]?.pairs)
        #expect(endpoints.count == Self.count)
        #expect(endpoints[0].key.mark == Mark(line: 3 + Self.count * 8 + 2, column: 3))
    }

    @Test func windowsLineBreaksAreNumberedAsLibyamlNumbersThem() {
        let text = Self.document(lineBreak: "\r\n")
        Self.expectSameReading(text, splits: true)
        #expect(TwoPartReading.parse(text, limits: .standard) != nil, "the two parts should read")
    }

    @Test(arguments: ["\r", "\u{85}", "\u{2028}"])
    func aDocumentWithOtherLineBreaksIsReadWhole(_ lineBreak: String) {
        Self.expectSameReading(Self.document(lineBreak: lineBreak), splits: false)
    }

    @Test func anAliasOfAnAnchorInTheOtherPartReadsAsItReadsWhole() {
        let text = Self.document(beforeEndpoints: "  Anchored: &shared { id: String }", afterEndpoints: "  aliased: *shared")
        Self.expectSameReading(text, splits: true)
        #expect(TwoPartReading.parse(text, limits: .standard) == nil, "the second part cannot read the alias on its own")
    }

    @Test(arguments: [
        "  Tricky:\n    note: \"runs on\nsplit: inside the quotes\"",
        "  Tricky:\n    list: [a,\nsplit: b]",
        "  Tricky:\n    broken: [",
        "  Tricky:\n    text: |\n      a block\nsplit: after the block",
        "  Tricky:\n    plain: runs\nsplit: on",
    ])
    func whatRunsOnToTheSplitReadsAsItReadsWhole(_ lines: String) {
        Self.expectSameReading(Self.document(beforeEndpoints: lines), splits: true)
    }

    @Test(arguments: ["  list:\n    get: [unclosed", "  bad: - indentation\n - x", "  dangling: *nowhere"])
    func anErrorInTheSecondPartIsToldAsTheWholeTellsIt(_ lines: String) {
        Self.expectSameReading(Self.document(afterEndpoints: lines), splits: true)
    }

    @Test(arguments: ["---\nsecond: document", "...", "<<: {merged: true}", "? <<\n: {name: merged}\nname: own"])
    func aSecondDocumentOrAMergeKeyIsReadWhole(_ lines: String) {
        Self.expectSameReading(Self.document() + lines + "\n", splits: false)
        // At the very start, `---` and `...` mark where the one document starts or ends.
        Self.expectSameReading(lines + "\n" + Self.document(), splits: lines.contains("<<") ? false : nil)
    }

    @Test func aLimitThePartsPassTogetherIsToldAsTheWholeTellsIt() throws {
        let text = Self.document()
        // The fewest values the whole document fits in.
        var fits = 1
        var tooFew = 0
        while (try? YAMLParser.parse(text, limits: Self.limits(maxValues: fits), inTwoParts: false)) == nil {
            tooFew = fits
            fits *= 2
        }
        while fits - tooFew > 1 {
            let middle = (fits + tooFew) / 2
            if (try? YAMLParser.parse(text, limits: Self.limits(maxValues: middle), inTwoParts: false)) == nil {
                tooFew = middle
            } else {
                fits = middle
            }
        }
        Self.expectSameReading(text, limits: Self.limits(maxValues: fits), splits: true)
        Self.expectSameReading(text, limits: Self.limits(maxValues: fits - 1), splits: true)
        #expect(throws: YAMLError.self) { try YAMLParser.parse(text, limits: Self.limits(maxValues: fits - 1)) }
    }

    static func limits(maxValues: Int) -> YAMLLimits {
        YAMLLimits(maxBytes: 16 << 20, maxDepth: 64, maxAliasValues: 100_000, maxValues: maxValues)
    }

    @Test func aSmallDocumentIsReadWhole() {
        Self.expectSameReading("name: small\nendpoints: {}\n", splits: false)
    }
}
