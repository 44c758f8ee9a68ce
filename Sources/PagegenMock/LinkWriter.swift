import PagegenCore

/// Writes next/prev links: absolute URLs on the server's own origin, or references
/// relative to it where the field's name says a URI or a path (Twilio's
/// `next_page_uri: /2010-04-01/Accounts/…/Calls.json?Page=1…`), and the RFC 8288
/// `Link` header (`<…>; rel="next", <…>; rel="last"`).
struct LinkWriter: Sendable {
    /// `http://127.0.0.1:8080`
    let origin: String
    /// The path as requested, percent-encoded.
    let rawPath: String
    /// The request's query items, without the ones the link sets.
    let keptQuery: [(name: String, value: String)]

    /// The URL of the same path with the kept query plus `settings` (in order).
    func url(_ settings: [(name: String, value: String)]) -> String {
        let items = keptQuery + settings
        guard !items.isEmpty else { return origin + rawPath }
        return origin + rawPath + "?" + items.map { "\(Self.encode($0.name))=\(Self.encode($0.value))" }.joined(separator: "&")
    }

    /// A link written by ``url(_:)`` without its origin: `/path?query`.
    func relative(_ url: String) -> String {
        url.hasPrefix(origin) ? String(url.dropFirst(origin.count)) : url
    }

    /// True for a link field whose name ends in `uri` or `path` (`next_page_uri`,
    /// `nextPath`), which APIs fill with a reference relative to their origin, where
    /// `url` and `link` fields hold absolute URLs.
    static func isRelative(field path: ResponsePath) -> Bool {
        guard case .key(let name)? = path.segments.last else { return false }
        let lower = name.lowercased()
        return lower.hasSuffix("uri") || lower.hasSuffix("path")
    }

    /// `<url>; rel="next", <url>; rel="last"`
    static func header(_ links: [(relation: String, url: String)]) -> String {
        links.map { "<\($0.url)>; rel=\"\($0.relation)\"" }.joined(separator: ", ")
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters.
    static func encode(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            switch byte {
            case 65...90, 97...122, 48...57, 45, 46, 95, 126:
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return output
    }
}
