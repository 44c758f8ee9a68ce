import PagegenYAML

/// Converts a Swagger 2.0 document to OpenAPI 3.0, as swagger2openapi does, so that
/// OpenAPIKit can read it:
///
/// - `host`, `basePath` and `schemes` become `servers`;
/// - `definitions`, `parameters`, `responses` and `securityDefinitions` move into
///   `components` (a shared `body` parameter becomes a request body), and every
///   `$ref` follows them;
/// - `body` and `formData` parameters become a `requestBody`, with the media types of
///   `consumes`;
/// - response schemas and examples get the media types of `produces`, response
///   headers a schema;
/// - `collectionFormat` becomes `style` and `explode`, `x-nullable` `nullable`,
///   `type: file` a binary string;
/// - AutoRest's `x-ms-paths` (paths that a query string tells apart) join `paths`.
///
/// Schemas that Swagger 2.0 does not allow but real documents write — `items` as a
/// list of alternative schemas — are read as `anyOf`, with a warning. The converted
/// nodes keep the marks of the text they came from.
struct SwaggerConverter {
    let root: Node
    let notes: NoteWriter

    /// The media types of the document's `consumes` and `produces`.
    private var consumes: [String] { root["consumes"]?.items?.compactMap(\.scalarText) ?? [] }
    private var produces: [String] { root["produces"]?.items?.compactMap(\.scalarText) ?? [] }

    /// The converted document.
    func convert() -> Node {
        let mark = root.mark
        var pairs: [(String, Node)] = [("openapi", .text("3.0.3", at: mark))]
        for key in root.keys {
            guard let value = root[key] else { continue }
            switch key {
            case "swagger", "host", "basePath", "schemes", "consumes", "produces",
                "definitions", "parameters", "responses", "securityDefinitions", "paths", "x-ms-paths":
                continue
            default:
                pairs.append((key, value))
            }
            if key == "info" { pairs.append(("servers", servers())) }
        }
        if root["info"] == nil { pairs.append(("servers", servers())) }
        pairs.append(("paths", paths()))
        pairs.append(("components", components()))
        return .mapping(pairs, at: mark)
    }

    // MARK: Servers

    private func servers() -> Node {
        let mark = root["host"]?.mark ?? root.mark
        let basePath = root["basePath"]?.scalarText ?? ""
        guard let host = root["host"]?.scalarText, !host.isEmpty else {
            // A base path alone is a relative server, which the importer reports.
            return .sequence(basePath.isEmpty ? [] : [.mapping([("url", .text(basePath, at: mark))], at: mark)], at: mark)
        }
        var schemes = root["schemes"]?.items?.compactMap(\.scalarText) ?? []
        if schemes.isEmpty {
            schemes = ["https"]
            notes.note(JSONPointer(["host"]), "server", "the document names no scheme; https assumed")
        }
        // https first: a client should prefer it when the API offers both.
        schemes.sort { ($0 == "https" ? 0 : 1) < ($1 == "https" ? 0 : 1) }
        return .sequence(schemes.map { .mapping([("url", .text("\($0)://\(host)\(basePath)", at: mark))], at: mark) }, at: mark)
    }

    // MARK: Components

    private func components() -> Node {
        var pairs: [(String, Node)] = []
        if let definitions = root["definitions"] {
            let pointer = JSONPointer(["definitions"])
            pairs.append(
                (
                    "schemas",
                    definitions.mappingValues { name, schema in
                        SwaggerSchema(notes: notes).convert(schema, at: pointer.appending(name))
                    }
                ))
        }
        if let parameters = root["parameters"], let entries = parameters.pairs {
            var plain: [(String, Node)] = []
            var bodies: [(String, Node)] = []
            for entry in entries {
                guard let name = entry.key.scalarText else { continue }
                let pointer = JSONPointer(["parameters", name])
                switch entry.value["in"]?.scalarText {
                case "body":
                    bodies.append((name, requestBody(from: [entry.value], consumes: consumes, at: pointer)))
                case "formData":
                    // Merged into each operation's form body where it is used.
                    continue
                default:
                    plain.append((name, SwaggerSchema(notes: notes).parameter(entry.value, at: pointer)))
                }
            }
            if !plain.isEmpty { pairs.append(("parameters", .mapping(plain, at: parameters.mark))) }
            if !bodies.isEmpty { pairs.append(("requestBodies", .mapping(bodies, at: parameters.mark))) }
        }
        if let responses = root["responses"] {
            pairs.append(
                (
                    "responses",
                    responses.mappingValues { name, response in
                        self.response(response, produces: produces, at: JSONPointer(["responses", name]))
                    }
                ))
        }
        if let schemes = root["securityDefinitions"] {
            pairs.append(
                (
                    "securitySchemes",
                    schemes.mappingValues { name, scheme in
                        securityScheme(scheme, at: JSONPointer(["securityDefinitions", name]))
                    }
                ))
        }
        return .mapping(pairs, at: root.mark)
    }

