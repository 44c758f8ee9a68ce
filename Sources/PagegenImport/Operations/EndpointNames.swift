import PagegenCore

/// Endpoint names from operationIds (`issues/list-for-repo` → `issuesListForRepo`),
/// or from the method and path when there is none (`GET /users/{id}/repos` →
/// `getUsersRepos`), kept apart from each other and from every function the
/// generator derives from them (`…Pages`, `all…`, `…Loader`, `…List`).
struct EndpointNames {
    private var taken: Set<String> = []

    mutating func claim(for operation: ImportedOperation) -> String {
        var base = operation.operation.operationId.map(SwiftNaming.lowerCamel) ?? ""
        if base.isEmpty || base.hasPrefix("_") {
            let words = operation.path.split(separator: "/").filter { !$0.hasPrefix("{") }.map(String.init)
            base = SwiftNaming.lowerCamel(([operation.method.lowercased()] + words).joined(separator: "_"))
        }
        if base.first?.isLetter != true { base = "call" + SwiftWords.uppercaseFirst(base) }
        base = String(base.filter { $0.isLetter || $0.isNumber || $0 == "_" })
        var candidate = base
        var number = 2
        while Self.functions(of: candidate).contains(where: { taken.contains(TypeNames.key($0)) }) || SwiftWords.keywords.contains(candidate) {
            candidate = "\(base)\(number)"
            number += 1
        }
        for function in Self.functions(of: candidate) { taken.insert(TypeNames.key(function)) }
        return candidate
    }

    /// The functions the generator writes for an endpoint (all of them, as if it paged).
    static func functions(of name: String) -> [String] {
        [name, name + "Pages", "all" + SwiftWords.uppercaseFirst(name), name + "Loader", name + "List"]
    }
}

/// Swift words the importer keeps clear of: an endpoint named `default` or a model
/// named `Type` would need backticks or fail to compile.
enum SwiftWords {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
        "is", "nil", "self", "Self", "super", "throws", "true", "try", "Any", "Type", "Protocol", "some", "any", "await",
    ]

    static func uppercaseFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }
}
