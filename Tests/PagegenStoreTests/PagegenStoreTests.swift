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
