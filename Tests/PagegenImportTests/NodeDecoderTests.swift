import Foundation
import OpenAPIKit
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

    /// `AnyCodable(from:)` itself, through the decoder's general way, to compare the
    /// scalar shortcut with.
    struct ProbedValue: Decodable {
        var value: AnyCodable
        init(from decoder: any Decoder) throws { value = try AnyCodable(from: decoder) }
    }

    @Test func aNodeDecodesToTheAnyCodableThatProbingGives() throws {
        let scalars = [
            "true", "False", "\"true\"", "12", "-3", "\"12\"", "18446744073709551615", "1.5", "1e3", "-.inf", "0x1F", "0o17",
            "+7", ".5", "hello", "'single'", "1.0", "99999999999999999999999",
        ]
        for scalar in scalars {
            let probed = try NodeDecoder.decode(ProbedValue.self, from: node(scalar)).value
            let direct = try NodeDecoder.decode(AnyCodable.self, from: node(scalar))
            #expect(direct == probed, "\(scalar): \(direct.value) (\(type(of: direct.value))), probing gives \(probed.value)")
            #expect(type(of: direct.value) == type(of: probed.value), "\(scalar)")
        }
        // Lists and mappings, and values inside them; one with a null takes the general way.
        let nested = try node("list: [1, \"1\", true, x, [2]]\nmap: { a: 2.5, b: { c: d }, a: 3 }\nwithNull: { a: ~ }\n")
        let direct = try NodeDecoder.decode([String: AnyCodable].self, from: nested)
        let probed = try NodeDecoder.decode([String: ProbedValue].self, from: nested).mapValues(\.value)
        #expect(direct == probed)
        for key in probed.keys {
            #expect(type(of: direct[key]?.value) == type(of: probed[key]?.value), "\(key)")
        }
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
