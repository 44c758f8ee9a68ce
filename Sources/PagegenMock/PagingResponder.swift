import PagegenCore

/// Answers a paged list, page by page exactly as its spec says: page numbers from
/// the right first page, offsets (0- or 1-based), opaque cursors in the body or a
/// header, cursors from the last item, next links in the body and RFC 8288 Link
/// headers; totals in the body or a header, has-more and is-last flags, and the
/// total number of pages.
struct PagingResponder: Sendable {
    let core: MockCore
    let endpoint: ServedEndpoint
    let list: ListPlan
    let context: RequestContext

    /// One page being put together.
    struct Draft {
        /// The rows of the collection on this page.
        var rows: Range<Int> = 0..<0
        /// More items follow in the direction of travel.
        var more = false
        var tree = OverrideTree()
        var headers: [(name: String, value: String)] = []
        var echo: [String: MockJSON] = [:]
    }

    func respond() async throws(MockHTTPError) -> MockResponse {
        let paging = list.paging
        let size = try context.pageSize(paging.size)
        let scope = ResponseBuilder.scope(endpoint: endpoint.name, pathValues: context.pathValues)
        let view = await core.state.view(
            of: scope, endpoint: endpoint.name, base: core.baseCount, changes: context.faults.changes,
            seed: core.options.seed)
        var draft = Draft()
        draft.echo = echo(size: size)

        switch paging.style {
        case .pageNumber(let parameter, let first):
            let page =
                try context.value(of: parameter).map { text throws(MockHTTPError) in
                    try RequestContext.integer(text, "the page '\(parameter.name.value)'")
                } ?? first
            guard page >= first else { throw .badRequest("\(parameter.name.value)=\(page) is before the first page, \(first)") }
            let (start, overflow) = (page - first).multipliedReportingOverflow(by: size)
            draft.rows = clampedRows(start: overflow ? view.count : start, size: size, count: view.count)
            draft.more = draft.rows.upperBound < view.count
            draft.echo[parameter.name.value] = .int(page)
        case .offset(let parameter, let first):
            let offset =
                try context.value(of: parameter).map { text throws(MockHTTPError) in
                    try RequestContext.integer(text, "the offset '\(parameter.name.value)'")
                } ?? first
            guard offset >= first else { throw .badRequest("\(parameter.name.value)=\(offset) is before the first item, \(first)") }
            draft.rows = clampedRows(start: offset - first, size: size, count: view.count)
            draft.more = draft.rows.upperBound < view.count
            draft.echo[parameter.name.value] = .int(offset)
        case .cursor(let next, let previous):
            try cursorPage(next: next, previous: previous, size: size, view: view, scope: scope, draft: &draft)
        case .link(let next, let previous):
            try linkPage(next: next, previous: previous, size: size, view: view, draft: &draft)
        case .ids:
            throw MockHTTPError(status: 500, code: "internal_error", message: "an id list is not answered as pages")
        }

        let items = draft.rows.map { row in
            let index = view.index(atRow: row)
            return core.builder.item(
                list.item, index: index, scope: scope, version: view.version(ofIndex: index),
                slot: CollectionView.slot(ofIndex: index, base: view.base))
        }
        draft.tree.setList(paging.items?.value, items)
        switch paging.total {
        case .body(let path, _)?: draft.tree.set(path.value, .int(view.count))
        case .header(let name)?: draft.headers.append((name.value, String(view.count)))
        case nil: break
        }
        let pageCount = view.count == 0 ? 0 : (view.count - 1) / max(1, size) + 1
        switch paging.totalPages {
        case .body(let path, _)?: draft.tree.set(path.value, .int(pageCount))
        case .header(let name)?: draft.headers.append((name.value, String(pageCount)))
        case nil: break
        }
        if case .pageNumber(_, let first) = paging.style, let source = paging.nextPage {
            // As GitLab does: the next page's number while more follow, empty (or null) on the last.
            let page = draft.rows.lowerBound / max(1, size) + first
            let next = draft.more && !draft.rows.isEmpty ? page + 1 : nil
            switch source {
            case .body(let path, _):
                draft.tree.set(
                    path.value,
                    next.map { .value(.int($0)) } ?? core.builder.nothing(at: path.value, in: endpoint.spec.returns.value, required: .null))
            case .header(let name): draft.headers.append((name.value, next.map(String.init) ?? ""))
            }
        }
        let loops = context.faults.loop && isWalkedByKeys
        if let path = paging.hasMore { draft.tree.set(path.value, .bool(draft.more || loops)) }
        if let path = paging.isLast { draft.tree.set(path.value, .bool(!(draft.more || loops))) }

        let seed = core.generator.seed("response", scope, String(draft.rows.lowerBound), String(size))
        let body = core.builder.body(
            for: endpoint.spec, tree: draft.tree, echo: draft.echo, seed: seed, bodyError: context.faults.bodyError,
            backoff: context.faults.backoff)
        return .json(body, headers: draft.headers, pretty: core.options.prettyJSON)
    }

