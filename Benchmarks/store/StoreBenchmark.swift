// The page store, measured: first content of a stored 100,000-row list, writing
// 100,000 items (against the same rows inserted with GRDB by hand, in the same run),
// the database's bytes per item, and revalidating an unchanged 50-page list (against
// walking it without a store, in the same run).
//
// StoreBenchmark MOCK_URL_100000 MOCK_URL_2500
//
// Both URLs are pagegen-mock serving specs/catalog.pagegen.yaml, with 100,000 and 2,500
// products; Benchmarks/store/run.sh starts them and builds this in release.

import Foundation
import GRDB
import PagegenRuntime
import PagegenStore

@main
struct StoreBenchmark {
    @MainActor static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let big = URL(string: arguments[1]), let fifty = URL(string: arguments[2]) else {
            FileHandle.standardError.write(Data("usage: StoreBenchmark MOCK_URL_100000 MOCK_URL_2500\n".utf8))
            exit(2)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-store-benchmark-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        var table = Table()

        // 1. Load 100,000 products through a client with a store: 2,000 pages of 50.
        let file = folder.appendingPathComponent("pages.sqlite")
        let store = try PagegenStore(at: file)
        let client = CatalogAPI.Client(baseURL: big, token: "bench").storing(in: StoreConfiguration(store: store, account: "bench"))
        var loaded = 0
        for try await _ in client.allProducts(categoryID: "bench", pageSize: 50) { loaded += 1 }
        guard loaded == 100_000 else { throw BenchmarkError("expected 100,000 products, got \(loaded)") }
        let list = try client.productsLoader(categoryID: "bench", pageSize: 50).stored.unwrap("the loader has a store")
        var pages: [StoredPage] = []
        for number in 1...2_000 {
            pages.append(try store.page(at: .number(number), of: list.id).unwrap("page \(number) is stored"))
        }

        // 2. Writing: the same 2,000 pages into new files, one transaction each.
        let storeSeconds = try await median(of: 3) {
            let url = folder.appendingPathComponent("write-\(UUID().uuidString).sqlite")
            let fresh = try PagegenStore(at: url)
            return try await timed {
                for page in pages { try await fresh.write(page, of: list.id) }
            }
        }
        let handSeconds = try await median(of: 3) {
            let url = folder.appendingPathComponent("hand-\(UUID().uuidString).sqlite")
            let pool = try HandWritten.open(url)
            return try await timed {
                for page in pages { try await HandWritten.insert(page, into: pool) }
            }
        }
        table.add(
            "write 100,000 items (2,000 pages)", "\(Int(100_000 / storeSeconds)) items/s", "\(Int(100_000 / handSeconds)) items/s",
            String(format: "%.2f× the time", storeSeconds / handSeconds))

        // 3. Size: the file once its WAL is folded in.
        try await store.checkpoint()
        let bytes = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
        let json = pages.reduce(0) { $0 + $1.body.count }
        table.add(
            "database bytes per item", "\(bytes / 100_000) B", "\(json / 100_000) B of JSON",
            String(format: "%.2f×", Double(bytes) / Double(json)))

        // 4. First content at launch: the store open, the list started at row 50,000+,
        //    offline (no request can answer before the rows show).
        let offline = OfflineTransport()
        let launchClient = CatalogAPI.Client(baseURL: big, token: "bench", transport: offline).storing(
            in: StoreConfiguration(store: store, account: "bench"))
        var firstContent: [Double] = []
        for round in 0..<31 {
            let anchor = 50_000 + round * 997
            try await store.setAnchorRow(anchor, of: list.id)
            let seconds = try await MainActor.run {
                let list = launchClient.productsList(categoryID: "bench", pageSize: 50)
                let start = ContinuousClock.now
                list.start()
                guard list[anchor].item != nil, list.count == 100_000 else {
                    throw BenchmarkError("row \(anchor) did not show at once")
                }
                return (ContinuousClock.now - start).seconds
            }
            if round > 0 { firstContent.append(seconds) }  // the first warms the caches
        }
        let networkClient = CatalogAPI.Client(baseURL: big, token: "bench")
        var networkFirst: [Double] = []
        for round in 0..<10 {
            let anchor = 50_000 + round * 997
            let start = ContinuousClock.now
            let list = await MainActor.run {
                let list = networkClient.productsList(categoryID: "bench", pageSize: 50)
                list.start(atRow: anchor)
                return list
            }
            while await MainActor.run(body: { list[anchor].item == nil }) { try await Task.sleep(for: .microseconds(200)) }
            networkFirst.append((ContinuousClock.now - start).seconds)
        }
        firstContent.sort()
        networkFirst.sort()
        table.add(
            "first content, stored 100,000-row list (median / p90 / max of 30)",
            String(format: "%.2f / %.2f / %.2f ms", firstContent[15] * 1_000, firstContent[26] * 1_000, firstContent[29] * 1_000),
            String(format: "%.2f ms from loopback", networkFirst[5] * 1_000),
            String(format: "%.2f× (goal: ≤ 16 ms)", firstContent[15] / networkFirst[5]))

        // 5. Revalidating an unchanged 50-page list against walking it without a store.
        let counting = CountingTransport()
        let small = try PagegenStore(at: folder.appendingPathComponent("fifty.sqlite"))
        let storing = CatalogAPI.Client(baseURL: fifty, token: "bench", transport: counting).storing(
            in: StoreConfiguration(store: small, account: "bench"))
        for try await _ in storing.allProducts(categoryID: "fifty", pageSize: 50) {}
        let fiftyList = try storing.productsLoader(categoryID: "fifty", pageSize: 50).stored.unwrap("a store")
        let keys = (1...50).map { PageKey.number($0) }
        let plain = CatalogAPI.Client(baseURL: fifty, token: "bench", transport: counting)
        var walkBytes = 0
        let walkSeconds: Double = try await median(of: 7) {
            counting.reset()
            let seconds: Double = try await timed {
                var count = 0
                for try await _ in plain.allProducts(categoryID: "fifty", pageSize: 50) { count += 1 }
                guard count == 2_500 else { throw BenchmarkError("the walk gave \(count) products") }
            }
            walkBytes = counting.bodyBytes
            return seconds
        }
        var revalidationBytes = 0
        var unchanged = 0
        let revalidateSeconds: Double = try await median(of: 7) {
            counting.reset()
            let seconds: Double = try await timed {
                let result = try await fiftyList.revalidate(keys).get()
                unchanged = result.unchanged.count
            }
            revalidationBytes = counting.bodyBytes
            return seconds
        }
        guard unchanged == 50 else { throw BenchmarkError("\(unchanged) of 50 pages were unchanged") }
        table.add(
            "revalidate an unchanged 50-page list (median of 7)",
            String(format: "%.1f ms, %d body bytes, 0 pages decoded", revalidateSeconds * 1_000, revalidationBytes),
            String(format: "%.1f ms walk, %d body bytes, 50 decoded", walkSeconds * 1_000, walkBytes),
            String(format: "%.2f× the time", revalidateSeconds / walkSeconds))

        table.print()
    }
}

