import Foundation
import PagegenMock
import PagegenRuntime
import PagegenStore
import PagegenTestSupport
import Testing

/// A process killed with SIGKILL while it writes pages loses none it committed and
/// leaves no half-written page: `pagegen-store-writer` writes pages and says so after
/// each commit; the test kills it at random points, opens the store and reads every
/// page it announced, whole.
@Suite struct StoreCrashTests {
    /// The writer, built next to the test bundle.
    static var writer: URL {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("pagegen-store-writer")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return Bundle.main.bundleURL.appendingPathComponent("pagegen-store-writer")
    }

    @Test func aWriterKilledMidWriteLosesNoCommittedPageAndLeavesNoHalfPage() async throws {
        var random = SystemRandomNumberGenerator()
        try await withStoreFolder { folder in
            let url = folder.appendingPathComponent("pages.sqlite")
            var announced = -1
            for round in 0..<5 {
                // Each round goes on writing from the start, over the pages kept so far.
                let killAfter = Int.random(in: 5...120, using: &random)
                let run = try await Self.runWriter([url.path, "100000"], killAfter: killAfter, linesStartingWith: "committed ")
                #expect(run.killed, "the writer was killed, not ended")
                let last = run.lines.compactMap { Int($0.dropFirst("committed ".count)) }.last ?? -1
                announced = max(announced, last)
                let store = try PagegenStore(at: url)
                #expect(store.recovery == nil, "round \(round): the killed writer's file opens as it is")
                let list = StoredListID(account: "writer", endpoint: "items", request: "GET http://127.0.0.1/items")
                for number in 0...announced {
                    let page = try #require(try store.page(at: .number(number), of: list), "round \(round): page \(number) was committed")
                    try Self.checkWhole(page, number: number)
                }
                // Pages past the last announced one may be there (committed, the kill
                // came before the announcement), but whole.
                var number = announced + 1
                while let page = try store.page(at: .number(number), of: list) {
                    try Self.checkWhole(page, number: number)
                    number += 1
                }
            }
        }
    }

    @Test func aWalkKilledAndStartedAgainGoesOnWithNoHandledItemTwice() async throws {
        try await withStoreFolder { folder in
            let server = try await MockServer.start(
                specFile: Self.catalogSpec,
                options: MockOptions(items: 400, limits: MockHTTPLimits(readTimeout: .seconds(300), idleTimeout: .seconds(300))))
            do {
                let url = folder.appendingPathComponent("walk.sqlite")
                let base = server.baseURL.absoluteString
                // The walk as one run makes it, in another store.
                let reference = try await Self.runWalker(folder.appendingPathComponent("reference.sqlite"), base, killAfter: nil)
                #expect(reference.handled.count == 400 && reference.ended)
                var delivered: [Int] = []
                // Killed five times, then let run to its end (unless a run ended before
                // its kill, which a machine far faster than this one might see).
                for killAfter in [7, 20, 1, 2, 33, nil] {
                    let run = try await Self.runWalker(url, base, killAfter: killAfter)
                    // The product in hand when the process died may not have counted as
                    // handled yet (the walk counts it when asked for the next): then it
                    // comes first in the next run, and only it.
                    if let last = delivered.last, run.handled.first == last { delivered.removeLast() }
                    delivered += run.handled
                    if run.ended { break }
                }
                #expect(delivered == reference.handled, "every product once, in order, across the kills")
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }

    /// `specs/catalog.pagegen.yaml`, found from this file's place.
    static var catalogSpec: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("specs/catalog.pagegen.yaml").path
    }

    /// Runs the writer's walk over the catalog at `baseURL` kept in the store at `url`,
    /// kills it with SIGKILL after it handled `killAfter` products (or lets it finish),
    /// and returns the products it said it handled, and whether it reached the end.
    static func runWalker(_ url: URL, _ baseURL: String, killAfter: Int?) async throws -> (handled: [Int], ended: Bool) {
        let run = try await runWriter(["walk", url.path, baseURL, "import"], killAfter: killAfter, linesStartingWith: "handled ")
        let handled = run.lines.filter { $0.hasPrefix("handled ") }.compactMap { Int($0.dropFirst("handled ".count)) }
        let done = run.lines.contains("done")
        if killAfter != nil {
            #expect(done || run.killed, "the walk was killed, not ended by an error")
        } else {
            #expect(!run.killed && run.exitStatus == 0 && done, "the walk ran to its end")
        }
        return (handled, done)
    }

    /// Page `number` as the writer writes it: `number % 50 + 1` items naming their page.
    static func checkWhole(_ page: StoredPage, number: Int) throws {
        let count = number % 50 + 1
        let items = try #require(try JSONSerialization.jsonObject(with: page.body) as? [[String: Any]])
        #expect(items.count == count, "page \(number) holds all its items")
        #expect(items.allSatisfy { $0["page"] as? Int == number })
        #expect(page.itemCount == count)
        #expect(page.headerFields.first?.value == "\(count)")
        #expect(page.identities == "[\((0..<count).map { String(number * 100 + $0) }.joined(separator: ","))]")
        #expect(page.entityTag == "\"p\(number)\"")
    }

    /// What the writer wrote, and how it ended.
    struct WriterRun: Sendable {
        /// Every line it wrote, those after the one that had it killed included.
        var lines: [String]
        /// True when SIGKILL ended it.
        var killed: Bool
        /// Its exit status when it ended by itself.
        var exitStatus: Int32
    }

    /// Starts the writer with `arguments`, reads its lines until `killAfter` of them
    /// start with `prefix` (nil: until it ends), kills it with SIGKILL then, and returns
    /// every line it wrote.
    static func runWriter(_ arguments: [String], killAfter: Int?, linesStartingWith prefix: String) async throws -> WriterRun {
        try await offPool {
            let out = Pipe()
            let child = try ChildProcess.start(
                writer, arguments, output: out.fileHandleForWriting.fileDescriptor, errors: FileHandle.standardError.fileDescriptor)
            try out.fileHandleForWriting.close()
            let reader = out.fileHandleForReading
            var text = ""
            var counted = 0
            reading: while killAfter.map({ counted < $0 }) ?? true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                let start = text.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
                text += String(decoding: chunk, as: UTF8.self)
                for line in text[start...].split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                where line.hasPrefix(prefix) {
                    counted += 1
                    if let killAfter, counted == killAfter { break reading }
                }
            }
            if killAfter != nil { child.send(SIGKILL) }
            let termination = child.wait()
            // What it wrote between the line read last and the kill counts too.
            text += String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
            return WriterRun(
                lines: text.split(separator: "\n").map(String.init), killed: !termination.exitedByItself,
                exitStatus: termination.status)
        }
    }
}
