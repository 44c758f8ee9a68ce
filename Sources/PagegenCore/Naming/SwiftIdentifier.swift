/// A Swift identifier the generator writes, and how it is spelled where Swift
/// treats a keyword differently.
///
/// The name never has backticks; ``escaped`` adds them for a keyword, where a name
/// is declared or used (\`default\`, self.\`self\`, .\`in\`); ``parameterLabel``
/// and ``label`` only where an argument label needs them, where a parameter is
/// declared (\`let\` x: Int) and in a call (\`inout\`: x).
public struct SwiftIdentifier: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The name, without backticks: `salePrice`, `default`.
    public let name: String

    /// Creates an identifier; `name` must be a valid Swift identifier.
    init(_ name: String) {
        self.name = name
    }

    /// The identifier `name`, or nil when `name` is not one Swift can write (with
    /// backticks when it is a keyword): a letter or `_`, then letters, digits and `_`.
    public init?(validating name: String) {
        guard NameConversion.isIdentifier(name) else { return nil }
        self.name = name
    }

    /// As a declaration, a value, a member or a case: in backticks when a keyword.
    public var escaped: String {
        SwiftKeywords.reserved.contains(name) ? "`\(name)`" : name
    }

    /// As an argument label in a call: bare but for `inout`.
    public var label: String {
        SwiftKeywords.reservedArgumentLabels.contains(name) ? "`\(name)`" : name
    }

    /// As a parameter's argument label where the function is declared: bare but for
    /// `inout`, `let` and `var`.
    public var parameterLabel: String {
        SwiftKeywords.reservedParameterLabels.contains(name) ? "`\(name)`" : name
    }

    /// True when the name is a keyword that needs backticks.
    public var isKeyword: Bool { SwiftKeywords.reserved.contains(name) }

    /// The escaped spelling.
    public var description: String { escaped }

    /// Orders identifiers by name.
    public static func < (lhs: SwiftIdentifier, rhs: SwiftIdentifier) -> Bool { lhs.name < rhs.name }
}
