import Foundation
import PagegenYAML
import Testing

@testable import PagegenImport

/// The decoder that lets OpenAPIKit read PagegenYAML's trees: YAML 1.2 scalars, and
/// mappings in document order.
@Suite struct NodeDecoderTests {
    struct Scalars: Decodable, Equatable {
        var count: Int
        var ratio: Double
        var flag: Bool
        var text: String
        var number: String
        var missing: String?
        var null: Int?
    }

    func node(_ text: String) throws -> Node {
        try #require(try YAMLParser.parse(text))
    }

    @Test func plainScalarsAreTypedAndQuotedOnesAreText() throws {
        let value = try NodeDecoder.decode(
            Scalars.self, from: node("count: 12\nratio: 1.5\nflag: true\ntext: hello\nnumber: \"12\"\nnull: ~\n"))
        #expect(value == Scalars(count: 12, ratio: 1.5, flag: true, text: "hello", number: "12", missing: nil, null: nil))
        #expect(throws: DecodingError.self) { try NodeDecoder.decode(Int.self, from: node("\"12\"")) }
        #expect(throws: DecodingError.self) { try NodeDecoder.decode(Bool.self, from: node("\"true\"")) }
    }

    /// Records the order `allKeys` gives.
    struct Keys: Decodable {
        var keys: [String]
        init(from decoder: any Decoder) throws {
            keys = try decoder.container(keyedBy: NodeCodingKey.self).allKeys.map(\.stringValue)
        }
    }

    @Test func keysComeInDocumentOrder() throws {
        #expect(try NodeDecoder.decode(Keys.self, from: node("zeta: 1\nalpha: 2\nmid: 3\n")).keys == ["zeta", "alpha", "mid"])
    }

    @Test func errorsCarryTheCodingPath() throws {
        struct Outer: Decodable { var items: [Scalars] }
        do {
            _ = try NodeDecoder.decode(Outer.self, from: node("items:\n  - { count: x, ratio: 1, flag: true, text: t, number: n }\n"))
            Issue.record("decoded a count of 'x'")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["items", "0", "count"])
        }
    }

    @Test func aPointerLeadsToItsKeysMark() throws {
        let root = try node("paths:\n  /a/b:\n    get:\n      summary: x\n")
        #expect(root.mark(of: JSONPointer(parsing: "/paths/~1a~1b/get")) == Mark(line: 3, column: 5))
        #expect(JSONPointer(["paths", "/a/b", "get"]).description == "/paths/~1a~1b/get")
        #expect(root.mark(of: JSONPointer(parsing: "/paths/~1a~1b/post")) == Mark(line: 2, column: 3), "the nearest part that exists")
    }
}
