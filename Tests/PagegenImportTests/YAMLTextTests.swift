import PagegenYAML
import Testing

@testable import PagegenImport

/// What the spec writer quotes reads back as exactly the text it wrote, in a block
/// and inside a flow mapping.
@Suite struct YAMLTextTests {
    static let texts = [
        "plain", "/repos/{owner}/{repo}/issues", "@odata.nextLink", "[\"@odata.nextLink\"]", "$top", "page[size]", "+1", "-1",
        "yes", "no", "on", "null", "~", "", " leading", "trailing ", "a: b", "a #b", "#x", "2022-11-28", "1.10", "0x1F",
        "tab\there", "line\nbreak", "quote\"d", "it's", "a,b", "{x}", "*", "&anchor", "!tag", "|", ">", "%", "`x`", "48x48",
        "value with \\ backslash", "é ü 日本", "\u{7}bell",
    ]

    @Test(arguments: texts)
    func aScalarReadsBackAsWritten(_ text: String) throws {
        for context in [YAMLText.Context.block, .flow] {
            let written = context == .block ? "key: \(YAMLText.scalar(text))\n" : "key: { a: \(YAMLText.scalar(text, in: .flow)), b: 1 }\n"
            let root = try #require(try YAMLParser.parse(written))
            let value = context == .block ? root["key"] : root["key"]?["a"]
            #expect(value?.scalarText == text, "\(written)")
            #expect(value?.isNull == false, "\(written)")
        }
    }

    @Test(arguments: ["2022-11-28", "1.10", "10", "-1", "+1", "0x10", "1e3", "12:30"])
    func textThatLooksLikeANumberIsQuoted(_ text: String) {
        #expect(YAMLText.text(text).hasPrefix("\""))
    }

    @Test func plainTextStaysPlain() {
        #expect(YAMLText.scalar("/repos/{owner}/{repo}/issues") == "/repos/{owner}/{repo}/issues")
        #expect(YAMLText.scalar("per_page", in: .flow) == "per_page")
        #expect(YAMLText.scalar("[\"@odata.nextLink\"]", in: .flow) == "'[\"@odata.nextLink\"]'")
    }

    @Test(arguments: [
        "one line", "two\nlines", "a paragraph\n\nand another", "  indented first line\nx", "trailing space \nx", "x\n  indented code\n",
        "tab\there\nx", "# not a comment\n- not a list\nkey: not a key", "\"quoted\"\n'and' `code` *stars* [link](u)", "ends\n",
    ])
    func aDescriptionReadsBackAsWritten(_ text: String) throws {
        let written = "outer:\n" + YAMLText.entry("description", text, indent: 2).joined(separator: "\n") + "\n"
        let root = try #require(try YAMLParser.parse(written))
        #expect(root["outer"]?["description"]?.scalarText == text, "\(written)")
    }

    @Test func namesShownWithEmptyBracketsAreFound() {
        #expect(BracketEvidence.names(in: "Use `expand[]=discounts` or data.expand[]=x, not []=y") == ["expand", "data.expand"])
        #expect(BracketEvidence.names(in: "expand[0]=a") == [])
    }
}
