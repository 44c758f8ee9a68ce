import Foundation
import Testing

@testable import PagegenMock

/// Clients that send too slowly, too little or too much: each gets a status and a
/// message, its connection closes, and the server goes on serving everyone else.
@Suite struct HostileClientTests {
    /// A short read timeout, for the tests of that timeout: they wait a fraction of a
    /// second for the server to give up (longer on a busy machine, which only delays
    /// the answer they wait for).
    static let quickRead = MockOptions(items: 20, limits: MockHTTPLimits(readTimeout: .milliseconds(400), idleTimeout: .seconds(300)))

    @Test func aRequestHeadThatStopsHalfWayGets408() async throws {
        try await withMock("numbers", options: Self.quickRead) { server in
            let client = try RawConnection(port: server.port)
            try await client.send("GET /api/numbers HTTP/1.1\r\nHost: x\r\n")
            let response = try #require(try await client.readResponse())
            #expect(response.status == 408)
            #expect(response.message == "the request head did not arrive within 400 ms (the server's read timeout)")
            #expect(response.headers["connection"] == "close")
            #expect(try await client.readUntilClosed().closed)
        }
    }

    @Test func aBodyShorterThanItsContentLengthGets408() async throws {
        try await withMock("algolia", options: Self.quickRead) { server in
            let client = try RawConnection(port: server.port)
            try await client.send("POST /1/indexes/items/query HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"query\":")
            let response = try #require(try await client.readResponse())
            #expect(response.status == 408)
            #expect(
                response.message.hasPrefix("the body of POST /1/indexes/items/query did not arrive within 400 ms"), "\(response.message)")
            #expect(await server.requests.isEmpty, "the handler never saw it")
        }
    }

    @Test func aBodyCutShortByTheClientGets400() async throws {
        try await withMock("algolia") { server in
            let client = try RawConnection(port: server.port)
            try await client.send("POST /1/indexes/items/query HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"query\":")
            client.finishSending()
            let response = try #require(try await client.readResponse())
            #expect(response.status == 400)
            #expect(response.message == "the body ended after 9 of the 100 bytes its Content-Length announced")
        }
    }

    @Test func anIdleKeepAliveConnectionClosesWithoutAResponse() async throws {
        // A connection is idle from the moment it is accepted. A busy machine may read
        // the request only after a short idle timeout has passed: then the server
        // closed the connection without reading it, and the test tries again with
        // twice the timeout.
        var idle = Duration.milliseconds(600)
        while true {
            let options = MockOptions(items: 20, limits: MockHTTPLimits(readTimeout: .seconds(300), idleTimeout: idle))
            let answered = try await withMock("numbers", options: options) { server in
                let client = try RawConnection(port: server.port)
                try await client.send("GET /api/numbers?per_page=1 HTTP/1.1\r\nHost: x\r\n\r\n")
                guard let response = try await client.readResponse() else {
                    #expect(await server.requests.isEmpty, "closed without an answer only when the request was never read")
                    return false
                }
                #expect(response.status == 200)
                let (closed, bytes) = try await client.readUntilClosed()
                #expect(closed && bytes.isEmpty, "closed after the idle timeout, with nothing sent")
                return true
            }
            if answered { break }
            try #require(idle < .seconds(60), "the server never read the request before its idle timeout of \(idle)")
            idle *= 2
        }
    }

    @Test func stalledClientsDoNotHoldUpTheOthers() async throws {
        let options = MockOptions(items: 20, limits: MockHTTPLimits(readTimeout: .seconds(2)))
        try await withMock("numbers", options: options) { server in
            var stalled: [RawConnection] = []
            for index in 0..<50 {
                let client = try RawConnection(port: server.port)
                try await client.send(index % 2 == 0 ? "GET /api/num" : "POST /api/numbers HTTP/1.1\r\nContent-Length: 10\r\n\r\n1")
                stalled.append(client)
            }
            // While fifty connections wait for bytes that never come, others are served.
            for page in 0..<20 {
                let answer = try await fetch(server, "/numbers?page_number=\(page)&per_page=5")
                #expect(answer.status == 200)
            }
            #expect(await server.requests.count == 20)
            let first = try #require(try await stalled[0].readResponse())
            #expect(first.status == 408, "and the stalled ones time out")
        }
    }

    @Test func aTooLongRequestLineGets414AtOnce() async throws {
        try await withMock("numbers") { server in
            let client = try RawConnection(port: server.port)
            // No line end yet: the server answers as soon as the line is over the limit.
            try await client.send("GET /api/numbers?q=" + String(repeating: "a", count: 17_000))
            let response = try #require(try await client.readResponse())
            #expect(response.status == 414)
            #expect(response.message == "the request line is over 16384 bytes long")
        }
    }

    @Test func aTenKilobyteRequestLineIsRead() async throws {
        try await withMock("numbers") { server in
            let query = (0..<200).map { "f\($0)=" + String(repeating: "x", count: 45) }.joined(separator: "&")
            let target = "/api/numbers?per_page=2&" + query
            #expect(target.utf8.count > 10_000)
            let client = try RawConnection(port: server.port)
            try await client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try #require(try await client.readResponse())
            #expect(response.status == 200, "\(response.text.prefix(200))")
        }
    }

    @Test func tooManyOrTooLargeHeaderFieldsGet431() async throws {
        try await withMock("numbers") { server in
            let many = (0..<101).map { "X-Field-\($0): 1\r\n" }.joined()
            let client = try RawConnection(port: server.port)
            try await client.send("GET /api/numbers HTTP/1.1\r\n\(many)\r\n")
            let response = try #require(try await client.readResponse())
            #expect(response.status == 431)
            #expect(response.message == "the request has more than 100 header fields")

            let large = try RawConnection(port: server.port)
            try await large.send("GET /api/numbers HTTP/1.1\r\nX-Big: \(String(repeating: "b", count: 40_000))")
            let tooLarge = try #require(try await large.readResponse())
            #expect(tooLarge.status == 431)
            #expect(tooLarge.message == "the header fields are over 32768 bytes long")
        }
    }

    @Test func aTooLargeBodyGets413BeforeItIsSent() async throws {
        try await withMock("algolia") { server in
            let client = try RawConnection(port: server.port)
            try await client.send("POST /1/indexes/items/query HTTP/1.1\r\nContent-Length: 2000000\r\nExpect: 100-continue\r\n\r\n")
            let response = try #require(try await client.readResponse())
            #expect(response.status == 413, "no 100 Continue: the client need not send the body")
            #expect(response.message == "the body is over 1048576 bytes long")
        }
    }

    @Test(arguments: [
        ("GET /api/numbers\r\n\r\n", 400, "the request line is not 'METHOD /path HTTP/1.1': 'GET /api/numbers'"),
        ("GET /api/numbers HTTP/2.0\r\n\r\n", 505, "HTTP/2.0 is not supported; send HTTP/1.1"),
        ("GET api/numbers HTTP/1.1\r\n\r\n", 400, "the request target 'api/numbers' is neither a path nor an absolute URL"),
        ("G(T /api/numbers HTTP/1.1\r\n\r\n", 400, "the method 'G(T' is not a token"),
        (
            "GET /api/numbers HTTP/1.1\r\nHost: x\r\n continued\r\n\r\n", 400,
            "a header line starts with white space (obsolete line folding is not accepted)"
        ),
        ("GET /api/numbers HTTP/1.1\r\nHost : x\r\n\r\n", 400, "the header field name 'Host ' is not a token"),
        ("GET /api/numbers HTTP/1.1\r\nNo colon\r\n\r\n", 400, "the header line 'No colon' has no ':'"),
        (
            "POST /api/numbers HTTP/1.1\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400,
            "the request has both Transfer-Encoding and Content-Length"
        ),
        ("POST /api/numbers HTTP/1.1\r\nContent-Length: 3, 4\r\n\r\n", 400, "the Content-Length '3, 4' is not one whole number"),
        ("POST /api/numbers HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400, "the Content-Length '-1' is not one whole number"),
        (
            "POST /api/numbers HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", 400,
            "the last transfer coding is 'gzip', not chunked: the body's length is unknown"
        ),
        (
            "POST /api/numbers HTTP/1.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501,
            "only the chunked transfer coding is understood, not 'gzip, chunked'"
        ),
    ])
    func malformedRequestsGetAStatusAndAMessage(_ request: String, _ status: Int, _ message: String) async throws {
        try await withMock("numbers") { server in
            let client = try RawConnection(port: server.port)
            try await client.send(request)
            let response = try #require(try await client.readResponse())
            #expect(response.status == status)
            #expect(response.message == message)
            #expect(try await client.readUntilClosed().closed, "the connection closes after a refused request")
            #expect(try await fetch(server, "/numbers?per_page=1").status == 200, "and the server goes on")
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withMock("numbers") { server in
            let client = try RawConnection(port: server.port)
            try await client.send(
                "GET /api/numbers?per_page=1&page_number=0 HTTP/1.1\r\nHost: x\r\n\r\n"
                    + "GET /api/numbers?per_page=1&page_number=1 HTTP/1.1\nHost: x\n\n"  // bare LF line ends are read too
                    + "HEAD /api/numbers?per_page=1 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let first = try #require(try await client.readResponse())
            let second = try #require(try await client.readResponse())
            #expect(first.status == 200 && second.status == 200)
            #expect(first.text != second.text)
            let (closed, rest) = try await client.readUntilClosed()
            #expect(closed)
            let head = String(decoding: rest, as: UTF8.self)
            #expect(head.hasPrefix("HTTP/1.1 ") && head.hasSuffix("\r\n\r\n"), "a HEAD answer has no body: \(head)")
            #expect(head.contains("Connection: close"))
        }
    }

    @Test func chunkedBodiesAndExpectContinueAreRead() async throws {
        try await withMock("algolia") { server in
            let client = try RawConnection(port: server.port)
            let body = #"{"query":"swift"}"#
            try await client.send(
                "POST /1/indexes/items/query HTTP/1.1\r\nHost: x\r\nX-Algolia-API-Key: k3y\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n"
            )
            #expect(try await client.readResponse()?.status == 100)
            let chunks =
                "8;ext=1\r\n\(body.prefix(8))\r\n\(String(body.utf8.count - 8, radix: 16))\r\n\(body.dropFirst(8))\r\n0\r\nX-Trailer: 1\r\n\r\n"
            try await client.send(chunks)
            let response = try #require(try await client.readResponse())
            #expect(response.status == 200, "\(response.text.prefix(200))")
            #expect(response.text.contains("\"hits\""))
        }
    }
}
