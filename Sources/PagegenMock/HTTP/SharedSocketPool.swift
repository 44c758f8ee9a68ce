import FlyingSocks

/// One event loop for every server a process runs: the sockets of all of them wait
/// on one FlyingSocks pool, whose loop holds one Dispatch thread for the life of the
/// process.
///
/// A FlyingSocks pool of its own per server holds a Dispatch thread per server, blocked
/// in `epoll_wait` for as long as the server runs. A test suite runs hundreds of
/// servers at once when its tests run in parallel on a busy machine; Dispatch has about
/// 255 threads in all on Linux, and once they are taken, nothing else that needs one
/// (`URLSession`'s queues among them) ever runs again. Sharing one pool keeps that to
/// one thread, however many servers run.
///
/// On Linux the pool waits with ``SharedEpollQueue``, which a socket closed while it
/// is waited for cannot confuse (FlyingSocks' own queues can, which is harmless only
/// when a pool goes with its server); elsewhere with FlyingSocks' `poll(2)` queue.
///
/// `run()` holds no thread: it waits until its task is cancelled, so that a server's
/// own `prepare()`, `run()` and cancellation work as with a pool of its own.
@_spi(Testing) public struct SharedSocketPool: AsyncSocketPool {
    /// The process's pool, prepared and running once the task has a value.
    private static let loop = Task.detached { () throws -> any AsyncSocketPool in
        #if canImport(CSystemLinux)
        let pool = SocketPool(queue: SharedEpollQueue())
        #else
        // FlyingSocks' poll(2) queue keeps no state a closed socket could leave behind;
        // it looks at new sockets every 10 ms.
        let pool = SocketPool(queue: Poll(interval: .seconds(0.01)))
        #endif
        try await pool.prepare()
        Task.detached { try? await pool.run() }
        return pool
    }

    /// The shared pool.
    public init() {}

    /// Waits until the process's pool runs.
    public func prepare() async throws {
        _ = try await Self.loop.value
    }

    /// Waits until the task is cancelled; the process's pool runs on.
    public func run() async throws {
        while true { try await Task.sleep(for: .seconds(3_600)) }
    }

    /// Waits until `socket` is ready for `events`, on the process's pool.
    public func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        try await Self.loop.value.suspendSocket(socket, untilReadyFor: events)
    }
}
