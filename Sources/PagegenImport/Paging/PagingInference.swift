import PagegenCore

/// Recognises how an operation pages from what its document says when no extension
/// says it, in this order: a `Link` response header; a next-page URL next to the items;
/// a cursor parameter with the next cursor in the response (or, for `starting_after`-like
/// cursors, the last item's id); a page-number parameter; an offset parameter. The page
/// size comes from a size parameter; `total`, `has_more`, `isLast` and the number of
/// pages from fields next to the items.
///
/// What a parameter is for is read from its name, its description and the answer it
/// gets (``PagingRole``): a `stream_position` answered by `next_stream_position` is a
/// cursor whatever its name. The items are the list that holds what the operation
/// lists, never its errors or messages while another list is there; the next cursor is
/// the field the answer holds for the next page, never the current page's. An
/// operation that reads one resource (its path ends in the resource's id) does not page.
struct PagingInference {
    let draft: EndpointDraft
    let navigator: ModelNavigator

    private var returns: TypeReference { draft.endpoint.returns }

    /// The translated query and header parameters whose name is one of `names`.
    private func parameter(in names: Set<String>, where accept: (ImportedParameter) -> Bool = { _ in true }) -> ParameterDraft? {
        draft.parameters.first { parameter in
            guard parameter.location == .query || parameter.location == .header, let imported = parameter.imported else { return false }
            return names.contains(PagingNames.key(parameter.name)) && accept(imported)
        }
    }

    /// The fields a request may page by: its query and header parameters, then, for a
    /// read sent as a POST, the top-level fields of its JSON body.
    var requestFields: [RequestField] {
        var fields = draft.parameters.compactMap { parameter -> RequestField? in
            guard parameter.location == .query || parameter.location == .header, let imported = parameter.imported else { return nil }
            return RequestField(
                name: parameter.name, type: imported.type, description: parameter.description ?? imported.description,
                location: parameter.location == .header ? .header : .query)
        }
        if draft.endpoint.method == "POST", let model = draft.endpoint.body?.jsonModel, let body = navigator.model(model) {
            fields += body.fields.map { RequestField(name: $0.name, type: $0.type, description: $0.description, location: .body) }
        }
        return fields
    }

    /// The first request field that plays `role`, a query or header parameter before a
    /// field of the body.
    func field(_ role: PagingRole, excluding excluded: Set<String> = []) -> RequestField? {
        requestFields.first { !excluded.contains($0.name) && role.fits($0) }
    }

    /// True when the operation reads one resource: its path ends in the resource's id
    /// (`/artifacts/{reference}`), and its answer is neither a list nor an envelope of
    /// one (a list named as a list's items at its top, or a next link, cursor or total
    /// beside it: Spotify's `/me/top/{type}` answers a page).
    var readsOneResource: Bool {
        guard returns.arrayElement == nil, let last = draft.operation.path.split(separator: "/").last, last.contains("{") else {
            return false
        }
        let top = navigator.fields(of: returns) ?? []
        let listAtTop = top.contains {
            $0.type.arrayElement != nil && PagingNames.items.map(PagingNames.key).contains(PagingNames.key($0.name))
        }
        // A next link, cursor or total anywhere near the top (DigitalOcean's
        // `links.pages.next` and `meta.total` beside an invoice's items).
        let pagingFields = navigator.reachable(from: returns, depth: 3).contains { entry in
            let key = PagingNames.key(entry.field.name)
            return PagingNames.nextLink.contains(key) || PagingNames.cursorField.contains(key) || PagingNames.total.contains(key)
        }
        return !listAtTop && !pagingFields
    }