/// The same rows as the store's pages, inserted with GRDB by hand: one table, the
/// columns the store keeps, a transaction per page, the same pragmas.
enum HandWritten {
    static func open(_ url: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        try pool.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE page (list TEXT NOT NULL, key TEXT NOT NULL, body BLOB NOT NULL, head TEXT NOT NULL,
                      next TEXT, itemCount INTEGER NOT NULL, identities TEXT, etag TEXT, storedAt REAL NOT NULL,
                      UNIQUE (list, key))
                    """)
        }
        return pool
    }

    static func insert(_ page: StoredPage, into pool: DatabasePool) async throws {
        let key = String(decoding: try JSONEncoder().encode(page.key), as: UTF8.self)
        let next = try page.next.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        let head = String(decoding: try JSONEncoder().encode(page.headerFields.map { [$0.name, $0.value] }), as: UTF8.self)
        try await pool.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO page VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    "bench", key, page.body, head, next, page.itemCount, page.identities, page.entityTag,
                    page.storedAt.timeIntervalSince1970,
                ])
        }
    }
}

/// A transport with no network: every request fails as offline.
struct OfflineTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        throw URLError(.notConnectedToInternet)
    }
}

/// URLSessionTransport, counting the body bytes it receives.
final class CountingTransport: HTTPTransport, @unchecked Sendable {
    private let transport = URLSessionTransport()
    private let lock = NSLock()
    private var bytes = 0

    var bodyBytes: Int { lock.withLock { bytes } }
    func reset() { lock.withLock { bytes = 0 } }

    func send(_ request: HTTPRequest) async throws -> (HTTPResponse, Data) {
        let (head, body) = try await transport.send(request)
        lock.withLock { bytes += body.count }
        return (head, body)
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Optional {
    func unwrap(_ what: String) throws -> Wrapped {
        guard let self else { throw BenchmarkError("expected: \(what)") }
        return self
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

@MainActor func timed(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    return (ContinuousClock.now - start).seconds
}

@MainActor func median(of runs: Int, _ body: () async throws -> Double) async rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs { times.append(try await body()) }
    return times.sorted()[runs / 2]
}

/// The printed table: what, the store's figure, the baseline's, and their ratio.
struct Table {
    private var rows: [[String]] = [["measure", "PagegenStore", "baseline (same run)", "ratio"]]

    mutating func add(_ what: String, _ measured: String, _ baseline: String, _ ratio: String) {
        rows.append([what, measured, baseline, ratio])
    }

    func print() {
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for (index, row) in rows.enumerated() {
            let cells = row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
            Swift.print("| " + cells.joined(separator: " | ") + " |")
            if index == 0 { Swift.print("|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|") }
        }
    }
}
