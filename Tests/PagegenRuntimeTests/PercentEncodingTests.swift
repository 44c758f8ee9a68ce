import Foundation
@testable import PagegenRuntime
import Testing

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
        let endpoint = Endpoint(name: "items", method: "GET", path: "/items/{id}/children", headers: [HTTPHeaderField(name: "X-Fixed", value: "1")])
        let request = try RequestBuilder.build(endpoint, parameters, baseURL: URL(string: "https://api.example.com/v1/")!, headers: [])
        #expect(request.url.absoluteString == "https://api.example.com/v1/items/a%2Fb%20c/children?q=x%26y&page%5Bsize%5D=10")
        #expect(request.value(forHeader: "x-trace") == "t1")
        #expect(request.value(forHeader: "X-Fixed") == "1")
        #expect(request.value(forHeader: "Accept") == "application/json")
    }

    @Test func aMissingPathParameterIsAnInvalidRequest() {
        let endpoint = Endpoint(name: "item", method: "GET", path: "/items/{id}")
        #expect(throws: APIError.self) {
            try RequestBuilder.build(endpoint, RequestParameters(), baseURL: URL(string: "https://x.example")!, headers: [])
        }
    }
}
