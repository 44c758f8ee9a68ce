import Foundation
import PagegenRuntime
import Testing

@testable import PagegenMock

/// A process that runs hundreds of mock servers at once, as a test suite does when its
/// tests run in parallel on a busy machine: every server answers, and so does every
/// server started after them on the descriptors they closed.
///
/// With a FlyingSocks pool per server, each server held a Dispatch thread blocked in
/// `epoll_wait`; past Dispatch's 255 threads, `URLSession`, whose queues need one too,
/// stopped for good and every request in the process waited forever.
@Suite struct ManyServersTests {
    /// More servers than Dispatch has threads.
    static let servers = 300

    @Test(.timeLimit(.minutes(5))) func hundredsOfServersAtOnceAllAnswerAndSoDoTheirSuccessors() async throws {
        let spec = try Specs.load("numbers")
        var options = MockOptions(items: 5)
        options.limits = patientLimits
        let transport = URLSessionTransport()
        for round in 0..<2 {
            var servers: [MockServer] = []
            for _ in 0..<Self.servers { servers.append(try await MockServer.start(spec: spec, options: options)) }
            let answered = try await withThrowingTaskGroup(of: Bool.self) { group in
                for server in servers {
                    group.addTask {
                        let url = server.baseURL.appendingPathComponent("numbers")
                        let (response, body) = try await transport.send(HTTPRequest(method: "GET", url: url))
                        return response.statusCode == 200 && !body.isEmpty
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(answered == Self.servers, "round \(round): every server answers its page")
            for server in servers { await server.stop() }
        }
    }
}
