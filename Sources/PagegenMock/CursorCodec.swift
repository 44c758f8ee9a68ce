import Foundation

/// Where a cursor points in a collection: the start, after an item, or before one.
/// Items are named by their index in the collection (not their row), so a cursor
/// stays right while items are inserted at the top.
enum CursorPosition: Sendable, Hashable {
    /// The first page.
    case start
    /// The page that starts after the item with this index.
    case after(Int)
    /// The page that ends before the item with this index.
    case before(Int)
}

/// Opaque cursors the server can read back: base64url of the position and a
/// checksum over the seed and the collection, so that a made-up, edited or
/// foreign cursor is a clean 400 instead of a wrong page.
struct CursorCodec: Sendable {
    /// The server's seed.
    let seed: UInt64

    /// The cursor of `position` in the collection `scope`.
    func encode(_ position: CursorPosition, scope: String) -> String {
        let payload: String =
            switch position {
            case .start: "v1|s"
            case .after(let index): "v1|a|\(index)"
            case .before(let index): "v1|b|\(index)"
            }
        let text = "\(payload)|\(checksum(payload, scope: scope))"
        return Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The position a cursor stands for, or nil when this server did not make it for `scope`.
    func decode(_ cursor: String, scope: String) -> CursorPosition? {
        guard !cursor.isEmpty, cursor.utf8.count <= 256,
            cursor.utf8.allSatisfy({ $0.isBase64URL })
        else { return nil }
        var base64 = cursor.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, parts[0] == "v1", let sum = parts.last else { return nil }
        let payload = parts.dropLast().joined(separator: "|")
        guard sum == checksum(payload, scope: scope) else { return nil }
        switch (parts[1], parts.count) {
        case ("s", 3):
            return .start
        case ("a", 4), ("b", 4):
            guard let index = Int(parts[2]), index >= 0, index <= ItemKeyCodec.maxIndex else { return nil }
            return parts[1] == "a" ? .after(index) : .before(index)
        default:
            return nil
        }
    }

    private func checksum(_ payload: String, scope: String) -> String {
        var hash = StableHash(seed)
        hash.combine("cursor")
        hash.combine(scope)
        hash.combine(payload)
        let text = String(hash.value & 0xFFFF_FFFF, radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }
}

extension UInt8 {
    fileprivate var isBase64URL: Bool {
        (65...90).contains(self) || (97...122).contains(self) || (48...57).contains(self)
            || self == 45 || self == 95 || self == 43 || self == 47 || self == 61
    }
}
