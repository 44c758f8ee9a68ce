import PagegenYAML

/// A value read from a spec, with where it was written.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The value.
    public var value: Value
    /// Where it starts in the spec.
    public var mark: Mark

    /// Creates a located value.
    public init(_ value: Value, at mark: Mark) {
        self.value = value
        self.mark = mark
    }
}
