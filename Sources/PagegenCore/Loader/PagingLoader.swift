import PagegenYAML

/// Reads a `paging:` block. Exactly one style key says how pages are addressed
/// (`page`, `offset`, `cursor`, `next`, `ids`); the other keys say where the
/// items, totals and flags are, and what ends the list.
enum PagingLoader {
    static let styles = ["page", "offset", "cursor", "next", "ids"]
    static let keys =
        styles + [
            "prev", "around", "size", "items", "total", "totalPages", "nextPage", "count", "hasMore", "last", "shortPageEnds",
            "allowForeignLinks",
        ]
    static let parameterLocations = ["query", "header", "body"]

    static func load(_ node: Node, endpoint: String, context: LoadContext) -> PagingSpec? {
        let what = "'paging' of endpoint '\(endpoint)'"
        guard let reader = MappingReader(node, what: what, allowed: keys, context: context) else { return nil }
        let given = reader.pairs.compactMap(\.key.scalarText).filter(styles.contains)
        guard let styleKey = given.first else {
            context.error(
                "\(what) needs a paging style", at: node.mark,
                hint: "add one of: page, offset, cursor, next, ids")
            return nil
        }
        if given.count > 1 {
            context.error(
                "\(what) mixes the paging styles '\(given[0])' and '\(given[1])'",
                at: reader.keyNode(given[1])!.mark, hint: "an endpoint pages one way: keep one of them")
        }
        guard let style = style(styleKey, reader: reader, context: context) else { return nil }
        if let prev = reader.keyNode("prev"), styleKey != "cursor", styleKey != "next" {
            context.error(
                "'prev' goes with 'cursor' or 'next' paging, not '\(styleKey)'", at: prev.mark,
                hint: "page numbers and offsets go back on their own")
        }

        if let nextPage = reader.keyNode("nextPage"), styleKey != "page" {
            context.error(
                "'nextPage' goes with 'page' paging, not '\(styleKey)'", at: nextPage.mark,
                hint: "a next page number is for APIs that number their pages")
        }
        var count: PagingParameter?
        if let countNode = reader["count"] {
            if styleKey == "cursor" {
                count = MappingReader(countNode, what: "'count'", allowed: ["param", "in", "format"], context: context)
                    .flatMap { parameter($0, context: context) }
            } else {
                context.error(
                    "'count' goes with 'cursor' paging, not '\(styleKey)'", at: reader.keyNode("count")!.mark,
                    hint: styleKey == "next" ? "a next link is followed as it is given" : "page numbers and offsets say where a page is")
            }
        }
        var around: PagingParameter?
        if let aroundNode = reader["around"] {
            if styleKey == "cursor" {
                around = MappingReader(aroundNode, what: "'around'", allowed: ["param", "in", "format"], context: context)
                    .flatMap { parameter($0, context: context) }
                if reader["prev"] == nil {
                    context.error(
                        "'around' needs 'prev': a list opened around an item loads the items before it with 'prev'",
                        at: reader.keyNode("around")!.mark,
                        hint: "add how to go back, such as 'prev: { param: after, fromItem: id }'")
                }
            } else {
                context.error(
                    "'around' goes with 'cursor' paging, not '\(styleKey)'", at: reader.keyNode("around")!.mark,
                    hint: styleKey == "page" || styleKey == "offset"
                        ? "page numbers and offsets open a list at a page with a window endpoint ('window:')"
                        : styleKey == "ids"
                            ? "an id list opens at a row: the list adapter's start(atRow:)"
                            : "a list that follows links opens at its first page")
            }
        }
        return PagingSpec(
            mark: node.mark,
            style: style,
            size: reader["size"].flatMap { size($0, context: context) },
            items: reader.path("items"),
            total: reader["total"].flatMap { countSource($0, key: "total", context: context) },
            totalPages: reader["totalPages"].flatMap { countSource($0, key: "totalPages", context: context) },
            nextPage: styleKey == "page" ? reader["nextPage"].flatMap { countSource($0, key: "nextPage", context: context) } : nil,
            count: count,
            around: around,
            hasMore: reader.path("hasMore"),
            isLast: reader.path("last"),
            shortPageEnds: reader.bool("shortPageEnds") ?? false,
            allowForeignLinks: reader.bool("allowForeignLinks") ?? false
        )
    }

    private static func style(_ key: String, reader: MappingReader, context: LoadContext) -> PagingSpec.Style? {
        let node = reader[key]!
        switch key {
        case "page", "offset":
            let defaultFirst = key == "page" ? 1 : 0
            guard let options = MappingReader(node, what: "'\(key)'", allowed: ["param", "first", "in", "format"], context: context),
                let parameter = parameter(options, context: context)
            else { return nil }
            let first = options.int("first")?.value ?? defaultFirst
            if first != 0, first != 1 {
                context.error("'first' must be 0 or 1, not \(first)", at: options["first"]!.mark)
            }
            return key == "page" ? .pageNumber(parameter, first: first) : .offset(parameter, first: first)
        case "cursor":
            guard let next = cursor(node, what: "'cursor'", context: context) else { return nil }
            let previous = reader["prev"].flatMap { cursor($0, what: "'prev'", context: context) }
            return .cursor(next, previous: previous)
        case "next":
            guard let next = link(node, what: "'next'", context: context) else { return nil }
            let previous = reader["prev"].flatMap { link($0, what: "'prev'", context: context) }
            return .link(next, previous: previous)
        default:
            guard let options = MappingReader(node, what: "'ids'", allowed: ["item"], context: context),
                let item = options.requiredString("item", hint: "name the endpoint that fetches one item, 'item: item'")
            else { return nil }
            return .ids(item: item)
        }
    }

