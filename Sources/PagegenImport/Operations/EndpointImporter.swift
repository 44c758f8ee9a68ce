import Foundation
import OpenAPIKit
import PagegenCore
import PagegenYAML

/// Translates one operation into an endpoint: its parameters, its request body and
/// its response. Paging is added afterwards by ``PagingImporter``.
struct EndpointImporter {
    let document: OpenAPI.Document
    let schemas: SchemaImporter
    let notes: NoteWriter
    let source: DocumentSource
    /// The spec's `baseURL`: an operation that names the same server needs no word.
    var baseURL: String = ""

    /// Why an operation is not imported.
    struct Skipped: Error {
        var reason: String
    }

    /// The methods a spec can declare.
    static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE"]

    func draft(_ operation: ImportedOperation, name: String) throws(Skipped) -> EndpointDraft {
        let op = operation.operation
        guard Self.methods.contains(operation.method) else {
            throw Skipped(reason: "the spec language declares GET, POST, PUT, PATCH and DELETE endpoints, not \(operation.method)")
        }
        var endpoint = ImportedEndpoint(
            name: name, summary: Self.summary(op.summary ?? op.description), method: operation.method, path: operation.path,
            returns: .named("JSON"), pointer: operation.pointer)
        if let servers = op.servers ?? operation.pathItem.servers, let server = servers.first,
            ServerImporter.trimmed(server.urlTemplate.rawValue) != baseURL
        {
            let message = "the operation names its own server, \(server.urlTemplate.rawValue); the spec has one baseURL for every endpoint"
            notes.warning(operation.pointer, "endpoint", message)
            endpoint.comments.append("endpoint: " + message)
        }
        if !op.callbacks.isEmpty {
            let message = "its callbacks (\(op.callbacks.keys.joined(separator: ", "))) are not translated: a client does not receive them"
            notes.note(operation.pointer, "endpoint", message)
            endpoint.comments.append("endpoint: " + message)
        }
        if op.deprecated {
            endpoint.comments.append("deprecated: the document marks this operation deprecated")
            notes.note(operation.pointer, "endpoint", "the document marks this operation deprecated; imported all the same")
        }
        var draft = EndpointDraft(endpoint: endpoint, operation: operation)
        draft.parameters = parameters(of: operation)
        for parameter in draft.parameters {
            draft.endpoint.comments += parameter.comments
            guard var imported = parameter.imported else { continue }
            switch parameter.location {
            case .path:
                imported.type = imported.type.unwrapped
                imported.defaultValue = nil
                draft.endpoint.pathParameters.append(imported)
            case .query: draft.endpoint.query.append(imported)
            case .header: draft.endpoint.header.append(imported)
            case .cookie: break
            }
        }
        try readBody(into: &draft)
        readResponse(into: &draft)
        return draft
    }

    // MARK: Parameters

    private func parameters(of operation: ImportedOperation) -> [ParameterDraft] {
        var entries: [(OpenAPI.Parameter, JSONPointer)] = []
        func add(_ list: OpenAPI.Parameter.Array, at base: JSONPointer) {
            for (index, either) in list.enumerated() {
                let pointer: JSONPointer
                let parameter: OpenAPI.Parameter?
                switch either {
                case .a(let reference):
                    parameter = document.components[reference]
                    pointer = reference.name.map { JSONPointer(["components", "parameters", $0]) } ?? base.appending(String(index))
                case .b(let value):
                    parameter = value
                    pointer = base.appending(String(index))
                }
                guard let parameter else {
                    notes.warning(base.appending(String(index)), "parameter", "a reference that leads to no parameter; left out")
                    continue
                }
                if let existing = entries.firstIndex(where: { $0.0.name == parameter.name && $0.0.location == parameter.location }) {
                    entries[existing] = (parameter, pointer)
                } else {
                    entries.append((parameter, pointer))
                }
            }
        }
        let pathPointer = JSONPointer(operation.pointer.tokens.dropLast())
        add(operation.pathItem.parameters, at: pathPointer.appending("parameters"))
        add(operation.operation.parameters, at: operation.pointer.appending("parameters"))
        return entries.map { parameter($0.0, at: $0.1) }
    }

