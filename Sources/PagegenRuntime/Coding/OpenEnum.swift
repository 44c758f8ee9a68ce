/// A string enumeration that keeps values it does not know: generated enums have
/// a case per value in the spec plus `unknown(String)`, so a new value on the
/// server never fails the decoding of a whole page.
///
/// ```swift
/// enum Status: OpenEnum {
///     case active, archived
///     case unknown(String)
///     init(rawValue: String) { … }
///     var rawValue: String { … }
/// }
/// ```
public protocol OpenEnum: Codable, Hashable, Sendable, ParameterValue {
    /// Creates the case for `rawValue`; never fails.
    init(rawValue: String)
    /// The value as on the wire.
    var rawValue: String { get }
}

extension OpenEnum {
    /// Decodes a string into the matching case, or `unknown` with the string for a
    /// value the spec does not list.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the value as on the wire, the unknown ones included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The value as on the wire, as a parameter sends it.
    public var parameterValue: String { rawValue }
}
