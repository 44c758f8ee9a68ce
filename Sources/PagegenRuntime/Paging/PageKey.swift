import Foundation

/// Where a page is, in the terms of the API's paging style.
public enum PageKey: Sendable, Hashable, CustomStringConvertible {
    /// The first page of a cursor or link style: sent with no paging parameter.
    case first
    /// A page number in the API's own numbering (the first page may be 0 or 1).
    case number(Int)
    /// The position of the page's first item in the API's own numbering (0- or 1-based).
    case offset(Int)
    /// The page after a cursor (Slack `cursor`, Stripe `starting_after`, Reddit `after`).
    case after(String)
    /// The page before a cursor (Stripe `ending_before`, Reddit `before`).
    case before(String)
    /// A page at a URL given by the previous response (a next link or a Link header).
    case url(URL)

    /// `page 3`, `offset 60`, `cursor "dXNlcjpV…"`, `https://…`
    public var description: String {
        switch self {
        case .first: "first page"
        case .number(let number): "page \(number)"
        case .offset(let offset): "offset \(offset)"
        case .after(let cursor): "page after cursor \"\(cursor.abbreviated)\""
        case .before(let cursor): "page before cursor \"\(cursor.abbreviated)\""
        case .url(let url): "page at \(url.absoluteString)"
        }
    }
}

extension String {
    /// At most 40 characters, with an ellipsis when cut.
    var abbreviated: String {
        count <= 40 ? self : prefix(40) + "…"
    }
}
