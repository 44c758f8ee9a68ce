import PagegenYAML

/// Reads `auth:`: `{ bearer: {} }`, `{ basic: {} }`, `{ apiKey: { header: X-API-Key } }`,
/// `{ apiKey: { query: key } }`, or a list of these for APIs that take several.
enum AuthLoader {
    static let schemes = ["bearer", "basic", "apiKey"]

    static func load(_ node: Node, context: LoadContext) -> [AuthScheme] {
        if let items = node.items {
            return items.flatMap { load($0, context: context) }
        }
        if let name = node.scalarText, !node.isNull {
            return scheme(named: Located(name, at: node.mark), options: nil, context: context).map { [$0] } ?? []
        }
        guard let reader = MappingReader(node, what: "'auth'", allowed: schemes, context: context) else { return [] }
        return reader.pairs.flatMap { pair -> [AuthScheme] in
            guard let name = pair.key.scalarText else { return [] }
            if name == "apiKey", let keys = pair.value.items {
                return keys.compactMap { apiKey($0, context: context) }
            }
            return scheme(named: Located(name, at: pair.key.mark), options: pair.value, context: context).map { [$0] } ?? []
        }
    }

    private static func scheme(named name: Located<String>, options: Node?, context: LoadContext) -> AuthScheme? {
        switch name.value {
        case "bearer": return .bearer
        case "basic": return .basic
        case "apiKey":
            guard let options else {
                context.error(
                    "'apiKey' needs where the key goes", at: name.mark,
                    hint: "write 'apiKey: { header: X-API-Key }' or 'apiKey: { query: api_key }'")
                return nil
            }
            return apiKey(options, context: context)
        default:
            context.error(
                "unknown auth scheme '\(name.value)'", at: name.mark,
                hint: Suggestion.didYouMean(name.value, in: schemes) ?? "expected one of: \(schemes.joined(separator: ", "))")
            return nil
        }
    }

    private static func apiKey(_ node: Node, context: LoadContext) -> AuthScheme? {
        guard let reader = MappingReader(node, what: "'apiKey'", allowed: ["header", "query"], context: context) else { return nil }
        if let header = reader.string("header") { return .headerKey(header.value) }
        if let query = reader.string("query") { return .queryKey(query.value) }
        context.error("'apiKey' needs 'header' or 'query'", at: node.mark, hint: "write 'apiKey: { header: X-API-Key }'")
        return nil
    }
}
