/// The bounds the reader keeps to, whatever it is given, so that no input can crash
/// it (a stack overflow on deep nesting), hang it, or fill the memory (an alias bomb).
///
/// The standard limits are far above what a spec needs: the bundled specs nest
/// at most 6 levels, use no aliases and hold at most a few hundred values.
public struct YAMLLimits: Sendable, Hashable {
    /// The most bytes a document may have, and the most bytes of text its aliases
    /// may copy in all.
    public var maxBytes: Int
    /// The deepest nesting of mappings and lists; the root mapping is level 1.
    public var maxDepth: Int
    /// The most values that aliases (`*name`) may copy in all, counting every value
    /// inside a copied mapping or list.
    public var maxAliasValues: Int
    /// The most values a document may hold, aliases expanded.
    public var maxValues: Int

    /// Creates limits.
    public init(maxBytes: Int, maxDepth: Int, maxAliasValues: Int, maxValues: Int) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxAliasValues = maxAliasValues
        self.maxValues = maxValues
    }

    /// 16 MiB, 64 levels, 100,000 values copied by aliases, 2,000,000 values in all.
    public static let standard = YAMLLimits(maxBytes: 16 << 20, maxDepth: 64, maxAliasValues: 100_000, maxValues: 2_000_000)
}
