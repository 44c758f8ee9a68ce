import Foundation
import PagegenRuntime
import PagegenStore

/// A folder of its own for one test's database files, removed at the end.
func withStoreFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-store-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// A page of `count` items with ids from `first`, in `[{"id": …}, …]`.
func samplePage(_ key: PageKey, first: Int, count: Int, next: PageKey?, tag: String? = nil, at date: Date = Date()) -> StoredPage {
    let ids = (first..<first + count).map(String.init)
    return StoredPage(
        key: key, body: Data("[\(ids.map { "{\"id\":\($0)}" }.joined(separator: ","))]".utf8),
        headerFields: [HTTPHeaderField(name: "X-Total-Count", value: "1000")], next: next, itemCount: count,
        identities: "[\(ids.joined(separator: ","))]", entityTag: tag, storedAt: date)
}

/// A list of `account` named after `name`.
func sampleList(_ name: String, account: String = "alice") -> StoredListID {
    StoredListID(account: account, endpoint: name, request: "GET http://127.0.0.1:1/\(name)")
}