    private func parameter(_ parameter: OpenAPI.Parameter, at pointer: JSONPointer) -> ParameterDraft {
        let location: ParameterDraft.Location
        switch parameter.location {
        case .path: location = .path
        case .query: location = .query
        case .header: location = .header
        default: location = .cookie
        }
        var draft = ParameterDraft(
            name: parameter.name, location: location, required: parameter.required || location == .path,
            deprecated: parameter.deprecated, description: parameter.description, pointer: pointer)
        func say(_ severity: ImportNote.Severity, _ message: String) {
            notes.add(severity, pointer, "parameter", message)
            draft.comments.append("parameter: " + message)
        }
        guard location != .cookie else {
            say(.warning, "'\(parameter.name)' is a cookie, which the spec language does not send; left out")
            return draft
        }
        if location == .header, ["accept", "content-type", "authorization"].contains(parameter.name.lowercased()) {
            say(.note, "the header '\(parameter.name)' is left out: the client sets it")
            return draft
        }
        let schemaContext: OpenAPI.Parameter.SchemaContext
        switch parameter.schemaOrContent {
        case .a(let context):
            schemaContext = context
        case .b:
            say(
                .warning,
                "'\(parameter.name)' is described by content (a JSON value in a parameter), which the spec language does not send; left out"
            )
            return draft
        }
        let schema: JSONSchema =
            switch schemaContext.schema {
            case .a(let reference): .reference(reference.jsonReference)
            case .b(let value): value
            }
        draft.schema = schema
        let resolved = schemas.dereference(schema)
        if schemaContext.style == .deepObject {
            say(
                .warning,
                "'\(parameter.name)' is sent in the deepObject style (name[key]=value), which the spec language does not write; left out")
            return draft
        }
        if resolved.jsonType == .object {
            say(.warning, "'\(parameter.name)' is an object, which the spec language does not send as a parameter; left out")
            return draft
        }
        var (type, typeNote) = schemas.parameterType(of: schema, at: pointer.appending("schema"))
        if !Self.canSend(type) {
            say(.warning, "'\(parameter.name)' is an object, which the spec language does not send as a parameter; left out")
            return draft
        }
        if let typeNote { draft.comments.append("parameter: \(parameter.name): \(typeNote)") }
        if case .named("JSON") = type.unwrapped {
            say(.warning, "'\(parameter.name)' has no type the spec language can send; read as String")
            type = .named("String")
        }
        if type.arrayElement != nil, schemaContext.explode, location == .query {
            say(.note, "'\(parameter.name)' is a list sent comma-separated (the document says one query item per value: explode)")
        }
        var imported = ImportedParameter(
            name: parameter.name, type: type, description: parameter.description,
            deprecated: parameter.deprecated || resolved.deprecated)
        if let integer = resolved.integerContext {
            imported.minimum = integer.minimum.map { Double($0.value + ($0.exclusive ? 1 : 0)) }
            imported.maximum = integer.maximum.map { Double($0.value - ($0.exclusive ? 1 : 0)) }
        } else if let number = resolved.numberContext {
            imported.minimum = number.minimum.map { $0.exclusive ? ($0.value.rounded(.down) + 1) : $0.value }
            imported.maximum = number.maximum.map { $0.exclusive ? ($0.value.rounded(.up) - 1) : $0.value }
        }
        imported.example = (schemaContext.example ?? resolved.examples.first).flatMap(Self.scalarText)
        imported.documentDefault = resolved.defaultValue.flatMap(Self.scalarText)
        if draft.required {
            // A required parameter with a default needs no argument; an optional one is
            // left out of the request when nil, so the server's default applies.
            if let value = imported.documentDefault, Self.fits(value, type) { imported.defaultValue = value }
        } else {
            type = type.optional
        }
        imported.type = type
        draft.imported = imported
        return draft
    }

    /// Whether a parameter of `type` can be sent: a built-in type (`JSON` is read as
    /// text), an enum, or a list of them; not a model or a map.
    static func canSend(_ type: TypeReference) -> Bool {
        switch type {
        case .optional(let wrapped), .array(let wrapped): canSend(wrapped)
        case .named(let name): TypeReference.builtins.contains(name)
        case .enumeration: true
        case .map: false
        }
    }

