import Foundation
import GRDB
import PagegenRuntime
import PagegenStore
import PagegenTestSupport
import Testing

/// The SQLite store on real database files: what it keeps, for whom, how it is
/// cleared and bounded, and what it does with a file it cannot read.
@Suite struct PagegenStoreTests {
    @Test func aPageReadsBackAsItWasWritten() async throws {
        try await withStoreFolder { folder in
            let store = try PagegenStore(at: folder.appendingPathComponent("pages.sqlite"))
            let list = sampleList("products")
            let date = Date(timeIntervalSince1970: 1_750_000_000)
            var page = samplePage(.after("c1"), first: 10, count: 3, next: .after("c2"), tag: "\"v1\"", at: date)
            page.lastModified = "Wed, 21 Oct 2026 07:28:00 GMT"
            try await store.write(page, of: list)
            #expect(try store.page(at: .after("c1"), of: list) == page)
            #expect(try store.page(at: .after("c2"), of: list) == nil)
            #expect(try store.size().items == 3)

            let later = date.addingTimeInterval(60)
            try await store.markValidated(at: .after("c1"), of: list, date: later)
            #expect(try store.page(at: .after("c1"), of: list)?.storedAt == later)

            // A page written again replaces the one at its key, and the counts follow.
            try await store.write(samplePage(.after("c1"), first: 10, count: 5, next: nil, at: later), of: list)
            #expect(try store.page(at: .after("c1"), of: list)?.itemCount == 5)
            #expect(try store.size().items == 5)
        }
    }

    @Test func anAccountNeverSeesAnothersPagesAndClearingOneLeavesTheOthers() async throws {
        try await withStoreFolder { folder in
            let store = try PagegenStore(at: folder.appendingPathComponent("pages.sqlite"))
            let alice = sampleList("products", account: "alice")
            let bob = sampleList("products", account: "bob")
            try await store.write(samplePage(.number(1), first: 0, count: 2, next: .number(2)), of: alice)
            try await store.setAnchorRow(7, of: alice)
            #expect(try store.page(at: .number(1), of: bob) == nil)
            #expect(try store.state(of: bob) == nil)
            #expect(try store.state(of: alice)?.anchorRow == 7)

            try await store.write(samplePage(.number(1), first: 100, count: 2, next: nil), of: bob)
            try await store.clear(account: "alice")
            #expect(try store.page(at: .number(1), of: alice) == nil)
            #expect(try store.state(of: alice) == nil)
            #expect(try store.page(at: .number(1), of: bob)?.identities == "[100,101]")
        }
    }

    @Test func clearingAListOrEverythingRemovesItsPagesAnchorAndWalks() async throws {
        try await withStoreFolder { folder in
            let store = try PagegenStore(at: folder.appendingPathComponent("pages.sqlite"))
            let products = sampleList("products")
            let orders = sampleList("orders")
            let progress = StoredWalkProgress(resumePoint: ResumePoint(key: .number(3)), pageIdentities: "[1,2]", handled: 1)
            for list in [products, orders] {
                try await store.write(samplePage(.number(1), first: 0, count: 2, next: nil), of: list)
                try await store.setWalkProgress(progress, named: "sync", of: list)
            }
            #expect(try store.walkProgress(named: "sync", of: products) == progress)

            try await store.clear(products)
            #expect(try store.page(at: .number(1), of: products) == nil)
            #expect(try store.walkProgress(named: "sync", of: products) == nil)
            #expect(try store.page(at: .number(1), of: orders) != nil)

            try await store.clearAll()
            #expect(try store.lists().isEmpty)
            #expect(try store.size().items == 0)
        }
    }

