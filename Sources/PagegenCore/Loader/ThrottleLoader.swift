import PagegenYAML

/// Reads `throttle:`: where responses say how long to wait before the next request.
/// One entry, or a list of them; each names a body path (`from: backoff`) or a
/// header (`header: Retry-After`), what its value means (`as: seconds` or
/// `unixSeconds`), a header that must say no request is left (`remaining:`), and
/// which requests wait (`scope: client` or `endpoint`).
enum ThrottleLoader {
    static let keys = ["from", "header", "as", "remaining", "scope"]

    static func load(_ node: Node, context: LoadContext) -> [ThrottleSpec] {
        if let items = node.items {
            return items.compactMap { entry($0, context: context) }
        }
        return entry(node, context: context).map { [$0] } ?? []
    }

    private static func entry(_ node: Node, context: LoadContext) -> ThrottleSpec? {
        let what = "'throttle'"
        guard let reader = MappingReader(node, what: what, allowed: keys, context: context) else { return nil }
        let given = ["from", "header"].filter(reader.has)
        guard given.count == 1 else {
            context.error(
                given.isEmpty ? "\(what) needs where the wait is" : "\(what) has both 'from' and 'header'", at: node.mark,
                hint: "give one of 'from: backoff' (a number in the body) or 'header: Retry-After'")
            return nil
        }
        let source: ThrottleSpec.Source
        if given[0] == "from" {
            guard let path = reader.path("from") else { return nil }
            if path.value.segments.contains(.each) {
                context.error("the throttle path '\(path.value)' maps over a list ('[]'); a wait is one number", at: path.mark)
                return nil
            }
            source = .body(path)
        } else {
            guard let header = reader.string("header") else { return nil }
            source = .header(header)
        }
        var value = ThrottleSpec.Value.seconds
        if let text = reader.string("as") {
            guard let known = ThrottleSpec.Value(rawValue: text.value) else {
                let names = ThrottleSpec.Value.allCases.map(\.rawValue)
                context.error(
                    "unknown throttle value '\(text.value)'", at: text.mark,
                    hint: Suggestion.didYouMean(text.value, in: names)
                        ?? "expected seconds (how long to wait) or unixSeconds (until when, in seconds since 1970)")
                return nil
            }
            value = known
        }
        var remaining = reader.string("remaining")
        if let given = remaining, case .body = source {
            context.error(
                "'remaining' goes with 'header'; a body wait applies whenever it is there", at: given.mark,
                hint: "remove it")
            remaining = nil
        }
        var scope = ThrottleSpec.Scope.client
        if let text = reader.string("scope") {
            guard let known = ThrottleSpec.Scope(rawValue: text.value) else {
                let names = ThrottleSpec.Scope.allCases.map(\.rawValue)
                context.error(
                    "unknown throttle scope '\(text.value)'", at: text.mark,
                    hint: Suggestion.didYouMean(text.value, in: names)
                        ?? "expected client (every request waits) or endpoint (the requests to the same endpoint)")
                return nil
            }
            scope = known
        }
        return ThrottleSpec(mark: node.mark, source: source, value: value, remaining: remaining, scope: scope)
    }
}
