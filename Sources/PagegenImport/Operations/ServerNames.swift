import Foundation
import OpenAPIKit
import PagegenCore

/// The named servers of a spec: one for each server that operations or path items
/// name besides the `baseURL`'s (an upload host), named after its host
/// (`uploads.github.com` → `uploads`, `files.stripe.com` → `files`).
final class ServerNames {
    /// The servers, in the order operations first named them.
    private(set) var servers: [ImportedServer] = []

    /// The name of the server at `url`, declaring it the first time.
    func name(for url: String, at pointer: JSONPointer, notes: NoteWriter) -> String {
        if let existing = servers.first(where: { $0.url == url }) { return existing.name }
        let base = Self.baseName(for: url)
        var name = base
        var number = 2
        while servers.contains(where: { $0.name == name }) {
            name = "\(base)\(number)"
            number += 1
        }
        let message = "operations name their own server, \(url); it is the server '\(name)', which the client lets the app point elsewhere"
        notes.note(pointer, "server", message)
        servers.append(ImportedServer(name: name, url: url, comments: ["server: " + message]))
        return name
    }

    /// The first word of the host that says something (`uploads` of
    /// `uploads.github.com`, `eu` of `api.eu.example.com`), in lower camel case.
    static func baseName(for url: String) -> String {
        let host = URL(string: url)?.host ?? ""
        let generic: Set<String> = ["www", "api", "apis"]
        let labels = host.split(separator: ".").map(String.init)
        let meaningful = labels.dropLast(labels.count > 1 ? 1 : 0).first {
            !generic.contains($0.lowercased()) && !$0.allSatisfy(\.isNumber)
        }
        let name = SpecWords.memberName(meaningful ?? "server")
        return name.isEmpty || name.hasPrefix("_") || SpecNaming.isKeyword(name) ? "server" : name
    }
}