    @Test func overItsBoundTheStoreEvictsTheLeastRecentlyUsedLists() async throws {
        try await withStoreFolder { folder in
            let store = try PagegenStore(at: folder.appendingPathComponent("pages.sqlite"), limits: StoreLimits(maxItems: 25))
            let lists = (0..<3).map { sampleList("list\($0)") }
            for list in lists {
                try await store.write(samplePage(.number(1), first: 0, count: 10, next: nil), of: list)
            }
            // 30 items > 25: the least recently used list (list0) went.
            #expect(try store.lists() == [lists[1], lists[2]])
            // Using list1 makes list2 the least recently used.
            try await store.setAnchorRow(3, of: lists[1])
            try await store.write(samplePage(.number(1), first: 0, count: 10, next: nil), of: sampleList("list3"))
            #expect(try store.lists() == [lists[1], sampleList("list3")])
            #expect(try store.size().items == 20)
            // The list being written stays, even alone over the bound.
            try await store.write(samplePage(.number(2), first: 0, count: 30, next: nil), of: sampleList("list3"))
            #expect(try store.lists() == [sampleList("list3")])
        }
    }

    @Test func aByteBoundEvictsToo() async throws {
        try await withStoreFolder { folder in
            let page = samplePage(.number(1), first: 0, count: 50, next: nil)
            let measuring = try PagegenStore(at: folder.appendingPathComponent("measure.sqlite"))
            try await measuring.write(page, of: sampleList("list0"))
            let perList = try measuring.size().bytes
            #expect(perList > page.body.count, "the bytes count the body and what is kept with it")
            let store = try PagegenStore(
                at: folder.appendingPathComponent("pages.sqlite"), limits: StoreLimits(maxBytes: perList * 2 + perList / 2))
            for index in 0..<4 { try await store.write(page, of: sampleList("list\(index)")) }
            #expect(try store.lists() == [sampleList("list2"), sampleList("list3")])
            #expect(try store.size().bytes == perList * 2)
        }
    }

    @Test func pagesOlderThanADateCanBeRemoved() async throws {
        try await withStoreFolder { folder in
            let store = try PagegenStore(at: folder.appendingPathComponent("pages.sqlite"))
            let list = sampleList("products")
            let old = Date(timeIntervalSince1970: 1_000)
            try await store.write(samplePage(.number(1), first: 0, count: 4, next: .number(2), at: old), of: list)
            try await store.write(samplePage(.number(2), first: 4, count: 4, next: nil, at: Date()), of: list)
            #expect(try await store.removePages(storedBefore: Date(timeIntervalSince1970: 2_000)) == 1)
            #expect(try store.page(at: .number(1), of: list) == nil)
            #expect(try store.page(at: .number(2), of: list) != nil)
            #expect(try store.size().items == 4)
        }
    }

    @Test func aCorruptFileIsMovedAsideAndANewStoreMade() async throws {
        try await withStoreFolder { folder in
            let url = folder.appendingPathComponent("pages.sqlite")
            try Data(repeating: 0x5A, count: 8192).write(to: url)
            let store = try PagegenStore(at: url)
            let recovery = try #require(store.recovery, "the broken file is reported")
            #expect(FileManager.default.fileExists(atPath: recovery.movedTo.path))
            #expect(try Data(contentsOf: recovery.movedTo) == Data(repeating: 0x5A, count: 8192))
            #expect("\(recovery)".contains("moved to"))
            try await store.write(samplePage(.number(1), first: 0, count: 1, next: nil), of: sampleList("a"))
            #expect(try store.page(at: .number(1), of: sampleList("a")) != nil)
        }
    }

    @Test func anotherApplicationsDatabaseIsMovedAsideNotUsed() async throws {
        try await withStoreFolder { folder in
            let url = folder.appendingPathComponent("pages.sqlite")
            // A real SQLite database of someone else's: a table of its own.
            try await Self.sqlite(url, "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me');")
            let store = try PagegenStore(at: url)
            let recovery = try #require(store.recovery)
            #expect(recovery.reason.contains("another application"))
            #expect(try await Self.sqlite(recovery.movedTo, "SELECT text FROM notes;").contains("keep me"))
            #expect(try store.lists().isEmpty)
        }
    }

