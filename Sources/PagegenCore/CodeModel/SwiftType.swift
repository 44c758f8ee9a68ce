/// A Swift type as generated code writes it. Types the generated code does not
/// declare are named by their module (`Swift.String`, `Foundation.URL`,
/// `PagegenRuntime.JSONValue`); models by their namespace when there is one.
public indirect enum SwiftType: Sendable, Hashable, CustomStringConvertible {
    /// A type by its (qualified) name: `Swift.Int`, `CatalogAPI.Product`, or a nested enum's `Status`.
    case named(String)
    /// `[Element]`.
    case array(SwiftType)
    /// `Wrapped?`.
    case optional(SwiftType)
    /// `[Key: Value]`.
    case dictionary(key: SwiftType, value: SwiftType)
    /// A generic type with its arguments: `PagegenRuntime.Page<CatalogAPI.Product>`.
    case generic(String, [SwiftType])
    /// A value of any type that conforms to a protocol: `any PagegenRuntime.RawBody`.
    case existential(String)

    /// `Swift.String`.
    static let string = SwiftType.named("Swift.String")
    /// `Swift.Int`.
    static let int = SwiftType.named("Swift.Int")

    /// The type as written: `[Swift.String: Foundation.URL]?`.
    public var description: String {
        switch self {
        case .named(let name): name
        case .array(let element): "[\(element)]"
        case .optional(.existential(let name)): "(any \(name))?"
        case .optional(let wrapped): "\(wrapped)?"
        case .dictionary(let key, let value): "[\(key): \(value)]"
        case .generic(let name, let arguments): "\(name)<\(arguments.map(\.description).joined(separator: ", "))>"
        case .existential(let name): "any \(name)"
        }
    }

    /// The type without its outermost optional.
    public var wrapped: SwiftType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// The first argument of a generic type (`T` of `PagegenRuntime.Nullable<T>`), or the type itself.
    public var genericArgument: SwiftType {
        if case .generic(_, let arguments) = self, let first = arguments.first { return first }
        return self
    }

    /// `PagegenRuntime.Nullable<Wrapped>`: a field that may be absent, null or a value.
    static func nullable(_ wrapped: SwiftType) -> SwiftType { .generic("PagegenRuntime.Nullable", [wrapped]) }

    /// True for `T?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }
}

/// A string as a Swift string literal: `{{value}}` prints the literal, with its
/// escapes (`"a\"b"`); `{{value.text}}` prints the text itself.
public struct StringLiteral: Sendable, Hashable, CustomStringConvertible {
    /// The text.
    public var text: String

    /// The literal, quoted and escaped.
    public var description: String { SwiftLiteral.string(text) }

    /// The literal of `text`, whatever it holds.
    public init(_ text: String) {
        self.text = text
    }
}

extension SwiftType: TemplateValue {
    static let vocabulary = Vocabulary<SwiftType>(
        "`{{type}}` prints the type: `[Swift.String: Foundation.URL]?`.",
        [
            .init("wrapped", "the type without its outermost optional") { $0.wrapped },
            .init("isOptional", "true for an optional") { $0.isOptional },
        ])
}

extension StringLiteral: TemplateValue {
    static let vocabulary = Vocabulary<StringLiteral>(
        "`{{value}}` prints the string as a Swift literal, quoted and escaped.",
        [.init("text", "the text itself") { $0.text }])
}

extension SwiftIdentifier: TemplateValue {
    static let vocabulary = Vocabulary<SwiftIdentifier>(
        "`{{name}}` prints the name escaped: `` `default` ``.",
        [
            .init("bare", "the name without backticks, for doc comments") { $0.name },
            .init("escaped", "the name in backticks when it is a keyword") { $0.escaped },
            .init("label", "the name as an argument label in a call") { $0.label },
            .init("parameterLabel", "the name as an argument label where a function is declared") { $0.parameterLabel },
        ])
}
