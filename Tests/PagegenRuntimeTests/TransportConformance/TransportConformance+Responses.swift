import Foundation
import PagegenTestServer
import PagegenTestSupport
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// Every kind of answer a client reads: JSON, text in its charset, bytes with their
/// type, nothing, a large body whole, and the waits `Retry-After` asks for.
extension TransportConformanceTests {
    @Test(arguments: TransportFactory.all)
    func textIsReadInItsCharsetAndBytesKeepTheirType(_ factory: TransportFactory) async throws {
        let server = try await Self.echo { request in
            switch request.path {
            case "/json": .json(#"{"items": [1, 2], "next": null}"#)
            case "/latin1":
                TestResponse(headers: [("Content-Type", "text/plain; charset=ISO-8859-1")], body: Data([0x63, 0x61, 0x66, 0xE9]))
            case "/utf8": TestResponse(headers: [("Content-Type", "text/markdown")], body: Data("# Café".utf8))
            case "/broken": TestResponse(headers: [("Content-Type", "text/plain")], body: Data([0xFF, 0xFE, 0xFD]))
            case "/pdf": TestResponse(headers: [("Content-Type", "application/pdf")], body: Data("%PDF-1.7".utf8))
            default: TestResponse(status: 204)
            }
        }
        defer { Task { await server.stop() } }
        let runtime = Self.runtime(factory, server)
        let endpoint = { (path: String) in Endpoint(name: "get", method: "GET", path: path) }
        #expect(
            try await runtime.send(endpoint("/json"), as: JSONValue.self).get()
                == .object(["items": .array([.number(1), .number(2)]), "next": .null]))
        #expect(try await runtime.sendForText(endpoint("/latin1")).get() == "café")
        #expect(try await runtime.sendForText(endpoint("/utf8")).get() == "# Café")
        let broken = await runtime.sendForText(endpoint("/broken"))
        #expect(broken.failure?.description.contains("the body is not UTF-8 text (Content-Type 'text/plain')") == true, "\(broken)")
        let pdf = try await runtime.sendForBinary(endpoint("/pdf")).get()
        #expect(pdf == BinaryContent(data: Data("%PDF-1.7".utf8), contentType: "application/pdf"))
        let none = await runtime.sendForNoContent(endpoint("/none"))
        #expect((try? none.get()) != nil)
    }

    @Test(arguments: TransportFactory.all)
    func aLargeBodyArrivesWhole(_ factory: TransportFactory) async throws {
        let (file, bytes) = try Self.temporaryFile(bytes: 12 << 20)
        try? FileManager.default.removeItem(at: file)
        let server = try await TestServer.start { _ in TestResponse(headers: [("Content-Type", "application/octet-stream")], body: bytes) }
        defer { Task { await server.stop() } }
        let (response, body) = try await factory.make().send(HTTPRequest(method: "GET", url: server.baseURL.appendingPathComponent("big")))
        #expect(response.statusCode == 200)
        #expect(body.count == bytes.count)
        #expect(body == bytes)
    }

    @Test(arguments: TransportFactory.all)
    func responseHeaderFieldsArriveWithTheirValues(_ factory: TransportFactory) async throws {
        let server = try await TestServer.start { _ in
            .json("[]", headers: [("Link", #"<https://api.example.com/items?page=2>; rel="next""#), ("X-Total-Count", "41")])
        }
        defer { Task { await server.stop() } }
        let (response, _) = try await factory.make().send(HTTPRequest(method: "GET", url: server.baseURL.appendingPathComponent("items")))
        #expect(response.value(forHeader: "link") == #"<https://api.example.com/items?page=2>; rel="next""#)
        #expect(response.value(forHeader: "X-TOTAL-COUNT") == "41")
        #expect(response.value(forHeader: "Content-Type") == "application/json")
    }

    /// A server that answers as `steps` say, one status (and header fields) per
    /// request, the last repeating.
    static func scripted(_ steps: [(Int, [(String, String)])]) async throws -> TestServer {
        let attempts = Counter()
        return try await TestServer.start { _ in
            let (status, headers) = steps[min(attempts.next(), steps.count) - 1]
            return .json(status == 200 ? "[1]" : #"{"error": "busy"}"#, status: status, headers: headers)
        }
    }

    @Test(arguments: TransportFactory.all)
    func retryAfterInSecondsIsHonoured(_ factory: TransportFactory) async throws {
        let clock = VirtualRetryClock()
        let server = try await Self.scripted([(429, [("Retry-After", "7")]), (200, [])])
        defer { Task { await server.stop() } }
        let runtime = Self.runtime(factory, server, middlewares: [RetryMiddleware(clock: clock)])
        _ = try await runtime.send(Endpoint(name: "items", method: "GET", path: "/items"), RequestParameters(), as: JSONValue.self).get()
        #expect(clock.sleeps == [.seconds(7)], "as the server asks, above maxBackoff's ceiling for backoffs too")
    }

    @Test(arguments: TransportFactory.all)
    func retryAfterAsAnHTTPDateIsHonoured(_ factory: TransportFactory) async throws {
        let clock = VirtualRetryClock(date: Date(timeIntervalSince1970: 1_445_412_470))  // Wed, 21 Oct 2015 07:27:50 GMT
        let server = try await Self.scripted([
            (503, [("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT")]),  // IMF-fixdate, 10 s ahead
            (503, [("Retry-After", "Wednesday, 21-Oct-15 07:28:05 GMT")]),  // RFC 850, 5 s after the first wait
            (503, [("Retry-After", "Wed Oct 21 07:28:06 2015")]),  // asctime, 1 s after that
            (503, [("Retry-After", "Tue, 20 Oct 2015 07:28:00 GMT")]),  // in the past: at once
            (200, []),
        ])
        defer { Task { await server.stop() } }
        let runtime = Self.runtime(factory, server, middlewares: [RetryMiddleware(maxAttempts: 5, clock: clock)])
        _ = try await runtime.send(Endpoint(name: "items", method: "GET", path: "/items"), RequestParameters(), as: JSONValue.self).get()
        #expect(clock.sleeps == [.seconds(10), .seconds(5), .seconds(1), .zero])
    }

    @Test(arguments: TransportFactory.all)
    func aRetryAfterHoldsBackTheClientsOtherRequestsThroughItsThrottle(_ factory: TransportFactory) async throws {
        // 429 with Retry-After: 4 to the first request; the throttle, which reads that
        // header, holds back the next request of the client for the same 4 s.
        let clock = VirtualRetryClock()
        let server = try await Self.scripted([(429, [("Retry-After", "4")]), (200, [])])
        defer { Task { await server.stop() } }
        var runtime = Self.runtime(factory, server)
        runtime.throttle = Throttle(hints: [.header("Retry-After")], clock: clock)
        let first = await runtime.send(Endpoint(name: "items", method: "GET", path: "/items"), RequestParameters(), as: [Int].self)
        #expect(first.failure?.statusCode == 429)
        #expect(
            try await runtime.send(Endpoint(name: "users", method: "GET", path: "/users"), RequestParameters(), as: [Int].self).get() == [1]
        )
        #expect(clock.sleeps == [.seconds(4)])
        #expect(await server.requests.map(\.path) == ["/items", "/users"])
    }
}
