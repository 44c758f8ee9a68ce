import PagegenYAML

/// Reads `endpoints:`: each endpoint names its method and path (`get: /items`),
/// its parameters, body, response type, and how it pages.
enum EndpointLoader {
    static let methods = ["get", "post", "put", "patch", "delete"]
    static let keys =
        methods + [
            "summary", "description", "path", "query", "header", "headers", "body", "returns", "paging", "window", "idempotent", "store",
        ]

    static func load(_ node: Node, context: LoadContext) -> [EndpointSpec] {
        context.namedEntries(node, section: "endpoints", entry: "endpoint", values: "endpoints") { name, value, context in
            endpoint(name, value, context: context)
        }
    }

    private static func endpoint(_ name: Located<String>, _ node: Node, context: LoadContext) -> EndpointSpec? {
        guard let first = name.value.first, first.isLetter,
            name.value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else {
            context.error(
                "'\(name.value)' is not an endpoint name", at: name.mark,
                hint: "endpoint names become function names: letters and digits, starting with a letter")
            return nil
        }
        let what = "endpoint '\(name.value)'"
        guard let reader = MappingReader(node, what: what, allowed: keys, context: context) else { return nil }
        let given = methods.filter(reader.has)
        guard let method = given.first else {
            context.error("\(what) needs a method and a path", at: node.mark, hint: "add 'get: /path' (or post, put, patch, delete)")
            return nil
        }
        if given.count > 1 {
            context.error(
                "\(what) has two methods, '\(given[0])' and '\(given[1])'", at: reader.keyNode(given[1])!.mark,
                hint: "declare one endpoint per method")
        }
        guard let path = reader.string(method) else { return nil }
        if !path.value.hasPrefix("/") {
            context.error("the path '\(path.value)' must start with '/'", at: path.mark, hint: "write '/\(path.value)'")
        }
        guard reader.has("returns") else {
            context.error("\(what) needs 'returns'", at: node.mark, hint: "add 'returns: ModelName' (or [ModelName])")
            return nil
        }
        guard let returns = TypeLoader.type(reader["returns"]!, what: "'returns' of \(what)", allowsMap: true, context: context) else {
            return nil
        }

        let store = reader["store"].flatMap { StoreLoader.endpoint($0, what: what, context: context) }
        if store != nil, !reader.has("paging"), let key = reader.keyNode("store") {
            context.error(
                "'store' keeps the pages of a paged endpoint; \(what) has no 'paging'", at: key.mark,
                hint: "remove 'store', or add 'paging'")
        }
        return EndpointSpec(
            name: name,
            method: method.uppercased(),
            path: path,
            summary: (reader.string("summary") ?? reader.string("description"))?.value,
            pathParameters: reader["path"].map { parameters($0, what: "'path' of \(what)", inPath: true, context: context) } ?? [],
            queryParameters: reader["query"].map { parameters($0, what: "'query' of \(what)", context: context) } ?? [],
            headerParameters: reader["header"].map { parameters($0, what: "'header' of \(what)", context: context) } ?? [],
            headers: reader["headers"].map { SpecLoader.readFixedHeaders($0, what: "'headers' of \(what)", context: context) } ?? [],
            body: reader["body"].flatMap { TypeLoader.type($0, what: "'body' of \(what)", context: context) },
            returns: returns,
            paging: reader["paging"].flatMap { PagingLoader.load($0, endpoint: name.value, context: context) },
            window: reader["window"].flatMap { window($0, endpoint: name.value, context: context) },
            idempotent: idempotent(reader),
            store: store
        )
    }

    /// `idempotent: true` marks a `POST` or `PATCH` safe to send twice (a search sent
    /// as POST), `false` a `GET`, `PUT` or `DELETE` that is not.
    private static func idempotent(_ reader: MappingReader) -> Located<Bool>? {
        guard let value = reader.bool("idempotent"), let key = reader.keyNode("idempotent") else { return nil }
        return Located(value, at: key.mark)
    }

    private static func parameters(_ node: Node, what: String, inPath: Bool = false, context: LoadContext) -> [ParameterSpec] {
        guard let pairs = node.pairs else {
            context.error(
                "\(what) must be a mapping of parameter names to types", at: node.mark,
                hint: "write '{ name: String }'")
            return []
        }
        var parameters: [ParameterSpec] = []
        var seen: Set<String> = []
        for pair in pairs {
            guard let name = pair.key.scalarText else {
                context.error("a parameter name in \(what) must be text, not \(pair.key.kindDescription)", at: pair.key.mark)
                continue
            }
            guard seen.insert(name).inserted else {
                context.error("the parameter '\(name)' is declared twice in \(what)", at: pair.key.mark)
                continue
            }
            guard let field = TypeLoader.field(pair.value, what: "parameter '\(name)'", context: context) else { continue }
            if let zone = field.zone {
                context.error(
                    "'zone' is for Date fields of models; the parameter '\(name)' in \(what) is sent in UTC", at: zone.mark,
                    hint: "remove it")
            }
            var allowsEmpty = false
            if let allowEmpty = field.allowEmpty {
                if !inPath {
                    context.error(
                        "'allowEmpty' is for path parameters; the parameter '\(name)' in \(what) is sent as it is, empty or not",
                        at: allowEmpty.mark, hint: "remove it")
                } else if field.type.value != .named("String") {
                    context.error(
                        "'allowEmpty' is for String path parameters, and '\(name)' is \(field.type.value)",
                        at: allowEmpty.mark, hint: "remove it, or make '\(name)' a String")
                } else {
                    allowsEmpty = allowEmpty.value
                }
            }
            parameters.append(
                ParameterSpec(
                    name: Located(name, at: pair.key.mark), type: field.type,
                    defaultValue: field.defaultValue, description: field.description,
                    allowsEmpty: allowsEmpty, swiftName: field.swiftName))
        }
        return parameters
    }

    private static func window(_ node: Node, endpoint: String, context: LoadContext) -> WindowSpec? {
        let what = "'window' of endpoint '\(endpoint)'"
        guard let reader = MappingReader(node, what: what, allowed: ["for", "page", "size", "total", "focus"], context: context),
            let list = reader.requiredString("for", hint: "name the paged endpoint this window opens, 'for: items'"),
            let pageText = reader.requiredString("page", hint: "add 'page: first_page' (the path of the page to start at)"),
            let page = PathReader.parse(pageText, what: "'page'", context: context)
        else { return nil }
        return WindowSpec(
            mark: node.mark, list: list, page: page, size: reader.path("size"),
            total: reader.path("total"), focus: reader.path("focus"))
    }
}
