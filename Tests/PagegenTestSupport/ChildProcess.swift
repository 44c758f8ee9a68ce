import CChildProcess
import Foundation

/// A program the tests run in a process of its own, started with the C library's
/// `posix_spawn`.
///
/// The tests do not use Foundation's `Process` for this: on Linux, `Process.run()`
/// reads each entry of /proc/self/fd as a whole `dirent`, past the end of what the
/// kernel returned, and now and then that read crosses into unmapped memory and
/// crashes the test process with every test in it
/// (swiftlang/swift-corelibs-foundation#5472). A suite that starts hundreds of
/// compilers and command-line runs meets it often enough to fail CI.
///
/// The child gets the test process's environment, the standard input `/dev/null`,
/// the standard output and error it is given, and no other file descriptor of the
/// test process (the servers' sockets stay the tests').
///
/// Waiting for a child blocks a thread: call ``wait()`` and ``run(_:_:in:)`` inside
/// ``offPool(_:)``, never on Swift concurrency's threads.
public final class ChildProcess: @unchecked Sendable {
    /// The child's process identifier.
    public let identifier: pid_t
    /// How it ended, once a wait saw it end: its identifier may belong to another
    /// process after that. Guarded by `lock`.
    private var ended: Termination?
    private let lock = NSLock()

    private init(identifier: pid_t) {
        self.identifier = identifier
    }

    /// How a child ended.
    public enum Termination: Sendable, Equatable, CustomStringConvertible {
        /// It exited by itself, with this status.
        case exited(Int32)
        /// This signal killed it.
        case killed(Int32)

        /// The exit status, or the number of the signal that killed it.
        public var status: Int32 {
            switch self {
            case .exited(let status), .killed(let status): status
            }
        }

        /// True when it exited by itself, false when a signal killed it.
        public var exitedByItself: Bool {
            if case .exited = self { true } else { false }
        }

        /// "exit status 1", "killed by signal 9".
        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .killed(let signal): "killed by signal \(signal)"
            }
        }
    }

    /// What ``run(_:_:in:)`` returns: how the child ended and what it printed.
    public struct Run: Sendable {
        /// How it ended.
        public var termination: Termination
        /// Its standard output.
        public var output: String
        /// Its standard error.
        public var errors: String
    }

    /// What starting a child failed with.
    public struct LaunchError: Error, CustomStringConvertible {
        /// What was being done.
        public var step: String
        /// The `errno` value.
        public var code: Int32

        /// "starting /path/to/tool: No such file or directory".
        public var description: String { "\(step): \(String(cString: strerror(code)))" }
    }

    /// Starts `executable` with `arguments` in `directory` (nil: the test process's
    /// own), its standard output going to the file descriptor `output` and its
    /// standard error to `errors` (the same one for both is fine).
    ///
    /// The descriptors stay open in the test process: close a pipe's write end there
    /// after this returns, so that reading its other end sees the end of the output.
    public static func start(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, output: Int32, errors: Int32
    ) throws -> ChildProcess {
        let argv = ([executable.path] + arguments).map { strdup($0) }
        defer { for argument in argv { free(argument) } }
        var identifier: pid_t = 0
        let result =
            if let directory {
                pagegen_spawn(&identifier, executable.path, argv + [nil], directory.path, output, errors)
            } else {
                pagegen_spawn(&identifier, executable.path, argv + [nil], nil, output, errors)
            }
        guard result == 0 else { throw LaunchError(step: "starting \(executable.path)", code: result) }
        return ChildProcess(identifier: identifier)
    }

    /// Runs `executable` with `arguments` in `directory` to its end, and returns how it
    /// ended and what it printed (kept in temporary files, so that a child that prints
    /// much never waits for a reader). Blocks the calling thread.
    public static func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputFile = folder.appendingPathComponent("output")
        let errorsFile = folder.appendingPathComponent("errors")
        let output = open(outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(output) }
        let errors = open(errorsFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { close(errors) }
        guard output >= 0, errors >= 0 else { throw LaunchError(step: "creating \(folder.path)", code: errno) }
        let termination = try start(executable, arguments, in: directory, output: output, errors: errors).wait()
        return Run(
            termination: termination,
            output: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errorsFile), as: UTF8.self))
    }

    /// Waits for the child to end. Blocks the calling thread.
    public func wait() -> Termination {
        if let ended = lock.withLock({ ended }) { return ended }
        var status: Int32 = 0
        var result = waitpid(identifier, &status, 0)
        while result == -1 && errno == EINTR { result = waitpid(identifier, &status, 0) }
        return lock.withLock {
            // ECHILD: a poll on another thread saw it end first.
            if result == identifier, ended == nil { ended = Self.termination(status) }
            return ended ?? .exited(-1)
        }
    }

    /// How the child ended, or nil while it runs. Does not block.
    public func poll() -> Termination? {
        lock.withLock {
            var status: Int32 = 0
            if ended == nil, waitpid(identifier, &status, WNOHANG) == identifier { ended = Self.termination(status) }
            return ended
        }
    }

    /// True until a wait or a poll saw the child end.
    public var isRunning: Bool { poll() == nil }

    /// Sends `signal` to the child, unless it has ended.
    public func send(_ signal: Int32) {
        if isRunning { kill(identifier, signal) }
    }

    private static func termination(_ status: Int32) -> Termination {
        // The <sys/wait.h> macros, which Swift does not import.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal)
    }
}
