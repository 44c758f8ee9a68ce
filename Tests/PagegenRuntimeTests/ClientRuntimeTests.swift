import Foundation
@_spi(Generated) import PagegenRuntime
import PagegenTestServer
import PagegenTestSupport
import Testing

/// A transport that answers from a closure and records what it was sent.
final class RecordingTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: `sent` is only touched under `lock`.
    private let lock = NSLock()
    private var sent: [HTTPRequest] = []
    private let respond: @Sendable (HTTPRequest, Int) throws -> (HTTPResponse, Data)

    init(_ respond: @escaping @Sendable (HTTPRequest, Int) throws -> (HTTPResponse, Data)) {
        self.respond = respond
    }

    var requests: [HTTPRequest] { lock.withLock { sent } }

    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        let attempt = lock.withLock {
            sent.append(request)
            return sent.count
        }
        return try respond(request, attempt)
    }
}

@Suite struct ClientRuntimeTests {
    static let endpoint = Endpoint(name: "items", method: "GET", path: "/items")

    @Test func credentialsGoToTheOwnOriginOnly() async throws {
        let transport = RecordingTransport { _, _ in (HTTPResponse(statusCode: 200), Data("[]".utf8)) }
        let runtime = ClientRuntime(
            baseURL: URL(string: "https://api.example.com/v1")!, transport: transport,
            credentials: [.bearer("t"), .queryKey(name: "key", value: "k"), .headerKey(name: "X-Key", value: "h")])
        _ = await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self)
        let sent = try #require(transport.requests.first)
        #expect(sent.value(forHeader: "Authorization") == "Bearer t")
        #expect(sent.value(forHeader: "X-Key") == "h")
        #expect(sent.url.query == "key=k")
    }

    @Test func basicCredentialsAreBase64() async throws {
        let transport = RecordingTransport { _, _ in (HTTPResponse(statusCode: 200), Data("[]".utf8)) }
        let runtime = ClientRuntime(
            baseURL: URL(string: "https://api.example.com")!, transport: transport,
            credentials: [.basic(username: "Aladdin", password: "open sesame")])
        _ = await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self)
        #expect(transport.requests.first?.value(forHeader: "Authorization") == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
    }

    @Test func middlewaresRunInOrderAroundTheTransport() async throws {
        struct Tag: ClientMiddleware {
            let value: String
            func intercept(
                _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
            ) async throws -> (HTTPResponse, Data) {
                var request = request
                request.setValue((request.value(forHeader: "X-Order") ?? "") + value, forHeader: "X-Order")
                return try await next(request)
            }
        }
        let transport = RecordingTransport { _, _ in (HTTPResponse(statusCode: 200), Data("[]".utf8)) }
        let runtime = ClientRuntime(
            baseURL: URL(string: "https://api.example.com")!, transport: transport, middlewares: [Tag(value: "a"), Tag(value: "b")])
        _ = await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self)
        #expect(transport.requests.first?.value(forHeader: "X-Order") == "ab")
    }

    @Test func retryMiddlewareRetriesThrottledRequests() async throws {
        let transport = RecordingTransport { _, attempt in
            attempt < 3
                ? (HTTPResponse(statusCode: 429, headerFields: [HTTPHeaderField(name: "Retry-After", value: "0")]), Data())
                : (HTTPResponse(statusCode: 200), Data("[1]".utf8))
        }
        let runtime = ClientRuntime(
            baseURL: URL(string: "https://api.example.com")!, transport: transport,
            // A time bound far above any stall of a busy machine: the bound is tested in RetryTests.
            middlewares: [RetryMiddleware(maxAttempts: 3, initialBackoff: .milliseconds(1), maxRetryDuration: .seconds(3_600))])
        let result = await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self)
        #expect(try result.get() == [1])
        #expect(transport.requests.count == 3)
    }

    @Test func retryMiddlewareGivesUpAfterItsAttempts() async throws {
        let transport = RecordingTransport { _, _ in (HTTPResponse(statusCode: 503), Data("busy".utf8)) }
        let runtime = ClientRuntime(
            baseURL: URL(string: "https://api.example.com")!, transport: transport,
            middlewares: [RetryMiddleware(maxAttempts: 2, initialBackoff: .milliseconds(1), clock: VirtualRetryClock())])
        let result = await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.statusCode == 503)
        #expect(error.description.hasSuffix("HTTP 503: busy"))
        #expect(transport.requests.count == 2)
    }

    @Test func aTransportErrorIsTypedAndACancelledTaskIsCancelled() async throws {
        struct Offline: Error {}
        let failing = RecordingTransport { _, _ in throw Offline() }
        let runtime = ClientRuntime(baseURL: URL(string: "https://api.example.com")!, transport: failing)
        let result = await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self)
        guard case .failure(let error) = result, case .transport(let underlying) = error.kind else {
            Issue.record("expected a transport error")
            return
        }
        #expect(underlying is Offline)

        let task = Task {
            await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self)
        }
        task.cancel()
        if case .failure(let error) = await task.value { #expect(error.isCancelled) }
    }

    @Test func bodyErrorRulesReadInBodyErrors() {
        let rule = BodyErrorRule(flag: ["ok"], message: ["error"])
        #expect(rule.check(Data(#"{"ok": true}"#.utf8)) == nil)
        guard case .server(let code, _)? = rule.check(Data(#"{"ok": false, "error": "ratelimited"}"#.utf8)) else {
            Issue.record("expected a server error")
            return
        }
        #expect(code == "ratelimited")
        let withoutFlag = BodyErrorRule(flag: nil, message: ["error", "message"])
        #expect(withoutFlag.check(Data(#"{"data": []}"#.utf8)) == nil)
        #expect(withoutFlag.check(Data(#"{"error": {"message": "bad"}}"#.utf8)) != nil)
    }

    @Test func jsonValuesRoundTrip() throws {
        let text = #"{"a":[1,true,null,"x",{"b":2.5}]}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value["a"] == .array([.number(1), .bool(true), .null, .string("x"), .object(["b": .number(2.5)])]))
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: encoded) == value)
    }

    @Test func completionHandlersCanBeCancelled() async throws {
        let transport = RecordingTransport { _, _ in (HTTPResponse(statusCode: 200), Data("[]".utf8)) }
        let runtime = ClientRuntime(baseURL: URL(string: "https://api.example.com")!, transport: transport)
        let result: Result<[Int], APIError> = await withCheckedContinuation { continuation in
            let handle = Cancellable.run(
                {
                    try? await Task.sleep(for: .seconds(5))
                    return await runtime.send(Self.endpoint, RequestParameters(), as: [Int].self)
                }, completion: { continuation.resume(returning: $0) })
            handle.cancel()
            #expect(handle.isCancelled)
        }
        if case .failure(let error) = result { #expect(error.isCancelled) } else { Issue.record("expected cancellation") }
    }
}
