/// How much a page store keeps at most; nil bounds nothing. Over its limits a store
/// evicts whole lists, the least recently used first. A spec's `store:` gives the
/// generated client's `storeLimits`.
public struct StoreLimits: Sendable, Hashable {
    /// The items of every stored page together.
    public var maxItems: Int?
    /// The bytes of every stored page together (bodies, header fields, identities).
    public var maxBytes: Int?

    /// Creates limits.
    public init(maxItems: Int? = nil, maxBytes: Int? = nil) {
        self.maxItems = maxItems
        self.maxBytes = maxBytes
    }
}
