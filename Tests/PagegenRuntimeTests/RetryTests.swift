import Foundation
import PagegenTestServer
import PagegenTestSupport
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// Answers requests from a script, one status (and headers) per request, in order;
/// the last entry repeats.
actor Script {
    private var steps: [(Int, [(String, String)])]
    init(_ steps: [(Int, [(String, String)])]) { self.steps = steps }
    func next() -> (Int, [(String, String)]) {
        steps.count > 1 ? steps.removeFirst() : steps[0]
    }
}

@Suite struct RetryTests {
    static let get = Endpoint(name: "items", method: "GET", path: "/items")
    static let create = Endpoint(name: "createItem", method: "POST", path: "/items")
    static let search = Endpoint(name: "search", method: "POST", path: "/search", isIdempotent: true)

    /// A server that answers as `script` says, and a runtime on it with `retry`.
    static func serve(
        _ steps: [(Int, [(String, String)])], retry: RetryMiddleware
    ) async throws -> (TestServer, ClientRuntime) {
        let script = Script(steps)
        let server = try await TestServer.start { _ in
            let (status, headers) = await script.next()
            return .json(status == 200 ? "[1]" : #"{"error": "busy"}"#, status: status, headers: headers)
        }
        return (server, ClientRuntime(baseURL: server.baseURL, middlewares: [retry]))
    }

    static func body() -> RequestParameters {
        var parameters = RequestParameters()
        parameters.rawBody = (.data(Data(#"{"name":"a"}"#.utf8)), "application/json")
        return parameters
    }

    @Test(arguments: ["POST", "PATCH"])
    func nonIdempotentMethodsAreSentOnce(_ method: String) async throws {
        let clock = VirtualRetryClock()
        let (server, runtime) = try await Self.serve([(503, []), (200, [])], retry: RetryMiddleware(clock: clock))
        defer { Task { await server.stop() } }
        let result = await runtime.send(Endpoint(name: "createItem", method: method, path: "/items"), Self.body(), as: JSONValue.self)
        #expect(result.failure?.statusCode == 503)
        #expect(await server.requests.count == 1, "a lost \(method) response must not apply the call twice")
        #expect(clock.sleeps.isEmpty)
    }

    @Test func aPostTheSpecMarksIdempotentIsRetried() async throws {
        let (server, runtime) = try await Self.serve([(500, []), (502, []), (200, [])], retry: RetryMiddleware(clock: VirtualRetryClock()))
        defer { Task { await server.stop() } }
        #expect(try await runtime.send(Self.search, Self.body(), as: JSONValue.self).get() == .array([.number(1)]))
        let requests = await server.requests
        #expect(requests.count == 3)
        #expect(requests.allSatisfy { $0.method == "POST" && $0.body == Data(#"{"name":"a"}"#.utf8) })
        #expect(requests.allSatisfy { $0.headers["idempotency-key"] == nil }, "a key only where one is needed")
    }

    @Test func anIdempotencyKeyIsMadeOncePerCallAndSentWithEveryRetry() async throws {
        let counter = KeyCounter()
        let retry = RetryMiddleware(
            maxAttempts: 3, idempotencyKey: IdempotencyKey(header: "Idempotency-Key", makeKey: { counter.next() }),
            clock: VirtualRetryClock())
        let (server, runtime) = try await Self.serve([(503, []), (200, []), (503, []), (503, []), (200, [])], retry: retry)
        defer { Task { await server.stop() } }
        _ = try await runtime.send(Self.create, Self.body(), as: JSONValue.self).get()
        _ = try await runtime.send(Self.create, Self.body(), as: JSONValue.self).get()
        let keys = await server.requests.map { $0.headers["idempotency-key"] ?? "none" }
        #expect(keys == ["key-1", "key-1", "key-2", "key-2", "key-2"])

        _ = await runtime.send(Self.get, RequestParameters(), as: JSONValue.self)
        #expect(await server.requests.last?.headers["idempotency-key"] == nil, "a GET needs no key")
    }

    @Test func aKeyTheCallerSetIsKept() async throws {
        let retry = RetryMiddleware(idempotencyKey: IdempotencyKey(), clock: VirtualRetryClock())
        let (server, runtime) = try await Self.serve([(503, []), (200, [])], retry: retry)
        defer { Task { await server.stop() } }
        var parameters = Self.body()
        parameters.header("Idempotency-Key", "order-42")
        _ = try await runtime.send(Self.create, parameters, as: JSONValue.self).get()
        #expect(await server.requests.map { $0.headers["idempotency-key"] } == ["order-42", "order-42"])
    }

    @Test func backoffIsExponentialWithFullJitter() async throws {
        let clock = VirtualRetryClock()
        let draws = Draws([1, 0.5, 0.25, 0, 1])
        let retry = RetryMiddleware(
            maxAttempts: 6, initialBackoff: .milliseconds(100), maxBackoff: .milliseconds(1000),
            maxRetryDuration: .seconds(60), clock: clock, random: { draws.next() })
        let (server, runtime) = try await Self.serve([(503, [])], retry: retry)
        defer { Task { await server.stop() } }
        _ = await runtime.send(Self.get, RequestParameters(), as: JSONValue.self)
        // Ceilings 100, 200, 400, 800, 1000 (capped) ms, times the draws.
        #expect(clock.sleeps == [.milliseconds(100), .milliseconds(100), .milliseconds(100), .zero, .milliseconds(1000)])
        #expect(await server.requests.count == 6)
    }

    @Test func theDefaultJitterStaysWithinTheCeiling() {
        let retry = RetryMiddleware(initialBackoff: .milliseconds(100), maxBackoff: .seconds(1))
        var seen: Set<Duration> = []
        for _ in 0..<200 {
            let wait = retry.backoff(beforeRetry: 3)
            #expect(wait >= .zero && wait <= .milliseconds(400))
            seen.insert(wait)
        }
        #expect(seen.count > 100, "the waits are spread, not fixed")
    }

    @Test func aRetryAfterLongerThanTheBudgetEndsTheRetries() async throws {
        let clock = VirtualRetryClock()
        let (server, runtime) = try await Self.serve(
            [(429, [("Retry-After", "3600")]), (200, [])],
            retry: RetryMiddleware(maxRetryDuration: .seconds(30), clock: clock))
        defer { Task { await server.stop() } }
        let result = await runtime.send(Self.get, RequestParameters(), as: JSONValue.self)
        #expect(result.failure?.statusCode == 429, "the caller sees the 429 at once")
        #expect(clock.sleeps.isEmpty)
        #expect(await server.requests.count == 1)
    }

    @Test func theTotalTimeSpentRetryingIsBounded() async throws {
        let clock = VirtualRetryClock()
        let slow = SlowTransport(clock: clock, takes: .seconds(4))
        let retry = RetryMiddleware(
            maxAttempts: 100, initialBackoff: .seconds(1), maxBackoff: .seconds(1), maxRetryDuration: .seconds(20),
            clock: clock, random: { 1 })
        let runtime = ClientRuntime(baseURL: URL(string: "https://api.example.com")!, transport: slow, middlewares: [retry])
        let result = await runtime.send(Self.get, RequestParameters(), as: JSONValue.self)
        #expect(result.failure?.statusCode == 503)
        // Each attempt takes 4 s and each wait 1 s: sends at 0, 5, 10, 15 and 20 s;
        // the wait after the fifth would end at 25 s, past the 20 s.
        #expect(slow.count == 5)
        #expect(clock.sleeps == Array(repeating: .seconds(1), count: 4))
    }

    @Test func cancellationsRefusalsAndPermanentErrorsAreNotTransient() {
        // A refused connection, retried, is a transport conformance test
        // (TransportConformanceTests.aRefusedConnectionIsRetriedAndThenATransportError).
        let url = URL(string: "https://api.example.com")!
        #expect(!RetryMiddleware.isTransient(CancellationError()))
        #expect(!RetryMiddleware.isTransient(URLError(.cancelled)))
        #expect(!RetryMiddleware.isTransient(URLError(.serverCertificateUntrusted)))
        #expect(!RetryMiddleware.isTransient(RedirectRefusal(status: 302, from: url, location: "http://x", to: nil, reason: .crossOrigin)))
        #expect(!RetryMiddleware.isTransient(APIError(.invalidRequest("x"))))
        #expect(RetryMiddleware.isTransient(URLError(.timedOut)))
        #expect(RetryMiddleware.isTransient(URLError(.networkConnectionLost)))
    }

}

/// Keys `key-1`, `key-2`, … in order.
final class KeyCounter: @unchecked Sendable {
    // @unchecked: `count` is touched under `lock`.
    private let lock = NSLock()
    private var count = 0
    func next() -> String {
        lock.withLock {
            count += 1
            return "key-\(count)"
        }
    }
}

/// Numbers from a list, in order; the last repeats.
final class Draws: @unchecked Sendable {
    // @unchecked: `values` is touched under `lock`.
    private let lock = NSLock()
    private var values: [Double]
    init(_ values: [Double]) { self.values = values }
    func next() -> Double { lock.withLock { values.count > 1 ? values.removeFirst() : values[0] } }
}

/// Answers 503 after `takes` on a virtual clock.
final class SlowTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: `sent` is touched under `lock`.
    private let lock = NSLock()
    private var sent = 0
    let clock: VirtualRetryClock
    let takes: Duration
    init(clock: VirtualRetryClock, takes: Duration) {
        self.clock = clock
        self.takes = takes
    }
    var count: Int { lock.withLock { sent } }
    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        lock.withLock { sent += 1 }
        clock.advance(takes)
        return (HTTPResponse(statusCode: 503), Data())
    }
}

extension Result {
    /// The error of a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
