import Foundation
import PagegenTestSupport
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// Credentials that change: a provider the client asks before every send, and the
/// middleware that refreshes them once when the server rejects them.
@Suite struct CredentialProviderTests {
    static let endpoint = Endpoint(name: "items", method: "GET", path: "/items")
    static let create = Endpoint(name: "createItem", method: "POST", path: "/items")
    static let baseURL = URL(string: "https://api.example.com/v1")!

    /// Tokens an app keeps: the current one, and how often it was refreshed.
    actor Tokens {
        private(set) var current: String
        private(set) var refreshes = 0
        private(set) var asked = 0
        init(_ token: String) { current = token }

        func token() -> String {
            asked += 1
            return current
        }

        func refresh() async throws {
            refreshes += 1
            try await Task.sleep(for: .milliseconds(20))
            current = "token-\(refreshes + 1)"
        }
    }

    static func runtime(
        _ transport: some HTTPTransport, tokens: Tokens, middlewares: [any ClientMiddleware] = []
    ) -> ClientRuntime {
        ClientRuntime(
            baseURL: baseURL, transport: transport, middlewares: middlewares,
            credentialProvider: { [.bearer(await tokens.token())] })
    }

    @Test func theProviderIsAskedBeforeEverySendAndEveryRetry() async throws {
        let counter = Counter()
        let transport = RecordingTransport { _, attempt in
            (HTTPResponse(statusCode: attempt == 2 ? 503 : 200), Data("[]".utf8))
        }
        let runtime = ClientRuntime(
            baseURL: Self.baseURL, transport: transport,
            middlewares: [RetryMiddleware(initialBackoff: .zero, clock: VirtualRetryClock())],
            credentialProvider: { [.bearer("t\(counter.next())")] })
        _ = try await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self).get()
        _ = try await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self).get()
        #expect(transport.requests.map { $0.value(forHeader: "Authorization") } == ["Bearer t1", "Bearer t2", "Bearer t3"])
        #expect(transport.requests.map(\.credentials) == [[.bearer("t1")], [.bearer("t2")], [.bearer("t3")]])
    }

    @Test func fixedCredentialsComeFirstThenTheProvidersOnes() async throws {
        let transport = RecordingTransport { _, _ in (HTTPResponse(statusCode: 200), Data("[]".utf8)) }
        let runtime = ClientRuntime(
            baseURL: Self.baseURL, transport: transport, credentials: [.queryKey(name: "key", value: "app")],
            credentialProvider: { [.headerKey(name: "X-User-Token", value: "user")] })
        _ = try await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self).get()
        let sent = try #require(transport.requests.first)
        #expect(sent.url.query == "key=app")
        #expect(sent.value(forHeader: "X-User-Token") == "user")
    }

    @Test func theProviderIsNotAskedForAnotherOrigin() async throws {
        struct Elsewhere: ClientMiddleware {
            func intercept(
                _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
            ) async throws -> (HTTPResponse, Data) {
                var request = request
                request.url = URL(string: "https://cdn.example.net/items")!
                return try await next(request)
            }
        }
        let tokens = Tokens("t")
        let transport = RecordingTransport { _, _ in (HTTPResponse(statusCode: 200), Data("[]".utf8)) }
        let runtime = Self.runtime(transport, tokens: tokens, middlewares: [Elsewhere()])
        _ = try await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self).get()
        #expect(transport.requests.first?.value(forHeader: "Authorization") == nil)
        #expect(transport.requests.first?.credentials == [])
        #expect(await tokens.asked == 0)
    }

    @Test(arguments: ["a\r\nX-Admin: 1", "a\nb", "a\u{0}b"])
    func aCredentialThatCannotBeSentFailsTheCallAndSendsNothing(_ token: String) async throws {
        let transport = RecordingTransport { _, _ in (HTTPResponse(statusCode: 200), Data("[]".utf8)) }
        let runtime = ClientRuntime(baseURL: Self.baseURL, transport: transport, credentialProvider: { [.bearer(token)] })
        let result = await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self)
        guard case .failure(let error) = result, case .invalidRequest(let message) = error.kind else {
            Issue.record("expected an invalid request, got \(result)")
            return
        }
        #expect(message.hasPrefix("the bearer token holds "))
        #expect(message.hasSuffix("(from the credential provider); nothing was sent"))
        #expect(transport.requests.isEmpty)
    }

    @Test func aProviderThatFailsFailsTheCallAndSendsNothing() async throws {
        struct Expired: Error, CustomStringConvertible { var description: String { "the session expired" } }
        let transport = RecordingTransport { _, _ in (HTTPResponse(statusCode: 200), Data("[]".utf8)) }
        let runtime = ClientRuntime(baseURL: Self.baseURL, transport: transport, credentialProvider: { throw Expired() })
        let result = await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self)
        guard case .failure(let error) = result, case .invalidRequest(let message) = error.kind else {
            Issue.record("expected an invalid request, got \(result)")
            return
        }
        #expect(message == "the credential provider failed: the session expired; nothing was sent")
        #expect(error.request?.url.absoluteString == "https://api.example.com/v1/items")
        #expect(transport.requests.isEmpty)
    }

    // MARK: Refreshing on 401

    @Test func aRejectedTokenIsRefreshedAndTheRequestSentAgainOnce() async throws {
        let tokens = Tokens("token-1")
        let transport = GuardedTransport(tokens: tokens, rejecting: ["token-1"])
        let refresh = CredentialRefreshMiddleware { response, body in
            #expect(response.statusCode == 401)
            #expect(String(decoding: body, as: UTF8.self) == #"{"error":"invalid_token"}"#)
            try await tokens.refresh()
        }
        let runtime = Self.runtime(transport, tokens: tokens, middlewares: [refresh])
        // A POST too: the 401 says it was not acted on.
        #expect(try await runtime.send(Self.create, RequestParameters(), as: [Int].self).get() == [1])
        #expect(await transport.sentTokens == ["token-1", "token-2"])
        #expect(await tokens.refreshes == 1)
    }

    @Test func aSecondRejectionIsTheAnswer() async throws {
        let tokens = Tokens("token-1")
        let transport = GuardedTransport(tokens: tokens, rejecting: ["token-1", "token-2", "token-3"])
        let runtime = Self.runtime(
            transport, tokens: tokens, middlewares: [CredentialRefreshMiddleware { _, _ in try await tokens.refresh() }])
        let result = await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self)
        #expect(result.failureStatus == 401)
        #expect(await transport.sentTokens == ["token-1", "token-2"], "sent again once")
        #expect(await tokens.refreshes == 1)
    }

    @Test func aFailedRefreshLeavesThe401() async throws {
        struct Revoked: Error {}
        let tokens = Tokens("token-1")
        let transport = GuardedTransport(tokens: tokens, rejecting: ["token-1"])
        let runtime = Self.runtime(transport, tokens: tokens, middlewares: [CredentialRefreshMiddleware { _, _ in throw Revoked() }])
        #expect(await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self).failureStatus == 401)
        #expect(await transport.sentTokens == ["token-1"])
    }

    @Test func requestsRejectedTogetherShareOneRefresh() async throws {
        let tokens = Tokens("token-1")
        // The first five requests are all in flight, with the old token, before any answer.
        let transport = GuardedTransport(tokens: tokens, rejecting: ["token-1"], holdFirst: 5)
        let runtime = Self.runtime(
            transport, tokens: tokens, middlewares: [CredentialRefreshMiddleware { _, _ in try await tokens.refresh() }])
        let results = await withTaskGroup(of: Result<[Int], APIError>.self) { group in
            for _ in 0..<5 { group.addTask { await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self) } }
            var results: [Result<[Int], APIError>] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.allSatisfy { (try? $0.get()) == [1] })
        #expect(await tokens.refreshes == 1)
        let sent = await transport.sentTokens
        #expect(sent.filter { $0 == "token-1" }.count == 5 && sent.filter { $0 == "token-2" }.count == 5)
    }

    @Test func aRequestSentBeforeTheLastRefreshIsSentAgainWithoutAnother() async throws {
        let tokens = Tokens("token-1")
        // B is sent with the old token too, but its 401 comes back only after A's
        // refresh finished: B is sent again with the new token, without a refresh.
        let transport = GuardedTransport(tokens: tokens, rejecting: ["token-1"], holdFirst: 2, holdSecond: true)
        let runtime = Self.runtime(
            transport, tokens: tokens, middlewares: [CredentialRefreshMiddleware { _, _ in try await tokens.refresh() }])
        let a = Task { await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self) }
        while await transport.sentTokens.count < 1 { await Task.yield() }
        let b = Task { await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self) }
        #expect(try await a.value.get() == [1])
        while await transport.sentTokens.count < 3 { await Task.yield() }
        await transport.release()
        #expect(try await b.value.get() == [1])
        #expect(await tokens.refreshes == 1)
        #expect(await transport.sentTokens == ["token-1", "token-1", "token-2", "token-2"])
    }

    @Test func aRequestWithoutCredentialsRefreshesNothing() async throws {
        let tokens = Tokens("token-1")
        let transport = GuardedTransport(tokens: tokens, rejecting: [""])
        let runtime = ClientRuntime(
            baseURL: Self.baseURL, transport: transport,
            middlewares: [CredentialRefreshMiddleware { _, _ in try await tokens.refresh() }])
        #expect(await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self).failureStatus == 401)
        #expect(await tokens.refreshes == 0)
        #expect(await transport.sentTokens == [""])
    }
}

