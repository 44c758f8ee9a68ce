/// Every Swift keyword, as The Swift Programming Language lists them (declarations,
/// statements, expressions and types, patterns, and the contextual ones), with the
/// newer contextual words: what the corpus puts in every position. Written out here,
/// not taken from the generator, so that a keyword the generator does not know is
/// still tried.
enum SwiftKeywordList {
    static let all = [
        // Declarations
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "throw", "switch", "where", "while",
        // Expressions and types
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        // Patterns
        "_",
        // Contextual
        "associativity", "async", "convenience", "didSet", "dynamic", "final", "get", "indirect", "infix", "lazy",
        "left", "mutating", "none", "nonmutating", "optional", "override", "package", "postfix", "precedence", "prefix",
        "Protocol", "required", "right", "set", "some", "Type", "unowned", "weak", "willSet",
        // Newer contextual words
        "actor", "any", "consume", "copy", "discard", "distributed", "each", "isolated", "macro", "sending", "then",
        "unsafe",
    ]
}
