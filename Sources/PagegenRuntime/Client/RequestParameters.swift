import Foundation

/// The values of one call's parameters: path, query, header and body.
///
/// Generated functions fill one from their arguments; `nil` values are left out.
/// For generated code only (`@_spi(Generated)`).
@_spi(Generated) public struct RequestParameters: Sendable {
    /// Path parameters by their name in the template.
    public var path: [String: String] = [:]
    /// Query items in order; a name may repeat.
    public var query: [(name: String, value: String)] = []
    /// Header fields in order.
    public var headers: [HTTPHeaderField] = []
    /// A model sent as the JSON body, encoded with the client's date format.
    public var body: (any Encodable & Sendable)?
    /// A body already encoded, with its content type; wins over ``body``.
    public var rawBody: (data: Data, contentType: String)?

    /// Creates empty parameters.
    public init() {}

    /// Sets a path parameter.
    public mutating func path(_ name: String, _ value: some ParameterValue) {
        path[name] = value.parameterValue
    }

    /// Adds a query item, unless `value` is nil.
    public mutating func query(_ name: String, _ value: (any ParameterValue)?) {
        guard let value else { return }
        query.append((name, value.parameterValue))
    }

    /// Adds a header field, unless `value` is nil.
    public mutating func header(_ name: String, _ value: (any ParameterValue)?) {
        guard let value else { return }
        headers.append(HTTPHeaderField(name: name, value: value.parameterValue))
    }

    /// Replaces every query item named `name` with one holding `value`.
    mutating func setQuery(_ name: String, _ value: String) {
        query.removeAll { $0.name == name }
        query.append((name, value))
    }
}

/// A value that can be sent as a path, query or header parameter.
public protocol ParameterValue: Sendable {
    /// The value as text, before percent-encoding.
    var parameterValue: String { get }
}

extension String: ParameterValue {
    /// The string itself.
    public var parameterValue: String { self }
}

extension Int: ParameterValue {
    /// In decimal: `42`, `-7`.
    public var parameterValue: String { String(self) }
}

extension Int64: ParameterValue {
    /// In decimal: `9007199254740993`.
    public var parameterValue: String { String(self) }
}

extension Double: ParameterValue {
    /// As Swift prints it: `2.5`, `1e-05`.
    public var parameterValue: String { String(self) }
}

extension Bool: ParameterValue {
    /// `true` or `false`.
    public var parameterValue: String { self ? "true" : "false" }
}

extension URL: ParameterValue {
    /// The absolute URL string.
    public var parameterValue: String { absoluteString }
}

extension Date: ParameterValue {
    /// ISO 8601 in UTC with seconds: `2024-08-14T15:14:26Z`.
    public var parameterValue: String { ISO8601.format(self) }
}

extension Array: ParameterValue where Element: ParameterValue {
    /// Comma-separated, as most APIs take lists: `a,b,c`.
    public var parameterValue: String { map(\.parameterValue).joined(separator: ",") }
}

extension RawRepresentable where Self: ParameterValue, RawValue == String {
    /// The raw value: a `String`-backed enum is sent as its raw value.
    public var parameterValue: String { rawValue }
}
