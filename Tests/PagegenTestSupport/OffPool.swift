import Dispatch

/// Runs blocking or long synchronous work (a child process awaited with
/// `waitUntilExit`, a blocking socket, seconds of generating) on a Dispatch thread,
/// and awaits its result there.
///
/// Swift concurrency's pool has one thread per core (two on a 2-core machine): a test
/// that blocks one of them, or computes on it for seconds, holds back every test that
/// serves or sends HTTP meanwhile. Dispatch's threads are not the pool's.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .utility).async {
            continuation.resume(with: Result { try work() })
        }
    }
}
