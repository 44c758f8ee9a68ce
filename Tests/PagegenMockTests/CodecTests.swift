import Foundation
import Testing

@testable import PagegenMock

/// Cursors, item keys, path templates and percent-decoding.
@Suite struct CodecTests {
    @Test func cursorsRoundTripAndRejectAnythingElse() {
        let codec = CursorCodec(seed: 1)
        for position in [CursorPosition.start, .after(0), .after(99), .before(12)] {
            let cursor = codec.encode(position, scope: "events|")
            #expect(codec.decode(cursor, scope: "events|") == position)
            #expect(!cursor.contains("=") && !cursor.contains("+") && !cursor.contains("/"))
            #expect(codec.decode(cursor, scope: "other|") == nil, "a cursor of another list")
            #expect(CursorCodec(seed: 2).decode(cursor, scope: "events|") == nil, "a cursor of another seed")
        }
        let good = codec.encode(.after(5), scope: "events|")
        let edited = Data("v1|a|6|\(String(decoding: Data(base64Encoded: good + "==")!.suffix(8), as: UTF8.self))".utf8)
            .base64EncodedString()
        for bogus in ["", "abc", "!!!", "djF8YXw1", String(repeating: "A", count: 5000), edited, "v1|a|5|00000000"] {
            #expect(codec.decode(bogus, scope: "events|") == nil, "\(bogus.prefix(20))")
        }
    }

    @Test func itemKeysRoundTrip() {
        let codec = ItemKeyCodec(model: "Customer", salt: 77)
        #expect(codec.prefix == "cus")
        var seen: Set<String> = []
        for index in [0, 1, 2, 99, 12345, ItemKeyCodec.maxIndex] {
            let key = codec.stringKey(forIndex: index)
            #expect(key.hasPrefix("cus_"))
            #expect(codec.index(forKey: key, typeName: "String") == index)
            seen.insert(key)
        }
        #expect(seen.count == 6)
        #expect(codec.key(forIndex: 4, typeName: "Int") == .int(5))
        #expect(codec.index(forKey: "5", typeName: "Int") == 4)
        for bogus in ["0", "-3", "cus_", "cus_zzzzzzzzzzzzzzzzz", "abc_123", "99999999999999999999999", ""] {
            #expect(
                codec.index(forKey: bogus, typeName: bogus.hasPrefix("cus") || bogus.hasPrefix("abc") ? "String" : "Int") == nil, "\(bogus)"
            )
        }
        #expect(ItemKeyCodec(model: "Customer", salt: 78).index(forKey: codec.stringKey(forIndex: 3), typeName: "String") != 3)
        for value: UInt64 in [0, 1, 42, .max, 0xDEAD_BEEF] {
            #expect(ItemKeyCodec.unmix(ItemKeyCodec.mix(value)) == value)
        }
    }

    @Test func pathTemplatesMatchSegmentsAndParameters() throws {
        let products = try PathTemplate.parse("/categories/{category_id}/products").get()
        #expect(products.match(["categories", "42", "products"]) == ["category_id": "42"])
        #expect(products.match(["categories", "42", "products", ""]) == ["category_id": "42"])
        #expect(products.match(["categories", "42"]) == nil)
        let item = try PathTemplate.parse("/item/{id}.json").get()
        #expect(item.match(["item", "8863.json"]) == ["id": "8863"])
        #expect(item.match(["item", ".json"]) == nil)
        let user = try PathTemplate.parse("/user/{username}/").get()
        #expect(user.match(["user", "spez", ""]) == ["username": "spez"])
        #expect(user.match(["user", "spez"]) == ["username": "spez"])
        for bad in ["/items/{id", "/items/id}", "/items/{}", "/a/{x}{y}"] {
            guard case .failure = PathTemplate.parse(bad) else {
                Issue.record("\(bad) should not parse")
                continue
            }
        }
    }

    @Test func percentDecodingIsStrict() {
        #expect(MockRequest.percentDecoded("a%20b+c", plusIsSpace: true) == "a b c")
        #expect(MockRequest.percentDecoded("a+b", plusIsSpace: false) == "a+b")
        #expect(MockRequest.percentDecoded("%E2%9C%93", plusIsSpace: true) == "✓")
        #expect(MockRequest.percentDecoded("%zz", plusIsSpace: true) == nil)
        #expect(MockRequest.percentDecoded("%4", plusIsSpace: true) == nil)
        #expect(MockRequest.percentDecoded("%FF%FE", plusIsSpace: true) == nil)
    }

    @Test func latencyAndDripSettingsParse() {
        #expect(MockFaults.Latency(parsing: "150ms") == .fixed(.milliseconds(150)))
        #expect(MockFaults.Latency(parsing: "1.5s") == .fixed(.milliseconds(1500)))
        #expect(MockFaults.Latency(parsing: "200") == .fixed(.milliseconds(200)))
        #expect(MockFaults.Latency(parsing: "50ms..400ms") == .uniform(.milliseconds(50) ... .milliseconds(400)))
        #expect(MockFaults.Latency(parsing: "50ms..400ms")?.description == "50ms..400ms")
        for bad in ["", "fast", "-5ms", "400ms..50ms", "2m", "61s", "1e400"] {
            #expect(MockFaults.Latency(parsing: bad) == nil, "\(bad)")
        }
        #expect(MockFaults.Drip(parsing: "16/50ms") == MockFaults.Drip(chunkSize: 16, delay: .milliseconds(50)))
        #expect(MockFaults.Drip(parsing: "16b/5ms")?.chunkSize == 16)
        #expect(MockFaults.Drip(parsing: "") == MockFaults.Drip())
        #expect(MockFaults.Drip(parsing: "20ms")?.delay == .milliseconds(20))
        #expect(MockFaults.Drip(parsing: "x/y") == nil)
    }

    @Test func linkHeadersAndURLsAreWellFormed() {
        let writer = LinkWriter(origin: "http://127.0.0.1:9", rawPath: "/repos/a/b/issues", keptQuery: [("state", "all open")])
        let url = writer.url([("per_page", "30"), ("page", "2")])
        #expect(url == "http://127.0.0.1:9/repos/a/b/issues?state=all%20open&per_page=30&page=2")
        #expect(
            LinkWriter.header([("next", url), ("last", "http://x/?page=4")])
                == "<\(url)>; rel=\"next\", <http://x/?page=4>; rel=\"last\"")
    }

    @Test func collectionsShiftRowsButKeepIndexes() {
        let view = CollectionView(base: 5, inserted: 2)
        #expect(view.count == 7)
        #expect((0..<7).map(view.index(atRow:)) == [6, 5, 0, 1, 2, 3, 4])
        #expect((0..<7).map { view.row(ofIndex: $0) } == [2, 3, 4, 5, 6, 1, 0])
        #expect(view.row(ofIndex: 7) == nil)
        #expect(clampedRows(start: Int.max - 1, size: 10, count: 5) == 5..<5)
        #expect(clampedRows(start: 3, size: Int.max, count: 5) == 3..<5)
    }
}
