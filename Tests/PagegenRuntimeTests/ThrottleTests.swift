import Foundation
import PagegenTestSupport
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// The waits a client keeps when its responses ask for them: which requests wait,
/// how long, when a wait is refused, cancelled, and told.
@Suite struct ThrottleTests {
    static let questions = Endpoint(name: "questions", method: "GET", path: "/questions")
    static let users = Endpoint(name: "users", method: "GET", path: "/users")

    /// A runtime on `transport` whose throttle reads `hints` with `clock`.
    static func runtime(_ transport: RecordingTransport, hints: [ThrottleHint], clock: any RetryClock) -> ClientRuntime {
        var runtime = ClientRuntime(baseURL: URL(string: "https://api.example.com")!, transport: transport)
        runtime.throttle = Throttle(hints: hints, clock: clock)
        return runtime
    }

    static func answer(_ body: String, status: Int = 200, headers: [(String, String)] = []) -> (HTTPResponse, Data) {
        (HTTPResponse(statusCode: status, headerFields: headers.map { HTTPHeaderField(name: $0.0, value: $0.1) }), Data(body.utf8))
    }

    @Test func aBodyHintScopedToItsEndpointHoldsBackThatEndpointOnly() async throws {
        let transport = RecordingTransport { _, attempt in Self.answer(attempt == 1 ? #"{"items": [], "backoff": 3}"# : #"{"items": []}"#) }
        let clock = VirtualRetryClock()
        let runtime = Self.runtime(transport, hints: [.body(["backoff"], scope: .endpoint)], clock: clock)
        _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get()
        #expect(runtime.throttle.delay(for: "questions") == .seconds(3))
        #expect(runtime.throttle.delay(for: "users") == .zero)

        _ = try await runtime.send(Self.users, RequestParameters(), as: JSONValue.self).get()
        #expect(clock.sleeps.isEmpty, "another endpoint does not wait")
        _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get()
        #expect(clock.sleeps == [.seconds(3)], "the same endpoint waits the backoff")
        #expect(transport.requests.count == 3)
    }

    @Test func aHintScopedToTheClientHoldsBackEveryRequest() async throws {
        let transport = RecordingTransport { _, attempt in
            attempt == 1 ? Self.answer(#"{"error": "slow down"}"#, status: 429, headers: [("Retry-After", "2")]) : Self.answer("[]")
        }
        let clock = VirtualRetryClock()
        let runtime = Self.runtime(transport, hints: [.header("Retry-After")], clock: clock)
        let first = await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self)
        #expect(first.failureStatus == 429, "the hint of an error response counts too")
        _ = try await runtime.send(Self.users, RequestParameters(), as: JSONValue.self).get()
        #expect(clock.sleeps == [.seconds(2)])
    }

    @Test func retryAfterMayBeAnHTTPDate() async throws {
        let clock = VirtualRetryClock(date: Date(timeIntervalSince1970: 1_445_412_475))  // Wed, 21 Oct 2015 07:27:55 GMT
        let transport = RecordingTransport { _, attempt in
            attempt == 1 ? Self.answer("[]", status: 503, headers: [("Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT")]) : Self.answer("[]")
        }
        let runtime = Self.runtime(transport, hints: [.header("Retry-After")], clock: clock)
        _ = await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self)
        _ = await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self)
        #expect(clock.sleeps == [.seconds(5)])
    }

    @Test func aResetTimeAppliesOnlyWhenNoRequestIsLeft() async throws {
        let clock = VirtualRetryClock(date: Date(timeIntervalSince1970: 1_700_000_000))
        let transport = RecordingTransport { _, attempt in
            let headers: [(String, String)] =
                switch attempt {
                case 1: [("X-RateLimit-Remaining", "3"), ("X-RateLimit-Reset", "1700000060")]
                case 2: [("X-RateLimit-Reset", "1700000060")]
                case 3: [("X-RateLimit-Remaining", "0"), ("X-RateLimit-Reset", "1700000010")]
                default: []
                }
            return Self.answer("[]", headers: headers)
        }
        let runtime = Self.runtime(
            transport, hints: [.header("X-RateLimit-Reset", as: .unixSeconds, remaining: "X-RateLimit-Remaining")], clock: clock)
        for _ in 1...3 { _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get() }
        #expect(clock.sleeps.isEmpty, "requests left, or no count of them: no wait")
        _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get()
        #expect(clock.sleeps == [.seconds(10)], "none left: wait until the reset")
    }

