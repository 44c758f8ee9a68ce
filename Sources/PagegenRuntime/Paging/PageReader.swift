import Foundation

/// Reads one decoded response as a ``Page``: its items, total, and the keys of the
/// pages before and after it, following the end-of-list rules:
///
/// - an is-last flag that is true, or a has-more flag that is false, ends the list;
/// - an exact total that the items reach ends it, and so does a total page count;
/// - an empty, null or missing cursor or link ends a cursor or link style;
/// - an empty page ends an index style (page number, offset), but not a cursor or
///   link style that still gives a cursor or link;
/// - a short page ends the list only where the spec says `shortPageEnds`;
/// - where the API gives the next page's number, an empty or missing one ends it, and
///   one that does not come after the page fails it (the list would loop).
struct PageReader<Response: Sendable, Item: Sendable> {
    let paging: Paging<Response, Item>
    let response: Response
    let head: HTTPResponse
    let request: HTTPRequest
    let key: PageKey
    let size: Int?
    /// For a cursor page of a list that counts its items: the number of items before
    /// the page (`.after`), or before the page the cursor came from (`.before`).
    var rowsBefore: Int? = nil

    func page() throws(APIError) -> Page<Item> {
        let items = paging.items(response) ?? []
        let total = try count(from: paging.total, what: "count")
        let totalPages = try count(from: paging.totalPages, what: "number of pages")
        let firstRow = firstRow(items: items)
        var next: PageKey?
        var previous: PageKey?
        var newerItemsKey: PageKey?
        let flagsEnd = flagsEndTheList(items: items, total: total, firstRow: firstRow)

        switch paging.style {
        case .pageNumber(_, let first):
            guard case .number(let number) = key else { break }
            let following = paging.nextPage == nil ? number + 1 : try count(from: paging.nextPage, what: "page number")
            if !flagsEnd, !items.isEmpty, let following, totalPages.map({ number - first + 1 < $0 }) ?? true {
                if following <= number { throw backwards(following, after: number) }
                next = .number(following)
            }
            if number > first { previous = .number(number - 1) }
        case .offset(_, let first):
            guard case .offset(let offset) = key else { break }
            if !flagsEnd, !items.isEmpty { next = .offset(offset + items.count) }
            if offset > first { previous = .offset(max(first, offset - (size ?? items.count))) }
        case .cursor(_, let nextSource, let previousParameter, let previousSource):
            let goingBack: Bool = if case .before = key { true } else { false }
            // A page around an item reaches both ways: a flag cannot say which end it means.
            let opensAround: Bool = if case .around = key { true } else { false }
            if let cursor = cursor(from: nextSource, items: items, edge: .last),
                goingBack || opensAround || !flagsEnd
            {
                next = .after(cursor)
            }
            if previousParameter != nil, let previousSource,
                let cursor = cursor(from: previousSource, items: items, edge: .first)
            {
                // A page of newer items that ends the list upward for now still says
                // where the next check for newer items starts.
                newerItemsKey = .before(cursor)
                if !goingBack || !flagsEnd { previous = newerItemsKey }
            }
        case .link(let nextSource, let previousSource):
            if !flagsEnd, let url = try link(from: nextSource, relation: "next") { next = .url(url) }
            if let previousSource, let url = try link(from: previousSource, relation: "prev") { previous = .url(url) }
        }
        return Page(
            items: items, key: key, next: next, previous: previous, newerItemsKey: newerItemsKey, total: total,
            totalIsEstimate: paging.totalIsEstimate, totalPages: totalPages, firstRow: firstRow, response: head)
    }

    /// A count from the body or a header: nil when the field is null or the header
    /// missing or empty.
    /// - Throws: a paging error for a header that is not a whole number of at least 0.
    private func count(from source: Paging<Response, Item>.TotalSource?, what: String) throws(APIError) -> Int? {
        switch source {
        case nil:
            return nil
        case .body(let read):
            return read(response)
        case .header(let name):
            guard let value = head.value(forHeader: name)?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            guard let count = Int(value), count >= 0 else {
                throw APIError(.paging("the \(name) header '\(value)' is not a \(what)"))
            }
            return count
        }
    }

    /// The error for a next page number the API gives that does not come after the
    /// page: following it would walk the same pages again, without end.
    private func backwards(_ following: Int, after number: Int) -> APIError {
        let source =
            switch paging.nextPage {
            case .header(let name): "the \(name) header '\(following)' names page \(following), which"
            case .body, nil: "the next page number \(following) in the body"
            }
        return APIError(.paging("\(source) does not come after page \(number)"))
    }

    private func firstRow(items: [Item]) -> Int? {
        switch (paging.style, key) {
        case (.pageNumber(_, let first), .number(let number)): size.map { (number - first) * $0 }
        case (.offset(_, let first), .offset(let offset)): offset - first
        case (.cursor, .first) where paging.count != nil: 0
        case (.cursor, .after) where paging.count != nil: rowsBefore
        case (.cursor, .before) where paging.count != nil: rowsBefore.map { max(0, $0 - items.count) }
        default: nil
        }
    }

    /// Whether flags, totals or a short page say this page is the last.
    private func flagsEndTheList(items: [Item], total: Int?, firstRow: Int?) -> Bool {
        if paging.isLast?(response) == true { return true }
        if paging.hasMore?(response) == false { return true }
        if let total, !paging.totalIsEstimate, let firstRow, firstRow + items.count >= total { return true }
        if paging.shortPageEnds, let size, items.count < size { return true }
        return false
    }

    private enum Edge { case first, last }

    private func cursor(from source: Paging<Response, Item>.CursorSource, items: [Item], edge: Edge) -> String? {
        let value: String? =
            switch source {
            case .body(let read): read(response)
            case .item(let read): (edge == .last ? items.last : items.first).map(read)
            case .header(let name): head.value(forHeader: name)
            }
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    private func link(from source: Paging<Response, Item>.LinkSource, relation: String) throws(APIError) -> URL? {
        let text: String?
        switch source {
        case .body(let read):
            text = read(response)
        case .linkHeader:
            guard let value = head.value(forHeader: "Link") else { return nil }
            let header = try LinkHeader(parsing: value)
            text = relation == "next" ? header.next : header.previous
        }
        guard let text, !text.isEmpty else { return nil }
        guard let url = URL(string: text, relativeTo: request.url)?.absoluteURL else {
            throw APIError(.paging("the \(relation) link '\(text)' is not a URL"))
        }
        return url
    }
}
