import Foundation

/// A credential a client adds to the requests it sends to its own origin.
///
/// Credentials go only to the scheme, host and port of the client's base URL: a
/// next link that points elsewhere is fetched without them, if it is followed at all.
public enum Credential: Sendable, Hashable {
    /// `Authorization: Bearer <token>`.
    case bearer(String)
    /// `Authorization: Basic <base64(user:password)>`.
    case basic(username: String, password: String)
    /// A key sent in a header field, such as `X-API-Key: <key>`.
    case headerKey(name: String, value: String)
    /// A key sent as a query item, such as `?api_key=<key>`.
    case queryKey(name: String, value: String)

    /// Adds this credential to `request`.
    func apply(to request: inout HTTPRequest) {
        switch self {
        case .bearer(let token):
            request.setValue("Bearer \(token)", forHeader: "Authorization")
        case .basic(let username, let password):
            let encoded = Data("\(username):\(password)".utf8).base64EncodedString()
            request.setValue("Basic \(encoded)", forHeader: "Authorization")
        case .headerKey(let name, let value):
            request.setValue(value, forHeader: name)
        case .queryKey(let name, let value):
            request.url = request.url.appendingQueryItem(name: name, value: value)
        }
    }
}

extension URL {
    /// The scheme, host and port, with the scheme's default port filled in: the
    /// unit of trust for credentials.
    var origin: String {
        let scheme = (scheme ?? "").lowercased()
        let port = port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : -1)
        return "\(scheme)://\((host ?? "").lowercased()):\(port)"
    }

    /// This URL with `name=value` appended to its query, both percent-encoded.
    func appendingQueryItem(name: String, value: String) -> URL {
        var text = absoluteString
        if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
        text += RequestBuilder.queryString([(name, value)], after: text)
        return URL(string: text) ?? self
    }
}
