import OpenAPIKit
import PagegenCore

/// The spec's `auth:` from the security schemes the imported operations use:
/// HTTP bearer and basic as they are, API keys in a header or the query as
/// `apiKey`, and OAuth 2 and OpenID Connect as `bearer` (their access tokens are sent
/// as bearer tokens). What cannot be sent (an API key in a cookie, mutual TLS) is noted.
struct AuthImporter {
    let document: OpenAPI.Document
    let notes: NoteWriter

    func schemes(for operations: [ImportedOperation]) -> (schemes: [AuthScheme], comments: [String]) {
        var names: [String] = []
        for requirement in document.security {
            for key in requirement.keys.sorted(by: { ($0.name ?? "") < ($1.name ?? "") }) where !names.contains(key.name ?? "") {
                names.append(key.name ?? "")
            }
        }
        for operation in operations {
            for requirement in operation.operation.security ?? [] {
                for key in requirement.keys.sorted(by: { ($0.name ?? "") < ($1.name ?? "") }) where !names.contains(key.name ?? "") {
                    names.append(key.name ?? "")
                }
            }
        }
        if names.isEmpty {
            // No requirement: every declared scheme is a way in.
            names = document.components.securitySchemes.keys.map(\.rawValue)
        }
        var schemes: [AuthScheme] = []
        var comments: [String] = []
        for name in names where !name.isEmpty {
            let pointer = JSONPointer(["components", "securitySchemes", name])
            guard let key = OpenAPI.ComponentKey(rawValue: name), let either = document.components.securitySchemes[key],
                let scheme = document.components[either]
            else {
                notes.warning(JSONPointer(["security"]), "auth", "the security scheme '\(name)' is not declared; left out")
                continue
            }
            var translated: AuthScheme?
            switch scheme.type {
            case .http(let httpScheme, _) where httpScheme.lowercased() == "bearer":
                translated = .bearer
            case .http(let httpScheme, _) where httpScheme.lowercased() == "basic":
                translated = .basic
            case .http(let httpScheme, _):
                notes.warning(pointer, "auth", "HTTP '\(httpScheme)' authentication is not one the spec language sends; left out")
            case .apiKey(let keyName, let location):
                switch location {
                case .header: translated = .headerKey(keyName)
                case .query: translated = .queryKey(keyName)
                default:
                    notes.warning(
                        pointer, "auth", "the API key '\(keyName)' goes in a cookie, which the spec language does not send; left out")
                }
            case .oauth2, .openIdConnect:
                translated = .bearer
                let kind = if case .oauth2 = scheme.type { "OAuth 2" } else { "OpenID Connect" }
                let message = "'\(name)' is \(kind): its access token is sent as a bearer token; getting the token is up to the app"
                notes.note(pointer, "auth", message)
                comments.append("auth: \(message)")
            case .mutualTLS:
                notes.warning(pointer, "auth", "mutual TLS is set up in the transport, not the spec; left out")
            }
            if let translated, !schemes.contains(translated) { schemes.append(translated) }
        }
        return (schemes, comments)
    }
}
