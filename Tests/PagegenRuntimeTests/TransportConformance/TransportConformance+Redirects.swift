import Foundation
import PagegenTestServer
import PagegenTestSupport
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// Redirects between two origins, 127.0.0.1 and 127.0.0.2: the credentials of every
/// kind stay with the API's origin, whichever transport follows them.
extension TransportConformanceTests {
    static let credentials: [Credential] = [
        .bearer("s3cret-token"),
        .basic(username: "ann", password: "s3cret-password"),
        .headerKey(name: "X-API-Key", value: "s3cret-key"),
        .queryKey(name: "api_key", value: "s3cret-key"),
    ]

    static let redirecting = Endpoint(name: "thing", method: "GET", path: "/things/redirect")

    /// Parameters with a header parameter that is no credential and must survive every redirect.
    static var traced: RequestParameters {
        var parameters = RequestParameters()
        parameters.header("X-Trace", "trace-1")
        return parameters
    }

    /// True when `request` carries `credential`, where that credential is sent.
    static func carries(_ request: TestRequest, _ credential: Credential) -> Bool {
        switch credential {
        case .bearer(let token): request.headers["authorization"] == "Bearer \(token)"
        case .basic: request.headers["authorization"]?.hasPrefix("Basic ") == true
        case .headerKey(let name, let value): request.headers[name.lowercased()] == value
        case .queryKey(let name, let value): request.query(name) == value
        }
    }

    @Test(
        .enabled(if: TestServer.canListenOnSecondLoopbackAddress, Comment(rawValue: TestServer.secondLoopbackAddressHint)),
        arguments: TransportFactory.all, credentials)
    func aRedirectToAnotherOriginIsRefusedByDefault(_ factory: TransportFactory, _ credential: Credential) async throws {
        let other = try await TestServer.start(host: "127.0.0.2") { _ in .json("{}") }
        let api = try await TestServer.start { _ in
            TestResponse(status: 302, headers: [("Location", "\(other.baseURL.absoluteString)/api/things/1")])
        }
        defer {
            Task {
                await api.stop()
                await other.stop()
            }
        }

        let result = await Self.runtime(factory, api, api: true, credentials: [credential])
            .send(Self.redirecting, Self.traced, as: JSONValue.self)
        guard case .failure(let error) = result, case .redirectRefused(let refusal) = error.kind else {
            Issue.record("expected a refused redirect, got \(result)")
            return
        }
        #expect(refusal.reason == .crossOrigin)
        #expect(refusal.status == 302)
        #expect(error.description.contains(api.baseURL.absoluteString), "names the API's origin: \(error)")
        #expect(error.description.contains(other.baseURL.absoluteString), "names the other origin: \(error)")
        #expect(await other.requests.isEmpty, "nothing reached the other origin")
        let sent = try #require(await api.requests.first)
        #expect(Self.carries(sent, credential), "the API's origin got the credential")
    }

