import Foundation
import OpenAPIKit
import PagegenCore
import PagegenYAML

/// The success response, by media type: JSON of its schema, `text/*` as text, any
/// other type as bytes, and no content as nothing.
extension EndpointImporter {
    func readResponse(into draft: inout EndpointDraft) {
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
        if success == nil, let redirect = op.responses.first(where: { ["301", "302", "303", "307", "308"].contains($0.key.rawValue) }) {
            // GitHub's downloads answer 302 with the file's location, which the client follows.
            let message = "the response is a redirect (\(redirect.key.rawValue)), which the client follows; returns the bytes it leads to"
            draft.endpoint.response = .binary("*/*")
            draft.endpoint.comments.append("returns: " + message)
            notes.note(pointer.appending(redirect.key.rawValue), "response", message)
            return
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
        func nothing(_ message: String) {
            draft.endpoint.response = .nothing
            draft.endpoint.comments.append("returns: " + message)
            notes.note(responsePointer, "response", message)
        }
        if status == "204" || status == "205" {
            draft.endpoint.response = .nothing
            return
        }
        if draft.operation.method == "HEAD" {
            draft.endpoint.response = .nothing
            return
        }
        let contents = response.content.compactMap { key, value -> (String, OpenAPI.Content)? in
            guard case .b(let content) = value else { return nil }
            return (key.rawValue, content)
        }
        guard !contents.isEmpty else {
            nothing("the \(status) response has no body; returns nothing")
            return
        }
        let json = contents.first { Self.isJSON($0.0) && !(Self.isWildcard($0.0) && $0.1.schema.map(schemas.isBinary) == true) }
        guard let (mediaType, content) = json else {
            let (mediaType, _) = contents.first { Self.bareMediaType($0.0).hasPrefix("text/") } ?? contents[0]
            let bare = Self.bareMediaType(mediaType)
            if bare.hasPrefix("text/") {
                draft.endpoint.response = .text(bare)
                if bare == "text/event-stream" {
                    let message =
                        "the \(status) response is a stream of events (text/event-stream): it is read whole, as text, when it ends"
                    draft.endpoint.comments.append("returns: " + message)
                    notes.note(responsePointer, "response", message)
                }
            } else {
                draft.endpoint.response = .binary(bare)
            }
            return
        }
        let contentPointer = responsePointer.appending(["content", mediaType])
        let name = SpecWords.typeName(draft.endpoint.name) + "Response"
        if let schema = content.schema {
            draft.responseSchema = schema
            draft.endpoint.returns = Self.responseType(schemas.type(of: schema, at: contentPointer.appending("schema"), name: name))
            draft.responseExample = exampleNode(at: contentPointer)
        } else if let example = exampleNode(at: contentPointer) {
            let schema = ExampleSchema.schema(for: example.node)
            draft.responseSchema = schema
            draft.endpoint.returns = Self.responseType(schemas.type(of: schema, at: example.pointer, name: name))
            let message = "the response declares no schema; its shape is read from the example '\(example.name)', every field optional"
            draft.endpoint.comments.append("returns: " + message)
            notes.warning(example.pointer, "response", message)
        } else {
            nothing("the \(status) response (\(Self.bareMediaType(mediaType))) declares no schema; returns nothing")
        }
    }

    static func isJSON(_ mediaType: String) -> Bool {
        let type = bareMediaType(mediaType)
        return type == "application/json" || type.hasSuffix("+json") || isWildcard(type) || type == "text/json"
    }

    static func isWildcard(_ mediaType: String) -> Bool {
        let type = bareMediaType(mediaType)
        return type == "*/*" || type == "application/*"
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
}
