import PagegenCore

/// Endpoint names from operationIds (`issues/list-for-repo` → `issuesListForRepo`),
/// or from the method and path when there is none (`GET /users/{id}/repos` →
/// `getUsersRepos`), kept apart from each other and from every function the
/// generator derives from them (`…Pages`, `all…`, `…Loader`, `…List`).
struct EndpointNames {
    private var taken: Set<String> = []

    mutating func claim(for operation: ImportedOperation) -> String {
        var base = operation.operation.operationId.map(SpecWords.lowerCamel) ?? ""
        if base.isEmpty || base.hasPrefix("_") {
            let words = operation.path.split(separator: "/").filter { !$0.hasPrefix("{") }.map(String.init)
            base = SpecWords.lowerCamel(([operation.method.lowercased()] + words).joined(separator: "_"))
        }
        if base.first?.isLetter != true { base = "call" + SpecWords.uppercaseFirst(base) }
        base = String(base.filter { $0.isLetter || $0.isNumber || $0 == "_" })
        var candidate = base
        var number = 2
        while Self.functions(of: candidate).contains(where: { taken.contains(SpecWords.key($0)) }) || SpecWords.keywords.contains(candidate) || Self.clientMembers.contains(candidate) {
            candidate = "\(base)\(number)"
            number += 1
        }
        for function in Self.functions(of: candidate) { taken.insert(SpecWords.key(function)) }
        return candidate
    }

    /// The functions the generator writes for an endpoint (all of them, as if it paged).
    static func functions(of name: String) -> [String] {
        [name, name + "Pages", "all" + SpecWords.uppercaseFirst(name), name + "Loader", name + "List"]
    }

    /// The client's own members, which no endpoint's function may be named.
    static let clientMembers: Set<String> = ["runtime", "defaultBaseURL"]
}

