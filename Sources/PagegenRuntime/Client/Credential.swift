import Foundation

/// A credential a client adds to the requests it sends to its own origin.
///
/// Credentials go only to the scheme, host and port of the client's base URL: a
/// next link that points elsewhere is fetched without them, if it is followed at
/// all, and a redirect to another origin is refused or followed without them (see
/// ``RedirectPolicy``).
public enum Credential: Sendable, Hashable {
    /// `Authorization: Bearer <token>`.
    case bearer(String)
    /// `Authorization: Basic <base64(user:password)>`.
    case basic(username: String, password: String)
    /// A key sent in a header field, such as `X-API-Key: <key>`.
    case headerKey(name: String, value: String)
    /// A key sent as a query item, such as `?api_key=<key>`.
    case queryKey(name: String, value: String)

    /// The header field this credential is sent in, or nil for a query item.
    public var headerName: String? {
        switch self {
        case .bearer, .basic: "Authorization"
        case .headerKey(let name, _): name
        case .queryKey: nil
        }
    }

    /// The query item this credential is sent as, or nil for a header field.
    public var queryName: String? {
        if case .queryKey(let name, _) = self { return name }
        return nil
    }

    /// Why this credential cannot be sent, or nil when it can: a value with CR, LF
    /// or NUL would be dropped by `URLSession` (the call would run unauthenticated)
    /// or would end the header field early.
    ///
    /// `the bearer token holds a line break (LF), which a header value cannot`
    public var problem: String? {
        switch self {
        case .bearer(let token):
            return HTTPHeaderField.valueProblem(token).map { "the bearer token \($0)" }
        case .basic(let username, let password):
            if username.contains(":") {
                return "the Basic username holds ':', which separates it from the password"
            }
            if username.unicodeScalars.contains(where: Self.isControl) {
                return "the Basic username holds a control character, which RFC 7617 forbids"
            }
            if password.unicodeScalars.contains(where: Self.isControl) {
                return "the Basic password holds a control character, which RFC 7617 forbids"
            }
            return nil
        case .headerKey(let name, let value):
            if let problem = HTTPHeaderField.nameProblem(name) { return "the API key header name '\(name)' \(problem)" }
            return HTTPHeaderField.valueProblem(value).map { "the API key '\(name)' \($0)" }
        case .queryKey(let name, _):
            return name.isEmpty ? "the API key query item has an empty name" : nil
        }
    }

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
            request.url = request.url.removingQueryItems(named: name).appendingQueryItem(name: name, value: value)
        }
    }

    /// Takes this credential's header field or query item off `request`.
    func remove(from request: inout HTTPRequest) {
        if let headerName { request.removeHeader(headerName) }
        if let queryName { request.url = request.url.removingQueryItems(named: queryName) }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F
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

    /// This URL without the query items whose decoded name is `name` (however the
    /// server encoded it: `api_key`, `api%5Fkey`, `api+key` for `api key`).
    func removingQueryItems(named name: String) -> URL {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false),
            let query = components.percentEncodedQuery
        else { return self }
        let kept = query.split(separator: "&", omittingEmptySubsequences: false).filter { item in
            let rawName = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let decoded = rawName.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(rawName)
            return decoded != name
        }
        guard kept.count < query.split(separator: "&", omittingEmptySubsequences: false).count else { return self }
        components.percentEncodedQuery = kept.isEmpty ? nil : kept.joined(separator: "&")
        return components.url ?? self
    }
}