    @Test func aStoreThatCannotBeWrittenOpensReadOnlyAndIsNeverMovedAside() async throws {
        try await withStoreFolder { folder in
            let url = folder.appendingPathComponent("pages.sqlite")
            let list = sampleList("products")
            let page = samplePage(
                .number(1), first: 0, count: 3, next: .number(2), tag: "\"v1\"", at: Date(timeIntervalSince1970: 1_750_000_000))
            try await Self.makeStore(at: url) { store in
                try await store.write(page, of: list)
                try await store.setAnchorRow(12, of: list)
            }
            let bytes = try Data(contentsOf: url)
            // Nobody may write the file. (The superuser, whom permissions do not stop,
            // is held to them by the store.)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)

            let store = try PagegenStore(at: url)
            #expect(store.recovery == nil, "a valid store is never moved aside")
            #expect(store.isReadOnly)
            #expect(store.readOnlyReason?.contains("permissions") == true)
            #expect(try store.page(at: .number(1), of: list) == page)
            #expect(try store.state(of: list)?.anchorRow == 12)
            let refused = await #expect(throws: PageStoreError.self) {
                try await store.write(samplePage(.number(2), first: 3, count: 3, next: nil), of: list)
            }
            #expect(refused?.message.contains("cannot write page 2") == true)
            #expect(refused?.message.contains("is read-only (the file's permissions let no one write it)") == true)
            await #expect(throws: PageStoreError.self) { try await store.setAnchorRow(3, of: list) }
            await #expect(throws: PageStoreError.self) { try await store.clearAll() }
            #expect(try store.page(at: .number(2), of: list) == nil)
            #expect(try store.state(of: list)?.anchorRow == 12)
            #expect(try Data(contentsOf: url) == bytes, "the file is as it was")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.contains("unreadable") })
        }
    }

    @Test(.enabled(if: ImmutableFile.canBeMade, ImmutableFile.skipMessage))
    func aFileTheSystemLetsNoOneWriteOpensReadOnly() async throws {
        try await withStoreFolder { folder in
            let url = folder.appendingPathComponent("pages.sqlite")
            let list = sampleList("products")
            let page = samplePage(.number(1), first: 0, count: 3, next: nil, at: Date(timeIntervalSince1970: 1_750_000_000))
            try await Self.makeStore(at: url) { store in try await store.write(page, of: list) }
            // Immutable: the system refuses every write, the superuser's too.
            try await ImmutableFile.set(true, url)
            do {
                let store = try PagegenStore(at: url)
                #expect(store.recovery == nil)
                #expect(store.readOnlyReason == "the file cannot be written")
                #expect(try store.page(at: .number(1), of: list) == page)
                await #expect(throws: PageStoreError.self) { try await store.write(page, of: sampleList("other")) }
            } catch {
                try await ImmutableFile.set(false, url)
                throw error
            }
            try await ImmutableFile.set(false, url)
        }
    }

    @Test func aFileThatIsNotAStoreIsMovedAsideEvenWhenItCannotBeWritten() async throws {
        try await withStoreFolder { folder in
            let url = folder.appendingPathComponent("pages.sqlite")
            let garbage = Data(repeating: 0x5A, count: 8192)
            try garbage.write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: url.path)
            let store = try PagegenStore(at: url)
            let recovery = try #require(store.recovery, "a corrupt file is moved aside, writable or not")
            #expect(try Data(contentsOf: recovery.movedTo) == garbage)
            #expect(!store.isReadOnly, "the new store is made writable")
            try await store.write(samplePage(.number(1), first: 0, count: 1, next: nil), of: sampleList("a"))
            #expect(try store.page(at: .number(1), of: sampleList("a")) != nil)
        }
    }

    @Test func aStoreThatCannotBeOpenedIsNotMovedAside() async throws {
        try await withStoreFolder { folder in
            // A folder where the file should be: SQLite cannot open it, and nothing is
            // moved or made.
            let url = folder.appendingPathComponent("pages.sqlite")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            #expect(throws: PageStoreError.self) { try PagegenStore(at: url) }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["pages.sqlite"])
        }
    }

    @Test func theFirstSchemaOpensWithTheCurrentCode() async throws {
        let fixture = try #require(Bundle.module.url(forResource: "Fixtures/schema-v1", withExtension: "sqlite"))
        try await withStoreFolder { folder in
            let url = folder.appendingPathComponent("pages.sqlite")
            try FileManager.default.copyItem(at: fixture, to: url)
            let store = try PagegenStore(at: url)
            #expect(store.recovery == nil, "the committed first schema is read, not moved aside")
            let list = StoredListID(account: "writer", endpoint: "items", request: "GET http://127.0.0.1/items")
            let page = try #require(try store.page(at: .number(2), of: list))
            #expect(page.itemCount == 3)
            #expect(page.entityTag == "\"p2\"")
            #expect(page.next == .number(3))
            try await store.write(samplePage(.number(3), first: 0, count: 1, next: nil), of: list)
            #expect(try store.size().items == 1 + 2 + 3 + 1)
        }
    }

    @Test func readersReadWhileTheWriterWritesAndNeverSeeHalfAPage() async throws {
        try await withStoreFolder { folder in
            let store = try PagegenStore(at: folder.appendingPathComponent("pages.sqlite"))
            let list = sampleList("products")
            let pages = 200
            async let written: Void = {
                for number in 0..<pages {
                    try await store.write(samplePage(.number(number), first: number * 10, count: 10, next: .number(number + 1)), of: list)
                }
            }()
            // Two readers on Dispatch threads, reading while the writes go on.
            async let seen = try offPool {
                var complete = 0
                for _ in 0..<2_000 {
                    for number in [0, pages / 2, pages - 1] {
                        guard let page = try store.page(at: .number(number), of: list) else { continue }
                        let items = try JSONSerialization.jsonObject(with: page.body) as? [[String: Int]]
                        guard items?.count == 10, items?.first?["id"] == number * 10 else {
                            throw PageStoreError("page \(number) read half written")
                        }
                        complete += 1
                    }
                }
                return complete
            }
            try await written
            _ = try await seen
            #expect(try store.size().items == pages * 10)
        }
    }

    /// Makes a store at `url`, lets `fill` write to it, and closes it with everything
    /// in the database file.
    static func makeStore(at url: URL, _ fill: (PagegenStore) async throws -> Void) async throws {
        let store = try PagegenStore(at: url)
        try await fill(store)
        try await store.checkpoint()
    }

    /// Runs `sql` on the database at `url` through a plain GRDB connection (another
    /// application's), returning the first column of the rows it selects.
    @discardableResult
    static func sqlite(_ url: URL, _ sql: String) async throws -> [String] {
        try await offPool {
            let queue = try DatabaseQueue(path: url.path)
            return try queue.write { db in
                var rows: [String] = []
                for statement in sql.split(separator: ";") where !statement.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    if statement.trimmingCharacters(in: .whitespaces).uppercased().hasPrefix("SELECT") {
                        rows += try String.fetchAll(db, sql: String(statement))
                    } else {
                        try db.execute(sql: String(statement))
                    }
                }
                return rows
            }
        }
    }
}

/// A file the system lets no one write, the superuser included: `chattr +i` on Linux
/// (which needs the superuser), the user immutable flag on Apple platforms.
enum ImmutableFile {
    static let skipMessage: Comment =
        "files cannot be made immutable here (chattr +i needs the superuser and a file system that has the flag)"

    /// True when a file made immutable here cannot be written.
    static let canBeMade: Bool = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-immutable-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: Data()) else { return false }
        defer { try? FileManager.default.removeItem(at: url) }
        guard (try? setNow(true, url)) != nil else { return false }
        let refused = !FileManager.default.isWritableFile(atPath: url.path)
        try? setNow(false, url)
        return refused
    }()

    /// Makes the file at `url` immutable, or writable again.
    static func set(_ immutable: Bool, _ url: URL) async throws {
        try await offPool { try setNow(immutable, url) }
    }

    private static func setNow(_ immutable: Bool, _ url: URL) throws {
        #if canImport(Darwin)
        try FileManager.default.setAttributes([.immutable: immutable], ofItemAtPath: url.path)
        #else
        let run = try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/chattr"), [immutable ? "+i" : "-i", url.path])
        guard run.termination == .exited(0) else { throw PageStoreError("chattr: \(run.errors)") }
        #endif
    }
}
