import PagegenYAML

/// Reads `endpoints:`: each endpoint names its method and path (`get: /items`),
/// its parameters, body, response type, and how it pages.
enum EndpointLoader {
    static let methods = ["get", "post", "put", "patch", "delete", "head", "options"]
    static let keys =
        methods + [
            "summary", "description", "deprecated", "server", "path", "query", "header", "headers", "body", "returns", "paging",
            "window", "idempotent", "store",
        ]
    /// The keys of a body's long form: one kind, and what goes with it.
    static let bodyKinds = ["json", "form", "multipart", "raw"]
    static let bodyKeys = bodyKinds + ["arrays", "optional"]
    /// The forms of a body, for the messages about one written wrong.
    static let bodyForms =
        "a body is 'body: Model' (JSON), or one of '{ json: T }', '{ form: Model }', '{ multipart: Model }', '{ raw: media/type }', each with 'optional: true' when it may be left out"
    /// The keys of a response's long form.
    static let responseKinds = ["text", "binary"]

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
            context.error(
                "\(what) needs a method and a path", at: node.mark, hint: "add 'get: /path' (or post, put, patch, delete, head, options)")
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
        guard let returnsNode = reader["returns"] else {
            context.error(
                "\(what) needs 'returns'", at: node.mark,
                hint: "add 'returns: ModelName' (or [ModelName]), or 'returns: nothing' when the answer has no body")
            return nil
        }
        guard let (returns, response) = self.returns(returnsNode, what: "'returns' of \(what)", context: context) else {
            return nil
        }
        let summary = reader.string("summary")
        let description = reader.string("description")

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
            summary: (summary ?? description)?.value,
            description: summary == nil ? nil : description?.value,
            deprecation: TypeLoader.deprecation(reader),
            server: reader.string("server"),
            pathParameters: reader["path"].map { parameters($0, what: "'path' of \(what)", inPath: true, context: context) } ?? [],
            queryParameters: reader["query"].map { parameters($0, what: "'query' of \(what)", isQuery: true, context: context) } ?? [],
            headerParameters: reader["header"].map { parameters($0, what: "'header' of \(what)", context: context) } ?? [],
            headers: reader["headers"].map { SpecLoader.readFixedHeaders($0, what: "'headers' of \(what)", context: context) } ?? [],
            body: reader["body"].flatMap { body($0, what: "'body' of \(what)", context: context) },
            returns: returns,
            response: response,
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

