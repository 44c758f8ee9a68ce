/// The values that identify an item, made from its index in its collection and
/// read back: `Int` ids are the index + 1 (1, 2, 3…); `String` ids are a prefix
/// taken from the model's name and an opaque, reversible code (`cus_1x8k2m9q0z3d`),
/// so the server finds the item a `starting_after=cus_…` or `/item/{id}` names
/// without a search, and rejects ids it never gave out.
struct ItemKeyCodec: Sendable {
    /// The prefix of string keys (`cus`).
    let prefix: String
    /// Mixed into string keys so that two collections give different ids.
    let salt: UInt64

    /// The largest index a key may stand for.
    static let maxIndex = 1 << 40

    init(model: String?, salt: UInt64) {
        let letters = (model ?? "item").utf8.lazy
            .filter { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
            .map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }
            .prefix(3)
        prefix = letters.isEmpty ? "itm" : String(decoding: Array(letters), as: UTF8.self)
        self.salt = salt
    }

    /// The key of the item at `index`, as a value of `typeName` (`Int`, `Int64` or `String`).
    func key(forIndex index: Int, typeName: String) -> MockJSON {
        switch typeName {
        case "Int", "Int64": .int(index + 1)
        default: .string(stringKey(forIndex: index))
        }
    }

    /// `cus_1x8k2m9q0z3d`
    func stringKey(forIndex index: Int) -> String {
        let mixed = Self.mix(UInt64(index) ^ (salt & 0xFF_FFFF_FFFF))
        return "\(prefix)_\(String(mixed, radix: 36))"
    }

    /// The index a key of `typeName` stands for, or nil when this codec never made it.
    func index(forKey text: String, typeName: String) -> Int? {
        if typeName == "Int" || typeName == "Int64" {
            guard text.count <= 20, let number = Int(text), number >= 1, number <= Self.maxIndex else { return nil }
            return number - 1
        }
        guard text.count <= 64, text.hasPrefix(prefix + "_") else { return nil }
        let code = text.dropFirst(prefix.count + 1)
        guard !code.isEmpty, code.count <= 13, let mixed = UInt64(code, radix: 36) else { return nil }
        let index = Self.unmix(mixed) ^ (salt & 0xFF_FFFF_FFFF)
        guard index <= UInt64(Self.maxIndex) else { return nil }
        let result = Int(index)
        return stringKey(forIndex: result) == text ? result : nil
    }

    // A bijection on 64-bit values: multiply by an odd number, xor-shift, multiply again.
    private static let first: UInt64 = 0x9E37_79B9_7F4A_7C15
    private static let second: UInt64 = 0xD6E8_FEB8_6659_FD93

    static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* first
        x ^= x >> 31
        return x &* second
    }

    static func unmix(_ value: UInt64) -> UInt64 {
        var x = value &* inverse(second)
        x ^= (x >> 31) ^ (x >> 62)
        return x &* inverse(first)
    }

    /// The multiplicative inverse of an odd number modulo 2^64 (Newton's iteration).
    private static func inverse(_ odd: UInt64) -> UInt64 {
        var inverse = odd
        for _ in 0..<6 { inverse = inverse &* (2 &- odd &* inverse) }
        return inverse
    }
}
