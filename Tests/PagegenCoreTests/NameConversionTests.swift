import Foundation
import Testing

@testable import PagegenCore

/// Swift names converted from JSON field names, parameter names and enum values,
/// and the spelling of identifiers and literals.
@Suite struct NameConversionTests {
    @Test(arguments: [
        ("sale_price", "salePrice"),
        ("category_id", "categoryID"),
        ("image_url", "imageURL"),
        ("api_key", "apiKey"),
        ("html_body", "htmlBody"),
        ("user_uuid", "userUUID"),
        ("$top", "top"),
        ("page[size]", "pageSize"),
        ("tweet.fields", "tweetFields"),
        ("X-Total-Count", "xTotalCount"),
        ("X-API-Key", "xAPIKey"),
        ("objectID", "objectID"),
        ("createdAt", "createdAt"),
        ("ID", "id"),
        ("Id", "id"),
        ("_id", "id"),
        ("id_", "id"),
        ("URL", "url"),
        ("Type", "type"),
        ("48x48", "_48x48"),
        ("1st_place", "_1stPlace"),
        ("volume_24h", "volume24h"),
        ("in-review", "inReview"),
        ("caf\u{E9}_au_lait", "caf\u{E9}AuLait"),
    ])
    func lowerCamelNames(_ json: String, _ swift: String) {
        #expect(NameConversion.lowerCamel(json) == swift)
    }

    @Test(arguments: [
        ("", "empty"),
        ("_", "underscore"),
        ("__", "underscoreUnderscore"),
        ("+", "plus"),
        ("-", "minus"),
        ("*", "asterisk"),
        (" ", "space"),
        ("\u{202E}", "symbol"),
    ])
    func namesWithoutLettersAreSpelledOut(_ value: String, _ swift: String) {
        #expect(NameConversion.lowerCamel(value) == swift)
        #expect(NameConversion.isIdentifier(swift))
    }

    @Test func invisibleCharactersAreNotPartOfNames() {
        #expect(NameConversion.lowerCamel("ab\u{202E}cd") == "abCd")
        #expect(NameConversion.lowerCamel("zero\u{200B}width") == "zeroWidth")
        #expect(NameConversion.lowerCamel("x\u{00B2}") == "x", "a superscript digit is not a Swift digit")
    }

    @Test(arguments: ["self", "default", "class", "func", "init", "in", "true", "where", "inout", "await", "Type", "_"])
    func keywordsAreEscapedWithBackticks(_ keyword: String) {
        #expect(SwiftIdentifier(keyword).escaped == "`\(keyword)`")
        #expect(SwiftIdentifier(keyword).description == "`\(keyword)`")
    }

    @Test func contextualKeywordsNeedNoBackticks() {
        for word in ["get", "set", "some", "any", "open", "async", "copy", "each", "optional", "package"] {
            #expect(SwiftIdentifier(word).escaped == word)
        }
    }

    @Test func argumentLabelsNeedBackticksOnlyForInoutLetAndVar() {
        #expect(SwiftIdentifier("in").label == "in")
        #expect(SwiftIdentifier("self").label == "self")
        #expect(SwiftIdentifier("await").label == "await")
        #expect(SwiftIdentifier("inout").label == "`inout`")
        #expect(SwiftIdentifier("let").label == "let", "a call writes `let` bare")
        #expect(SwiftIdentifier("let").parameterLabel == "`let`", "a declaration needs backticks")
        #expect(SwiftIdentifier("var").parameterLabel == "`var`")
        #expect(SwiftIdentifier("inout").parameterLabel == "`inout`")
        #expect(SwiftIdentifier("in").parameterLabel == "in")
    }

    @Test func wordsAreSplitAtSeparatorsAndCaseChanges() {
        #expect(NameConversion.words("sale_price") == ["sale", "price"])
        #expect(NameConversion.words("saleItemCount") == ["sale", "Item", "Count"])
        #expect(NameConversion.words("@odata.nextLink") == ["odata", "next", "Link"])
        #expect(NameConversion.words("page[size]") == ["page", "size"])
        #expect(NameConversion.words("volume24Hours") == ["volume24", "Hours"])
        #expect(NameConversion.words("__") == [])
    }

    @Test(arguments: [
        ("status", "Status"),
        ("line_item", "LineItem"),
        ("image_url", "ImageURL"),
        ("url", "Url"),
        ("My API", "MyAPI"),
        ("1x", "_1x"),
        ("self", "Self"),
        ("type", "Type"),
        ("", "Empty"),
        ("-", "Minus"),
    ])
    func upperCamelNames(_ name: String, _ swift: String) {
        #expect(NameConversion.upperCamel(name) == swift)
    }

