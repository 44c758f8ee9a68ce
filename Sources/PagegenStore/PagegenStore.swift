import Foundation
import GRDB
import PagegenRuntime

/// A ``PageStore`` in an SQLite database, through GRDB: the pages a client loaded,
/// kept across launches.
///
/// ```swift
/// let store = try PagegenStore(at: applicationSupport.appendingPathComponent("pages.sqlite"),
///                              limits: StoreLimits(maxItems: 50_000))
/// if let recovery = store.recovery { logger.error("\(recovery)") }
/// let client = CatalogAPI.Client(token: token).storing(in: StoreConfiguration(store: store, account: user.id))
/// ```
///
/// The database is in WAL mode: one writer at a time (writes are queued, never
/// blocking the caller), readers at the same time as the writer and each other. Each
/// write is one transaction: a process killed in the middle of one keeps every page
/// written before and none of the one it was writing. A file that can be read but not
/// written opens read-only (``isReadOnly``): its pages show, and every write fails
/// with an error that says so. A file that is not such a database (corrupt, or
/// another app's) is moved aside and a new one is made; the store's ``recovery``
/// says so, for the app's log. A valid store is never moved aside.
///
/// When the store holds more than its ``StoreLimits``, whole lists go, the least
/// recently used first (a page written, an anchor kept); the list being written stays.
public final class PagegenStore: PageStore {
    /// Where the database is.
    public let url: URL
    /// The size bound.
    public let limits: StoreLimits
    /// Set when the file at ``url`` could not be opened as a store and was moved
    /// aside: where to, and why.
    public let recovery: StoreRecovery?
    /// Why the store is read-only, when it is: the file can be read but not written
    /// (its permissions, a read-only volume). Its pages read as usual; every write
    /// fails with a ``PageStoreError`` that says so (a client tells
    /// ``StoreConfiguration/onError``), and nothing new is kept.
    public let readOnlyReason: String?
    let pool: DatabasePool

    /// True when the file can be read but not written: see ``readOnlyReason``.
    public var isReadOnly: Bool { readOnlyReason != nil }

    /// Opens the store at `url`, making it if needed. A file there that can be read but
    /// not written opens read-only (see ``isReadOnly``); a file that is not a store of
    /// this kind, or is corrupt, is moved aside and a new store made (see
    /// ``recovery``). A store is never moved aside for another reason.
    /// - Throws: ``PageStoreError`` when no store can be opened or made there (no such
    ///   folder, no permission, the file locked by another process).
    public init(at url: URL, limits: StoreLimits = StoreLimits()) throws(PageStoreError) {
        self.url = url
        self.limits = limits
        let opened: (pool: DatabasePool, readOnly: String?)
        do {
            opened = try Self.open(url)
        } catch {
            switch error {
            case .cannotOpen(let reason):
                throw PageStoreError("cannot open the page store at \(url.path): \(reason)")
            case .notAStore(let reason):
                let aside = url.deletingLastPathComponent().appendingPathComponent(
                    "\(url.lastPathComponent).unreadable-\(Int(Date().timeIntervalSince1970))")
                do {
                    try FileManager.default.moveItem(at: url, to: aside)
                    for suffix in ["-wal", "-shm"] {
                        let side = URL(fileURLWithPath: url.path + suffix)
                        if FileManager.default.fileExists(atPath: side.path) {
                            try FileManager.default.moveItem(at: side, to: URL(fileURLWithPath: aside.path + suffix))
                        }
                    }
                    pool = try Self.openWritable(url)
                } catch {
                    throw PageStoreError("cannot open the page store at \(url.path): \(reason); nor make a new one: \(error)")
                }
                readOnlyReason = nil
                recovery = StoreRecovery(movedTo: aside, reason: reason)
                return
            }
        }
        pool = opened.pool
        readOnlyReason = opened.readOnly
        recovery = nil
    }

    /// The application id written in the database header: "PGST".
    static let applicationID: Int32 = 0x5047_5354

