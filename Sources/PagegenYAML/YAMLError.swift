/// A document that libyaml could not read, with the position of the problem.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in libyaml's words with its context.
    public var message: String
    /// Where, 1-based.
    public var mark: Mark

    /// Creates an error.
    public init(message: String, mark: Mark) {
        self.message = message
        self.mark = mark
    }

    public var description: String { "\(mark): \(message)" }
}
