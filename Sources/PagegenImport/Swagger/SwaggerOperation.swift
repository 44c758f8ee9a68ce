import PagegenYAML

/// One Swagger 2.0 operation as OpenAPI 3.0: plain parameters converted, `body` and
/// `formData` parameters (its own and its path item's) gathered into a request body,
/// responses given the media types the operation produces.
struct SwaggerOperation {
    let converter: SwaggerConverter
    /// The path item's parameters, which apply to every operation on the path.
    let shared: [Node]

    func convert(_ operation: Node, at pointer: JSONPointer) -> Node {
        let root = converter.root
        let consumes =
            operation["consumes"]?.items?.compactMap(\.scalarText)
            ?? root["consumes"]?.items?.compactMap(\.scalarText) ?? []
        let produces =
            operation["produces"]?.items?.compactMap(\.scalarText)
            ?? root["produces"]?.items?.compactMap(\.scalarText) ?? []
        let own = operation["parameters"]?.items ?? []
        var plain: [Node] = []
        var body: [Node] = []
        for (index, parameter) in own.enumerated() {
            if converter.isBodyOrForm(parameter) {
                body.append(converter.dereferenced(parameter))
            } else {
                plain.append(
                    SwaggerSchema(notes: converter.notes).parameter(
                        converter.resolvedReference(parameter), at: pointer.appending(["parameters", String(index)])))
            }
        }
        // The path item's body and form parameters, unless the operation declares its own.
        for parameter in shared where converter.isBodyOrForm(parameter) {
            let resolved = converter.dereferenced(parameter)
            if !body.contains(where: { $0["name"]?.scalarText == resolved["name"]?.scalarText }) { body.append(resolved) }
        }
        var pairs: [(String, Node)] = []
        for key in operation.keys {
            guard let value = operation[key] else { continue }
            switch key {
            case "consumes", "produces":
                continue
            case "schemes":
                // Swagger 2.0 lets an operation name its own schemes; OpenAPI 3 has none, and
                // the document's servers already serve it (with https first).
                let own = value.items?.compactMap(\.scalarText) ?? []
                let documents = root["schemes"]?.items?.compactMap(\.scalarText) ?? ["https"]
                if Set(own) != Set(documents) {
                    converter.notes.note(
                        pointer.appending(key), "server",
                        "the operation's schemes (\(own.joined(separator: ", "))) are left out: OpenAPI 3 has no such key, and requests go to the baseURL's scheme"
                    )
                }
                continue
            case "parameters":
                if !plain.isEmpty { pairs.append((key, .sequence(plain, at: value.mark))) }
                if !body.isEmpty {
                    let bodyPointer = pointer.appending(["parameters", String(own.firstIndex { converter.isBodyOrForm($0) } ?? 0)])
                    pairs.append(("requestBody", converter.requestBody(from: body, consumes: consumes, at: bodyPointer)))
                }
            case "responses":
                pairs.append(
                    (
                        key,
                        value.mappingValues { status, response in
                            converter.response(response, produces: produces, at: pointer.appending(["responses", status]))
                        }
                    ))
            default:
                pairs.append((key, value))
            }
        }
        if operation["parameters"] == nil, !body.isEmpty {
            pairs.append(("requestBody", converter.requestBody(from: body, consumes: consumes, at: pointer)))
        }
        return .mapping(pairs, at: operation.mark)
    }
}