    /// Why a file did not open as a store.
    enum OpenFailure: Error {
        /// It is not a store of this kind, or is corrupt: it may be moved aside.
        case notAStore(String)
        /// Anything else: the file may be a valid store, and stays where it is.
        case cannotOpen(String)
    }

    /// A file that holds something other than a page store.
    struct NotAStore: Error, CustomStringConvertible {
        var description: String
    }

    /// Opens the file at `url` as a store: read-write, or read-only (with the reason)
    /// when it can be read but not written.
    private static func open(_ url: URL) throws(OpenFailure) -> (pool: DatabasePool, readOnly: String?) {
        do {
            if let reason = unwritableReason(url) { return (try openReadOnly(url), reason) }
            do {
                return (try openWritable(url), nil)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_READONLY {
                // SQLite opened the file read-only by itself: it cannot write it.
                return (try openReadOnly(url), "SQLite cannot write it (\(error.message ?? "\(error.resultCode)"))")
            }
        } catch let error as NotAStore {
            throw .notAStore(error.description)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            throw .notAStore("\(error)")
        } catch {
            throw .cannotOpen("\(error)")
        }
    }

    /// Why the existing file at `url` cannot be written, or nil when it can (or is not
    /// there): this process may not write it, or its permissions let no one write it,
    /// which the superuser, whom permissions do not stop, respects too.
    static func unwritableReason(_ url: URL) -> String? {
        let files = FileManager.default
        guard files.fileExists(atPath: url.path) else { return nil }
        if !files.isWritableFile(atPath: url.path) { return "the file cannot be written" }
        let permissions = (try? files.attributesOfItem(atPath: url.path))?[.posixPermissions] as? NSNumber
        if let permissions, permissions.intValue & 0o222 == 0 { return "the file's permissions let no one write it" }
        return nil
    }

    private static func openWritable(_ url: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            // WAL (a DatabasePool's mode) with NORMAL: a commit survives the process
            // being killed; only a power loss may take the latest commits back.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        try pool.write { db in
            if try !isStore(db) { try db.execute(sql: "PRAGMA application_id = \(applicationID)") }
        }
        try StoreSchema.migrator.migrate(pool)
        return pool
    }

    /// Opens the store at `url` for reading alone; it must be a store whose schema is
    /// up to date (an older one cannot be brought up to date without writing).
    private static func openReadOnly(_ url: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(10)
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        try pool.read { db in
            guard try isStore(db) else { throw NotAStore(description: "the file holds no page store, and cannot be written to make one") }
            guard try StoreSchema.migrator.hasCompletedMigrations(db) else {
                throw PageStoreError(
                    "the store's schema is older than this version's, and the file cannot be written to bring it up to date")
            }
        }
        return pool
    }

    /// True when the database is a page store; false when it is empty (a new file);
    /// throws ``NotAStore`` when it holds another application's database.
    private static func isStore(_ db: Database) throws -> Bool {
        let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let tables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0
        if id == 0, tables > 0 {
            throw NotAStore(description: "the file holds another application's database")
        }
        if id != 0, id != applicationID {
            throw NotAStore(description: "the file is another application's database (application id \(id))")
        }
        return id != 0
    }

    // MARK: Reading

