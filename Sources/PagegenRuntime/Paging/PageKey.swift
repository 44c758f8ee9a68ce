import Foundation

/// Where a page is, in the terms of the API's paging style.
///
/// `Codable`, so that an app can keep where a walk stopped (see ``ResumePoint``):
/// a key is written as a one-field object, `{"number": 3}`, `{"after": "dXNl…"}`,
/// `{"url": "https://…"}`, `{"first": true}`, `{"around": "1234"}`.
public enum PageKey: Sendable, Hashable, Codable, CustomStringConvertible {
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
    /// The page around an item, sent with the item's id (Discord's `around`): the first
    /// page of a list opened at that item, whose neighbours come from its items as a
    /// cursor page's do.
    case around(String)

    /// `page 3`, `offset 60`, `cursor "dXNlcjpV…"`, `https://…`
    public var description: String {
        switch self {
        case .first: "first page"
        case .number(let number): "page \(number)"
        case .offset(let offset): "offset \(offset)"
        case .after(let cursor): "page after cursor \"\(cursor.abbreviated)\""
        case .before(let cursor): "page before cursor \"\(cursor.abbreviated)\""
        case .url(let url): "page at \(url.absoluteString)"
        case .around(let item): "page around item \"\(item.abbreviated)\""
        }
    }

    private enum CodingKeys: String, CodingKey {
        case first, number, offset, after, before, url, around
    }

    /// Decodes a key written by ``encode(to:)``: an object with exactly one of
    /// `first`, `number`, `offset`, `after`, `before`, `url` and `around`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "a page key has exactly one of first, number, offset, after, before, url, around"))
        }
        switch key {
        case .first: self = .first
        case .number: self = .number(try container.decode(Int.self, forKey: key))
        case .offset: self = .offset(try container.decode(Int.self, forKey: key))
        case .after: self = .after(try container.decode(String.self, forKey: key))
        case .before: self = .before(try container.decode(String.self, forKey: key))
        case .url: self = .url(try container.decode(URL.self, forKey: key))
        case .around: self = .around(try container.decode(String.self, forKey: key))
        }
    }

    /// Encodes the key as an object with one member named after its case
    /// (`{"number": 3}`, `{"first": true}`), so that a resume point can be kept.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .first: try container.encode(true, forKey: .first)
        case .number(let number): try container.encode(number, forKey: .number)
        case .offset(let offset): try container.encode(offset, forKey: .offset)
        case .after(let cursor): try container.encode(cursor, forKey: .after)
        case .before(let cursor): try container.encode(cursor, forKey: .before)
        case .url(let url): try container.encode(url, forKey: .url)
        case .around(let item): try container.encode(item, forKey: .around)
        }
    }

    /// The key of the page after this one if this one holds `itemsPerPage` items,
    /// for page-number and offset keys; nil for cursors and links, which only a
    /// response can give.
    func predictedNext(itemsPerPage: Int) -> PageKey? {
        switch self {
        case .number(let number): .number(number + 1)
        case .offset(let offset) where itemsPerPage > 0: .offset(offset + itemsPerPage)
        default: nil
        }
    }
}

extension String {
    /// At most 40 characters, with an ellipsis when cut.
    var abbreviated: String {
        count <= 40 ? self : prefix(40) + "…"
    }
}