    /// The item list of the response: the response itself when it is a list, else the
    /// list that holds what the operation lists: the only one, or the one named as a
    /// list's items are (`data`, `items`…), or the only list of models, or the one named
    /// like the path's last word (`/issues` → `issues`). Lists beside the resource (its
    /// `errors`, `messages`, side-loaded `included` records) are not the items while
    /// another list is there, and a list deeper in the answer is one when none is nearer
    /// (`data.attributes.slos`).
    func items(named hint: [String]? = nil) -> [String]? {
        if returns.arrayElement != nil { return [] }
        if let hint, navigator.element(at: hint, from: returns) != nil { return hint }
        let all = navigator.reachable(from: returns, depth: 3).filter { $0.field.type.arrayElement != nil }
        let resource = all.filter { entry in !entry.path.contains { PagingNames.asideLists.contains(PagingNames.key($0)) } }
        // With no other list, messages are a chat's items; errors are the items only of an
        // operation that lists errors (`GET /errors`).
        let word = PagingNames.key(draft.operation.path.split(separator: "/").last.map(String.init) ?? "")
        let lists =
            !resource.isEmpty
            ? resource
            : all.filter { entry in
                PagingNames.errorLists.contains(word) || !entry.path.contains { PagingNames.errorLists.contains(PagingNames.key($0)) }
            }
        guard let nearest = lists.map(\.path.count).min() else { return nil }
        func isModelList(_ entry: (path: [String], field: ImportedField)) -> Bool {
            navigator.fields(of: entry.field.type.arrayElement ?? .named("")) != nil
        }
        let candidates = lists.filter { $0.path.count == nearest }
        if candidates.count == 1 { return candidates[0].path }
        for name in PagingNames.items {
            if let match = candidates.first(where: { $0.path.last == name }) { return match.path }
        }
        let models = candidates.filter(isModelList)
        if models.count == 1 { return models[0].path }
        // The one the answer's counts or the size's description name (Plaid's
        // `total_transactions` beside `accounts` and `transactions`).
        let counting =
            navigator.reachable(from: returns, depth: 2).filter { $0.field.type.isInteger || $0.field.type.isBool }
            .map { PagingNames.key($0.field.name) } + [field(.size)?.text ?? ""].map(PagingNames.key)
        let named = candidates.filter { entry in
            let name = PagingNames.key(entry.path.last ?? "")
            return name.count > 3 && counting.contains { $0 != name && $0.contains(name) }
        }
        if named.count == 1 { return named[0].path }
        // The one named like the path's last word (`/issues` → `issues`), or the
        // operation's (`listAddon` → `addons`).
        let words =
            [draft.operation.path.split(separator: "/").last(where: { !$0.contains("{") }).map(String.init)]
            .compactMap { $0 } + (draft.operation.operation.operationId.map { [$0] } ?? [])
        for word in words.map(PagingNames.key) where !word.isEmpty {
            if let match = candidates.first(where: {
                let name = PagingNames.key($0.path.last ?? "")
                return !name.isEmpty && (word.contains(name) || name.contains(word) || word.contains(PagingNames.singular(name)))
            }) {
                return match.path
            }
        }
        return nil
    }

    /// True when the response is a list of what the operation names: the response is
    /// an array, or an object whose list sits at its top under a list's name (`data`,
    /// `items`) or the path's last word (`/issues` → `issues`). An object that merely
    /// holds a list among its fields (an artist's `images`, `/me`'s `images`) is not,
    /// nor is the answer of a path that ends in an id (`/artists/{id}`).
    func responseIsAList() -> Bool {
        if returns.arrayElement != nil { return true }
        guard let last = draft.operation.path.split(separator: "/").last, !last.hasPrefix("{"),
            let path = items(), path.count == 1, let name = path.first
        else { return false }
        let word = PagingNames.key(String(last))
        let key = PagingNames.key(name)
        return PagingNames.items.contains(name) || (!word.isEmpty && !key.isEmpty && (word.contains(key) || key.contains(word)))
    }

    /// When ``items(named:)`` cannot choose among several lists of models: the first,
    /// the one an answer puts first (Mistral's users: `members` before `invites`), and
    /// the others, for the note.
    func firstOfSeveralLists() -> (path: [String], others: [String])? {
        let lists = navigator.reachable(from: returns, depth: 2).filter {
            ($0.field.type.arrayElement.map { navigator.fields(of: $0) != nil } ?? false)
                && !$0.path.contains { PagingNames.asideLists.contains(PagingNames.key($0)) }
        }
        guard let nearest = lists.map(\.path.count).min() else { return nil }
        let candidates = lists.filter { $0.path.count == nearest }
        guard candidates.count > 1 else { return nil }
        return (candidates[0].path, candidates.dropFirst().map { Self.dotted($0.path) })
    }