    private func securityScheme(_ scheme: Node, at pointer: JSONPointer) -> Node {
        let mark = scheme.mark
        let description = scheme["description"].map { [("description", $0)] } ?? []
        switch scheme["type"]?.scalarText {
        case "basic":
            return .mapping([("type", .text("http", at: mark)), ("scheme", .text("basic", at: mark))] + description, at: mark)
        case "oauth2":
            let flowName: String? =
                switch scheme["flow"]?.scalarText {
                case "implicit": "implicit"
                case "password": "password"
                case "application": "clientCredentials"
                case "accessCode": "authorizationCode"
                default: nil
                }
            guard let flowName else { return scheme }
            var flow: [(String, Node)] = []
            for key in ["authorizationUrl", "tokenUrl"] {
                if let value = scheme[key] { flow.append((key, value)) }
            }
            flow.append(("scopes", scheme["scopes"] ?? .mapping([], at: mark)))
            return .mapping(
                [("type", .text("oauth2", at: mark)), ("flows", .mapping([(flowName, .mapping(flow, at: mark))], at: mark))] + description,
                at: mark)
        default:
            return scheme
        }
    }

    // MARK: Paths

    private func paths() -> Node {
        var pairs: [(String, Node)] = []
        var seen: Set<String> = []
        for (section, entries) in [("paths", root["paths"]?.pairs ?? []), ("x-ms-paths", root["x-ms-paths"]?.pairs ?? [])] {
            for entry in entries {
                guard let rawPath = entry.key.scalarText else { continue }
                let pointer = JSONPointer([section, rawPath])
                var path = rawPath
                if section == "x-ms-paths" {
                    // AutoRest tells operations on one path apart by a query string in the key.
                    if let question = path.firstIndex(of: "?") {
                        path = String(path[..<question])
                        notes.note(pointer, "path", "read from x-ms-paths without its query string '\(rawPath[question...])'")
                    } else {
                        notes.note(pointer, "path", "read from x-ms-paths")
                    }
                }
                guard seen.insert(path).inserted else {
                    notes.warning(pointer, "path", "'\(path)' is declared twice; the first is kept")
                    continue
                }
                pairs.append((path, pathItem(entry.value, at: pointer)))
            }
        }
        return .mapping(pairs, at: root["paths"]?.mark ?? root.mark)
    }

    private func pathItem(_ item: Node, at pointer: JSONPointer) -> Node {
        let shared = item["parameters"]?.items ?? []
        var pairs: [(String, Node)] = []
        for key in item.keys {
            guard let value = item[key] else { continue }
            switch key {
            case "get", "put", "post", "delete", "options", "head", "patch":
                pairs.append((key, SwaggerOperation(converter: self, shared: shared).convert(value, at: pointer.appending(key))))
            case "parameters":
                // Non-body parameters stay on the path item; body and form ones join each operation's body.
                let plain = shared.enumerated().filter { !isBodyOrForm($0.element) }
                    .map {
                        SwaggerSchema(notes: notes).parameter(
                            resolvedReference($0.element), at: pointer.appending(["parameters", String($0.offset)]))
                    }
                if !plain.isEmpty { pairs.append((key, .sequence(plain, at: value.mark))) }
            default:
                pairs.append((key, value))
            }
        }
        return .mapping(pairs, at: item.mark)
    }

    // MARK: Shared pieces

    /// A `$ref` to a shared parameter becomes a `$ref` to components, for plain ones.
    func resolvedReference(_ parameter: Node) -> Node {
        guard let reference = parameter["$ref"]?.scalarText else { return parameter }
        return .mapping([("$ref", .text(SwaggerSchema.rewrite(reference), at: parameter.mark))], at: parameter.mark)
    }

