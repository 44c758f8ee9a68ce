import Foundation
import PagegenRuntime

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Hundreds of sends at once from Swift concurrency's threads, half of them
/// cancelled while the server holds them: what an app does when a list is scrolled
/// past rows whose pages are loading. Each round sends `fast` requests for a static
/// page and as many to `held`, which the server answers only after 10 s; once the
/// fast ones have their answers, the held ones are cancelled. A round stalls when
/// it is not over within `bound`: the threads that would move it were blocked.
///
/// Two senders take the same rounds: the runtime's `URLSessionTransport`, and the
/// same `URLSession` driven as the transport drove it before it had a queue of its
/// own (`dataTask`, `resume` and `cancel` called on Swift concurrency's threads).
struct ConcurrentSends {
    /// A static page, answered at once.
    var fast: URL
    /// A page the server answers only after 10 s.
    var held: URL
    var requestsPerHalf: Int
    var rounds: Int
    /// A round not over within this has stalled.
    var bound: Duration = .seconds(60)

    /// What one round took.
    struct Round {
        /// From the first send until every fast one had its answer.
        var fastDone: Duration
        /// From the cancellation until every held one had ended.
        var cancelDone: Duration
        var stalled: Bool
        var fastAnswered: Int
        var heldCancelled: Int
        /// Why a fast send failed, when one did.
        var failure: String?
    }

    enum Sender: String, CaseIterable {
        case transport = "URLSessionTransport"
        case onThePool = "URLSession from the pool (before)"
    }

    /// Rounds with `sender`, one after another, each on a session of its own that
    /// allows as many connections to the host as there are requests.
    func run(_ sender: Sender) async -> [Round] {
        var results: [Round] = []
        for _ in 0..<rounds {
            let configuration = URLSessionConfiguration.ephemeral
            configuration.httpMaximumConnectionsPerHost = 2 * requestsPerHalf + 8
            configuration.timeoutIntervalForRequest = 120
            let send: @Sendable (URL) async throws -> Int
            switch sender {
            case .transport:
                let transport = URLSessionTransport(configuration: configuration)
                send = { url in try await transport.send(HTTPRequest(method: "GET", url: url)).0.statusCode }
            case .onThePool:
                let session = URLSession(configuration: configuration)
                send = { url in try await Self.sendFromThePool(url, session: session) }
            }
            results.append(await round(send))
        }
        return results
    }

    /// One round: every request sent at once, the held ones cancelled when the fast
    /// ones are answered.
    private func round(_ send: @escaping @Sendable (URL) async throws -> Int) async -> Round {
        let clock = ContinuousClock()
        let start = clock.now
        let heldSends = (0..<requestsPerHalf).map { _ in
            Task { () -> Bool in
                do {
                    _ = try await send(held)
                    return false
                } catch {
                    return true
                }
            }
        }
        let fastDone = Task { () -> (Int, String?, Duration) in
            let (answered, failure) = await withTaskGroup(of: String?.self) { group in
                for _ in 0..<requestsPerHalf {
                    group.addTask {
                        do {
                            let status = try await send(fast)
                            return status == 200 ? nil : "HTTP \(status)"
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                var answered = 0
                var failure: String?
                for await outcome in group {
                    if let outcome { failure = failure ?? outcome } else { answered += 1 }
                }
                return (answered, failure)
            }
            return (answered, failure, start.duration(to: clock.now))
        }
        let watchdog = Task {
            try await Task.sleep(for: bound)
            fastDone.cancel()
            for task in heldSends { task.cancel() }
        }
        let (fastAnswered, failure, fastTime) = await fastDone.value
        let cancelled = clock.now
        for task in heldSends { task.cancel() }
        var heldCancelled = 0
        for task in heldSends where await task.value { heldCancelled += 1 }
        let stalled = start.duration(to: clock.now) >= bound
        watchdog.cancel()
        return Round(
            fastDone: fastTime, cancelDone: cancelled.duration(to: clock.now), stalled: stalled,
            fastAnswered: fastAnswered, heldCancelled: heldCancelled, failure: failure)
    }

    /// The transport as it was: the task made, resumed and cancelled on the calling
    /// thread, one of Swift concurrency's.
    private static func sendFromThePool(_ url: URL, session: URLSession) async throws -> Int {
        final class Box: @unchecked Sendable {
            // @unchecked: `task` is set before the cancellation handler can read it, as
            // in the transport this reproduces.
            var task: URLSessionDataTask?
        }
        let box = Box()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: url) { _, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: (response as? HTTPURLResponse)?.statusCode ?? 0)
                    }
                }
                box.task = task
                task.resume()
            }
        } onCancel: {
            box.task?.cancel()
        }
    }

    /// Prints a row per sender: rounds, stalls, and the medians.
    static func printTable(_ results: [(Sender, [Round])], requestsPerHalf: Int) {
        print(
            "| \(2 * requestsPerHalf) sends at once, \(requestsPerHalf) cancelled while held | rounds | stalled (≥ 60 s) | fast half answered | held half cancelled | median: fast half done | median: all cancelled after |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|")
        for (sender, rounds) in results {
            let fast = median(rounds.map(\.fastDone))
            let cancel = median(rounds.map(\.cancelDone))
            let answered = rounds.map(\.fastAnswered).reduce(0, +)
            let cancelled = rounds.map(\.heldCancelled).reduce(0, +)
            let total = requestsPerHalf * rounds.count
            print(
                "| \(sender.rawValue) | \(rounds.count) | \(rounds.filter(\.stalled).count) | \(answered)/\(total) | \(cancelled)/\(total) | \(format(fast)) | \(format(cancel)) |"
            )
        }
        for (sender, rounds) in results {
            if let failure = rounds.lazy.compactMap(\.failure).first { print("\(sender.rawValue): a fast send failed: \(failure)") }
        }
    }

    private static func median(_ values: [Duration]) -> Duration {
        let sorted = values.sorted()
        return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
    }

    private static func format(_ duration: Duration) -> String {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return milliseconds >= 1000 ? String(format: "%.2f s", milliseconds / 1000) : String(format: "%.0f ms", milliseconds)
    }
}