    @Test(
        .enabled(if: TestServer.canListenOnSecondLoopbackAddress, Comment(rawValue: TestServer.secondLoopbackAddressHint)),
        arguments: TransportFactory.all, credentials)
    func aRedirectToAnotherOriginCanBeFollowedWithoutCredentials(_ factory: TransportFactory, _ credential: Credential) async throws {
        let other = try await TestServer.start(host: "127.0.0.2") { _ in .json(#"{"id": 1}"#) }
        // The Location repeats the query key, as an open redirect that copies the query would.
        let api = try await TestServer.start { _ in
            TestResponse(status: 302, headers: [("Location", "\(other.baseURL.absoluteString)/api/things/1?api_key=s3cret-key&keep=1")])
        }
        defer {
            Task {
                await api.stop()
                await other.stop()
            }
        }

        let result = await Self.runtime(factory, api, api: true, redirects: .followCrossOriginWithoutCredentials, credentials: [credential])
            .send(Self.redirecting, Self.traced, as: JSONValue.self)
        #expect(try result.get() == .object(["id": .number(1)]))
        let sent = try #require(await other.requests.first)
        #expect(sent.path == "/api/things/1")
        #expect(!Self.carries(sent, credential), "no credential left the origin: \(sent.headers) \(sent.rawQuery)")
        #expect(sent.headers["authorization"] == nil)
        #expect(!sent.headers.values.contains { $0.contains("s3cret") })
        if case .queryKey = credential {
            #expect(!sent.rawQuery.contains("s3cret"), "the key the Location repeats is taken off too")
        }
        #expect(sent.query("keep") == "1", "the rest of the query is kept")
        #expect(sent.headers["x-trace"] == "trace-1", "header parameters are no credentials and stay")
    }

    @Test(arguments: TransportFactory.all, credentials)
    func aRedirectWithinTheOriginKeepsTheCredentials(_ factory: TransportFactory, _ credential: Credential) async throws {
        let api = try await TestServer.start { request in
            request.path == "/api/things/redirect"
                ? TestResponse(status: 301, headers: [("Location", "/api/things/1")])
                : .json(#"{"id": 1}"#)
        }
        defer { Task { await api.stop() } }

        let result = await Self.runtime(factory, api, api: true, credentials: [credential])
            .send(Self.redirecting, Self.traced, as: JSONValue.self)
        #expect(try result.get() == .object(["id": .number(1)]))
        let requests = await api.requests
        #expect(requests.map(\.path) == ["/api/things/redirect", "/api/things/1"])
        #expect(requests.allSatisfy { Self.carries($0, credential) }, "both requests carry the credential")
        #expect(requests.last?.query.filter { $0.name == "api_key" }.count ?? 0 <= 1, "a query key is sent once")
        #expect(requests.last?.headers["x-trace"] == "trace-1")
    }

    @Test(
        .enabled(if: TestServer.canListenOnSecondLoopbackAddress, Comment(rawValue: TestServer.secondLoopbackAddressHint)),
        arguments: TransportFactory.all)
    func anAuthorizationHeaderSetByAMiddlewareIsTakenOffToo(_ factory: TransportFactory) async throws {
        struct SetsAuthorization: ClientMiddleware {
            func intercept(
                _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
            ) async throws -> (HTTPResponse, Data) {
                var request = request
                request.setValue("Bearer from-a-middleware", forHeader: "Authorization")
                request.setValue("session=1", forHeader: "Cookie")
                return try await next(request)
            }
        }
        let other = try await TestServer.start(host: "127.0.0.2") { _ in .json("{}") }
        let api = try await TestServer.start { _ in
            TestResponse(status: 307, headers: [("Location", "\(other.baseURL.absoluteString)/elsewhere")])
        }
        defer {
            Task {
                await api.stop()
                await other.stop()
            }
        }

        let runtime = Self.runtime(factory, api, redirects: .followCrossOriginWithoutCredentials, middlewares: [SetsAuthorization()])
        _ = try await runtime.send(Self.redirecting, RequestParameters(), as: JSONValue.self).get()
        let sent = try #require(await other.requests.first)
        #expect(sent.headers["authorization"] == nil && sent.headers["cookie"] == nil)
        #expect(await api.requests.first?.headers["authorization"] == "Bearer from-a-middleware")
    }

    @Test(
        .enabled(if: TestServer.canListenOnSecondLoopbackAddress, Comment(rawValue: TestServer.secondLoopbackAddressHint)),
        arguments: TransportFactory.all)
    func a401WhereARedirectToAnotherOriginLedRefreshesNothing(_ factory: TransportFactory) async throws {
        let other = try await TestServer.start(host: "127.0.0.2") { _ in .json(#"{"error": "who are you"}"#, status: 401) }
        let api = try await TestServer.start { _ in
            TestResponse(status: 302, headers: [("Location", "\(other.baseURL.absoluteString)/elsewhere")])
        }
        defer {
            Task {
                await api.stop()
                await other.stop()
            }
        }
        let refreshes = Counter()
        let refresh = CredentialRefreshMiddleware { _, _ in _ = refreshes.next() }
        let runtime = Self.runtime(
            factory, api, redirects: .followCrossOriginWithoutCredentials, credentials: [.bearer("s3cret")], middlewares: [refresh])
        let result = await runtime.send(Self.redirecting, RequestParameters(), as: JSONValue.self)
        #expect(result.failure?.statusCode == 401)
        #expect(refreshes.next() == 1, "no refresh: the 401 answered a request that carried no credentials")
        #expect(await api.requests.count == 1, "nothing was sent again")
        #expect(await other.requests.count == 1)
    }

    @Test(arguments: TransportFactory.all)
    func seeOtherTurnsAPostIntoAGetAndTemporaryRedirectKeepsIt(_ factory: TransportFactory) async throws {
        let api = try await TestServer.start { request in
            switch request.path {
            case "/search": TestResponse(status: 303, headers: [("Location", "/results")])
            case "/upload": TestResponse(status: 307, headers: [("Location", "/uploads/1")])
            default: .json("{}")
            }
        }
        defer { Task { await api.stop() } }
        let runtime = Self.runtime(factory, api, credentials: [.bearer("t")])
        var parameters = RequestParameters()
        parameters.rawBody = (.data(Data(#"{"q":"x"}"#.utf8)), "application/json")

        _ = try await runtime.send(Endpoint(name: "search", method: "POST", path: "/search"), parameters, as: JSONValue.self).get()
        _ = try await runtime.send(Endpoint(name: "upload", method: "POST", path: "/upload"), parameters, as: JSONValue.self).get()
        let requests = await api.requests
        #expect(requests.map { "\($0.method) \($0.path)" } == ["POST /search", "GET /results", "POST /upload", "POST /uploads/1"])
        #expect(requests[1].body.isEmpty && requests[1].headers["content-type"] == nil, "303: a GET without the body")
        #expect(requests[3].body == Data(#"{"q":"x"}"#.utf8), "307: the same method and body")
        #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer t" })
    }

    @Test(arguments: TransportFactory.all)
    func aRedirectLoopStopsAtTheLimit(_ factory: TransportFactory) async throws {
        let api = try await TestServer.start { _ in TestResponse(status: 302, headers: [("Location", "/things/redirect")]) }
        defer { Task { await api.stop() } }
        let runtime = Self.runtime(factory, api, redirects: RedirectPolicy(maxRedirects: 3))
        let result = await runtime.send(Self.redirecting, RequestParameters(), as: JSONValue.self)
        guard case .failure(let error) = result, case .redirectRefused(let refusal) = error.kind else {
            Issue.record("expected a refused redirect, got \(result)")
            return
        }
        #expect(refusal.reason == .tooManyRedirects(3))
        #expect(await api.requests.count == 4, "the first request and three redirects")
    }

    @Test(arguments: TransportFactory.all)
    func aRedirectWithoutLocationIsTheAnswer(_ factory: TransportFactory) async throws {
        let api = try await TestServer.start { _ in
            TestResponse(status: 302, headers: [("Content-Type", "text/plain")], body: Data("moved".utf8))
        }
        defer { Task { await api.stop() } }
        let result = await Self.runtime(factory, api).send(Self.redirecting, RequestParameters(), as: JSONValue.self)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        // (swift-corelibs-foundation drops the body of a 3xx response, so the message
        // may end at the status.)
        #expect(error.statusCode == 302)
        #expect(error.description.hasPrefix("GET \(api.baseURL.absoluteString)/things/redirect: HTTP 302"), "\(error)")
    }
}
