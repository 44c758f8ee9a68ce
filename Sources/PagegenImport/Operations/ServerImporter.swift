import Foundation
import OpenAPIKit

/// The spec's `baseURL` from the document's first server: its variables filled with
/// their defaults, and without a trailing `/` (paths start with one).
struct ServerImporter {
    let document: OpenAPI.Document
    let notes: NoteWriter

    /// A placeholder for a document that names no host.
    static let placeholder = "https://api.example.com"

    func baseURL(override: String?) -> (url: String, comments: [String]) {
        if let override { return (Self.trimmed(override), []) }
        var comments: [String] = []
        // A document may name its server on every path instead (Twilio's): the first.
        let pathServer = document.paths.values.lazy.compactMap { $0.b }.compactMap { item in
            item.servers?.first ?? item.endpoints.lazy.compactMap { $0.operation.servers?.first }.first
        }.first
        if document.servers.isEmpty, let pathServer {
            let url = Self.trimmed(pathServer.urlTemplate.rawValue)
            let message = "the document names no server of its own; its paths name \(url)"
            notes.note(JSONPointer(["paths"]), "server", message)
            return (url, ["baseURL: " + message])
        }
        guard let server = document.servers.first else {
            let message = "the document names no server; \(Self.placeholder) is a placeholder to replace"
            notes.warning(JSONPointer(), "server", message)
            return (Self.placeholder, ["baseURL: " + message])
        }
        var url = server.urlTemplate.rawValue
        for (name, variable) in server.variables {
            url = url.replacingOccurrences(of: "{\(name)}", with: variable.default)
            let message = "the server variable '\(name)' is its default, '\(variable.default)'"
            notes.note(JSONPointer(["servers", "0", "variables", name]), "server", message)
            comments.append("baseURL: " + message)
        }
        if document.servers.count > 1 {
            let others = document.servers.dropFirst().map(\.urlTemplate.rawValue).joined(separator: ", ")
            let message = "the first of \(document.servers.count) servers; the others are \(others)"
            notes.note(JSONPointer(["servers"]), "server", message)
            comments.append("baseURL: " + message)
        }
        if let parsed = URL(string: url), parsed.scheme == nil || parsed.host == nil {
            let message = "the server '\(url)' has no scheme and host; \(Self.placeholder) is a placeholder to replace"
            notes.warning(JSONPointer(["servers", "0"]), "server", message)
            comments.append("baseURL: " + message)
            url = Self.placeholder + (url.hasPrefix("/") ? url : "")
        }
        return (Self.trimmed(url), comments)
    }

    /// The URL of an operation's or a path item's server: its variables set to their
    /// defaults (GitHub's upload server is `{origin}`, by default
    /// `https://uploads.github.com`), without a trailing `/`; and what was chosen.
    static func url(of server: OpenAPI.Server, at pointer: JSONPointer, notes: NoteWriter) -> (url: String, comments: [String]) {
        var url = server.urlTemplate.rawValue
        var comments: [String] = []
        for (name, variable) in server.variables {
            url = url.replacingOccurrences(of: "{\(name)}", with: variable.default)
            let message = "the server variable '\(name)' is its default, '\(variable.default)'"
            notes.note(pointer.appending(["variables", name]), "server", message)
            comments.append(message)
        }
        return (trimmed(url), comments)
    }

    static func trimmed(_ url: String) -> String {
        var url = url
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
