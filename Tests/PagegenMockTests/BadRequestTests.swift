import Foundation
import Testing

@testable import PagegenMock

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests the server cannot answer get a JSON error, and the server goes on.
@Suite struct BadRequestTests {
    @Test func unknownPathsListTheEndpoints() async throws {
        try await withMock("catalog") { server in
            let answer = try await fetch(server, "/nowhere")
            #expect(answer.status == 404)
            #expect(answer.message == "no endpoint answers GET /api/v2/nowhere")
            #expect(
                answer.object["endpoints"] as? [String] == [
                    "GET /api/v2/categories/{category_id}/products", "GET /api/v2/products/{product_id}",
                ])
            let wrongMethod = try await fetch(server, "/products/3", method: "DELETE")
            #expect(wrongMethod.status == 405)
            #expect(wrongMethod.header("Allow") == "GET")
            #expect(try await fetch(server, "/products/three").status == 400)
            #expect(
                try await fetch(
                    URL(string: server.origin.absoluteString + "/categories/1/products")!, headers: ["Authorization": "Bearer t0ken"]
                ).status
                    == 200,
                "the base path may be left out")
        }
    }

    @Test func badCursorsAndSizesAre400s() async throws {
        try await withMock("events") { server in
            for cursor in ["bogus", "djF8YXw1fDAwMDAwMDAw", "%F0%9F%98%80", String(repeating: "x", count: 300)] {
                let answer = try await fetch(server, "/events?cursor=\(cursor)")
                #expect(answer.status == 400, "\(cursor.prefix(20))")
                #expect(answer.message.contains("not a cursor this server gave out"), "\(answer.message)")
            }
            let big = try await fetch(server, "/events", headers: ["X-Page-Size": "501"])
            #expect(big.status == 400)
            #expect(big.message == "X-Page-Size=501 is above the maximum page size of 500")
            #expect(try await fetch(server, "/events", headers: ["X-Page-Size": "ten"]).status == 400)
        }
        try await withMock("stripe") { server in
            #expect(try await fetch(server, "/v1/customers?limit=0").message == "limit=0 is below the minimum page size of 1")
            let unknown = try await fetch(server, "/v1/customers?starting_after=cus_nope")
            #expect(unknown.status == 400)
            #expect(unknown.message.contains("names no item"))
        }
        try await withMock("numbers") { server in
            #expect(try await fetch(server, "/numbers?page_number=abc").status == 400)
            #expect(try await fetch(server, "/numbers?page_number=99999999999999999999999").status == 400)
            let far = try await fetch(server, "/numbers?page_number=\(Int.max)&per_page=200")
            #expect(far.status == 200, "a page far past the end is empty, not an overflow")
            #expect((far.object["content"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func hugeValuesAndBadEncodingNeverCrashTheServer() async throws {
        try await withMock("articles") { server in
            let huge = String(repeating: "a", count: 10_000)
            let answer = try await fetch(server, "/articles?tag=\(huge)")
            #expect(answer.status == 400)
            #expect(answer.message.contains("at most 4096"))

            let raw = try await rawExchange(
                port: server.port, "GET /api/articles?tag=%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(raw.hasPrefix("HTTP/1.1 400"), "\(raw.prefix(200))")
            #expect(raw.contains("bad percent-encoding"))
            let rawPath = try await rawExchange(
                port: server.port, "GET /api/art%C3%28icles HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            #expect(rawPath.hasPrefix("HTTP/1.1 400"), "\(rawPath.prefix(200))")
            _ = try? await rawExchange(port: server.port, "THIS IS NOT HTTP\r\n\r\n")
            _ = try? await rawExchange(port: server.port, "GET /api/articles HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n{")
            #expect(try await fetch(server, "/articles").status == 200, "the server still answers")
        }
    }
}
