import PagegenCore

/// Endpoint names from operationIds (`issues/list-for-repo` → `issuesListForRepo`),
/// or from the method and path when there is none (`GET /users/{id}/repos` →
/// `getUsersRepos`), kept apart from each other and from every function the
/// generator derives from them (``SpecNaming/endpointFunctions(_:paged:)``).
struct EndpointNames {
    private var taken: Set<String> = Set(SpecNaming.clientMembers)

    mutating func claim(for operation: ImportedOperation) -> String {
        var base = ""
        if let operationId = operation.operation.operationId, operationId.contains(where: { $0.isLetter }) {
            base = SpecWords.memberName(operationId)
        }
        if base.isEmpty || base.hasPrefix("_") {
            let words = operation.path.split(separator: "/").filter { !$0.hasPrefix("{") }.map(String.init)
            base = SpecWords.memberName(([operation.method.lowercased()] + words).joined(separator: "_"))
        }
        var candidate = base
        var number = 2
        while SpecNaming.endpointFunctions(candidate, paged: true).contains(where: taken.contains) || SpecNaming.isKeyword(candidate) {
            candidate = "\(base)\(number)"
            number += 1
        }
        taken.formUnion(SpecNaming.endpointFunctions(candidate, paged: true))
        return candidate
    }
}
