import Foundation
import PagegenTestServer
import PagegenTestSupport
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// Sends that end before their answer: cancelled by their task, out of time, or
/// refused a connection.
extension TransportConformanceTests {
    static let half = 150
    static let rounds = 3

    /// Hundreds of sends at once, half of them cancelled while the server holds them,
    /// round after round: none stalls, every other one gets its own answer, and every
    /// cancelled one ends as cancelled without its answer. (`URLSessionTransport` makes,
    /// resumes and cancels its tasks off Swift concurrency's threads for this: when it
    /// did not, on Linux, the pool's threads waited inside `URLSession`.)
    @Test(.timeLimit(.minutes(5)), arguments: TransportFactory.all)
    func hundredsOfSendsHalfCancelledInFlightNeverStall(_ factory: TransportFactory) async throws {
        for round in 0..<Self.rounds {
            let gate = Gate()
            let server = try await TestServer.start { request in
                if request.path == "/held" { await gate.hold() }
                return .json(#"{"path": "\#(request.path)"}"#)
            }
            let (transport, close) = factory.makeWide(2 * Self.half + 8)
            let base = server.baseURL

            let held = (0..<Self.half).map { _ in
                Task { try await transport.send(HTTPRequest(method: "GET", url: base.appendingPathComponent("held"))) }
            }
            let answered = try await withThrowingTaskGroup(of: Int.self) { group in
                for number in 0..<Self.half {
                    group.addTask {
                        let (response, body) = try await transport.send(
                            HTTPRequest(method: "GET", url: base.appendingPathComponent("fast/\(number)")))
                        return response.statusCode == 200 && String(decoding: body, as: UTF8.self).contains("/fast/\(number)") ? 1 : 0
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(answered == Self.half, "round \(round): every request that was not cancelled has its own answer")

            try await eventually("round \(round): the \(Self.half) held requests at the server") { await gate.held == Self.half }
            for task in held { task.cancel() }
            var cancelled = 0
            for task in held {
                switch await task.result {
                case .success: Issue.record("round \(round): a cancelled send was answered")
                case .failure(let error) where TransportFactory.isCancellation(error): cancelled += 1
                case .failure(let error): Issue.record("round \(round): a cancelled send failed with \(error)")
                }
            }
            #expect(cancelled == Self.half, "round \(round)")
            await gate.release()
            await server.stop()
            try await close()
        }
    }

    @Test(arguments: TransportFactory.all)
    func aSendCancelledBeforeItStartsIsNeverSent(_ factory: TransportFactory) async throws {
        let server = try await TestServer.start { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let transport = factory.make()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(HTTPRequest(method: "GET", url: server.baseURL.appendingPathComponent("never")))
        }
        let result = await task.result
        guard case .failure(let error) = result, TransportFactory.isCancellation(error) else {
            Issue.record("expected a cancellation, got \(result)")
            return
        }
        #expect(await server.requests.isEmpty)
    }

    @Test(arguments: TransportFactory.all)
    func aCancelledCallIsACancelledAPIError(_ factory: TransportFactory) async throws {
        let gate = Gate()
        let server = try await TestServer.start { _ in
            await gate.hold()
            return .json("{}")
        }
        defer {
            Task {
                await gate.release()
                await server.stop()
            }
        }
        let runtime = Self.runtime(factory, server)
        let call = Task { await runtime.send(Endpoint(name: "thing", method: "GET", path: "/things/1"), as: JSONValue.self) }
        try await eventually("the request at the server") { await gate.held == 1 }
        call.cancel()
        let result = await call.value
        #expect(result.failure?.isCancelled == true, "\(result)")
    }

    @Test(arguments: TransportFactory.all)
    func aResponseThatDoesNotStartInTimeIsATransientError(_ factory: TransportFactory) async throws {
        let gate = Gate()
        let server = try await TestServer.start { _ in
            await gate.hold()
            return .json("{}")
        }
        defer {
            Task {
                await gate.release()
                await server.stop()
            }
        }
        // The server holds the request until the test ends: only the timeout ends the send.
        let transport = factory.make(.sameOriginOnly, .seconds(1))
        do {
            _ = try await transport.send(HTTPRequest(method: "GET", url: server.baseURL.appendingPathComponent("slow")))
            Issue.record("the held request was answered")
        } catch {
            #expect(!TransportFactory.isCancellation(error), "\(error)")
            #expect(RetryMiddleware.isTransient(error), "a timeout is worth a retry: \(error)")
        }
    }

    @Test(arguments: TransportFactory.all)
    func aRefusedConnectionIsRetriedAndThenATransportError(_ factory: TransportFactory) async throws {
        // A port nobody listens on: connection refused, a transient error. (AsyncHTTPClient
        // tries to connect again until its connect timeout or the transport's timeout, the
        // 2 s given here, ends the send; URLSession gives up at once.)
        let refusing = try RefusingPort()
        let url = refusing.baseURL
        let clock = VirtualRetryClock()
        let runtime = ClientRuntime(
            baseURL: url, transport: factory.make(.sameOriginOnly, .seconds(2)),
            middlewares: [RetryMiddleware(maxAttempts: 3, clock: clock)])
        let result = await runtime.send(Endpoint(name: "items", method: "GET", path: "/items"), RequestParameters(), as: JSONValue.self)
        guard case .transport = result.failure?.kind else {
            Issue.record("expected a transport error, got \(result)")
            return
        }
        #expect(clock.sleeps.count == 2, "connection refused is retried")
        withExtendedLifetime(refusing) {}
    }

    @Test(arguments: TransportFactory.all)
    func cancellingTheCallStopsTheRetryWait(_ factory: TransportFactory) async throws {
        let server = try await Self.scripted([(503, [])])
        defer { Task { await server.stop() } }
        let retry = RetryMiddleware(initialBackoff: .seconds(10), maxBackoff: .seconds(10), random: { 1 })
        let runtime = Self.runtime(factory, server, middlewares: [retry])
        let task = Task {
            await runtime.send(Endpoint(name: "items", method: "GET", path: "/items"), RequestParameters(), as: JSONValue.self)
        }
        try await eventually("the first request") { await server.requests.isEmpty == false }
        task.cancel()
        #expect(await task.value.failure?.isCancelled == true)
        #expect(await server.requests.count == 1)
    }
}
