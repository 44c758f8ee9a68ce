import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession
import PagegenMock
import PagegenRuntime

/// Serves `Specs/<name>.pagegen.yaml` (what `pagegen import` wrote from the target's
/// document) with pagegen-mock, runs `body` against it, and stops it whatever happens.
func withMock<T>(
    _ name: String, items: Int = 120, clock: any RetryClock = SystemRetryClock(), isolation: isolated (any Actor)? = #isolation,
    _ body: (MockServer) async throws -> T
) async throws -> T {
    guard let spec = Bundle.module.url(forResource: "Specs/\(name).pagegen", withExtension: "yaml") else {
        throw MockMissing(name: name)
    }
    // Timeouts no busy machine reaches: only the tests of timeouts depend on them.
    // The clients send no credentials: what these tests hold to account is paging.
    let options = MockOptions(
        items: items, limits: MockHTTPLimits(readTimeout: .seconds(300), idleTimeout: .seconds(300)), checksCredentials: false)
    let server = try await MockServer.start(specFile: spec.path, options: options, clock: clock)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

struct MockMissing: Error, CustomStringConvertible {
    var name: String
    var description: String { "Specs/\(name).pagegen.yaml is not among the test bundle's resources" }
}

/// The transport and middlewares every client of the tests uses: URLSession, and
/// Pagegen's middleware, which shows the paging extensions the header fields a
/// document does not declare.
let transport = OpenAPIURLSession.URLSessionTransport()

/// Asks pagegen-mock for faults on some requests, by their number (from 1): the
/// `X-Mock-Fault` header (`error=503`), or an `X-Mock-Latency`.
struct MockFaults: OpenAPIRuntime.ClientMiddleware {
    let faults: [Int: (name: String, value: String)]
    private let counter = Counter()

    init(_ faults: [Int: (name: String, value: String)]) {
        self.faults = faults
    }

    func intercept(
        _ request: HTTPTypes.HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPTypes.HTTPRequest, HTTPBody?, URL) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPTypes.HTTPResponse, HTTPBody?) {
        var request = request
        if let fault = faults[counter.next()], let name = HTTPField.Name(fault.name) {
            request.headerFields[name] = fault.value
        }
        return try await next(request, body, baseURL)
    }
}

/// A number that counts up, from any task.
final class Counter: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

/// A clock whose waits end only when their task is cancelled: a request that
/// pagegen-mock delays with it is answered never, so a test that ends has seen the
/// client give it up.
struct ClockThatNeverWakes: RetryClock {
    var uptime: Duration { .zero }
    var date: Date { Date(timeIntervalSince1970: 0) }

    func sleep(for duration: Duration) async throws {
        // A day, for a test: cancellation (the server stopping) ends it first.
        try await Task.sleep(for: .seconds(86_400))
    }
}
