import Foundation

/// An error an API reports inside a successful response, as the spec declares it:
/// `errors: { flag: ok, message: error }` reads Slack's `{"ok": false, "error": "invalid_cursor"}`.
@_spi(Generated) public struct BodyErrorRule: Sendable, Hashable {
    /// The keys of a flag that is false on error, if the API has one.
    public var flag: [String]?
    /// The keys of the error's message or code.
    public var message: [String]

    /// Creates a rule.
    public init(flag: [String]?, message: [String]) {
        self.flag = flag
        self.message = message
    }

    /// The error `body` reports, or nil for a body that reports none.
    @Sendable public func check(_ body: Data) -> APIError.Kind? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        let messageValue = value(at: message, in: object)
        if let flag {
            guard let flagValue = value(at: flag, in: object) as? Bool, flagValue == false else { return nil }
        } else if messageValue == nil || messageValue is NSNull {
            return nil
        }
        let text = messageValue.map { "\($0)" } ?? "the response reports an error"
        return .server(code: text, message: text)
    }

    private func value(at keys: [String], in object: [String: Any]) -> Any? {
        var current: Any? = object
        for key in keys {
            current = (current as? [String: Any])?[key]
        }
        return current
    }
}
