import Foundation
import PagegenRuntime

/// The pages the writer writes: page `n` holds `n % 50 + 1` items, each naming its
/// page, so that a page read back can be checked whole.
enum StoreWriterPage {
    static func page(_ number: Int) -> StoredPage {
        let count = number % 50 + 1
        let items = (0..<count).map {
            "{\"id\":\(number * 100 + $0),\"page\":\(number),\"text\":\"\(String(repeating: "x", count: 200))\"}"
        }
        return StoredPage(
            key: .number(number), body: Data("[\(items.joined(separator: ","))]".utf8),
            headerFields: [HTTPHeaderField(name: "X-Count", value: "\(count)")], next: .number(number + 1), itemCount: count,
            identities: "[\((0..<count).map { String(number * 100 + $0) }.joined(separator: ","))]",
            entityTag: "\"p\(number)\"", storedAt: Date(timeIntervalSince1970: 1_700_000_000))
    }
}
