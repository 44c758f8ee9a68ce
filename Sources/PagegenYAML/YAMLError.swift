/// A document that could not be read, with the position of the problem.
public struct YAMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in libyaml's words with its context, or the reader's.
    public var message: String
    /// Where, 1-based.
    public var mark: Mark
    /// What to do about it, when there is more to say than the message.
    public var hint: String?

    /// Creates an error.
    public init(message: String, mark: Mark, hint: String? = nil) {
        self.message = message
        self.mark = mark
        self.hint = hint
    }

    public var description: String {
        "\(mark): \(message)" + (hint.map { "; \($0)" } ?? "")
    }
}
