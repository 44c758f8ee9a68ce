/// A small, fast, seedable random number generator (SplitMix64), so that the same
/// seed gives the same data on every platform and every run.
///
/// Seeds are usually derived from several parts (the server's seed, an endpoint's
/// name, an item's index) with ``StableHash``, never with Swift's `Hasher`, whose
/// values change from process to process.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator seeded with `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// A generator seeded with the stable hash of `parts`.
    public init(seed: UInt64, _ parts: String...) {
        var hash = StableHash(seed)
        for part in parts { hash.combine(part) }
        state = hash.value
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// A number in `range`.
    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    /// True with the given probability (0…1).
    public mutating func chance(_ probability: Double) -> Bool {
        guard probability > 0 else { return false }
        guard probability < 1 else { return true }
        return Double.random(in: 0..<1, using: &self) < probability
    }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ elements: [T]) -> T {
        elements[Int.random(in: 0..<elements.count, using: &self)]
    }
}

/// FNV-1a over bytes, stable across runs and platforms (unlike `Hasher`).
public struct StableHash: Sendable {
    /// The hash so far.
    public private(set) var value: UInt64

    /// A hash that starts from `seed`.
    public init(_ seed: UInt64 = 0) {
        value = 0xCBF2_9CE4_8422_2325 ^ seed
    }

    /// Mixes in the UTF-8 bytes of `text` and a separator.
    public mutating func combine(_ text: String) {
        for byte in text.utf8 { combine(byte: byte) }
        combine(byte: 0xFF)
    }

    /// Mixes in a number.
    public mutating func combine(_ number: Int) {
        var bits = UInt64(bitPattern: Int64(number))
        for _ in 0..<8 {
            combine(byte: UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
    }

    private mutating func combine(byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01B3
    }
}
