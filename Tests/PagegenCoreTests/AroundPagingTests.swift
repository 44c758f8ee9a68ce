import PagegenCore
import Testing

/// `around:` in a cursor paging block: what it needs (a way back, items with an
/// identity a query can carry, a parameter of its own), each misuse an error at its
/// line and column with a hint, and the `around:` argument it adds to the loader and
/// the list.
@Suite struct AroundPagingTests {
    /// A spec whose `messages` endpoint pages with `paging`, over items of `message`.
    static func spec(paging: String, message: String = "{ id: String, content: String }", query: String? = nil) -> String {
        """
        pagegen: 1
        name: Chat
        baseURL: https://chat.example.com/api
        models:
          Message: \(message)
        endpoints:
          messages:
            get: /messages
        \(query.map { "    query: \($0)\n" } ?? "")    returns: "[Message]"
            paging:
        \(paging.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n"))
        """
    }

    static let bothWays = """
        cursor: { param: before, fromItem: id }
        prev: { param: after, fromItem: id }
        """

    @Test func aCursorBlockThatGoesBothWaysOpensAroundAnItem() {
        #expect(SpecProbe.validate(Self.spec(paging: Self.bothWays + "\naround: { param: around }")) == [])
        #expect(
            SpecProbe.validate(Self.spec(paging: Self.bothWays + "\naround: { param: around }", message: "{ id: Int64, text: String }"))
                == [])
    }

    @Test func aroundNeedsAWayBack() {
        #expect(
            SpecProbe.check(Self.spec(paging: "cursor: { param: before, fromItem: id }\naround: { param: around }")) == [
                "specs/shop.pagegen.yaml:12:7: error: 'around' needs 'prev': a list opened around an item loads the items before it with 'prev'; add how to go back, such as 'prev: { param: after, fromItem: id }'"
            ])
    }

    @Test func aroundGoesWithCursorsAlone() {
        #expect(
            SpecProbe.check(Self.spec(paging: "offset: { param: offset }\naround: { param: around }")) == [
                "specs/shop.pagegen.yaml:12:7: error: 'around' goes with 'cursor' paging, not 'offset'; page numbers and offsets open a list at a page with a window endpoint ('window:')"
            ])
        #expect(
            SpecProbe.check(Self.spec(paging: "next: link\nprev: link\naround: { param: around }")) == [
                "specs/shop.pagegen.yaml:13:7: error: 'around' goes with 'cursor' paging, not 'next'; a list that follows links opens at its first page"
            ])
    }

    @Test func aroundSendsAParameterOfItsOwn() {
        #expect(
            SpecProbe.validate(Self.spec(paging: Self.bothWays + "\naround: { param: after }")) == [
                "specs/shop.pagegen.yaml:13:24: error: 'around' sends 'after', which 'prev' sends too; the page around an item is asked for with a parameter of its own, such as 'around: { param: around }'"
            ])
        #expect(
            SpecProbe.validate(Self.spec(paging: Self.bothWays + "\naround: { param: around }", query: "{ around: String? }")) == [
                "specs/shop.pagegen.yaml:9:14: error: 'around' is a paging parameter of endpoint 'messages'; remove it here: the generated functions take it from 'paging:'"
            ])
    }

    @Test func theItemsNeedAnIdentityAQueryCanCarry() {
        #expect(
            SpecProbe.validate(
                Self.spec(
                    paging: "cursor: { param: before, from: next }\nprev: { param: after, from: previous }\naround: { param: around }",
                    message: "{ content: String }")
            ).contains(
                "specs/shop.pagegen.yaml:13:24: error: 'around' opens the list at an item by its identity, and model 'Message' has none; give 'Message' an 'id' field, or name its identity with 'id:' in its long form"
            ))
        #expect(
            SpecProbe.validate(Self.spec(paging: Self.bothWays + "\naround: { param: around }", message: "{ id: Double, content: String }"))
                .contains(
                    "specs/shop.pagegen.yaml:13:24: error: 'around' sends the identity of an item, and the identity of model 'Message' is Double; an item to open around is named by an identity of type String, Int or Int64"
                ))
    }

    @Test func theLoaderAndTheListTakeTheIdentityToOpenAround() throws {
        let files = try GeneratorPipeline().generate(
            Self.spec(paging: Self.bothWays + "\naround: { param: around }", message: "{ id: Int, text: String }"), file: SpecProbe.file,
            templates: try TemplateSet.load(), diagnostics: DiagnosticCollector())
        let paging = try #require(files.first { $0.name.hasSuffix("Paging.swift") }?.contents)
        #expect(paging.contains("limit") == false)
        #expect(paging.contains("func messagesLoader(around: Swift.Int? = nil) -> PagegenRuntime.PageLoader<"), "\(paging)")
        #expect(paging.contains("size: nil, around: around, identity: { $0.id }"), "\(paging)")
        #expect(paging.contains("PagegenRuntime.PagedList(self.messagesLoader(around: around), options: options)"), "\(paging)")
        #expect(paging.contains("func messagesPages(from resumePoint: PagegenRuntime.ResumePoint? = nil)"), "\(paging)")
        let client = try #require(files.first { $0.name.hasSuffix("Client.swift") }?.contents)
        #expect(client.contains("around: PagegenRuntime.Parameter(\"around\")"), "\(client)")
    }
}
