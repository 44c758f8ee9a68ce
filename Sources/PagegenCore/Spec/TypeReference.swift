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
    public static let builtins: [String] = ["String", "Int", "Int64", "Double", "Bool", "Date", "URL", "JSON", "File"]

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

    /// The most levels of `[…]` and `?` a written type may nest: `[[Int]?]` has three.
    public static let maxNesting = 32

    /// Parses the scalar form: `Int`, `[Product]`, `String?`, `[Int]?`, `[[Int]]`.
    /// - Returns: nil when the text is not a well-formed type, or nests more than
    ///   ``maxNesting`` levels.
    public static func parse(_ text: String) -> TypeReference? {
        // Most types are a plain ASCII name (`String`, `Int64`, `User`): no wrappers to peel.
        if let first = text.utf8.first, first == UInt8(ascii: "_") || ASCII.isLetter(first),
            text.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || ASCII.isLetter($0) || ASCII.isDigit($0) })
        {
            return .named(text)
        }
        // Peel the wrappers from the outside in, then wrap the name from the inside out.
        var wrappers: [(TypeReference) -> TypeReference] = []
        var text = trimmingSpaces(Substring(text))
        while true {
            guard wrappers.count <= maxNesting else { return nil }
            if text.hasSuffix("?") {
                wrappers.append(TypeReference.optional)
                text = text.dropLast()
            }
            guard text.hasPrefix("[") else { break }
            guard text.hasSuffix("]") else { return nil }
            wrappers.append(TypeReference.array)
            text = trimmingSpaces(text.dropFirst().dropLast())
        }
        guard wrappers.count <= maxNesting,
            let first = text.first, first == "_" || (first.asciiValue.map(ASCII.isLetter) ?? first.isLetter),
            text.allSatisfy({ $0 == "_" || NameConversion.isWordCharacter($0) || $0.isNumber })
        else { return nil }
        return wrappers.reversed().reduce(.named(String(text))) { type, wrap in wrap(type) }
    }

    /// `text` without the spaces and tabs around it.
    private static func trimmingSpaces(_ text: Substring) -> Substring {
        let isSpace = { (character: Character) in character.isWhitespace && !character.isNewline }
        let start = text.firstIndex { !isSpace($0) } ?? text.endIndex
        let end = text[start...].lastIndex { !isSpace($0) }.map(text.index(after:)) ?? start
        return text[start..<end]
    }
}
