import Foundation
import Testing

@testable import PagegenMock

/// pagegen-mock's validators: an `ETag` on every successful `GET`, and `304 Not
/// Modified` for a request that names it, as a client that kept the page sends.
@Suite struct EntityTagTests {
    @Test func aPageCarriesAnETagAndARequestNamingItGets304WithNoBody() async throws {
        try await withMock("catalog") { server in
            let path = "/categories/7/products?page_size=8&current_page=2"
            let first = try await fetch(server, path)
            #expect(first.status == 200)
            let tag = try #require(first.header("ETag"))
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""), "a strong tag, quoted")
            #expect(try await fetch(server, path).header("ETag") == tag, "the same page has the same tag")
            #expect(try await fetch(server, "/categories/7/products?page_size=8&current_page=3").header("ETag") != tag)

            let unchanged = try await fetch(server, path, headers: ["If-None-Match": "\"other\", W/\(tag)"])
            #expect(unchanged.status == 304)
            #expect(unchanged.body.isEmpty)
            #expect(unchanged.header("ETag") == tag)
            #expect(unchanged.header("Content-Length") == nil, "a 304 has no content length of its own")
            #expect(try await fetch(server, path, headers: ["If-None-Match": "*"]).status == 304)
            let changed = try await fetch(server, path, headers: ["If-None-Match": "\"stale\""])
            #expect(changed.status == 200)
            #expect(!changed.body.isEmpty)
        }
    }

    @Test func errorsCarryNoETag() async throws {
        try await withMock("catalog") { server in
            let answer = try await fetch(server, "/categories/7/products?current_page=0")
            #expect(answer.status == 400)
            #expect(answer.header("ETag") == nil)
        }
    }

    @Test func theTagIsTheBodysDigest() {
        #expect(EntityTag.digest(Data()) == "cbf29ce484222325", "FNV-1a's offset basis for no bytes")
        #expect(EntityTag.matches("\"a\", \"b\"", "\"b\""))
        #expect(!EntityTag.matches("\"a\"", "\"b\""))
    }
}