    /// The page stored at `key` of `list`, or nil.
    public func page(at key: PageKey, of list: StoredListID) throws(PageStoreError) -> StoredPage? {
        let keyText = try StoreCoding.text(key)
        let row = try read("read \(key) of \(list)") { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT body, head, next, itemCount, identities, etag, lastModified, storedAt
                        FROM page WHERE account = ? AND endpoint = ? AND list = ? AND key = ?
                        """),
                arguments: [list.account, list.endpoint, list.request, keyText])
        }
        guard let row else { return nil }
        do throws(PageStoreError) {
            let next: String? = row["next"]
            return StoredPage(
                key: key, body: row["body"], headerFields: try StoreCoding.headerFields(row["head"]),
                next: try next.map { text throws(PageStoreError) in try StoreCoding.key(text) }, itemCount: row["itemCount"],
                identities: row["identities"], entityTag: row["etag"], lastModified: row["lastModified"],
                storedAt: Date(timeIntervalSince1970: row["storedAt"]))
        } catch {
            throw PageStoreError("the stored \(key) of \(list) does not read: \(error)")
        }
    }

    /// What is kept about `list` beside its pages, or nil.
    public func state(of list: StoredListID) throws(PageStoreError) -> StoredListState? {
        try read("read the state of \(list)") { db in
            try Row.fetchOne(
                db, sql: "SELECT anchorRow, usedAt FROM list WHERE account = ? AND endpoint = ? AND list = ?",
                arguments: [list.account, list.endpoint, list.request]
            ).map { StoredListState(anchorRow: $0["anchorRow"], usedAt: Date(timeIntervalSince1970: $0["usedAt"])) }
        }
    }

    /// The progress of the walk `walk` over `list`, or nil.
    public func walkProgress(named walk: String, of list: StoredListID) throws(PageStoreError) -> StoredWalkProgress? {
        let text = try read("read the walk \"\(walk)\" of \(list)") { db in
            try String.fetchOne(
                db, sql: "SELECT progress FROM walk WHERE account = ? AND endpoint = ? AND list = ? AND name = ?",
                arguments: [list.account, list.endpoint, list.request, walk])
        }
        guard let text else { return nil }
        do {
            return try JSONDecoder().decode(StoredWalkProgress.self, from: Data(text.utf8))
        } catch {
            throw PageStoreError("the stored walk \"\(walk)\" of \(list) does not read: \(error)")
        }
    }

    /// The number of items and the bytes of page data the store holds, over every list.
    public func size() throws(PageStoreError) -> (items: Int, bytes: Int) {
        try read("read the store's size") { db in
            let row = try Row.fetchOne(db, sql: "SELECT coalesce(sum(items), 0) AS items, coalesce(sum(bytes), 0) AS bytes FROM list")
            return (row?["items"] ?? 0, row?["bytes"] ?? 0)
        }
    }

    /// The lists the store holds, least recently used first.
    public func lists() throws(PageStoreError) -> [StoredListID] {
        try read("list the stored lists") { db in
            try Row.fetchAll(db, sql: "SELECT account, endpoint, list FROM list ORDER BY useOrder").map {
                StoredListID(account: $0["account"], endpoint: $0["endpoint"], request: $0["list"])
            }
        }
    }

    // MARK: Writing

    /// Stores `page` in `list`, then evicts the least recently used other lists while
    /// the store holds more than its ``limits``.
    public func write(_ page: StoredPage, of list: StoredListID) async throws(PageStoreError) {
        let keyText = try StoreCoding.text(page.key)
        let nextText = try page.next.map { key throws(PageStoreError) in try StoreCoding.text(key) }
        let head = try StoreCoding.text(page.headerFields)
        let bytes = page.body.count + head.utf8.count + (page.identities?.utf8.count ?? 0) + keyText.utf8.count
        let limits = limits
        try await write("write \(page.key) of \(list)") { db in
            // Cached statements: a walk writes page after page, and preparing the same
            // statements again for each took about as long as running them.
            try Self.use(list, in: db)
            let old = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT itemCount, bytes FROM page WHERE account = ? AND endpoint = ? AND list = ? AND key = ?"),
                arguments: [list.account, list.endpoint, list.request, keyText])
            try db.cachedStatement(
                sql: """
                    INSERT OR REPLACE INTO page
                    (account, endpoint, list, key, body, head, next, itemCount, identities, etag, lastModified, storedAt, bytes)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(
                arguments: [
                    list.account, list.endpoint, list.request, keyText, page.body, head, nextText, page.itemCount,
                    page.identities, page.entityTag, page.lastModified, page.storedAt.timeIntervalSince1970, bytes,
                ])
            let oldItems: Int = old?["itemCount"] ?? 0
            let oldBytes: Int = old?["bytes"] ?? 0
            try db.cachedStatement(
                sql: "UPDATE list SET items = items + ?, bytes = bytes + ? WHERE account = ? AND endpoint = ? AND list = ?"
            ).execute(arguments: [page.itemCount - oldItems, bytes - oldBytes, list.account, list.endpoint, list.request])
            try Self.evict(keeping: list, limits: limits, in: db)
        }
    }

