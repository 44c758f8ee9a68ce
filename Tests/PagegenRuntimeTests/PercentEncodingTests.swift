import Foundation
import PagegenTestServer
import Testing

@_spi(Generated) @testable import PagegenRuntime

@Suite struct PercentEncodingTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a b", "a%20b"),
        ("a/b", "a%2Fb"),
        ("a+b&c=d", "a%2Bb%26c%3Dd"),
        ("100%", "100%25"),
        ("ünï", "%C3%BCn%C3%AF"),
        ("-._~", "-._~"),
        ("?#[]@", "%3F%23%5B%5D%40"),
    ])
    func encodesEverythingButUnreservedCharacters(_ input: String, _ expected: String) {
        #expect(PercentEncoding.queryComponent(input) == expected)
        #expect(PercentEncoding.pathSegment(input) == expected)
    }

    @Test func buildsRequestsWithEncodedPathAndQuery() throws {
        var parameters = RequestParameters()
        parameters.path("id", "a/b c")
        parameters.query("q", "x&y")
        parameters.query("missing", nil as String?)
        parameters.query("page[size]", 10)
        parameters.header("X-Trace", "t1")
        let endpoint = Endpoint(
            name: "items", method: "GET", path: "/items/{id}/children", headers: [HTTPHeaderField(name: "X-Fixed", value: "1")])
        let request = try RequestBuilder.build(endpoint, parameters, baseURL: URL(string: "https://api.example.com/v1/")!, headers: [])
        #expect(request.url.absoluteString == "https://api.example.com/v1/items/a%2Fb%20c/children?q=x%26y&page%5Bsize%5D=10")
        #expect(request.value(forHeader: "x-trace") == "t1")
        #expect(request.value(forHeader: "X-Fixed") == "1")
        #expect(request.value(forHeader: "Accept") == "application/json")
    }

    @Test func hostileValuesStayInTheirSegmentOrQueryItem() async throws {
        let server = try await TestServer.start { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let endpoint = Endpoint(name: "thing", method: "GET", path: "/api/things/{id}")
        let runtime = ClientRuntime(baseURL: server.baseURL, credentials: [.queryKey(name: "api_key", value: "k")])
        for (id, query) in [("../../admin", "a&b=c#d"), ("a?b#c/d", "x\r\ny"), ("x\r\nHost: evil", "api_key=stolen")] {
            var parameters = RequestParameters()
            parameters.path("id", id)
            parameters.query("q", query)
            _ = try await runtime.send(endpoint, parameters, as: JSONValue.self).get()
        }
        let requests = await server.requests
        #expect(
            requests.map(\.rawPath) == ["/api/things/..%2F..%2Fadmin", "/api/things/a%3Fb%23c%2Fd", "/api/things/x%0D%0AHost%3A%20evil"])
        #expect(requests.map(\.rawQuery) == ["q=a%26b%3Dc%23d&api_key=k", "q=x%0D%0Ay&api_key=k", "q=api_key%3Dstolen&api_key=k"])
        #expect(requests.allSatisfy { $0.headers["host"]?.hasPrefix("127.0.0.1:") == true })
    }

    @Test func aMissingPathParameterIsAnInvalidRequest() {
        let endpoint = Endpoint(name: "item", method: "GET", path: "/items/{id}")
        #expect(throws: APIError.self) {
            try RequestBuilder.build(endpoint, RequestParameters(), baseURL: URL(string: "https://x.example")!, headers: [])
        }
    }
}
