import Foundation
@_spi(Generated) import PagegenRuntime
import PagegenTestServer
import Testing

/// Arguments that would change what is sent — a header value with a line break, an
/// empty or dot path segment — fail the call with an invalid-request error that
/// names them, and nothing reaches the server.
@Suite struct RefusedRequestTests {
    static let thing = Endpoint(name: "thing", method: "GET", path: "/things/{id}")

    /// Runs `call` against a server that answers `{}`, and returns its error and how
    /// many requests the server got.
    static func refusal(
        credentials: [Credential] = [], headers: [HTTPHeaderField] = [], middlewares: [any ClientMiddleware] = [],
        _ call: @Sendable (ClientRuntime) async -> Result<JSONValue, APIError>
    ) async throws -> (message: String?, error: APIError?, requests: Int) {
        let server = try await TestServer.start { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let runtime = ClientRuntime(baseURL: server.baseURL, middlewares: middlewares, credentials: credentials, headers: headers)
        let result = await call(runtime)
        let count = await server.requests.count
        guard case .failure(let error) = result else { return (nil, nil, count) }
        guard case .invalidRequest(let message) = error.kind else { return (nil, error, count) }
        return (message, error, count)
    }

    static func parameters(id: String = "1", header: String? = nil) -> RequestParameters {
        var parameters = RequestParameters()
        parameters.path("id", id)
        parameters.header("X-Trace", header)
        return parameters
    }

    @Test(arguments: ["v\r\nX-Injected: 1", "v\nX-Injected: 1", "v\rX", "v\u{0}"])
    func aHeaderParameterWithALineBreakIsRefused(_ value: String) async throws {
        let (message, error, requests) = try await Self.refusal { runtime in
            await runtime.send(Self.thing, Self.parameters(header: value), as: JSONValue.self)
        }
        let text = try #require(message, "expected an invalid request, got \(String(describing: error))")
        #expect(text.contains("header parameter 'X-Trace' of thing"), "\(text)")
        #expect(requests == 0)
    }

    @Test func fixedHeadersWithALineBreakAreRefused() async throws {
        let endpoint = Endpoint(
            name: "thing", method: "GET", path: "/things/{id}", headers: [HTTPHeaderField(name: "X-Version", value: "1\r\nX-Injected: 1")])
        let fromEndpoint = try await Self.refusal { await $0.send(endpoint, Self.parameters(), as: JSONValue.self) }
        #expect(fromEndpoint.message?.contains("'X-Version'") == true, "\(String(describing: fromEndpoint))")
        #expect(fromEndpoint.requests == 0)

        let fromClient = try await Self.refusal(headers: [HTTPHeaderField(name: "User-Agent", value: "app\n")]) {
            await $0.send(Self.thing, Self.parameters(), as: JSONValue.self)
        }
        #expect(fromClient.message?.contains("'User-Agent'") == true)
        #expect(fromClient.requests == 0)
    }

    @Test(arguments: [
        (Credential.bearer("token\r\nX-Injected: 1"), "the bearer token"),
        (.bearer("token\n"), "the bearer token"),
        (.basic(username: "ann", password: "pass\r\nX: 1"), "the Basic password"),
        (.basic(username: "a:nn", password: "pass"), "the Basic username"),
        (.headerKey(name: "X-API-Key", value: "key\r\nX-Injected: 1"), "the API key 'X-API-Key'"),
        (.headerKey(name: "X API Key", value: "key"), "the API key header name 'X API Key'"),
    ])
    func aCredentialThatCannotBeSentIsRefused(_ credential: Credential, _ named: String) async throws {
        let (message, error, requests) = try await Self.refusal(credentials: [credential]) {
            await $0.send(Self.thing, Self.parameters(), as: JSONValue.self)
        }
        let text = try #require(message, "expected an invalid request, got \(String(describing: error))")
        #expect(text.hasPrefix(named), "\(text)")
        #expect(text.hasSuffix("nothing was sent"))
        #expect(requests == 0, "no request went out unauthenticated")
    }

    @Test func anEmptyPathParameterIsRefused() async throws {
        let (message, error, requests) = try await Self.refusal {
            await $0.send(Self.thing, Self.parameters(id: ""), as: JSONValue.self)
        }
        let text = try #require(message, "expected an invalid request, got \(String(describing: error))")
        #expect(text.hasPrefix("the path parameter 'id' of thing is empty"), "\(text)")
        #expect(text.contains("allowEmpty: true"), "says how a spec allows it")
        #expect(requests == 0)
    }

    @Test(arguments: [".", ".."])
    func aDotSegmentIsRefused(_ id: String) async throws {
        let (message, _, requests) = try await Self.refusal {
            await $0.send(Self.thing, Self.parameters(id: id), as: JSONValue.self)
        }
        #expect(message?.hasPrefix("the path parameter 'id' of thing is '\(id)', a dot segment") == true, "\(String(describing: message))")
        #expect(requests == 0)
    }

    @Test func anEndpointCanAllowAnEmptyPathParameter() async throws {
        let server = try await TestServer.start { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let endpoint = Endpoint(name: "folder", method: "GET", path: "/files/{folder}/list", emptyPathParameters: ["folder"])
        var parameters = RequestParameters()
        parameters.path("folder", "")
        _ = try await ClientRuntime(baseURL: server.baseURL).send(endpoint, parameters, as: JSONValue.self).get()
        #expect(await server.requests.map(\.rawPath) == ["/files//list"])
    }

    @Test func pathSegmentsThatOnlyLookLikeDotsAreEncodedAndSent() async throws {
        let server = try await TestServer.start { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let runtime = ClientRuntime(baseURL: server.baseURL)
        for id in ["...", "./", "%2e%2e", "a..b"] {
            _ = try await runtime.send(Self.thing, Self.parameters(id: id), as: JSONValue.self).get()
        }
        #expect(await server.requests.map(\.rawPath) == ["/things/...", "/things/.%2F", "/things/%252e%252e", "/things/a..b"])
    }
}