    /// Whether `value` is a valid default for a parameter of `type`.
    static func fits(_ value: String, _ type: TypeReference) -> Bool {
        switch type.unwrapped {
        case .named("Int"), .named("Int64"): Int64(value) != nil
        case .named("Double"): Double(value) != nil
        case .named("Bool"): value == "true" || value == "false"
        case .named("String"): !value.isEmpty
        case .enumeration(let cases): cases.contains(value)
        default: false
        }
    }

    /// A scalar example or default as text.
    static func scalarText(_ value: AnyCodable) -> String? {
        switch value.value {
        case let text as String: text
        case let bool as Bool: bool ? "true" : "false"
        case let int as Int: String(int)
        case let double as Double: double.rounded() == double && abs(double) < 1e15 ? String(Int(double)) : String(double)
        default: nil
        }
    }

    // MARK: Body

    private func readBody(into draft: inout EndpointDraft) throws(Skipped) {
        guard let either = draft.operation.operation.requestBody else { return }
        let pointer = draft.operation.pointer.appending("requestBody")
        func say(_ severity: ImportNote.Severity, _ message: String) {
            notes.add(severity, pointer, "body", message)
            draft.endpoint.comments.append("body: " + message)
        }
        guard let body = document.components[either] else {
            say(.warning, "a reference that leads to no request body; left out")
            return
        }
        let json = body.content.first { Self.isJSON($0.key.rawValue) }
        guard let json, case .b(let content) = json.value, let schema = content.schema else {
            let types = body.content.keys.map(\.rawValue)
            let empty = body.content.values.allSatisfy { either in
                guard case .b(let content) = either, let schema = content.schema else { return true }
                return schema.objectContext?.properties.isEmpty ?? false
            }
            if empty {
                say(.note, "the body (\(types.joined(separator: ", "))) declares no fields; left out")
                return
            }
            let message = "the body is \(types.joined(separator: ", ")), which the spec language does not send (it sends JSON)"
            if body.required { throw Skipped(reason: message) }
            say(.warning, message + "; left out")
            return
        }
        let contentPointer = pointer.appending(["content", json.key.rawValue, "schema"])
        let type = schemas.type(of: schema, at: contentPointer, name: SpecWords.typeName(draft.endpoint.name) + "Body")
        guard case .named(let model) = type, schemas.model(named: model) != nil else {
            let message = "the body is \(type), and the spec language sends a model"
            if body.required { throw Skipped(reason: message) }
            say(.warning, message + "; left out")
            return
        }
        if draft.endpoint.method == "GET" {
            say(.warning, "a GET with a body: Foundation's URLSession refuses to send one on Apple platforms")
        }
        draft.endpoint.body = model
        draft.bodySchema = schema
    }

    static func isJSON(_ mediaType: String) -> Bool {
        let type = mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return type == "application/json" || type.hasSuffix("+json") || type == "*/*" || type == "application/*"
            || type == "text/json"
    }

    // MARK: Response

