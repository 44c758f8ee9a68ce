@testable import PagegenCore
import Testing

/// Swift names derived from JSON field names, parameter names and spec names.
@Suite struct SwiftNamingTests {
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
        ("URL", "url"),
        ("Type", "type"),
        ("48x48", "_48x48"),
        ("1st_place", "_1stPlace"),
        ("volume_24h", "volume24h"),
        ("", "_"),
    ])
    func memberNames(_ json: String, _ swift: String) {
        #expect(SwiftNaming.memberName(json) == swift)
    }

    @Test(arguments: ["self", "default", "class", "func", "init", "in", "true", "where"])
    func keywordsAreEscapedWithBackticks(_ keyword: String) {
        #expect(SwiftNaming.memberName(keyword) == "`\(keyword)`")
        #expect(SwiftNaming.lowerCamel(keyword) == keyword, "lowerCamel gives the bare name to build other names from")
    }

    @Test func wordsAreSplitAtSeparatorsAndCaseChanges() {
        #expect(SwiftNaming.words("sale_price") == ["sale", "price"])
        #expect(SwiftNaming.words("saleItemCount") == ["sale", "Item", "Count"])
        #expect(SwiftNaming.words("@odata.nextLink") == ["odata", "next", "Link"])
        #expect(SwiftNaming.words("page[size]") == ["page", "size"])
        #expect(SwiftNaming.words("volume24Hours") == ["volume24", "Hours"])
        #expect(SwiftNaming.words("__") == [])
    }

    @Test(arguments: [
        ("status", "Status"),
        ("line_item", "LineItem"),
        ("image_url", "ImageURL"),
        ("url", "Url"),
        ("My API", "MyAPI"),
        ("1x", "_1x"),
        ("self", "Self_"),
        ("type", "Type_"),
        ("", "_"),
    ])
    func typeNames(_ name: String, _ swift: String) {
        #expect(SwiftNaming.typeName(name) == swift)
    }

    @Test func typeNameChecks() {
        #expect(SwiftNaming.isTypeName("Catalog"))
        #expect(SwiftNaming.isTypeName("_Private"))
        #expect(SwiftNaming.isTypeName("V2"))
        #expect(!SwiftNaming.isTypeName("My API"))
        #expect(!SwiftNaming.isTypeName("2Fast"))
        #expect(!SwiftNaming.isTypeName(""))
        #expect(!SwiftNaming.isTypeName("Self"))
        #expect(!SwiftNaming.isTypeName("Type"))
    }

    @Test func prefixedNamesForGeneratedFunctions() {
        #expect(SwiftNaming.prefixed("all", "products") == "allProducts")
        #expect(SwiftNaming.prefixed("all", "top_stories") == "allTopStories")
        #expect(SwiftNaming.prefixed("all", "listItems") == "allListItems")
    }

    @Test func stringLiteralsEscapeQuotesBackslashesAndControls() {
        #expect(SwiftNaming.stringLiteral("plain") == #""plain""#)
        #expect(SwiftNaming.stringLiteral(#"say "hi""#) == #""say \"hi\"""#)
        #expect(SwiftNaming.stringLiteral(#"a\b"#) == #""a\\b""#)
        #expect(SwiftNaming.stringLiteral("a\nb\tc\r") == #""a\nb\tc\r""#)
        #expect(SwiftNaming.stringLiteral("\u{1}") == #""\u{1}""#)
        #expect(SwiftNaming.stringLiteral("caf\u{E9} \u{1F600}") == "\"caf\u{E9} \u{1F600}\"")
    }

    @Test
    func leadingAcronymsOfCamelCaseNamesAreLowerCased() {
        #expect(SwiftNaming.memberName("HTMLContent") == "htmlContent")
        #expect(SwiftNaming.memberName("URLString") == "urlString")
        #expect(SwiftNaming.memberName("ETag") == "eTag")
    }
}
