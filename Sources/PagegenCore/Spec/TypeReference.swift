import Foundation

/// A field, parameter or response type as written in a spec: `Int`, `[Product]`,
/// `String?`, `"[Int]?"`, `{ map: String }`, `{ enum: [a, b] }`.
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    /// A built-in scalar type or a model, by name.
    case named(String)
    /// An array.
    case array(TypeReference)
    /// A value that may be null or missing.
    case optional(TypeReference)
    /// A JSON object with string keys: `{ map: T }`.
    case map(TypeReference)
    /// A string enumeration; unknown values decode to `unknown(String)`.
    case enumeration([String])

    /// The built-in scalar types.
    public static let builtins: [String] = ["String", "Int", "Int64", "Double", "Bool", "Date", "URL", "JSON"]

    /// The type without its outermost optional.
    public var unwrapped: TypeReference {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// True for `T?`.
    public var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The element type of an array, seen through an optional.
    public var arrayElement: TypeReference? {
        if case .array(let element) = unwrapped { return element }
        return nil
    }

    /// The model name, seen through an optional, if this names one (or a built-in).
    public var name: String? {
        if case .named(let name) = unwrapped { return name }
        return nil
    }

    /// The type as a spec would write it.
    public var description: String {
        switch self {
        case .named(let name): name
        case .array(let element): "[\(element)]"
        case .optional(let wrapped): "\(wrapped)?"
        case .map(let value): "{ map: \(value) }"
        case .enumeration(let cases): "{ enum: [\(cases.joined(separator: ", "))] }"
        }
    }

    /// Parses the scalar form: `Int`, `[Product]`, `String?`, `[Int]?`, `[[Int]]`.
    /// - Returns: nil when the text is not a well-formed type.
    public static func parse(_ text: String) -> TypeReference? {
        var text = Substring(text.trimmingCharacters(in: .whitespaces))
        var optional = false
        if text.hasSuffix("?") {
            optional = true
            text = text.dropLast()
        }
        let type: TypeReference
        if text.hasPrefix("[") {
            guard text.hasSuffix("]"), let element = parse(String(text.dropFirst().dropLast())) else { return nil }
            type = .array(element)
        } else {
            guard let first = text.first, first.isLetter || first == "_",
                  text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else { return nil }
            type = .named(String(text))
        }
        return optional ? .optional(type) : type
    }
}