    private func readResponse(into draft: inout EndpointDraft) {
        let op = draft.operation.operation
        let pointer = draft.operation.pointer.appending("responses")
        let preferred = ["200", "201", "202", "203", "206", "2XX"]
        let success =
            preferred.lazy.compactMap { code in op.responses.first { $0.key.rawValue.uppercased() == code } }.first
            ?? op.responses.first { $0.key.isSuccess }
        if let error = op.responses.first(where: { $0.key.rawValue == "default" || $0.key.rawValue.hasPrefix("4") }),
            let response = document.components[error.value],
            let content = response.content.first(where: { Self.isJSON($0.key.rawValue) }), case .b(let media) = content.value
        {
            draft.errorSchema = media.schema
        }
        guard let success else {
            draft.endpoint.comments.append("returns: the document declares no success response; read as optional JSON")
            notes.warning(pointer, "response", "no success response; returns optional JSON")
            draft.endpoint.returns = .optional(.named("JSON"))
            return
        }
        let status = success.key.rawValue
        draft.responseStatus = status
        let responsePointer: JSONPointer
        switch success.value {
        case .a(let reference):
            responsePointer = reference.name.map { JSONPointer(["components", "responses", $0]) } ?? pointer.appending(status)
        case .b: responsePointer = pointer.appending(status)
        }
        guard let response = document.components[success.value] else {
            notes.warning(pointer.appending(status), "response", "a reference that leads to no response; returns JSON")
            return
        }
        draft.responseHeaders = response.headers.map { Array($0.keys) } ?? []
        if let link = response.headers?.first(where: { $0.key.lowercased() == "link" }), let header = document.components[link.value] {
            var texts = [header.description ?? ""]
            if case .a(let context) = header.schemaOrContent, let example = context.example?.value as? String { texts.append(example) }
            draft.linkHeaderText = texts.joined(separator: " ")
        }
        guard let json = response.content.first(where: { Self.isJSON($0.key.rawValue) }), case .b(let content) = json.value else {
            if response.content.isEmpty {
                draft.endpoint.returns = .optional(.named("JSON"))
                draft.endpoint.comments.append("returns: the \(status) response has no body; read as optional JSON")
                notes.note(responsePointer, "response", "the \(status) response has no body; returns optional JSON")
            } else {
                let types = response.content.keys.map(\.rawValue).joined(separator: ", ")
                draft.endpoint.comments.append("returns: the response is \(types), read as JSON")
                notes.warning(responsePointer, "response", "the response is \(types), not JSON; returns JSON")
            }
            return
        }
        let contentPointer = responsePointer.appending(["content", json.key.rawValue])
        let name = SpecWords.typeName(draft.endpoint.name) + "Response"
        if let schema = content.schema {
            draft.responseSchema = schema
            draft.endpoint.returns = Self.responseType(schemas.type(of: schema, at: contentPointer.appending("schema"), name: name))
        } else if let example = exampleNode(at: contentPointer) {
            let schema = ExampleSchema.schema(for: example.node)
            draft.responseSchema = schema
            draft.endpoint.returns = Self.responseType(schemas.type(of: schema, at: example.pointer, name: name))
            let message = "the response declares no schema; its shape is read from the example '\(example.name)', every field optional"
            draft.endpoint.comments.append("returns: " + message)
            notes.warning(example.pointer, "response", message)
        } else {
            draft.endpoint.comments.append("returns: the response declares no schema; read as JSON")
            notes.warning(contentPointer, "response", "the response declares no schema; returns JSON")
        }
    }

    /// A type a response can be: an enum has no name to return by, so a response that
    /// is one string of a set is `String`.
    static func responseType(_ type: TypeReference) -> TypeReference {
        if case .enumeration = type.unwrapped { return type.isOptional ? .optional(.named("String")) : .named("String") }
        return type
    }

    /// The first example of a media type, as written in the document.
    private func exampleNode(at pointer: JSONPointer) -> (node: Node, pointer: JSONPointer, name: String)? {
        guard let media = source.root.node(at: pointer) else { return nil }
        if let example = media["example"] {
            let here = pointer.appending("example")
            // Jira writes its examples as JSON inside a string.
            if let text = example.scalarText, example.pairs == nil, let parsed = try? SourceFile.parse(text, name: "").root {
                return (parsed, here, "example")
            }
            return (example, here, "example")
        }
        if let examples = media["examples"]?.pairs, let first = examples.first, let name = first.key.scalarText {
            let here = pointer.appending(["examples", name, "value"])
            if let value = first.value["value"] { return (value, here, name) }
        }
        return nil
    }

    // MARK: Text

    /// A one-line summary: the first sentence of a description, without Markdown links.
    static func summary(_ text: String?) -> String? {
        guard let text else { return nil }
        var line = text.components(separatedBy: "\n\n").first ?? text
        line = line.replacingOccurrences(of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
        line = line.replacingOccurrences(of: #"</?[A-Za-z][^>]*>"#, with: "", options: .regularExpression)
        line = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if line.count > 160, let end = line.range(of: ". ") {
            line = String(line[..<end.lowerBound]) + "."
        }
        if line.count > 200 { line = String(line.prefix(197)) + "…" }
        return line.isEmpty ? nil : line
    }
}