    @Test func aNestedBodyKeyAndAWaitAsAString() async throws {
        let transport = RecordingTransport { _, attempt in
            Self.answer(attempt == 1 ? #"{"meta": {"retry_in": "1.5"}, "data": []}"# : #"{"data": []}"#)
        }
        let clock = VirtualRetryClock()
        let runtime = Self.runtime(transport, hints: [.body(["meta", "retry_in"])], clock: clock)
        _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get()
        _ = try await runtime.send(Self.users, RequestParameters(), as: JSONValue.self).get()
        #expect(clock.sleeps == [.milliseconds(1500)])
    }

    @Test func aWaitLongerThanTheClientWaitsFailsAtOnceAndSendsNothing() async throws {
        let transport = RecordingTransport { _, _ in Self.answer(#"{"items": [], "backoff": 120}"#) }
        let clock = VirtualRetryClock()
        let runtime = Self.runtime(transport, hints: [.body(["backoff"])], clock: clock)
        #expect(runtime.throttle.maxWait == .seconds(60))
        _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get()
        let result = await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self)
        guard case .failure(let error) = result, case .throttled(let wait, let reason) = error.kind else {
            Issue.record("expected a throttled error, got \(result)")
            return
        }
        #expect(wait == .seconds(120))
        #expect(reason == "backoff 120 in the body")
        #expect(error.description.hasPrefix("GET https://api.example.com/questions: throttled: the API asks to wait 120 s more"))
        #expect(transport.requests.count == 1, "nothing was sent")
        #expect(clock.sleeps.isEmpty)

        runtime.throttle.maxWait = .seconds(300)
        _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get()
        #expect(clock.sleeps == [.seconds(120)], "a client that waits longer waits")
    }

    /// The server asks for a wait of a minute, the longest a client waits: if the
    /// cancellation did not end it, the send would go out after it.
    @Test func cancellingAWaitEndsItAtOnceAndSendsNothing() async throws {
        let transport = RecordingTransport { _, _ in Self.answer(#"{"backoff": 60}"#) }
        let runtime = Self.runtime(transport, hints: [.body(["backoff"])], clock: SystemRetryClock())
        let events = runtime.throttle.events
        _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get()
        let call = Task { await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self) }
        try await firstElement("a throttle wait", of: events) { $0.kind == .waiting }
        call.cancel()
        let result = await call.value
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(error.isCancelled)
        #expect(transport.requests.count == 1)
    }

    @Test func eventsSayWhatAskedForAWaitAndWhoWaits() async throws {
        let transport = RecordingTransport { _, attempt in Self.answer(attempt == 1 ? #"{"backoff": 2}"# : "{}") }
        let clock = VirtualRetryClock()
        let runtime = Self.runtime(transport, hints: [.body(["backoff"], scope: .endpoint)], clock: clock)
        let events = runtime.throttle.events
        _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get()
        _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get()
        let seen = try await firstElements("a hint and a wait", count: 2, of: events)
        #expect(seen.map(\.kind) == [.hinted, .waiting])
        #expect(seen.allSatisfy { $0.endpoint == "questions" && $0.scope == .endpoint && $0.wait == .seconds(2) })
        #expect(
            seen[0].description
                == "questions: GET https://api.example.com/questions asks to wait 2 s before the requests to questions (backoff 2 in the body)"
        )
        #expect(seen[1].description == "questions: GET https://api.example.com/questions waits 2 s (backoff 2 in the body)")
    }

    @Test func theWaitedRequestCarriesNoCredentialsInItsEvent() async throws {
        let transport = RecordingTransport { _, attempt in Self.answer(attempt == 1 ? #"{"backoff": 1}"# : "{}") }
        var runtime = Self.runtime(transport, hints: [.body(["backoff"])], clock: VirtualRetryClock())
        runtime.credentials = [.bearer("secret")]
        let events = runtime.throttle.events
        _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get()
        _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get()
        let waiting = try await firstElement("a wait", of: events) { $0.kind == .waiting }
        #expect(waiting.request.value(forHeader: "Authorization") == nil)
        #expect(transport.requests.last?.value(forHeader: "Authorization") == "Bearer secret")
    }

    @Test func withoutHintsNothingWaits() async throws {
        let transport = RecordingTransport { _, _ in Self.answer(#"{"backoff": 5}"#, headers: [("Retry-After", "5")]) }
        let clock = VirtualRetryClock()
        let runtime = Self.runtime(transport, hints: [], clock: clock)
        for _ in 1...3 { _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get() }
        #expect(clock.sleeps.isEmpty)
    }

    @Test(arguments: ["0", "-3", "soon", "", "true"])
    func aHintThatAsksForNoWaitIsIgnored(_ value: String) async throws {
        let transport = RecordingTransport { _, _ in Self.answer(#"{"backoff": "\#(value)"}"#, headers: [("Retry-After", value)]) }
        let clock = VirtualRetryClock()
        let runtime = Self.runtime(transport, hints: [.body(["backoff"]), .header("Retry-After")], clock: clock)
        for _ in 1...2 { _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get() }
        #expect(clock.sleeps.isEmpty)
    }

    @Test(arguments: ["true", "false", "null", "[2]", #"{"seconds": 2}"#])
    func aBodyValueThatIsNotANumberAsksForNoWait(_ json: String) async throws {
        let transport = RecordingTransport { _, _ in Self.answer(#"{"backoff": \#(json)}"#) }
        let clock = VirtualRetryClock()
        let runtime = Self.runtime(transport, hints: [.body(["backoff"])], clock: clock)
        for _ in 1...2 { _ = try await runtime.send(Self.questions, RequestParameters(), as: JSONValue.self).get() }
        #expect(clock.sleeps.isEmpty)
    }

    @Test func retryMiddlewareAndTheThrottleWaitOnce() async throws {
        // 429 with Retry-After: 4, then 200. RetryMiddleware waits 4 s, and the throttle,
        // which read the same header, finds the wait over: one wait of 4 s in all.
        let transport = RecordingTransport { _, attempt in
            attempt == 1 ? Self.answer("{}", status: 429, headers: [("Retry-After", "4")]) : Self.answer("[1]")
        }
        let clock = VirtualRetryClock()
        var runtime = Self.runtime(transport, hints: [.header("Retry-After")], clock: clock)
        runtime.middlewares = [RetryMiddleware(clock: clock)]
        #expect(try await runtime.send(Self.questions, RequestParameters(), as: [Int].self).get() == [1])
        #expect(clock.sleeps == [.seconds(4)])
        #expect(transport.requests.count == 2)
    }
}

extension Result where Failure == APIError {
    /// The status of a failure with one.
    var failureStatus: Int? {
        if case .failure(let error) = self { return error.statusCode }
        return nil
    }
}