    /// How a field of the answer is named after a cursor parameter.
    enum CursorNaming: Int, Comparable {
        /// A cursor's usual name (`next_cursor`, `marker`).
        case usual = 1
        /// The parameter's own name (`metadata.continue` for `continue`).
        case parameter = 2
        /// The parameter's name as the next one (`next_stream_position` for
        /// `stream_position`, `next_record_id` for itself).
        case nextOfParameter = 3

        static func < (lhs: CursorNaming, rhs: CursorNaming) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The field of the answer that holds the next value of the cursor `cursor`: the one
    /// named as the parameter's next one, else the one named as the parameter, else a
    /// cursor's usual name (one that says next first); never one its description says is
    /// the current page's or the previous one, nor a previous cursor's name. A field
    /// whose description speaks of the next page wins over one as well named.
    func nextCursorField(for cursor: RequestField, excluding items: [String]?) -> (path: [String], naming: CursorNaming)? {
        let fields = navigator.reachable(from: returns, depth: 4, excluding: items).filter {
            $0.field.type.isCursor && !isLinkField($0.field)
        }
        var best: (path: [String], naming: CursorNaming, rank: Int)?
        for (path, field) in fields {
            let key = PagingNames.key(field.name)
            let text = (field.description ?? "").lowercased()
            if PagingRole.matches(
                text, [#"current page"#, #"this page"#, #"previous page"#, #"(cursor|token) (used|sent) for (this|the) (request|page)"#])
            {
                continue
            }
            if PagingNames.previousCursorField.contains(key) || key.hasPrefix("prev") { continue }
            let naming: CursorNaming
            if key == "next" + cursor.key || key == cursor.key + "next" || (key.hasPrefix("next") && key == cursor.key) {
                naming = .nextOfParameter
            } else if key == cursor.key {
                naming = .parameter
            } else if PagingNames.cursorField.contains(key) {
                naming = .usual
            } else {
                continue
            }
            let rank = naming.rawValue * 4 + (key.hasPrefix("next") ? 2 : 0) + (text.contains("next") ? 1 : 0)
            if rank > (best?.rank ?? 0) || (rank == best?.rank && path.count < best!.path.count) {
                best = (path, naming, rank)
            }
        }
        return best.map { ($0.path, $0.naming) }
    }

    /// The first field near the items whose name is one of `names` and whose type passes.
    func field(in names: Set<String>, excluding items: [String]?, where accept: (ImportedField) -> Bool) -> [String]? {
        let fields = navigator.reachable(from: returns, depth: 3, excluding: items)
        return fields.first { names.contains(PagingNames.key($0.field.name)) && accept($0.field) }?.path
    }

    /// True when a field holds a URL: its type, its format, its name or its description says so.
    func isLinkField(_ field: ImportedField) -> Bool {
        guard field.type.isLink else { return false }
        if field.type.unwrapped == .named("URL") { return true }
        if ["uri", "url", "uri-reference"].contains(field.format ?? "") { return true }
        let name = field.name.lowercased()
        if name.contains("url") || name.contains("link") || name.contains("href") || name.contains("uri") { return true }
        let description = (field.description ?? "").lowercased()
        return description.contains("url") || description.contains("link")
    }

    /// The size parameter in the query or a header, recognised by its name or description.
    func sizeParameter() -> ParameterDraft? {
        guard let size = field(.size), size.location != .body, size.type.isNumber else { return nil }
        return draft.parameter(size.name)
    }

    /// The plan, or nil with the reason the operation is not paged.
    func plan() -> (plan: PagingPlan?, reason: String?) {
        let size = field(.size)
        let page = field(.page, excluding: Set([size?.name].compactMap { $0 }))
        let offset = field(.offset, excluding: Set([size?.name, page?.name].compactMap { $0 }))
        let cursor = cursorField(excluding: Set([size?.name, page?.name, offset?.name].compactMap { $0 }))
        let previousCursor = parameter(in: PagingNames.previousCursor) { $0.type.isCursor }
        let pagingFields = [page, offset, cursor, size].compactMap { $0 }
        // One resource, with what it holds: not a list to page (an artifact with its
        // tags, a folder with its first items).
        if readsOneResource {
            guard !pagingFields.isEmpty else { return (nil, nil) }
            return (
                nil,
                "it reads one resource (its path ends in \(draft.operation.path.split(separator: "/").last ?? "")); \(Self.names(pagingFields)) page a list it holds"
            )
        }
        var itemsPath = items()
        var itemsRemark: String?
        if itemsPath == nil, let (first, others) = firstOfSeveralLists() {
            itemsPath = first
            itemsRemark =
                "the items are \(Self.dotted(first)), the first of the response's lists, over \(others.joined(separator: ", ")) (the others: \(others.joined(separator: ", ")); an overrides file names another)"
        }
        guard let itemsPath else {
            if pagingFields.isEmpty { return (nil, nil) }
            return (nil, "the parameters \(Self.names(pagingFields)) look like paging, but the response has no list")
        }
        let headers = draft.responseHeaders
        var plan: PagingPlan?
        var evidence: [String] = []
        let sizeEvidence = size.map { ["parameter \($0.name)"] } ?? []
        let nextCursor = cursor.flatMap { nextCursorField(for: $0, excluding: itemsPath) }

        // A next URL with no paging parameter is a part of a larger answer (Spotify's
        // playlist holds its first page of tracks), not a list to page.
        let nextLink = pagingFields.isEmpty ? nil : field(in: PagingNames.nextLink, excluding: itemsPath, where: isLinkField)
        // A cursor "obtained through the next link relation" (Okta) comes in a Link header,
        // whether or not the answer declares it.
        let linkCursor = cursor.flatMap { cursor in
            PagingRole.matches(cursor.text, [#"next link"#, #"link relation"#, #"link header"#, #"rel=\W?next"#]) ? cursor : nil
        }
        if let link = headers.first(where: { $0.lowercased() == "link" }) ?? linkCursor.map({ _ in "Link" }) {
            plan = PagingPlan(style: .link)
            evidence = [
                fieldsPhrase(size, page, offset, cursor),
                headers.contains(link)
                    ? "the \(link) response header" : "the description of \(linkCursor?.name ?? "") (a next link relation)",
            ].filter { !$0.isEmpty }
            plan?.replaces = [page, offset, cursor].compactMap { $0?.location == .body ? nil : $0?.name }
        } else if let next = nextLink {
            // The link the server gives for the next page, over a cursor or a number the
            // client would compute.
            plan = PagingPlan(style: .next(next))
            evidence = [fieldsPhrase(size, page, offset, cursor), "the response field \(Self.dotted(next))"].filter { !$0.isEmpty }
            plan?.replaces = [page, offset, cursor].compactMap { $0?.location == .body ? nil : $0?.name }
            if let previous = field(in: PagingNames.previousLink, excluding: itemsPath, where: isLinkField) {
                plan?.previous = .next(previous)
            }
            // Page numbers and offsets count to the same pages; a cursor is another way.
            if let cursor, let from = nextCursor?.path {
                plan?.remarks.append(
                    "the next link \(Self.dotted(next)) is chosen over the cursor \(cursor.name) from \(Self.dotted(from)): the server says where the next page is; an overrides file chooses the cursor"
                )
            }
        } else if let history = historyPlan(items: itemsPath, size: size, bodyCursor: nextCursor?.path) {
            plan = history.plan
            evidence = history.evidence
        } else if let cursor {
            if let from = nextCursor?.path {
                plan = PagingPlan(style: .cursor(cursor.name, .body(from)))
                evidence = ["parameter \(cursor.name)"] + sizeEvidence + ["the response field \(Self.dotted(from))"]
                if !cursor.type.isCursor
                    || (cursor.type.unwrapped == .named("String")
                        && (PagingNames.page.contains(cursor.key) || PagingNames.offset.contains(cursor.key)))
                {
                    plan?.remarks.append("'\(cursor.name)' takes text, a token the response hands out: a cursor, not a number")
                }
                let rivals = navigator.reachable(from: returns, depth: 4, excluding: itemsPath).filter { entry in
                    entry.path != from && entry.field.type.isCursor && !isLinkField(entry.field)
                        && PagingNames.cursorField.union([cursor.key]).contains(PagingNames.key(entry.field.name))
                }
                if !rivals.isEmpty {
                    plan?.remarks.append(
                        "the next cursor is \(Self.dotted(from)), over \(SchemaImporter.list(rivals.map { Self.dotted($0.path) })): its name or description says it is the next page's; an overrides file chooses another"
                    )
                }
                if let previousCursor,
                    let back = field(in: PagingNames.previousCursorField, excluding: itemsPath, where: { $0.type.isCursor })
                {
                    plan?.previous = .cursor(previousCursor.name, .body(back))
                }
            } else if let header = headers.first(where: { PagingNames.cursorHeader.contains(PagingNames.key($0)) }) {
                plan = PagingPlan(style: .cursor(cursor.name, .header(header)))
                evidence = ["parameter \(cursor.name)"] + sizeEvidence + ["the \(header) response header"]
            } else if PagingNames.itemCursor.contains(cursor.key), Self.namesAnItem(cursor),
                let element = navigator.element(at: itemsPath, from: returns),
                let id = navigator.field("id", of: element), id.type.isCursor
            {
                plan = PagingPlan(style: .cursor(cursor.name, .lastItem(["id"])))
                evidence = ["parameter \(cursor.name)"] + sizeEvidence + ["the items' id"]
                plan?.remarks.append("the response holds no cursor, and '\(cursor.name)' names the last item seen")
                if let previousCursor { plan?.previous = .cursor(previousCursor.name, .lastItem(["id"])) }
            } else {
                return (nil, "the parameter \(cursor.name) looks like a cursor, but nothing in the response gives the next one")
            }
            plan?.location = cursor.location == .body ? .body : nil
        } else if let page {
            plan = PagingPlan(style: .page(page.name))
            evidence = ["parameters " + [page.name, size?.name].compactMap { $0 }.joined(separator: ", ")]
            plan?.location = page.location == .body ? .body : nil
            if !page.type.isNumber { plan?.numericText.insert(page.name) }
        } else if let offset {
            plan = PagingPlan(style: .offset(offset.name))
            evidence = ["parameters " + [offset.name, size?.name].compactMap { $0 }.joined(separator: ", ")]
            plan?.location = offset.location == .body ? .body : nil
            if !offset.type.isNumber { plan?.numericText.insert(offset.name) }
        } else {
            return (nil, size.map { "the parameter \($0.name) sets a page size, but nothing says how to reach the next page" })
        }
        guard var plan else { return (nil, nil) }
        // A list that goes both ways from a page can open around an item, where the
        // operation takes a parameter for it and the items have an id to send.
        if plan.around == nil, plan.previous != nil, case .cursor = plan.style, let around = aroundParameter(items: itemsPath) {
            plan.around = around.name
            plan.evidence.append("parameter \(around.name)")
        }
        if let itemsRemark { plan.remarks.append(itemsRemark) }
        plan.items = itemsPath
        // A size in the body goes with paging in the body, and one in the query with the query.
        if let size, (size.location == .body) == (plan.location == .body) {
            plan.size = size.name
            if !size.type.isNumber { plan.numericText.insert(size.name) }
        }
        plan.evidence = evidence + plan.evidence
        fillEnds(&plan, items: itemsPath)
        return (plan, nil)
    }

    /// True unless the description says the cursor is one the server hands out ("Cursor
    /// to retrieve next page; only present if next page exists"), not an item's id.
    static func namesAnItem(_ cursor: RequestField) -> Bool {
        let text = cursor.text
        guard text.contains("cursor") || text.contains("token") else { return true }
        return PagingRole.matches(text, [#"\bid\b"#, #"\bids\b"#, #"identifier"#, #"last (item|object|record|result)"#])
    }

    /// The cursor parameter: a field whose name or description says it is a cursor, or
    /// one the answer hands back under a next name (`stream_position` and
    /// `next_stream_position`, `next_record_id` and `metadata.pagination.next_record_id`).
    private func cursorField(excluding excluded: Set<String>) -> RequestField? {
        let fields = requestFields.filter {
            !excluded.contains($0.name) && $0.type.isCursor && !PagingNames.previousCursor.contains($0.key)
        }
        if let answered = fields.first(where: { nextCursorField(for: $0, excluding: items())?.naming == .nextOfParameter }) {
            return answered
        }
        return fields.first { PagingRole.cursor.fits($0) }
    }

    /// A history served newest first, as a chat's messages are: parameters that ask for
    /// the items older and newer than an id (`before` and `after`, `older` and `newer`),
    /// the items' id to send, and no cursor in the response. The older items are the
    /// next page and the newer ones the way back, where an `around` parameter (a page
    /// around a message) or the words older and newer say which comes first; `before`
    /// and `after` alone go the other way (`after` the last item seen).
    private func historyPlan(
        items: [String], size: RequestField?, bodyCursor: [String]?
    ) -> (plan: PagingPlan, evidence: [String])? {
        guard bodyCursor == nil,
            let older = parameter(in: PagingNames.olderItems, where: { $0.type.isCursor }),
            let newer = parameter(in: PagingNames.newerItems, where: { $0.type.isCursor }),
            field(in: PagingNames.cursorField, excluding: items, where: { $0.type.isCursor && !isLinkField($0) }) == nil,
            let element = navigator.element(at: items, from: returns),
            let id = navigator.field("id", of: element), id.type.isCursor
        else { return nil }
        let around = aroundParameter(items: items)
        let saysOlder = PagingNames.names("older", "older_than").contains(PagingNames.key(older.name))
        guard around != nil || saysOlder else { return nil }
        var plan = PagingPlan(style: .cursor(older.name, .lastItem(["id"])))
        plan.previous = .cursor(newer.name, .lastItem(["id"]))
        plan.around = around?.name
        let names = [older.name, newer.name] + (around.map { [$0.name] } ?? []) + (size.map { [$0.name] } ?? [])
        plan.remarks.append(
            around != nil
                ? "'\(around!.name)' asks for the page around a message: a history served newest first, so the next page holds the older items (\(older.name) the last item's id) and going back the newer ones (\(newer.name) the first item's id)"
                : "'\(older.name)' and '\(newer.name)' name the items older and newer than an id: a history served newest first, so the next page holds the older items"
        )
        return (plan, ["parameters " + names.joined(separator: ", "), "the items' id"])
    }

    /// The parameter that asks for the page around an item, when the items have an id
    /// (text or a whole number) to send in it.
    func aroundParameter(items: [String]) -> ParameterDraft? {
        guard let around = parameter(in: PagingNames.around, where: { $0.type.isCursor }),
            let element = navigator.element(at: items, from: returns),
            let id = navigator.field("id", of: element), id.type.isCursor, !id.type.isOptional
        else { return nil }
        return around
    }

    /// `total`, `totalPages`, `hasMore` and `last` from fields next to the items, where
    /// the plan does not say.
    func fillEnds(_ plan: inout PagingPlan, items: [String]) {
        plan.total = plan.total ?? field(in: PagingNames.total, excluding: items) { $0.type.isInteger }
        if plan.total == nil, plan.totalHeader == nil {
            plan.totalHeader = draft.responseHeaders.first { PagingNames.totalHeader.contains(PagingNames.key($0)) }
        }
        plan.hasMore = plan.hasMore ?? field(in: PagingNames.hasMore, excluding: items) { $0.type.isBool }
        plan.last = plan.last ?? field(in: PagingNames.last, excluding: items) { $0.type.isBool }
        if case .page = plan.style {
            plan.totalPages = plan.totalPages ?? field(in: PagingNames.totalPages, excluding: items) { $0.type.isInteger }
        }
    }

    private func fieldsPhrase(_ fields: RequestField?...) -> String {
        let names = fields.compactMap { $0?.name }
        switch names.count {
        case 0: return ""
        case 1: return "parameter \(names[0])"
        default: return "parameters \(names.joined(separator: ", "))"
        }
    }

    static func names(_ fields: [RequestField]) -> String {
        fields.map(\.name).joined(separator: ", ")
    }

    static func dotted(_ path: [String]) -> String {
        ResponsePath(path.map { .key($0) }).description
    }
}
