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
    /// The named servers the operations send to, declared as they are met.
    var servers = ServerNames()
    /// The names the document shows sent with empty brackets (`expand[]=`).
    var bracketNames = BracketEvidence()

    /// Why an operation is not imported.
    struct Skipped: Error {
        var reason: String
    }

    /// The methods a spec can declare.
    static let methods: Set<String> = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    func draft(_ operation: ImportedOperation, name: String) throws(Skipped) -> EndpointDraft {
        let op = operation.operation
        guard Self.methods.contains(operation.method) else {
            throw Skipped(
                reason: "the spec language declares GET, POST, PUT, PATCH, DELETE, HEAD and OPTIONS endpoints, not \(operation.method)")
        }
        let summary = Self.summary(op.summary ?? op.description)
        var endpoint = ImportedEndpoint(
            name: name, summary: summary, description: Self.description(op.description, after: summary),
            deprecated: op.deprecated, method: operation.method, path: operation.path, returns: .named("JSON"),
            pointer: operation.pointer)
        if let declared = op.servers ?? operation.pathItem.servers, let server = declared.first {
            let pointer =
                op.servers != nil
                ? operation.pointer.appending(["servers", "0"]) : JSONPointer(operation.pointer.tokens.dropLast() + ["servers", "0"])
            let (url, comments) = ServerImporter.url(of: server, at: pointer, notes: notes)
            if url != baseURL {
                if let parsed = URL(string: url), parsed.scheme != nil, parsed.host != nil {
                    endpoint.server = servers.name(for: url, at: pointer, notes: notes)
                    endpoint.comments += comments.map { "server: " + $0 }
                    if declared.count > 1 {
                        let message = "the first of the operation's \(declared.count) servers"
                        notes.note(pointer, "server", message)
                        endpoint.comments.append("server: " + message)
                    }
                } else {
                    let message = "the operation's server '\(url)' has no scheme and host; it is sent to the baseURL"
                    notes.warning(pointer, "server", message)
                    endpoint.comments.append("server: " + message)
                }
            }
        }
        if !op.callbacks.isEmpty {
            let message = "its callbacks (\(op.callbacks.keys.joined(separator: ", "))) are not translated: a client does not receive them"
            notes.note(operation.pointer, "endpoint", message)
            endpoint.comments.append("endpoint: " + message)
        }
        var draft = EndpointDraft(endpoint: endpoint, operation: operation)
        draft.parameters = parameters(of: operation, endpointName: name)
        for parameter in draft.parameters {
            draft.endpoint.comments += parameter.comments
            guard var imported = parameter.imported else {
                // The path cannot do without it: the caller gives its text.
                if parameter.location == .path, operation.path.contains("{\(parameter.name)}") {
                    let message = "the path parameter '\(parameter.name)' is sent as the text the caller gives (String)"
                    notes.warning(parameter.pointer, "parameter", message)
                    draft.endpoint.comments.append("parameter: " + message)
                    draft.endpoint.pathParameters.append(
                        ImportedParameter(name: parameter.name, type: .named("String"), description: parameter.description))
                }
                continue
            }
            switch parameter.location {
            case .path:
                guard operation.path.contains("{\(parameter.name)}") else {
                    let message = "the path parameter '\(parameter.name)' is not in the path \(operation.path); left out"
                    notes.warning(parameter.pointer, "parameter", message)
                    draft.endpoint.comments.append("parameter: " + message)
                    continue
                }
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

    /// A description as a doc comment carries it: its paragraphs as written, without
    /// HTML tags and trailing spaces, and without a first paragraph that is the summary.
    static func description(_ text: String?, after summary: String? = nil) -> String? {
        guard var text else { return nil }
        text = text.replacingOccurrences(of: "\r\n", with: "\n")
        text = text.replacingOccurrences(of: #"</?(p|br|div|span|code|b|i|em|strong)\b[^>]*>"#, with: "", options: .regularExpression)
        var lines = text.components(separatedBy: "\n").map { line in
            var line = Substring(line)
            while line.last?.isWhitespace == true { line = line.dropLast() }
            return String(line)
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        var paragraphs = lines.joined(separator: "\n").components(separatedBy: "\n\n")
        if let summary, let first = paragraphs.first, Self.summary(first) == summary {
            paragraphs.removeFirst()
            while paragraphs.first?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true { paragraphs.removeFirst() }
        }
        let result = paragraphs.joined(separator: "\n\n").trimmingCharacters(in: .whitespacesAndNewlines)
        return result.isEmpty ? nil : result
    }
}
