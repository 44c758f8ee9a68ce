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
                let last = try await Self.runWriter(url, killAfterCommits: killAfter)
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
    /// and returns the products it said it handled.
    static func runWalker(_ url: URL, _ baseURL: String, killAfter: Int?) async throws -> (handled: [Int], ended: Bool) {
        try await offPool {
            let process = Process()
            process.executableURL = writer
            process.arguments = ["walk", url.path, baseURL, "import"]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            var buffer = Data()
            var handled: [Int] = []
            var done = false
            let reader = out.fileHandleForReading
            reading: while killAfter.map({ handled.count < $0 }) ?? true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...newline)
                    if line.hasPrefix("handled "), let id = Int(line.dropFirst(8)) { handled.append(id) }
                    if line == "done" { done = true }
                    if let killAfter, handled.count == killAfter { break reading }
                }
            }
            if killAfter != nil {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                // What it said between the line read last and the kill counts too.
                buffer.append(reader.readDataToEndOfFile())
                for line in String(decoding: buffer, as: UTF8.self).split(separator: "\n") {
                    if line.hasPrefix("handled "), let id = Int(line.dropFirst(8)) { handled.append(id) }
                    if line == "done" { done = true }
                }
                #expect(done || process.terminationReason == .uncaughtSignal, "the walk was killed, not ended by an error")
            } else {
                process.waitUntilExit()
                #expect(process.terminationStatus == 0 && done, "the walk ran to its end")
            }
            return (handled, done)
        }
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

    /// Starts the writer, reads its announcements until `killAfterCommits` of them,
    /// kills it with SIGKILL, and returns the last page it announced.
    static func runWriter(_ url: URL, killAfterCommits: Int) async throws -> Int {
        try await offPool {
            let process = Process()
            process.executableURL = writer
            process.arguments = [url.path, "100000"]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            var buffer = Data()
            var last = -1
            var commits = 0
            let reader = out.fileHandleForReading
            while commits < killAfterCommits {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...newline)
                    if line.hasPrefix("committed "), let number = Int(line.dropFirst(10)) {
                        last = number
                        commits += 1
                    }
                }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "the writer was killed, not ended")
            return last
        }
    }
}