    /// True for styles where the server gives the next cursor or link.
    private var isWalkedByKeys: Bool {
        switch list.paging.style {
        case .cursor, .link: true
        default: false
        }
    }

    /// Values for envelope fields named like paging parameters.
    private func echo(size: Int) -> [String: MockJSON] {
        var echo: [String: MockJSON] = [:]
        for name in ["limit", "per_page", "perPage", "page_size", "pageSize", "count_per_page"] { echo[name] = .int(size) }
        if let name = list.paging.size?.parameter?.name.value { echo[name] = .int(size) }
        echo["href"] = .string(context.url)
        echo["self"] = .string(context.url)
        echo["url"] = .string(context.request.rawPath)
        return echo
    }

    // MARK: Cursors

    /// Where a cursor request starts or ends.
    private enum Anchor {
        case start(Int)
        case endBefore(Int)
    }

    private func cursorPage(
        next: CursorSpec, previous: CursorSpec?, size: Int, view: CollectionView, scope: String, draft: inout Draft
    ) throws(MockHTTPError) {
        var anchor = Anchor.start(0)
        var goingBack = false
        if let around = list.paging.around, let text = try context.value(of: around), !text.isEmpty {
            // Discord's `around`: the page centred on the item, sent alone.
            for cursor in [next, previous].compactMap({ $0 }) {
                if try context.value(of: cursor.parameter) != nil {
                    throw .badRequest("\(around.name.value) goes alone, without \(cursor.parameter.name.value)")
                }
            }
            let row = try aroundRow(text, parameter: around.name.value, view: view, scope: scope)
            anchor = .start(max(0, min(row - size / 2, view.count - size)))
        } else if let text = try context.value(of: next.parameter), !text.isEmpty {
            let row = try cursorRow(text, cursor: next, view: view, scope: scope)
            switch row {
            case .start(let start) where context.faults.loop && isItemCursor(next):
                // The page that ends with the item named: its last item names it again.
                anchor = .start(max(0, start - size))
            default:
                anchor = row
            }
        } else if let previous, let text = try context.value(of: previous.parameter), !text.isEmpty {
            goingBack = true
            anchor = try cursorRow(text, cursor: previous, view: view, scope: scope, backward: true)
        }
        if let parameter = list.paging.count, let text = try context.value(of: parameter), view.isUnmoved, !context.faults.loop {
            // Reddit's count: the items before the page going forward, and up to the
            // anchor item itself going back. Checked while no item was inserted or removed.
            let count = try RequestContext.integer(text, "the count '\(parameter.name.value)'")
            let expected =
                switch anchor {
                case .start(let start): start
                case .endBefore(let end): end + 1
                }
            guard count == expected else {
                throw .badRequest("\(parameter.name.value)=\(count) does not fit this page: \(expected) is right for it")
            }
        }
        switch anchor {
        case .start(let start): draft.rows = clampedRows(start: start, size: size, count: view.count)
        case .endBefore(let end): draft.rows = clampedRows(start: end - size, size: min(size, max(0, end)), count: view.count)
        }
        let rows = draft.rows
        draft.more = goingBack ? rows.lowerBound > 0 : rows.upperBound < view.count

        var nextPosition: CursorPosition?
        if context.faults.loop {
            nextPosition = rows.lowerBound == 0 ? .start : .after(view.index(atRow: rows.lowerBound - 1))
        } else if rows.upperBound < view.count, !rows.isEmpty {
            nextPosition = .after(view.index(atRow: rows.upperBound - 1))
        }
        let previousPosition: CursorPosition? =
            rows.lowerBound > 0 && rows.lowerBound <= view.count && view.count > 0
            ? .before(view.index(atRow: min(rows.lowerBound, view.count - 1))) : nil
        place(nextPosition, for: next, scope: scope, draft: &draft)
        if let previous { place(previousPosition, for: previous, scope: scope, draft: &draft) }
    }

    /// The row of the item an `around` request names by its identity.
    private func aroundRow(_ text: String, parameter: String, view: CollectionView, scope: String) throws(MockHTTPError) -> Int {
        let codec = core.builder.keyCodec(model: list.item.modelName, scope: scope)
        guard let key = list.item.keys.first, let index = codec.index(forKey: text, typeName: key.typeName),
            let place = view.place(ofIndex: index), place.present
        else {
            throw .badRequest("\(parameter)='\(text.prefix(60))' names no item of this list")
        }
        return place.rowsBefore
    }

    private func isItemCursor(_ cursor: CursorSpec) -> Bool {
        if case .item = cursor.source { return true }
        return false
    }

