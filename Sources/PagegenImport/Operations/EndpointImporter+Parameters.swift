import Foundation
import OpenAPIKit
import PagegenCore

/// Parameters: path, query and header, the path item's and the operation's, in the
/// style the document sends them (`form` with or without `explode`, `deepObject`,
/// `spaceDelimited`, `pipeDelimited`).
extension EndpointImporter {
    func parameters(of operation: ImportedOperation, endpointName: String) -> [ParameterDraft] {
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
        let typeName = SpecWords.typeName(endpointName)
        var drafts = entries.map { parameter($0.0, at: $0.1, typeName: typeName) }
        // A parameter the path holds (`{job_identifier}`) but the document declares in the
        // query or a header is the path's: a request could not be sent without it there.
        for name in Self.pathTemplateNames(operation.path) where !drafts.contains(where: { $0.location == .path && $0.name == name }) {
            guard let index = drafts.firstIndex(where: { $0.name == name && ($0.location == .query || $0.location == .header) }) else {
                continue
            }
            let declared = drafts[index].location.rawValue
            drafts[index].location = .path
            drafts[index].required = true
            if let type = drafts[index].imported?.type { drafts[index].imported?.type = type.unwrapped }
            let message = "'\(name)' is declared in the \(declared), and the path holds {\(name)}: it is read as a path parameter"
            notes.note(drafts[index].pointer, "parameter", message)
            drafts[index].comments.append("parameter: " + message)
        }
        return drafts
    }

    /// The names of a path template's parameters: `/jobs/{id}/runs/{run}` → id, run.
    static func pathTemplateNames(_ path: String) -> [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    private func parameter(_ parameter: OpenAPI.Parameter, at pointer: JSONPointer, typeName: String) -> ParameterDraft {
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
        case .b(let content):
            // A value encoded as a media type (JSON in the query, Mistral's `metadata`):
            // the client sends the text the caller encoded.
            let types = content.keys.map(\.rawValue).joined(separator: ", ")
            guard content.keys.contains(where: { Self.isJSON($0.rawValue) || Self.bareMediaType($0.rawValue).hasPrefix("text/") }) else {
                say(.warning, "'\(parameter.name)' is described by content (\(types)), which the spec language does not send; left out")
                return draft
            }
            say(.note, "'\(parameter.name)' is a value written as \(types): it is a String, the text the caller encodes")
            draft.imported = ImportedParameter(
                name: parameter.name, type: draft.required ? .named("String") : .optional(.named("String")),
                description: parameter.description, deprecated: parameter.deprecated)
            return draft
        }
        let schema: JSONSchema =
            switch schemaContext.schema {
            case .a(let reference): .reference(reference.jsonReference)
            case .b(let value): value
            }
        draft.schema = schema
        let resolved = schemas.dereference(schema)
        // GitHub describes many a parameter as "owner parameter", which says nothing.
        let description = parameter.description.flatMap { $0.lowercased() == "\(parameter.name.lowercased()) parameter" ? nil : $0 }
        var imported = ImportedParameter(
            name: parameter.name, type: .named("String"), description: description,
            deprecated: parameter.deprecated || resolved.deprecated)
        var type: TypeReference
        let style = schemaContext.style
        if let object = schemas.objectAlternative(of: schema, at: pointer.appending("schema")) {
            // An object: a model (or a map) sent as `name[key]=value` or as `key=value`.
            guard location == .query, style == .deepObject || style == .form else {
                say(
                    .warning,
                    "'\(parameter.name)' is an object sent in the \(style) style, which the spec language sends only in the query, as deepObject or form; left out"
                )
                return draft
            }
            if let other = object.others {
                say(.note, "'\(parameter.name)' is \(other); it is sent as the object")
            }
            type = schemas.type(of: object.schema, at: object.pointer, name: typeName + SpecWords.typeName(parameter.name))
            switch type.unwrapped {
            case .named(let model) where schemas.model(named: model) != nil: break
            case .map(let value) where EndpointImporter.canSend(value): break
            case .named("JSON"), .map(.named("JSON")), .map(.optional(.named("JSON"))):
                // Keys the document does not name, values of any type: on the wire, text.
                say(
                    .note,
                    "'\(parameter.name)' is an object whose properties are not declared; it is sent as a map of text ({ map: String })")
                type = .map(.named("String"))
            default:
                say(.warning, "'\(parameter.name)' is an object whose properties are not declared (\(type)); left out")
                return draft
            }
            type = type.unwrapped
            imported.style = style == .deepObject ? "deepObject" : "form"
            imported.explode = style == .form && schemaContext.explode
            if style == .form, !schemaContext.explode {
                say(
                    .note, "'\(parameter.name)' is an object sent as one comma-separated list of its keys and values (form, explode: false)"
                )
            }
        } else {
            var typeNote: String?
            (type, typeNote) = schemas.parameterType(of: schema, at: pointer.appending("schema"))
            if !Self.canSend(type) {
                say(.warning, "'\(parameter.name)' has no type the spec language sends as a parameter (\(type)); left out")
                return draft
            }
            if let typeNote { draft.comments.append("parameter: \(parameter.name): \(typeNote)") }
            if case .named("JSON") = type.unwrapped {
                // A value of any type (`{}`, `oneOf` of scalars): its text.
                say(.note, "'\(parameter.name)' takes a value of any type; it is sent as text (String)")
                type = .named("String")
            }
            if type.arrayElement != nil {
                switch (location, style) {
                case (.query, .form):
                    imported.explode = schemaContext.explode
                case (.query, .deepObject):
                    imported.style = "deepObject"
                    if let shown = bracketNames.place(of: parameter.name) {
                        imported.arrays = "brackets"
                        say(
                            .note,
                            "'\(parameter.name)' is a deepObject list sent as '\(parameter.name)[]=' as the document shows at \(shown)")
                    }
                case (.query, .spaceDelimited): imported.style = "spaceDelimited"
                case (.query, .pipeDelimited): imported.style = "pipeDelimited"
                case (.header, .simple) where schemaContext.explode:
                    say(.note, "'\(parameter.name)' is a list sent comma-separated, as a header's list always is")
                case (.path, .simple), (.header, .simple): break
                default:
                    say(
                        .note,
                        "'\(parameter.name)' is a list in the \(style) style, which the spec language does not write; sent comma-separated")
                }
            } else if location == .path, style != .simple {
                say(
                    .note,
                    "'\(parameter.name)' is in the \(style) style, which the spec language does not write in a path; sent as its value")
            }
        }
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
}
