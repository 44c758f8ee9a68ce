/// A handle to a call made with a completion handler; ``cancel()`` stops it, and
/// the completion handler is then called with an error whose `isCancelled` is true.
public struct Cancellable: Sendable {
    private let task: Task<Void, Never>

    /// Wraps the task that runs the call.
    public init(_ task: Task<Void, Never>) {
        self.task = task
    }

    /// Cancels the call. Harmless after it finished.
    public func cancel() {
        task.cancel()
    }

    /// True once ``cancel()`` was called.
    public var isCancelled: Bool { task.isCancelled }
}

extension Cancellable {
    /// Runs `operation` in a new task and hands its result to `completion`.
    ///
    /// Used by the completion-handler variants of generated functions.
    @_spi(Generated) public static func run<Success: Sendable>(
        _ operation: @escaping @Sendable () async -> Result<Success, APIError>,
        completion: @escaping @Sendable (Result<Success, APIError>) -> Void
    ) -> Cancellable {
        Cancellable(
            Task.detached {
                completion(await operation())
            })
    }
}