    @Test func typeNameChecks() {
        #expect(NameConversion.isTypeName("Catalog"))
        #expect(NameConversion.isTypeName("_Private"))
        #expect(NameConversion.isTypeName("V2"))
        #expect(!NameConversion.isTypeName("My API"))
        #expect(!NameConversion.isTypeName("2Fast"))
        #expect(!NameConversion.isTypeName(""))
        #expect(!NameConversion.isTypeName("_"))
        #expect(!NameConversion.isTypeName("Self"))
        #expect(!NameConversion.isTypeName("Type"))
        #expect(!NameConversion.isTypeName("Protocol"))
        #expect(!NameConversion.isTypeName("Any"))
        #expect(!NameConversion.isTypeName("any"))
        #expect(!NameConversion.isTypeName("some"))
    }

    @Test func identifierChecks() {
        #expect(NameConversion.isIdentifier("pageNumber"))
        #expect(NameConversion.isIdentifier("_private"))
        #expect(NameConversion.isIdentifier("default"), "a keyword is an identifier, written in backticks")
        #expect(!NameConversion.isIdentifier("_"))
        #expect(!NameConversion.isIdentifier("page-number"))
        #expect(!NameConversion.isIdentifier("1st"))
        #expect(!NameConversion.isIdentifier(""))
    }

    @Test func prefixedNamesForGeneratedFunctions() {
        #expect(NameConversion.prefixed("all", "products") == "allProducts")
        #expect(NameConversion.prefixed("all", NameConversion.lowerCamel("top_stories")) == "allTopStories")
        #expect(NameConversion.prefixed("all", "listItems") == "allListItems")
    }

    @Test func stringLiteralsEscapeQuotesBackslashesAndInvisibleCharacters() {
        #expect(SwiftLiteral.string("plain") == #""plain""#)
        #expect(SwiftLiteral.string(#"say "hi""#) == #""say \"hi\"""#)
        #expect(SwiftLiteral.string(#"a\b"#) == #""a\\b""#)
        #expect(SwiftLiteral.string(#"\(x) #" """"#) == #""\\(x) #\" \"\"\"""#)
        #expect(SwiftLiteral.string("a\nb\tc\r") == #""a\nb\tc\r""#)
        #expect(SwiftLiteral.string("\u{1}") == #""\u{1}""#)
        #expect(SwiftLiteral.string("left\u{202E}right") == #""left\u{202E}right""#)
        #expect(SwiftLiteral.string("caf\u{E9} \u{1F600}") == "\"caf\u{E9} \u{1F600}\"")
    }

    @Test func numberLiteralsAreWrittenAsSwiftWritesThem() {
        #expect(SwiftLiteral.integer("+5") == "5")
        #expect(SwiftLiteral.integer("5.0") == nil)
        #expect(SwiftLiteral.double(".5") == "0.5")
        #expect(SwiftLiteral.double("1e3") == "1000.0")
        #expect(SwiftLiteral.double("nan") == nil)
        #expect(SwiftLiteral.double("inf") == nil)
    }

    @Test func commentTextShowsInvisibleCharacters() {
        #expect(SwiftLiteral.commentText("a */ b") == "a */ b")
        #expect(SwiftLiteral.commentText("evil\u{202E}txt") == "evilU+202Etxt")
        #expect(SwiftLiteral.commentText("tab\there") == "tab here")
    }

    @Test func leadingAcronymsOfCamelCaseNamesAreLowerCased() {
        #expect(NameConversion.lowerCamel("HTMLContent") == "htmlContent")
        #expect(NameConversion.lowerCamel("URLString") == "urlString")
        #expect(NameConversion.lowerCamel("ETag") == "eTag")
    }
    /// ASCII names are split byte by byte; the split must be the one the character
    /// reader makes, for every mix of cases, digits and separators.
    @Test func asciiWordsAreTheCharacterReadersWords() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZbYcX09_-. $[]AbCDEfghIJ")
        for length in 0..<24 {
            for _ in 0..<200 {
                let name = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
                #expect(NameConversion.asciiWords(name) == NameConversion.characterWords(name), "\(name)")
            }
        }
    }

    /// A one-line ASCII description is trimmed of spaces only; the general reader agrees.
    @Test(arguments: ["  A page of products.  ", "   ", "", "x", "a\tb", "two\nlines ", " caf\u{E9} "])
    func docLinesOfOneLine(_ text: String) {
        let expected = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            .map { SwiftLiteral.commentText(String($0)).trimmingCharacters(in: .whitespaces) }
            .reversed().drop { $0.isEmpty }.reversed()
        #expect(DocLines.split(text) == Array(expected))
    }
}