    /// Starts the age of the page at `key` again: the server said it is unchanged.
    public func markValidated(at key: PageKey, of list: StoredListID, date: Date) async throws(PageStoreError) {
        let keyText = try StoreCoding.text(key)
        try await write("note \(key) of \(list) as validated") { db in
            try db.execute(
                sql: "UPDATE page SET storedAt = ? WHERE account = ? AND endpoint = ? AND list = ? AND key = ?",
                arguments: [date.timeIntervalSince1970, list.account, list.endpoint, list.request, keyText])
        }
    }

    /// Keeps the row the user reads in `list`, and notes the list as used now.
    public func setAnchorRow(_ row: Int?, of list: StoredListID) async throws(PageStoreError) {
        try await write("keep the anchor of \(list)") { db in
            try Self.use(list, in: db)
            try db.execute(
                sql: "UPDATE list SET anchorRow = ? WHERE account = ? AND endpoint = ? AND list = ?",
                arguments: [row, list.account, list.endpoint, list.request])
        }
    }

    /// Keeps (or, with nil, forgets) the progress of the walk `walk` over `list`.
    public func setWalkProgress(_ progress: StoredWalkProgress?, named walk: String, of list: StoredListID) async throws(PageStoreError) {
        let text: String?
        do {
            text = try progress.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        } catch {
            throw PageStoreError("cannot encode the walk \"\(walk)\" of \(list): \(error)")
        }
        try await write("keep the walk \"\(walk)\" of \(list)") { db in
            if let text {
                try Self.use(list, in: db)
                try db.execute(
                    sql: "INSERT OR REPLACE INTO walk (account, endpoint, list, name, progress) VALUES (?, ?, ?, ?, ?)",
                    arguments: [list.account, list.endpoint, list.request, walk, text])
            } else {
                try db.execute(
                    sql: "DELETE FROM walk WHERE account = ? AND endpoint = ? AND list = ? AND name = ?",
                    arguments: [list.account, list.endpoint, list.request, walk])
            }
        }
    }

    /// Removes pages stored (or last validated) before `date`, in every list: the way
    /// to apply a maximum age to the file itself, at launch say. Returns how many went.
    @discardableResult
    public func removePages(storedBefore date: Date) async throws(PageStoreError) -> Int {
        try await write("remove pages stored before \(date)") { db in
            try db.execute(
                sql: """
                    UPDATE list SET
                      items = items - (SELECT coalesce(sum(itemCount), 0) FROM page p
                        WHERE p.account = list.account AND p.endpoint = list.endpoint AND p.list = list.list AND p.storedAt < ?1),
                      bytes = bytes - (SELECT coalesce(sum(bytes), 0) FROM page p
                        WHERE p.account = list.account AND p.endpoint = list.endpoint AND p.list = list.list AND p.storedAt < ?1)
                    """,
                arguments: [date.timeIntervalSince1970])
            try db.execute(sql: "DELETE FROM page WHERE storedAt < ?", arguments: [date.timeIntervalSince1970])
            return db.changesCount
        }
    }

    /// Folds the write-ahead log into the database file (SQLite does so on its own
    /// every 1,000 pages or so): before copying the file, or to measure it.
    public func checkpoint() async throws(PageStoreError) {
        try refuseWriteIfReadOnly("checkpoint the page store")
        do {
            try await pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        } catch {
            throw PageStoreError("cannot checkpoint the page store: \(error)")
        }
    }

    // MARK: Clearing

