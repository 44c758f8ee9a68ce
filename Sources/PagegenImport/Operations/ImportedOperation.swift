import OpenAPIKit

/// One operation the importer was asked for, with where it is in the document.
struct ImportedOperation {
    var path: String
    var method: String
    var pathItem: OpenAPI.PathItem
    var operation: OpenAPI.Operation
    /// `/paths/~1issues/get`.
    var pointer: JSONPointer

    /// `GET /issues`.
    var title: String { "\(method) \(path)" }
}

/// Chooses the operations to import: every one, or those the options name — by
/// operationId, `METHOD /path` or `/path` (`--operations`, `--include-operation`), by
/// path (`--include-path`), or by tag (`--include-tag`); `*` matches any run of
/// characters. An operation named by any of them is imported.
struct OperationSelector {
    var selectors: [String]
    var tags: [String] = []
    var paths: [String] = []
    var operationIDs: [String] = []

    /// True when no option names operations: every one is imported.
    var selectsAll: Bool { selectors.isEmpty && tags.isEmpty && paths.isEmpty && operationIDs.isEmpty }

    /// The options as written on the command line (`--include-tag issues`).
    var written: [String] {
        selectors.map { "--operations \($0)" } + operationIDs.map { "--include-operation \($0)" }
            + paths.map { "--include-path \($0)" } + tags.map { "--include-tag \($0)" }
    }

    /// The options, for messages.
    var described: String { written.joined(separator: " ") }

    /// The selected operations, in document order, and the options that matched none
    /// (as written: `--include-tag nope`).
    func select(from document: OpenAPI.Document) -> (operations: [ImportedOperation], unmatched: [String]) {
        var operations: [ImportedOperation] = []
        var matched: Set<String> = []
        for (path, item) in document.paths {
            guard case .b(let pathItem) = item else { continue }
            for endpoint in pathItem.endpoints {
                let method = endpoint.method.rawValue.uppercased()
                let candidate = ImportedOperation(
                    path: path.rawValue, method: method, pathItem: pathItem, operation: endpoint.operation,
                    pointer: JSONPointer(["paths", path.rawValue, method.lowercased()]))
                if selectsAll {
                    operations.append(candidate)
                    continue
                }
                let operationTags = (endpoint.operation.tags ?? []).map { $0.lowercased() }
                let hits =
                    selectors.filter { matches($0, candidate) }.map { "--operations \($0)" }
                    + operationIDs.filter { matches($0, candidate) }.map { "--include-operation \($0)" }
                    + paths.filter { Self.glob($0, candidate.path) }.map { "--include-path \($0)" }
                    + tags.filter { tag in operationTags.contains { Self.glob(tag.lowercased(), $0) } }.map { "--include-tag \($0)" }
                if !hits.isEmpty {
                    operations.append(candidate)
                    matched.formUnion(hits)
                }
            }
        }
        return (operations, written.filter { !matched.contains($0) })
    }

    private func matches(_ selector: String, _ operation: ImportedOperation) -> Bool {
        let parts = selector.split(separator: " ", maxSplits: 1).map(String.init)
        if parts.count == 2 {
            return parts[0].uppercased() == operation.method && Self.glob(parts[1], operation.path)
        }
        if selector.hasPrefix("/") { return Self.glob(selector, operation.path) }
        return operation.operation.operationId.map { Self.glob(selector, $0) } ?? false
    }

    /// `*` matches any run of characters; everything else matches itself.
    static func glob(_ pattern: String, _ text: String) -> Bool {
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard pieces.count > 1 else { return pattern == text }
        var rest = Substring(text)
        for (index, piece) in pieces.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(piece) else { return false }
                rest = rest.dropFirst(piece.count)
            } else if index == pieces.count - 1 {
                return piece.isEmpty || rest.hasSuffix(piece)
            } else if !piece.isEmpty {
                guard let range = rest.range(of: piece) else { return false }
                rest = rest[range.upperBound...]
            }
        }
        return true
    }
}
