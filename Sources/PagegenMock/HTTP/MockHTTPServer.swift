import FlyingSocks
import Foundation

/// The mock's HTTP/1.1 server: a listening socket on FlyingSocks, one task per
/// connection, and ``RequestReader`` for the requests. Every server of a process waits
/// for its sockets on one ``SharedSocketPool``.
///
/// FlyingFox's `HTTPServer` reads requests without a deadline or a size bound, and
/// its reader is internal; this server keeps FlyingSocks (the sockets and the
/// event loop) and reads and writes HTTP itself, so that a slow, stalled or
/// oversized request gets a status and a message, and never holds up the others.
final class MockHTTPServer: Sendable {
    /// The address and port it listens on.
    let host: String
    let port: UInt16
    private let listener: Socket
    private let task: Task<Void, Never>

    private init(host: String, port: UInt16, listener: Socket, task: Task<Void, Never>) {
        self.host = host
        self.port = port
        self.listener = listener
        self.task = task
    }

    /// Listens on `host:port` (port 0 picks a free one) and serves every request with `handler`.
    /// - Throws: `SocketError` when the address cannot be bound.
    static func start(
        host: String, port: UInt16, limits: MockHTTPLimits,
        handler: @escaping @Sendable (ReceivedRequest) async -> OutgoingResponse
    ) async throws -> MockHTTPServer {
        let listener = try Socket(domain: AF_INET, type: .stream)
        do {
            try listener.setValue(true, for: .localAddressReuse)
            try listener.bind(to: .inet(ip4: host, port: port))
            try listener.listen(maxPendingConnection: 1024)
        } catch {
            try? listener.close()
            throw error
        }
        guard case .ip4(let address, let boundPort) = try listener.sockname() else {
            try? listener.close()
            throw SocketError.unsupportedAddress
        }
        let pool = SharedSocketPool()
        try await pool.prepare()
        let accepting = try AsyncSocket(socket: listener, pool: pool)
        let task = Task { await Self.accept(on: accepting, limits: limits, handler: handler) }
        return MockHTTPServer(host: address, port: boundPort, listener: listener, task: task)
    }

    /// Accepts connections until the task is cancelled, each served in its own child task.
    private static func accept(
        on listener: AsyncSocket, limits: MockHTTPLimits,
        handler: @escaping @Sendable (ReceivedRequest) async -> OutgoingResponse
    ) async {
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *) {
            await withDiscardingTaskGroup { group in
                while let socket = await nextConnection(on: listener) {
                    group.addTask { await MockHTTPConnection(socket: socket, limits: limits, handler: handler).run() }
                }
                group.cancelAll()
            }
        } else {
            await withTaskGroup(of: Void.self) { group in
                while let socket = await nextConnection(on: listener) {
                    group.addTask { await MockHTTPConnection(socket: socket, limits: limits, handler: handler).run() }
                }
                group.cancelAll()
            }
        }
    }

    /// The next connection; nil once the task is cancelled. A failed accept (too many
    /// open files, a connection reset before it was accepted) is tried again shortly.
    private static func nextConnection(on listener: AsyncSocket) async -> AsyncSocket? {
        while !Task.isCancelled {
            do {
                return try await listener.accept()
            } catch {
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
        return nil
    }

    /// Stops accepting, closes every connection and waits until they are gone.
    func stop() async {
        task.cancel()
        await task.value
        try? listener.close()
    }
}
