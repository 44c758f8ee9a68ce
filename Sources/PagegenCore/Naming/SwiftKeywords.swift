/// The words Swift reserves, by where they get in the way of a generated name.
enum SwiftKeywords {
    /// Words that must be written in backticks where a name is declared or used as a
    /// value, member or case: the keywords of declarations, statements, expressions and
    /// types, `await`, `_`, and `Type` and `Protocol` (which follow a type as its metatypes).
    static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
        "Type", "Protocol",
    ]

    /// The words a parameter's argument label must write in backticks where it is
    /// declared: every other keyword is a plain label (`search(in: …)`), but `inout`,
    /// `let` and `var` would be read as the parameter's specifier.
    static let reservedParameterLabels: Set<String> = ["inout", "let", "var"]

    /// The words an argument label must write in backticks in a call: `inout` alone
    /// (Swift warns about backticks around `let` and `var` there).
    static let reservedArgumentLabels: Set<String> = ["inout"]

    /// Names a type cannot have: `Self` and `Any`; `Type` and `Protocol`, which after
    /// another type's name mean its metatypes (`Model.Type`); and the words that start
    /// a type (`any`, `some`, `each`, `sending`, `nonisolated`), so that `extension any`
    /// or `Paging<sending.Item, …>` would not parse.
    static let reservedTypeNames: Set<String> = ["Self", "Any", "Type", "Protocol", "any", "some", "each", "sending", "nonisolated"]

    /// Every keyword, contextual ones included: what the generative tests try in every position.
    static let all: [String] =
        reserved.sorted() + [
            "actor", "any", "associativity", "async", "borrowing", "consume", "consuming", "convenience", "copy",
            "didSet", "discard", "distributed", "dynamic", "each", "final", "get", "indirect", "infix", "isolated",
            "lazy", "left", "macro", "mutating", "none", "nonisolated", "nonmutating", "open", "optional", "override",
            "package", "postfix", "precedence", "prefix", "required", "right", "sending", "set", "some", "then",
            "unowned", "unsafe", "weak", "willSet",
        ]
}
