import Foundation
import Testing

/// A walk of a generated client kept in a `PagegenStore` (`resuming(walk:)`), killed with
/// SIGKILL mid-walk and started again: it goes on where it was, with no handled item
/// twice, and the store it left opens as it is.
@Suite struct StoredWalkKillTests {
    /// StoredWalk, built next to the test bundle.
    static var walker: URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("StoredWalk")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return Bundle.main.bundleURL.appendingPathComponent("StoredWalk")
    }

    @Test func aWalkKilledAndStartedAgainGoesOnWithNoHandledItemTwice() async throws {
        try await StoredListsTests.withStoreFile { file in
            try await withMock("spotify") { server in
                let base = server.baseURL.absoluteString
                // The walk as one run makes it, in another store.
                let reference = try await StoredListsTests.withStoreFile { try await Self.runWalk($0, base, killAfter: nil) }
                #expect(reference.handled.count == 120 && reference.ended)
                var delivered: [String] = []
                var killed = 0
                // Killed four times, then let run to its end (unless a run ended before its
                // kill, which a machine far faster than this one might see).
                for killAfter in [7, 1, 25, 2, nil] {
                    let run = try await Self.runWalk(file, base, killAfter: killAfter)
                    // The track in hand when the process died may not have counted as
                    // handled yet (the walk counts it when asked for the next): then it
                    // comes first in the next run, and only it.
                    if let last = delivered.last, run.handled.first == last { delivered.removeLast() }
                    delivered += run.handled
                    if run.ended { break }
                    killed += 1
                }
                #expect(killed > 0, "a run was killed mid-walk")
                #expect(delivered == reference.handled, "every track once, in order, across the kills")
            }
        }
    }

    /// Runs StoredWalk over the album at `baseURL` kept in the store at `file`, kills it
    /// with SIGKILL once it handled `killAfter` tracks (or lets it finish), and returns the
    /// tracks it said it handled, and whether it reached the end.
    static func runWalk(_ file: URL, _ baseURL: String, killAfter: Int?) async throws -> (handled: [String], ended: Bool) {
        try await withCheckedThrowingContinuation { continuation in
            // Reading the child's output blocks: on a thread of its own, not the pool's.
            Thread.detachNewThread {
                do {
                    continuation.resume(returning: try Self.runWalkBlocking(file, baseURL, killAfter: killAfter))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }

    private static func runWalkBlocking(_ file: URL, _ baseURL: String, killAfter: Int?) throws -> (handled: [String], ended: Bool) {
        let process = Process()
        process.executableURL = walker
        process.arguments = [file.path, baseURL]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var text = ""
        var handled = 0
        reading: while killAfter.map({ handled < $0 }) ?? true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            let start = text.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
            text += String(decoding: chunk, as: UTF8.self)
            for line in text[start...].split(separator: "\n", omittingEmptySubsequences: false).dropLast() where line.hasPrefix("handled ")
            {
                handled += 1
                if let killAfter, handled == killAfter { break reading }
            }
        }
        if killAfter != nil { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        // What it wrote between the line read last and the kill counts too.
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        let ended = lines.contains("done")
        if killAfter == nil {
            #expect(process.terminationReason == .exit && process.terminationStatus == 0 && ended, "the walk ran to its end")
        } else {
            #expect(ended || process.terminationReason == .uncaughtSignal, "the walk was killed, not ended by an error")
        }
        return (lines.filter { $0.hasPrefix("handled ") }.map { String($0.dropFirst("handled ".count)) }, ended)
    }
}
