import Foundation
import OpenAPIKit
import PagegenCore

/// Request bodies, by media type: JSON of any type, `application/x-www-form-urlencoded`
/// (its lists written as the `encoding` says), `multipart/form-data` (binary
/// properties as files), and any other type as raw bytes or text.
extension EndpointImporter {
    /// How a media type is sent.
    enum BodyKind: Int, Comparable {
        case json, form, multipart, raw

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// A media type without its parameters, in lower case: `text/plain`.
    static func bareMediaType(_ mediaType: String) -> String {
        mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    }

    func readBody(into draft: inout EndpointDraft) throws(Skipped) {
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
        var choices: [(kind: BodyKind, mediaType: String, content: OpenAPI.Content)] = []
        for (key, value) in body.content {
            guard case .b(let content) = value else { continue }
            choices.append((bodyKind(key.rawValue, content.schema), Self.bareMediaType(key.rawValue), content))
        }
        guard let chosen = choices.enumerated().min(by: { ($0.element.kind, $0.offset) < ($1.element.kind, $1.offset) })?.element else {
            if !body.content.isEmpty { say(.warning, "the body's content is a reference, which OpenAPI does not allow there; left out") }
            return
        }
        let empty = choices.allSatisfy { choice in
            guard choice.kind != .raw else { return false }
            guard let schema = choice.content.schema else { return choice.kind != .json }
            let resolved = schemas.dereference(schema)
            guard let object = resolved.objectContext else { return false }
            if case .b = object.additionalProperties { return false }
            return object.properties.isEmpty && schemas.objectShape(of: schema, at: pointer) == nil
        }
        if empty {
            say(.note, "the body (\(choices.map(\.mediaType).joined(separator: ", "))) declares no fields; left out")
            return
        }
        if choices.count > 1 {
            say(.note, "the body may be \(choices.map(\.mediaType).joined(separator: ", ")); it is sent as \(chosen.mediaType)")
        }
        let contentPointer = pointer.appending(["content", chosen.mediaType, "schema"])
        let typeName = SpecWords.typeName(draft.endpoint.name) + "Body"
        var imported: ImportedBody
        switch chosen.kind {
        case .json:
            guard let schema = chosen.content.schema else {
                say(.note, "the JSON body declares no schema; it takes any JSON value")
                imported = ImportedBody(kind: .json(.named("JSON")))
                break
            }
            var type = schemas.type(of: schema, at: contentPointer, name: typeName)
            if case .enumeration = type.unwrapped { type = .named("String") }
            imported = ImportedBody(kind: .json(type.unwrapped))
            imported.isMergePatch = chosen.mediaType.lowercased().hasPrefix("application/merge-patch+json")
            draft.bodySchema = schema
        case .form, .multipart:
            let kind = chosen.kind == .form ? "form" : "multipart"
            guard let schema = chosen.content.schema,
                case .named(let model) = schemas.type(of: schema, at: contentPointer, name: typeName).unwrapped,
                schemas.model(named: model) != nil
            else {
                let message = "the \(chosen.mediaType) body is not an object with properties, which a \(kind) body is in the spec language"
                if body.required { throw Skipped(reason: message) }
                say(.warning, message + "; left out")
                return
            }
            if chosen.kind == .form {
                imported = ImportedBody(kind: .form(model, arrays: formArrays(of: schema, encoding: chosen.content.encodingMap, say: say)))
            } else {
                schemas.markMultipart(model)
                imported = ImportedBody(kind: .multipart(model))
            }
        case .raw:
            imported = ImportedBody(kind: .raw(chosen.mediaType))
        }
        if draft.endpoint.method == "HEAD" {
            let message = "a HEAD with a body, which the spec language does not send"
            if body.required { throw Skipped(reason: message) }
            say(.warning, message + "; left out")
            return
        }
        if draft.endpoint.method == "GET" {
            say(.warning, "a GET with a body: Foundation's URLSession refuses to send one on Apple platforms")
        }
        imported.optional = !body.required
        draft.endpoint.body = imported
    }

    /// How a media type of a body is sent: JSON (also `*/*` with a schema that is not
    /// bytes), a form, multipart, or raw.
    private func bodyKind(_ mediaType: String, _ schema: JSONSchema?) -> BodyKind {
        let type = Self.bareMediaType(mediaType)
        if type == "application/x-www-form-urlencoded" { return .form }
        if type == "multipart/form-data" { return .multipart }
        if type == "application/json" || type.hasSuffix("+json") || type == "text/json" { return .json }
        if type == "*/*" || type == "application/*", let schema {
            let resolved = schemas.dereference(schema)
            if resolved.jsonType == .object || resolved.jsonType == .array { return .json }
        }
        return .raw
    }

    /// The `arrays:` of a form body: how the lists among its properties are written, by
    /// their `encoding` (OpenAPI's default for a form is `style: form, explode: true`,
    /// one item per value); nil for `indexed`, the spec language's default.
    private func formArrays(
        of schema: JSONSchema, encoding: OrderedDictionary<String, OpenAPI.Content.Encoding>?,
        say: (ImportNote.Severity, String) -> Void
    ) -> String? {
        guard let shape = schemas.objectShape(of: schema, at: JSONPointer()) else { return nil }
        var styles: [(property: String, style: String)] = []
        for property in shape.properties {
            let resolved = schemas.dereference(property.schema)
            let isList = resolved.jsonType == .array || alternativesHoldList(resolved)
            guard isList else { continue }
            let style: String
            let propertyEncoding = encoding?[property.name]
            switch (propertyEncoding?.style ?? .form, propertyEncoding?.explode ?? true) {
            case (.deepObject, _):
                let element = resolved.arrayContext?.items.map { schemas.dereference($0) }
                let ofScalars = element.map { $0.jsonType != .object && $0.jsonType != .array } ?? false
                style = ofScalars && bracketNames.place(of: property.name) != nil ? "brackets" : "indexed"
            case (.form, true): style = "repeated"
            case (.form, false): style = "commaSeparated"
            default: style = "repeated"
            }
            styles.append((property.name, style))
        }
        if styles.contains(where: { $0.style == "brackets" }), styles.contains(where: { $0.style == "indexed" }) {
            // A list of objects needs its indices (`items[0][price]=`): every list takes them.
            let shown = styles.filter { $0.style == "brackets" }.map { "'\($0.property)'" }
            say(
                .note,
                "the body's lists are sent with indices (name[0]=), as its lists of objects need, also \(SchemaImporter.list(shown)), which the document shows as name[]="
            )
            styles = styles.map { ($0.property, $0.style == "brackets" ? "indexed" : $0.style) }
        }
        guard let first = styles.first else { return nil }
        let others = styles.filter { $0.style != first.style }
        if !others.isEmpty {
            // One body writes its lists one way: the way most of them go.
            let counts = Dictionary(grouping: styles, by: \.style).mapValues(\.count)
            let chosen = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
            let apart = styles.filter { $0.style != chosen }.map { "'\($0.property)' (\($0.style))" }
            say(
                .warning,
                "the body's lists are written \(chosen), as most of its encodings say; not as the document says for \(SchemaImporter.list(apart))"
            )
            return chosen == "indexed" ? nil : chosen
        }
        if first.style == "brackets" {
            say(.note, "the body's lists are sent as 'name[]=' as the document shows for '\(first.property)'")
        }
        return first.style == "indexed" ? nil : first.style
    }

    private func alternativesHoldList(_ schema: JSONSchema) -> Bool {
        switch schema.value {
        case .one(let list, _), .any(let list, _):
            return list.contains { schemas.dereference($0).jsonType == .array }
        default: return false
        }
    }
}