    private static func parameters(
        _ node: Node, what: String, inPath: Bool = false, isQuery: Bool = false, context: LoadContext
    ) -> [ParameterSpec] {
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
            if !isQuery {
                for (key, mark) in [("style", field.style?.mark), ("explode", field.explode?.mark), ("arrays", field.arrays?.mark)] {
                    guard let mark else { continue }
                    context.error(
                        "'\(key)' is for query parameters; the parameter '\(name)' in \(what) is sent as one value",
                        at: mark, hint: "remove it (a list is sent comma-separated)")
                }
            }
            if let nullable = field.nullable {
                context.error(
                    "'nullable' is for fields of models; the parameter '\(name)' in \(what) has no null on the wire",
                    at: nullable.mark,
                    hint:
                        "remove it; an optional parameter (\(field.type.value.isOptional ? field.type.value : .optional(field.type.value))) is left out when nil"
                )
            }
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
                    allowsEmpty: allowsEmpty, swiftName: field.swiftName, deprecation: field.deprecation,
                    style: isQuery ? field.style : nil, explode: isQuery ? field.explode : nil, arrays: isQuery ? field.arrays : nil))
        }
        return parameters
    }

    /// `body: Model` (JSON, any type), or the long form: exactly one of `json: T`,
    /// `form: Model` (with `arrays:`), `multipart: Model`, `raw: media/type`, and
    /// `optional: true`.
    static func body(_ node: Node, what: String, context: LoadContext) -> BodySpec? {
        // A type (`NewBook`, `[Tag]`), or a map type, which is a mapping of its own.
        guard let pairs = node.pairs, node["map"] == nil else {
            guard let type = TypeLoader.type(node, what: what, allowsMap: true, context: context) else { return nil }
            return BodySpec(mark: node.mark, kind: .json, type: type, isOptional: type.value.isOptional)
        }
        if let typeKey = pairs.first(where: { $0.key.scalarText == "type" }),
            !pairs.contains(where: { bodyKinds.contains($0.key.scalarText ?? "") })
        {
            // `type:` is how a field's long form starts, so it is a natural guess here.
            let named = typeKey.value.scalarText ?? "Model"
            context.error(
                "\(what) takes no 'type': \(bodyForms)", at: typeKey.key.mark,
                hint: "write 'body: \(named)', or 'body: { json: \(named) }'")
            return nil
        }
        guard let reader = MappingReader(node, what: what, allowed: bodyKeys, context: context) else { return nil }
        // An unknown key was reported with a did-you-mean: that is the one mistake to fix.
        guard reader.pairs.count == pairs.count else { return nil }
        let kinds = bodyKinds.filter(reader.has)
        guard let kind = kinds.first else {
            context.error(
                "\(what) needs one of 'json', 'form', 'multipart' or 'raw'", at: node.mark,
                hint: bodyForms)
            return nil
        }
        if kinds.count > 1 {
            context.error(
                "\(what) has both '\(kinds[0])' and '\(kinds[1])'", at: reader.keyNode(kinds[1])!.mark,
                hint: "a body is encoded one way: keep one of them")
        }
        let arrays = reader.string("arrays").flatMap {
            TypeLoader.named($0, of: ArrayStyleName.self, what: "array style", context: context)
        }
        if let arrays, kind != "form" {
            context.error(
                "'arrays' applies to form bodies, and \(what) is \(kind)", at: arrays.mark,
                hint: kind == "json" ? "remove it: JSON writes lists as arrays" : "remove it")
        }
        let optional = reader.bool("optional") ?? false
        var body: BodySpec
        switch kind {
        case "raw":
            guard let contentType = reader.string("raw") else { return nil }
            let isText = contentType.value.lowercased().hasPrefix("text/")
            body = BodySpec(
                mark: node.mark, kind: .raw(contentType: contentType),
                type: Located(.named(isText ? "String" : "JSON"), at: contentType.mark))
        default:
            guard let type = TypeLoader.type(reader[kind]!, what: "'\(kind)' of \(what)", allowsMap: kind == "json", context: context)
            else { return nil }
            let bodyKind: BodySpec.Kind =
                switch kind {
                case "form": .form(arrays: arrays?.value ?? .indexed)
                case "multipart": .multipart
                default: .json
                }
            body = BodySpec(mark: node.mark, kind: bodyKind, type: type, arrays: kind == "form" ? arrays : nil)
        }
        body.isOptional = optional || body.type.value.isOptional
        return body
    }

    /// `returns: T` (JSON), `returns: nothing`, `returns: { text: text/html }` or
    /// `returns: { binary: application/pdf }`.
    static func returns(_ node: Node, what: String, context: LoadContext) -> (Located<TypeReference>, ResponseKind)? {
        if node.scalarText == "nothing" {
            return (Located(.named("JSON"), at: node.mark), .nothing)
        }
        guard let pairs = node.pairs, pairs.contains(where: { responseKinds.contains($0.key.scalarText ?? "") }) else {
            return TypeLoader.type(node, what: what, allowsMap: true, context: context).map { ($0, .json) }
        }
        guard let reader = MappingReader(node, what: what, allowed: responseKinds, context: context) else { return nil }
        let kinds = responseKinds.filter(reader.has)
        if kinds.count > 1 {
            context.error(
                "\(what) has both 'text' and 'binary'", at: reader.keyNode(kinds[1])!.mark, hint: "an answer is read one way: keep one")
        }
        guard let kind = kinds.first, let contentType = reader.string(kind) else { return nil }
        if kind == "text" {
            return (Located(.named("String"), at: contentType.mark), .text(contentType))
        }
        return (Located(.named("JSON"), at: contentType.mark), .binary(contentType))
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
