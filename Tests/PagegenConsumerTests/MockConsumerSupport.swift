import Foundation
import PagegenMock
import PagegenRuntime

/// The package's specs, for mock servers.
enum MockSpecs {
    /// The package root, found from this file's place.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The names of every `specs/*.pagegen.yaml` (`catalog`, `github`, …).
    static var all: [String] {
        let folder = root.appendingPathComponent("specs")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".pagegen.yaml") }.map { String($0.dropLast(".pagegen.yaml".count)) }.sorted()
    }

    /// `specs/<name>.pagegen.yaml`, absolute.
    static func path(_ name: String) -> String {
        root.appendingPathComponent("specs/\(name).pagegen.yaml").path
    }
}

/// Options for a mock server in a test: timeouts that no busy machine misses. The
/// clients of most tests are made without credentials, so the server asks for none
/// unless `checksCredentials` says (NullableFieldsConsumerTests checks the 401).
func testOptions(
    items: Int = 100, faults: MockFaults = MockFaults(), checksRequests: Bool = true, checksCredentials: Bool = false
) -> MockOptions {
    MockOptions(
        items: items, faults: faults, limits: MockHTTPLimits(readTimeout: .seconds(300), idleTimeout: .seconds(300)),
        checksRequests: checksRequests, checksCredentials: checksCredentials)
}

/// Starts a mock server for `specs/<spec>.pagegen.yaml`, runs `body`, and stops it whatever happens.
/// The server reads the time from `clock`; `body` runs on the caller's actor.
func withMockServer<T>(
    _ spec: String, items: Int = 100, faults: MockFaults = MockFaults(), checksRequests: Bool = true,
    checksCredentials: Bool = false, clock: any RetryClock = SystemRetryClock(), isolation: isolated (any Actor)? = #isolation,
    _ body: (MockServer) async throws -> T
) async throws -> T {
    let server = try await MockServer.start(
        specFile: MockSpecs.path(spec),
        options: testOptions(items: items, faults: faults, checksRequests: checksRequests, checksCredentials: checksCredentials),
        clock: clock)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// Asks the mock server for faults on every request a client sends: `X-Mock-Fault`
/// (`error`, `malformed`, `loop`, `drift=1`, …) and `X-Mock-Latency`.
struct MockFaultHeaders: ClientMiddleware {
    var fault: String?
    var latency: String?

    func intercept(
        _ request: HTTPRequest,
        next: @Sendable (HTTPRequest) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        var request = request
        if let fault { request.setValue(fault, forHeader: "X-Mock-Fault") }
        if let latency { request.setValue(latency, forHeader: "X-Mock-Latency") }
        return try await next(request)
    }
}

/// Collects the items of an `all…` sequence.
func collect<Item>(_ sequence: ItemSequence<Item>) async throws -> [Item] {
    var items: [Item] = []
    for try await item in sequence { items.append(item) }
    return items
}