    /// The shared parameter a `$ref` names, or the parameter itself.
    func dereferenced(_ parameter: Node) -> Node {
        guard let reference = parameter["$ref"]?.scalarText, reference.hasPrefix("#/parameters/") else { return parameter }
        return root.node(at: JSONPointer(parsing: reference)) ?? parameter
    }

    func isBodyOrForm(_ parameter: Node) -> Bool {
        ["body", "formData"].contains(dereferenced(parameter)["in"]?.scalarText ?? "")
    }

    /// A request body from `body` parameters (one, normally) and `formData` ones.
    func requestBody(from parameters: [Node], consumes: [String], at pointer: JSONPointer) -> Node {
        let mark = parameters.first?.mark ?? root.mark
        let schemas = SwaggerSchema(notes: notes)
        if let body = parameters.first(where: { $0["in"]?.scalarText == "body" }) {
            let types = consumes.isEmpty ? ["application/json"] : consumes
            let schema = schemas.convert(body["schema"] ?? .mapping([], at: mark), at: pointer.appending("schema"))
            var pairs: [(String, Node)] = []
            if let description = body["description"] { pairs.append(("description", description)) }
            pairs.append(("content", .mapping(types.map { ($0, .mapping([("schema", schema)], at: mark)) }, at: mark)))
            if body["required"]?.isTrue == true { pairs.append(("required", .plain("true", at: mark))) }
            return .mapping(pairs, at: mark)
        }
        // formData: one object schema whose properties are the parameters.
        var properties: [(String, Node)] = []
        var required: [Node] = []
        var binary = false
        for parameter in parameters {
            guard let name = parameter["name"]?.scalarText else { continue }
            if parameter["type"]?.scalarText == "file" { binary = true }
            properties.append((name, schemas.parameterSchema(parameter, at: pointer)))
            if parameter["required"]?.isTrue == true { required.append(.text(name, at: parameter.mark)) }
        }
        let type = consumes.contains("multipart/form-data") || binary ? "multipart/form-data" : "application/x-www-form-urlencoded"
        var schema: [(String, Node)] = [("type", .text("object", at: mark)), ("properties", .mapping(properties, at: mark))]
        if !required.isEmpty { schema.append(("required", .sequence(required, at: mark))) }
        return .mapping([("content", .mapping([(type, .mapping([("schema", .mapping(schema, at: mark))], at: mark))], at: mark))], at: mark)
    }

    /// A response with its schema and examples under the media types of `produces`,
    /// and its headers given a schema.
    func response(_ response: Node, produces: [String], at pointer: JSONPointer) -> Node {
        if let reference = response["$ref"]?.scalarText {
            return .mapping([("$ref", .text(SwaggerSchema.rewrite(reference), at: response.mark))], at: response.mark)
        }
        let mark = response.mark
        var pairs: [(String, Node)] = [("description", response["description"] ?? .text("", at: mark))]
        if let headers = response["headers"] {
            pairs.append(
                (
                    "headers",
                    headers.mappingValues { name, header in
                        var headerPairs: [(String, Node)] = []
                        if let description = header["description"] { headerPairs.append(("description", description)) }
                        headerPairs.append(
                            ("schema", SwaggerSchema(notes: notes).parameterSchema(header, at: pointer.appending(["headers", name]))))
                        return .mapping(headerPairs, at: header.mark)
                    }
                ))
        }
        let examples = response["examples"]
        if let schema = response["schema"] {
            let converted = SwaggerSchema(notes: notes).convert(schema, at: pointer.appending("schema"))
            var types = produces.isEmpty ? ["application/json"] : produces
            for type in examples?.keys ?? [] where !types.contains(type) { types.append(type) }
            pairs.append(
                (
                    "content",
                    .mapping(
                        types.map { type in
                            var media: [(String, Node)] = [("schema", converted)]
                            if let example = examples?[type] { media.append(("example", example)) }
                            return (type, .mapping(media, at: schema.mark))
                        }, at: schema.mark)
                ))
        } else if let examples, let entries = examples.pairs, !entries.isEmpty {
            pairs.append(
                (
                    "content",
                    .mapping(
                        entries.compactMap { entry in
                            entry.key.scalarText.map { ($0, .mapping([("example", entry.value)], at: entry.value.mark)) }
                        }, at: examples.mark)
                ))
        }
        for key in response.keys where key.hasPrefix("x-") {
            if let value = response[key] { pairs.append((key, value)) }
        }
        return .mapping(pairs, at: mark)
    }
}