    /// Removes everything kept about `list`.
    public func clear(_ list: StoredListID) async throws(PageStoreError) {
        try await write("clear \(list)") { db in
            try db.execute(
                sql: "DELETE FROM list WHERE account = ? AND endpoint = ? AND list = ?",
                arguments: [list.account, list.endpoint, list.request])
        }
    }

    /// Removes everything kept for `account`.
    public func clear(account: String) async throws(PageStoreError) {
        try await write("clear the account \"\(account)\"") { db in
            try db.execute(sql: "DELETE FROM list WHERE account = ?", arguments: [account])
        }
    }

    /// Removes everything.
    public func clearAll() async throws(PageStoreError) {
        try await write("clear the store") { db in
            try db.execute(sql: "DELETE FROM list")
        }
    }

    // MARK: Helpers

    /// Makes sure `list` has its row, and notes it as the most recently used.
    private static func use(_ list: StoredListID, in db: Database) throws {
        let order = (try Int.fetchOne(db.cachedStatement(sql: "SELECT max(useOrder) FROM list")) ?? 0) + 1
        try db.cachedStatement(
            sql: """
                INSERT INTO list (account, endpoint, list, usedAt, useOrder) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (account, endpoint, list) DO UPDATE SET usedAt = excluded.usedAt, useOrder = excluded.useOrder
                """
        ).execute(
            arguments: [list.account, list.endpoint, list.request, Date().timeIntervalSince1970, order])
    }

    /// Removes the least recently used lists other than `kept` while over `limits`.
    private static func evict(keeping kept: StoredListID, limits: StoreLimits, in db: Database) throws {
        guard limits.maxItems != nil || limits.maxBytes != nil else { return }
        while true {
            let row = try Row.fetchOne(db, sql: "SELECT coalesce(sum(items), 0) AS items, coalesce(sum(bytes), 0) AS bytes FROM list")
            let items: Int = row?["items"] ?? 0
            let bytes: Int = row?["bytes"] ?? 0
            guard items > limits.maxItems ?? .max || bytes > limits.maxBytes ?? .max else { return }
            guard
                let victim = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT account, endpoint, list FROM list
                        WHERE NOT (account = ? AND endpoint = ? AND list = ?) ORDER BY useOrder LIMIT 1
                        """,
                    arguments: [kept.account, kept.endpoint, kept.request])
            else { return }
            try db.execute(
                sql: "DELETE FROM list WHERE account = ? AND endpoint = ? AND list = ?",
                arguments: [victim["account"] as String, victim["endpoint"] as String, victim["list"] as String])
        }
    }

    /// Throws when the store is read-only: `what` cannot be done.
    private func refuseWriteIfReadOnly(_ what: String) throws(PageStoreError) {
        guard let readOnlyReason else { return }
        throw PageStoreError(
            "cannot \(what): the page store at \(url.path) is read-only (\(readOnlyReason)); its pages show, nothing new is kept")
    }

    private func read<T>(_ what: String, _ body: (Database) throws -> T) throws(PageStoreError) -> T {
        do {
            return try pool.read(body)
        } catch let error as PageStoreError {
            throw error
        } catch {
            throw PageStoreError("cannot \(what): \(error)")
        }
    }

    private func write<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(PageStoreError) -> T {
        try refuseWriteIfReadOnly(what)
        do {
            return try await pool.write(body)
        } catch let error as PageStoreError {
            throw error
        } catch {
            throw PageStoreError("cannot \(what): \(error)")
        }
    }
}

/// A database file a ``PagegenStore`` could not open, moved aside for a new one.
public struct StoreRecovery: Sendable, Hashable, CustomStringConvertible {
    /// Where the file went.
    public var movedTo: URL
    /// Why it could not be opened.
    public var reason: String

    /// `the page store could not be opened (…) and was moved to …; a new one was made`
    public var description: String {
        "the page store could not be opened (\(reason)) and was moved to \(movedTo.path); a new one was made"
    }
}
