import Foundation
import PagegenTestServer

/// Starts a test server, runs `body` with it, and stops it whatever happens. `body`
/// runs on the caller's actor (the main actor, for the list tests).
func withServer<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ handler: @escaping @Sendable (TestRequest) async -> TestResponse,
    _ body: (TestServer) async throws -> T
) async throws -> T {
    let server = try await TestServer.start(handler)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// The slice of `items` from `start`, at most `count` long (empty past the end).
func slice<T>(_ items: [T], from start: Int, count: Int) -> [T] {
    guard start >= 0, start < items.count, count > 0 else { return [] }
    return Array(items[start..<min(items.count, start + count)])
}
