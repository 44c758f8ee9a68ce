import PagegenCore

/// Recognises how an operation pages from its shape when no extension says, in this
/// order: a `Link` response header; a next-page URL next to the items; a cursor
/// parameter with a cursor in the response (or, for `starting_after`-like cursors, the
/// last item's id); a page-number parameter; an offset parameter. The page size comes
/// from a size parameter; `total`, `has_more`, `isLast` and the number of pages from
/// fields next to the items.
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

    /// The item list of the response: the response itself when it is a list, else the
    /// list field next to the paging fields (`data`, `items`…, or the only list).
    func items(named hint: [String]? = nil) -> [String]? {
        if returns.arrayElement != nil { return [] }
        if let hint, navigator.element(at: hint, from: returns) != nil { return hint }
        let lists = navigator.reachable(from: returns, depth: 2).filter { $0.field.type.arrayElement != nil }
        guard !lists.isEmpty else { return nil }
        func isModelList(_ entry: (path: [String], field: ImportedField)) -> Bool {
            navigator.fields(of: entry.field.type.arrayElement ?? .named("")) != nil
        }
        let shallow = lists.filter { $0.path.count == 1 }
        let candidates = shallow.isEmpty ? lists : shallow
        if candidates.count == 1 { return candidates[0].path }
        for name in PagingNames.items {
            if let match = candidates.first(where: { $0.path.last == name }) { return match.path }
        }
        let models = candidates.filter(isModelList)
        if models.count == 1 { return models[0].path }
        // The one named like the path's last word (`/issues` → `issues`).
        let word = draft.operation.path.split(separator: "/").last.map { PagingNames.key(String($0)) } ?? ""
        if let match = candidates.first(where: {
            let name = PagingNames.key($0.path.last ?? "")
            return !word.isEmpty && !name.isEmpty && (word.contains(name) || name.contains(word))
        }) {
            return match.path
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
        let lists = navigator.reachable(from: returns, depth: 1).filter {
            $0.field.type.arrayElement.map { navigator.fields(of: $0) != nil } ?? false
        }
        guard lists.count > 1 else { return nil }
        return (lists[0].path, lists.dropFirst().map { Self.dotted($0.path) })
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

    /// The size parameter, recognised by its name.
    func sizeParameter() -> ParameterDraft? {
        parameter(in: PagingNames.size) { $0.type.isNumber }
    }

    /// The plan, or nil with the reason the operation is not paged.
    func plan() -> (plan: PagingPlan?, reason: String?) {
        var itemsPath = items()
        var itemsRemark: String?
        if itemsPath == nil, let (first, others) = firstOfSeveralLists() {
            itemsPath = first
            itemsRemark =
                "the items are \(Self.dotted(first)), the first of the response's lists (the others: \(others.joined(separator: ", ")))"
        }
        let size = parameter(in: PagingNames.size) { $0.type.isNumber }
        let page = parameter(in: PagingNames.page) { $0.type.isNumber }
        let offset = parameter(in: PagingNames.offset) { $0.type.isNumber }
        // A page or offset parameter that takes text is a token the server hands out
        // (Asana's `offset`, Stripe's search `page`): a cursor.
        let textToken = parameter(in: PagingNames.page.union(PagingNames.offset)) { $0.type.unwrapped == .named("String") }
        let cursor = parameter(in: PagingNames.cursor) { $0.type.isCursor } ?? textToken
        let previousCursor = parameter(in: PagingNames.previousCursor) { $0.type.isCursor }
        let pagingParameters = [page, offset, cursor, size].compactMap { $0 }
        guard let itemsPath else {
            if pagingParameters.isEmpty { return (nil, nil) }
            return (nil, "the parameters \(Self.names(pagingParameters)) look like paging, but the response has no list")
        }
        let headers = draft.responseHeaders
        var plan: PagingPlan?
        var evidence: [String] = []
        let sizeEvidence = size.map { ["parameter \($0.name)"] } ?? []

        // A cursor field named as the cursor parameter says how to page even next to a
        // next URL (Spotify's followed artists: `after` and `cursors.after`, and `next`).
        let sameNameCursor = cursor.flatMap { cursor in
            field(in: [PagingNames.key(cursor.name)], excluding: itemsPath) { $0.type.isCursor && !isLinkField($0) }
        }
        // A next URL with no paging parameter is a part of a larger answer (Spotify's
        // playlist holds its first page of tracks), not a list to page.
        let nextLink = pagingParameters.isEmpty ? nil : field(in: PagingNames.nextLink, excluding: itemsPath, where: isLinkField)
        if let link = headers.first(where: { $0.lowercased() == "link" }) {
            plan = PagingPlan(style: .link)
            evidence = [parametersPhrase(size, page, offset, cursor), "the \(link) response header"].filter { !$0.isEmpty }
            plan?.replaces = [page, offset, cursor].compactMap { $0?.name }
        } else if let next = nextLink, sameNameCursor == nil {
            plan = PagingPlan(style: .next(next))
            evidence = [parametersPhrase(size, page, offset, cursor), "the response field \(Self.dotted(next))"].filter { !$0.isEmpty }
            plan?.replaces = [page, offset, cursor].compactMap { $0?.name }
            if let previous = field(in: PagingNames.previousLink, excluding: itemsPath, where: isLinkField) {
                plan?.previous = .next(previous)
            }
        } else if let history = historyPlan(items: itemsPath, size: size, bodyCursor: sameNameCursor) {
            plan = history.plan
            evidence = history.evidence
        } else if let cursor {
            if let from = sameNameCursor
                ?? field(in: PagingNames.cursorField, excluding: itemsPath, where: { $0.type.isCursor && !isLinkField($0) })
            {
                plan = PagingPlan(style: .cursor(cursor.name, .body(from)))
                evidence = ["parameter \(cursor.name)"] + sizeEvidence + ["the response field \(Self.dotted(from))"]
                if cursor.name == textToken?.name {
                    plan?.remarks.append("'\(cursor.name)' takes text, a token the response hands out: a cursor, not a number")
                }
                if let previousCursor,
                    let back = field(in: PagingNames.previousCursorField, excluding: itemsPath, where: { $0.type.isCursor })
                {
                    plan?.previous = .cursor(previousCursor.name, .body(back))
                }
            } else if let header = headers.first(where: { PagingNames.cursorHeader.contains(PagingNames.key($0)) }) {
                plan = PagingPlan(style: .cursor(cursor.name, .header(header)))
                evidence = ["parameter \(cursor.name)"] + sizeEvidence + ["the \(header) response header"]
            } else if PagingNames.itemCursor.contains(PagingNames.key(cursor.name)),
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
        } else if let page {
            plan = PagingPlan(style: .page(page.name))
            evidence = ["parameters " + [page.name, size?.name].compactMap { $0 }.joined(separator: ", ")]
        } else if let offset {
            plan = PagingPlan(style: .offset(offset.name))
            evidence = ["parameters " + [offset.name, size?.name].compactMap { $0 }.joined(separator: ", ")]
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
        plan.size = size?.name
        plan.evidence = evidence + plan.evidence
        fillEnds(&plan, items: itemsPath)
        return (plan, nil)
    }

    /// A history served newest first, as a chat's messages are: parameters that ask for
    /// the items older and newer than an id (`before` and `after`, `older` and `newer`),
    /// the items' id to send, and no cursor in the response. The older items are the
    /// next page and the newer ones the way back, where an `around` parameter (a page
    /// around a message) or the words older and newer say which comes first; `before`
    /// and `after` alone go the other way (`after` the last item seen).
    private func historyPlan(
        items: [String], size: ParameterDraft?, bodyCursor: [String]?
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

    private func parametersPhrase(_ parameters: ParameterDraft?...) -> String {
        let names = parameters.compactMap { $0?.name }
        switch names.count {
        case 0: return ""
        case 1: return "parameter \(names[0])"
        default: return "parameters \(names.joined(separator: ", "))"
        }
    }

    static func names(_ parameters: [ParameterDraft]) -> String {
        parameters.map(\.name).joined(separator: ", ")
    }

    static func dotted(_ path: [String]) -> String {
        ResponsePath(path.map { .key($0) }).description
    }
}