/// Numbers from 1, one per call.
final class Counter: @unchecked Sendable {
    // @unchecked: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

/// Answers 401 `{"error":"invalid_token"}` to a bearer token in `rejecting` (or to
/// no token, as ""), and `[1]` otherwise; may hold the first requests until several
/// are in flight.
actor GuardedTransport: HTTPTransport {
    let tokens: CredentialProviderTests.Tokens
    let rejecting: Set<String>
    private var held: [CheckedContinuation<Void, Never>] = []
    private var holdFirst: Int
    private let holdSecond: Bool
    private var second: CheckedContinuation<Void, Never>?
    private(set) var sentTokens: [String] = []

    init(tokens: CredentialProviderTests.Tokens, rejecting: Set<String>, holdFirst: Int = 0, holdSecond: Bool = false) {
        self.tokens = tokens
        self.rejecting = rejecting
        self.holdFirst = holdFirst
        self.holdSecond = holdSecond
    }

    /// Lets the held second request have its answer.
    func release() {
        second?.resume()
        second = nil
    }

    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        let token = request.value(forHeader: "Authorization").map { String($0.dropFirst("Bearer ".count)) } ?? ""
        sentTokens.append(token)
        let number = sentTokens.count
        if holdFirst > 0 {
            holdFirst -= 1
            if holdFirst == 0 {
                for continuation in held { continuation.resume() }
                held = []
            } else {
                await withCheckedContinuation { held.append($0) }
            }
        }
        if holdSecond, number == 2 {
            await withCheckedContinuation { second = $0 }
        }
        if rejecting.contains(token) {
            return (
                HTTPResponse(
                    statusCode: 401, headerFields: [HTTPHeaderField(name: "WWW-Authenticate", value: #"Bearer error="invalid_token""#)]),
                Data(#"{"error":"invalid_token"}"#.utf8)
            )
        }
        return (HTTPResponse(statusCode: 200), Data("[1]".utf8))
    }
}
