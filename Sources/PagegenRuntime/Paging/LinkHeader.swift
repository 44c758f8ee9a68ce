import Foundation

/// An RFC 8288 `Link` header: `<https://…?page=2>; rel="next", <…>; rel="last"`.
public struct LinkHeader: Sendable, Hashable {
    /// The links by relation type, lower-cased (`next`, `prev`, `last`, `first`).
    public var links: [String: String]

    /// Parses a header value.
    /// - Throws: ``APIError/Kind/paging(_:)`` when the value does not follow RFC 8288.
    public init(parsing value: String) throws(APIError) {
        links = [:]
        var rest = Substring(value)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            if rest.isEmpty { break }
            guard rest.first == "<", let close = rest.firstIndex(of: ">") else {
                throw APIError(.paging("the Link header does not parse: expected '<' at '\(rest.prefix(30))'"))
            }
            let target = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
            var relations: [String] = []
            while let first = rest.drop(while: { $0 == " " }).first, first == ";" {
                rest = rest.drop { $0 == " " }.dropFirst().drop { $0 == " " }
                let name = rest.prefix { $0 != "=" && $0 != ";" && $0 != "," }
                rest = rest.dropFirst(name.count)
                var parameterValue = ""
                if rest.first == "=" {
                    rest = rest.dropFirst()
                    if rest.first == "\"" {
                        rest = rest.dropFirst()
                        guard let end = rest.firstIndex(of: "\"") else {
                            throw APIError(.paging("the Link header does not parse: an unterminated quoted value"))
                        }
                        parameterValue = String(rest[..<end])
                        rest = rest[rest.index(after: end)...]
                    } else {
                        let token = rest.prefix { $0 != ";" && $0 != "," }
                        parameterValue = String(token).trimmingCharacters(in: .whitespaces)
                        rest = rest.dropFirst(token.count)
                    }
                }
                if name.trimmingCharacters(in: .whitespaces).lowercased() == "rel" {
                    relations += parameterValue.lowercased().split(separator: " ").map(String.init)
                }
            }
            rest = rest.drop { $0 == " " }
            guard rest.isEmpty || rest.first == "," else {
                throw APIError(.paging("the Link header does not parse: unexpected '\(rest.prefix(30))'"))
            }
            for relation in relations where links[relation] == nil {
                links[relation] = target
            }
        }
    }

    /// The `next` link.
    public var next: String? { links["next"] }
    /// The `prev` (or `previous`) link.
    public var previous: String? { links["prev"] ?? links["previous"] }
    /// The `last` link.
    public var last: String? { links["last"] }
}