    /// Reads a cursor: an item key for `fromItem` cursors, else one of the server's tokens.
    private func cursorRow(
        _ text: String, cursor: CursorSpec, view: CollectionView, scope: String, backward: Bool = false
    ) throws(MockHTTPError) -> Anchor {
        let name = cursor.parameter.name.value
        if case .item(let path) = cursor.source {
            let key = list.item.keys.first { $0.path == path.value }
            let codec = core.builder.keyCodec(model: list.item.modelName, scope: scope)
            guard let key, let index = codec.index(forKey: text, typeName: key.typeName), let place = view.place(ofIndex: index) else {
                throw .badRequest("\(name)='\(text.prefix(60))' names no item of this list")
            }
            return anchor(place, backward: backward)
        }
        guard let position = core.cursors.decode(text, scope: scope) else {
            throw .badRequest("\(name)='\(text.prefix(60))' is not a cursor this server gave out for this list")
        }
        switch position {
        case .start:
            return .start(0)
        case .after(let index), .before(let index):
            guard let place = view.place(ofIndex: index) else { throw .badRequest("\(name)='\(text.prefix(60))' points past the list") }
            if case .before = position { return .endBefore(place.rowsBefore) }
            return anchor(place, backward: false)
        }
    }

    /// Where a page next to an item starts or ends. A removed item still marks its
    /// place: the page after it starts with the item that followed it, the page before
    /// it ends with the item that preceded it, so that nothing is skipped or repeated.
    private func anchor(_ place: (rowsBefore: Int, present: Bool), backward: Bool) -> Anchor {
        if backward { return .endBefore(place.rowsBefore) }
        return .start(place.rowsBefore + (place.present ? 1 : 0))
    }

    /// Puts a cursor where the spec reads it: a body field or a header (item cursors need nothing).
    private func place(_ position: CursorPosition?, for cursor: CursorSpec, scope: String, draft: inout Draft) {
        let token = position.map { core.cursors.encode($0, scope: scope) }
        switch cursor.source {
        case .body(let path):
            draft.tree.set(path.value, token.map { .value(.string($0)) } ?? core.builder.endMarker(at: path.value, in: endpoint.spec))
        case .header(let name):
            if let token { draft.headers.append((name.value, token)) }
        case .item:
            break
        }
    }

    // MARK: Links

    private func linkPage(next: LinkSpec, previous: LinkSpec?, size: Int, view: CollectionView, draft: inout Draft) throws(MockHTTPError) {
        let byPage: Bool = if case .linkHeader = next { true } else { false }
        let positionName = byPage ? "page" : "offset"
        let start: Int
        var current = 0
        if byPage {
            current =
                try context.request.query("page").map { text throws(MockHTTPError) in try RequestContext.integer(text, "the page 'page'") }
                ?? 1
            guard current >= 1 else { throw .badRequest("page=\(current) is before the first page, 1") }
            let (value, overflow) = (current - 1).multipliedReportingOverflow(by: size)
            start = overflow ? view.count : value
        } else {
            current =
                try context.request.query("offset").map { text throws(MockHTTPError) in
                    try RequestContext.integer(text, "the offset 'offset'")
                } ?? 0
            guard current >= 0 else { throw .badRequest("offset=\(current) is before the first item, 0") }
            start = current
        }
        draft.rows = clampedRows(start: start, size: size, count: view.count)
        draft.more = draft.rows.upperBound < view.count
        draft.echo["offset"] = .int(draft.rows.lowerBound)
        draft.echo["page"] = .int(byPage ? current : draft.rows.lowerBound / max(1, size) + 1)

        let sizeName = list.paging.size?.parameter.flatMap { $0.location == "query" ? $0.name.value : nil }
        let kept = context.request.query.filter { $0.name != positionName && $0.name != sizeName }
        let writer = LinkWriter(origin: context.origin, rawPath: context.request.rawPath, keptQuery: kept)
        func link(_ position: Int) -> String {
            var settings: [(name: String, value: String)] = []
            if let sizeName {
                let text = list.paging.size?.parameter?.format?.replacingOccurrences(of: "{value}", with: String(size)) ?? String(size)
                settings.append((sizeName, text))
            }
            settings.append((positionName, String(position)))
            return writer.url(settings)
        }
        let nextURL: String? =
            if context.faults.loop {
                link(current)
            } else if draft.more {
                link(byPage ? current + 1 : draft.rows.upperBound)
            } else {
                nil
            }
        let previousURL: String? = start > 0 ? link(byPage ? current - 1 : max(0, min(start, view.count) - size)) : nil

        var relations: [(relation: String, url: String)] = []
        for (spec, relation, url) in [(Optional(next), "next", nextURL), (previous, "prev", previousURL)] {
            switch spec {
            case .body(let path)?:
                let written = url.map { LinkWriter.isRelative(field: path.value) ? writer.relative($0) : $0 }
                draft.tree.set(path.value, written.map { .value(.string($0)) } ?? core.builder.endMarker(at: path.value, in: endpoint.spec))
            case .linkHeader?:
                if let url { relations.append((relation, url)) }
            case nil:
                break
            }
        }
        if case .linkHeader = next {
            // As GitHub does: `last` while there is a next page, `first` once there is a previous one.
            let lastPage = max(1, (view.count + size - 1) / max(1, size))
            if nextURL != nil { relations.append(("last", link(byPage ? lastPage : (lastPage - 1) * size))) }
            if previousURL != nil { relations.append(("first", link(byPage ? 1 : 0))) }
        }
        if !relations.isEmpty { draft.headers.append(("Link", LinkWriter.header(relations))) }
    }
}
