import Foundation
import PagegenCore

/// A field of a request that may page it: a query or header parameter, or a top-level
/// field of the JSON body a read sends (`POST /transfer/list` with `{cursor, count}`).
struct RequestField {
    var name: String
    var type: TypeReference
    var description: String?
    var location: ImportedPaging.Location

    /// The name compared without case and punctuation, from its last dotted step
    /// (`listOptions.continue` is `continue`; `page[number]` stays `pagenumber`).
    var key: String {
        PagingNames.key(name.split(separator: ".").last.map(String.init) ?? name)
    }

    /// The description, lower-cased, for the words that say what it is.
    var text: String { (description ?? "").lowercased() }

    /// True for a number, or for text the description says is one (Keycloak types its
    /// `first` and `max` as strings).
    var isNumeric: Bool {
        if type.isNumber { return true }
        guard type.unwrapped == .named("String") else { return false }
        // "Offset token. An offset to the next page returned by the API": a token.
        return RequestField.saysNumber(text) && !["token", "cursor", "opaque"].contains { text.contains($0) }
    }

    /// True when a text's words describe a number: an offset, a count, a size, an index.
    static func saysNumber(_ text: String) -> Bool {
        ["offset", "number", "index", "size", "count", "how many", "maximum", "max "].contains { text.contains($0) }
            || PagingRole.matches(text, [#"\bfirst (result|item|record|element|entry|row)"#])
    }
}

/// What a request field is for, read from what the document says of it: its name (as
/// the conventions of many APIs spell it), and, for a name no convention spells, its
/// description and the answer it gets (a cursor parameter `stream_position` answered by
/// `next_stream_position`).
enum PagingRole {
    case size, page, offset, cursor

    /// True when `field` plays this role.
    func fits(_ field: RequestField) -> Bool {
        let text = field.text
        // A time is a filter, whatever its name (Datadog's `start`, a POSIX timestamp).
        if self != .cursor, Self.matches(text, [#"\b(timestamp|epoch|posix|unix time|seconds|minutes|duration|time delta)\b"#]) {
            return false
        }
        switch self {
        case .size:
            guard field.isNumeric else { return false }
            if PagingNames.size.contains(field.key) { return true }
            // "The number of hosts to return", "Maximum results size", "results per page";
            // not "the number of items to skip", an offset.
            guard !Self.matches(text, [#"\bskip"#, #"\boffset\b"#, #"\bpage (number|index)"#, #"number of the page"#, #"the page to"#])
            else { return false }
            return Self.matches(
                text,
                [
                    #"maximum (number|count) of"#, #"^max(imum)? (results|items|records|entries)"#,
                    #"(number|count) of [a-z_-]+( [a-z_-]+)? to (return|fetch|retrieve|include|get|list)"#,
                    #"(results|items|records|entries|objects|rows|elements) (per|in a|in each|in one) page"#, #"page size"#,
                    #"how many (results|items|records|entries|objects|rows)"#,
                ])
        case .page:
            guard field.isNumeric, !PagingRole.size.fits(field) else { return false }
            return PagingNames.page.contains(field.key)
                || (field.key.contains("page")
                    && Self.matches(text, [#"page (number|index|to (return|retrieve|fetch|get))"#, #"(which|the) page of"#, #"^page\b"#]))
        case .offset:
            guard field.isNumeric, !PagingRole.size.fits(field), !PagingRole.page.fits(field) else { return false }
            return PagingNames.offset.contains(field.key)
                || Self.matches(
                    text,
                    [
                        #"\boffset\b"#, #"index of the first"#, #"number of (items|results|records|entries|rows) to skip"#,
                        #"\bskip\b"#, #"[01]-offset"#, #"(first|starting) (index|position|item|result|record|element|entry|row)"#,
                    ])
        case .cursor:
            guard field.type.isCursor, !(field.type.isNumber && (PagingRole.size.fits(field) || PagingRole.page.fits(field))) else {
                return false
            }
            // A page or offset that takes text no description calls a number is a token
            // the server hands out (Asana's `offset`, Stripe's search `page`).
            if PagingNames.page.contains(field.key) || PagingNames.offset.contains(field.key), !field.isNumeric { return true }
            return PagingNames.cursor.contains(field.key)
                || Self.matches(
                    text,
                    [
                        #"\bcursor\b"#, #"continuation"#, #"\bcontinue\b"#, #"page token"#, #"pagination token"#,
                        #"token .*(next|page)"#, #"\bmarker\b"#, #"next (set|page) of"#,
                    ])
        }
    }

    static func matches(_ text: String, _ patterns: [String]) -> Bool {
        patterns.contains { text.range(of: $0, options: .regularExpression) != nil }
    }
}