    private static func parameter(_ options: MappingReader, context: LoadContext) -> PagingParameter? {
        guard let name = options.requiredString("param", hint: "name the parameter, 'param: page'") else { return nil }
        var location = "query"
        if let given = options.string("in") {
            if parameterLocations.contains(given.value) {
                location = given.value
            } else {
                context.error(
                    "unknown parameter location '\(given.value)'", at: given.mark,
                    hint: Suggestion.didYouMean(given.value, in: parameterLocations) ?? "expected query, header or body")
            }
        }
        let format = options.string("format")
        if let format, !format.value.contains("{value}") {
            context.error(
                "the format '\(format.value)' does not contain {value}", at: format.mark,
                hint: "write where the value goes, such as 'batchSize={value}'")
        }
        return PagingParameter(name: name, location: location, format: format?.value)
    }

    private static func cursor(_ node: Node, what: String, context: LoadContext) -> CursorSpec? {
        let sources = ["from", "fromItem", "fromHeader"]
        guard let options = MappingReader(node, what: what, allowed: ["param", "in", "format"] + sources, context: context),
            let parameter = parameter(options, context: context)
        else { return nil }
        let given = sources.filter(options.has)
        guard given.count == 1 else {
            context.error(
                given.isEmpty ? "\(what) needs where the cursor comes from" : "\(what) has both '\(given[0])' and '\(given[1])'",
                at: node.mark,
                hint: "give one of 'from: path' (a body field), 'fromItem: id' (the last item's field), 'fromHeader: X-Next-Cursor'")
            return nil
        }
        switch given[0] {
        case "from":
            return options.path("from").map { CursorSpec(parameter: parameter, source: .body($0)) }
        case "fromItem":
            return options.path("fromItem").map { CursorSpec(parameter: parameter, source: .item($0)) }
        default:
            return options.string("fromHeader").map { CursorSpec(parameter: parameter, source: .header($0)) }
        }
    }

    private static func link(_ node: Node, what: String, context: LoadContext) -> LinkSpec? {
        if let text = node.scalarText, !node.isNull {
            guard text == "link" else {
                context.error(
                    "\(what) must be 'link' (the Link header) or '{ from: path }'", at: node.mark,
                    hint: Suggestion.didYouMean(text, in: ["link"])
                        ?? "write '\(what.dropFirst().dropLast()): { from: \(text) }' for a link in the body")
                return nil
            }
            return .linkHeader(node.mark)
        }
        guard let options = MappingReader(node, what: what, allowed: ["from"], context: context),
            let fromText = options.requiredString("from", hint: "give the path of the link, 'from: next'"),
            let path = PathReader.parse(fromText, what: "'from'", context: context)
        else { return nil }
        return .body(path)
    }

    private static func size(_ node: Node, context: LoadContext) -> SizeSpec? {
        if let text = node.scalarText, let value = Int(text) {
            return SizeSpec(parameter: nil, defaultValue: Located(value, at: node.mark))
        }
        guard
            let options = MappingReader(
                node, what: "'size'", allowed: ["param", "default", "min", "max", "in", "format"], context: context),
            let defaultValue = options.int("default") ?? (options.has("default") ? nil : missingDefault(node, context: context))
        else { return nil }
        let parameter = options.has("param") ? self.parameter(options, context: context) : nil
        return SizeSpec(
            parameter: parameter, defaultValue: defaultValue, minimum: options.int("min")?.value, maximum: options.int("max")?.value)
    }

    private static func missingDefault(_ node: Node, context: LoadContext) -> Located<Int>? {
        context.error("'size' needs a default", at: node.mark, hint: "add 'default: 30'")
        return nil
    }

    /// Reads `total`, `totalPages` or `nextPage`: a path, `{ from: path }` or
    /// `{ header: Name }` (and, for a total, `estimate: true`).
    private static func countSource(_ node: Node, key: String, context: LoadContext) -> TotalSpec? {
        if let text = node.scalarText, !node.isNull {
            return PathReader.parse(Located(text, at: node.mark), what: "'\(key)'", context: context).map { .body($0, estimate: false) }
        }
        let allowed = key == "total" ? ["from", "header", "estimate"] : ["from", "header"]
        guard let options = MappingReader(node, what: "'\(key)'", allowed: allowed, context: context) else { return nil }
        if let header = options.string("header") { return .header(header) }
        let example = ["total": "X-Total-Count", "totalPages": "X-Total-Pages", "nextPage": "X-Next-Page"][key] ?? "X-Total-Count"
        guard let fromText = options.requiredString("from", hint: "give 'from: path' or 'header: \(example)'"),
            let path = PathReader.parse(fromText, what: "'from'", context: context)
        else { return nil }
        return .body(path, estimate: options.bool("estimate") ?? false)
    }
}
