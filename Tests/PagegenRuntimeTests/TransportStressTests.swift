import Foundation
import PagegenRuntime
import PagegenTestServer
import PagegenTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Hundreds of sends at once through `URLSessionTransport`, half of them cancelled
/// while the server holds them, round after round: none stalls. The transport makes,
/// resumes and cancels its tasks off Swift concurrency's threads; when it did not, on
/// Linux, the pool's threads (two on a 2-core machine) waited inside `URLSession` for
/// work that needed a thread, and nothing moved until a time-out fired.
@Suite struct TransportStressTests {
    /// Lets the held requests go once the test is done with them.
    actor Gate {
        private(set) var held = 0
        private var open = false
        private var waiting: [CheckedContinuation<Void, Never>] = []

        func hold() async {
            held += 1
            if open { return }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            open = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    static let half = 150
    static let rounds = 3

    @Test(.timeLimit(.minutes(5))) func hundredsOfSendsHalfCancelledInFlightNeverStall() async throws {
        for round in 0..<Self.rounds {
            let gate = Gate()
            let server = try await TestServer.start { request in
                if request.path == "/held" { await gate.hold() }
                return .json(#"{"path": "\#(request.path)"}"#)
            }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = 2 * Self.half + 8
            let transport = URLSessionTransport(configuration: configuration)
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
                case .failure(let error as URLError) where error.code == .cancelled: cancelled += 1
                case .failure(let error): Issue.record("round \(round): a cancelled send failed with \(error)")
                }
            }
            #expect(cancelled == Self.half, "round \(round)")
            await gate.release()
            await server.stop()
        }
    }

    @Test func aSendCancelledBeforeItsTaskIsMadeIsNeverSent() async throws {
        let server = try await TestServer.start { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let transport = URLSessionTransport()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(HTTPRequest(method: "GET", url: server.baseURL.appendingPathComponent("never")))
        }
        let result = await task.result
        guard case .failure(let error as URLError) = result, error.code == .cancelled else {
            Issue.record("expected URLError.cancelled, got \(result)")
            return
        }
        #expect(await server.requests.isEmpty)
    }
}
