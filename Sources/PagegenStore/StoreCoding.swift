import Foundation
import PagegenRuntime

/// How keys and header fields are written in the store's text columns: JSON, keys
/// sorted, so that one key is always the same text.
enum StoreCoding {
    static func text(_ key: PageKey) throws(PageStoreError) -> String {
        do {
            return String(decoding: try encoder.encode(key), as: UTF8.self)
        } catch {
            throw PageStoreError("cannot write \(key): \(error)")
        }
    }

    static func key(_ text: String) throws(PageStoreError) -> PageKey {
        do {
            return try JSONDecoder().decode(PageKey.self, from: Data(text.utf8))
        } catch {
            throw PageStoreError("'\(text)' is not a page key: \(error)")
        }
    }

    static func text(_ fields: [HTTPHeaderField]) throws(PageStoreError) -> String {
        do {
            return String(decoding: try encoder.encode(fields.map { [$0.name, $0.value] }), as: UTF8.self)
        } catch {
            throw PageStoreError("cannot write header fields: \(error)")
        }
    }

    static func headerFields(_ text: String) throws(PageStoreError) -> [HTTPHeaderField] {
        do {
            return try JSONDecoder().decode([[String]].self, from: Data(text.utf8)).compactMap { pair in
                pair.count == 2 ? HTTPHeaderField(name: pair[0], value: pair[1]) : nil
            }
        } catch {
            throw PageStoreError("'\(text)' is not a list of header fields: \(error)")
        }
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
