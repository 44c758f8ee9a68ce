import Foundation

/// The mock's validators: every successful `GET` carries a strong `ETag` made from its
/// body, and a request whose `If-None-Match` names it gets `304 Not Modified` with no
/// body, as a server with conditional requests answers a client that kept the page.
enum EntityTag {
    /// `response` with its `ETag`, or the `304` that replaces it when `ifNoneMatch`
    /// (the request's `If-None-Match`, a list of tags or `*`) names the tag.
    static func answer(_ response: MockResponse, ifNoneMatch: String?) -> MockResponse {
        let tag = "\"\(digest(response.body))\""
        var response = response
        response.headers.append(("ETag", tag))
        guard let ifNoneMatch, matches(ifNoneMatch, tag) else { return response }
        return MockResponse(status: 304, headers: [("ETag", tag)], body: Data())
    }

    /// True when the field lists `tag` (compared weakly, as RFC 9110 says for
    /// `If-None-Match`) or is `*`.
    static func matches(_ field: String, _ tag: String) -> Bool {
        let weakless = { (text: Substring) -> Substring in text.hasPrefix("W/") ? text.dropFirst(2) : text }
        return field.split(separator: ",").contains { candidate in
            let candidate = candidate.trimmingCharacters(in: .whitespaces)
            return candidate == "*" || weakless(Substring(candidate)) == weakless(Substring(tag))
        }
    }

    /// 64-bit FNV-1a of the bytes, in hex: the same body always has the same tag.
    static func digest(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return String(hash, radix: 16)
    }
}
