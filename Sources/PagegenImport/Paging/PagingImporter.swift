import Foundation
import PagegenCore

/// Adds `paging:` to an endpoint: from the operation's pagination extension if it has
/// one, else from the inference, then checked against the endpoint's parameters and
/// response model so that the block the spec gets is one the generator accepts. Each
/// decision is a note on the operation and a comment above the block.
struct PagingImporter {
    let extensions: PagingExtensions
    let navigator: ModelNavigator
    let notes: NoteWriter

    /// Adds paging to `draft`, or notes why it has none.
    func addPaging(to draft: inout EndpointDraft) {
        let pointer = draft.operation.pointer
        let inference = PagingInference(draft: draft, navigator: navigator)
        if let found = extensions.read(draft.operation) {
            switch found.reading {
            case .pages(let plan):
                if let failure = realize(plan, into: &draft, inference: inference, at: found.pointer) {
                    notes.warning(
                        found.pointer, "paging", "\(found.name) cannot be followed: \(failure); the shape of the operation is read instead")
                    draft.endpoint.comments.append("paging: \(found.name) cannot be followed: \(failure)")
                    infer(into: &draft, inference: inference, at: pointer)
                }
            case .onePage(let reason):
                notes.note(found.pointer, "paging", "not paged: \(reason)")
                draft.endpoint.comments.append("paging: not paged: \(reason)")
            case .unreadable(let reason):
                notes.warning(
                    found.pointer, "paging", "\(found.name) is not understood: \(reason); the shape of the operation is read instead")
                draft.endpoint.comments.append("paging: \(found.name) is not understood: \(reason)")
                infer(into: &draft, inference: inference, at: pointer)
            }
            return
        }
        if let unread = extensions.unread(draft.operation) {
            let message =
                "\(unread) is not an extension pagegen reads (it reads \(PagingExtensions.understood.joined(separator: ", "))); the shape of the operation is read instead"
            notes.note(pointer.appending(unread), "paging", message)
        }
        infer(into: &draft, inference: inference, at: pointer)
    }

    private func infer(into draft: inout EndpointDraft, inference: PagingInference, at pointer: JSONPointer) {
        guard Self.reads(draft.operation) else {
            // What creates or changes something answers with what it made, even when it
            // takes the list's parameters (Spotify's POST /me/playlists shares its path's).
            if inference.plan().plan != nil {
                let message = "not paged: a \(draft.operation.method) creates or changes something; only an extension would page it"
                notes.note(pointer, "paging", message)
                draft.endpoint.comments.append("paging: \(message)")
            }
            return
        }
        let (plan, reason) = inference.plan()
        guard let plan else {
            if let reason {
                notes.note(pointer, "paging", "not paged: \(reason)")
                draft.endpoint.comments.append("paging: not paged: \(reason)")
            } else if draft.endpoint.method == "GET", inference.responseIsAList() {
                let message = "not paged: the response is a list, and nothing in the document says how to page it"
                notes.note(pointer, "paging", message)
                draft.endpoint.comments.append("paging: \(message)")
            }
            return
        }
        if let failure = realize(plan, into: &draft, inference: inference, at: pointer) {
            notes.note(pointer, "paging", "not paged: \(failure)")
            draft.endpoint.comments.append("paging: not paged: \(failure)")
        }
    }

    /// Gives each query parameter the document leaves undescribed the description its
    /// other operations give a parameter of the same name, when they agree on one (the
    /// most common): Keycloak describes `first` as "Pagination offset" on some lists and
    /// not on others, and the paging inference reads what a parameter is for from it.
    static func lendDescriptions(among drafts: inout [EndpointDraft]) {
        var texts: [String: [String: Int]] = [:]
        for draft in drafts {
            for parameter in draft.parameters where parameter.location == .query {
                guard let text = parameter.description ?? parameter.imported?.description, !text.isEmpty else { continue }
                texts[parameter.name, default: [:]][text, default: 0] += 1
            }
        }
        for index in drafts.indices {
            for position in drafts[index].parameters.indices {
                let parameter = drafts[index].parameters[position]
                guard parameter.location == .query, (parameter.description ?? parameter.imported?.description ?? "").isEmpty,
                    let common = texts[parameter.name]?.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })
                else { continue }
                drafts[index].parameters[position].description = common.key
            }
        }
    }

    /// True for an operation that reads: a GET, or a POST to a search, a query, a list
    /// or a get (`/v1/customers/search`, `/spans/search/latest`, `/jobs/list`,
    /// `/institutions/get`), which sends its question in the body.
    static func reads(_ operation: ImportedOperation) -> Bool {
        if operation.method == "GET" { return true }
        guard operation.method == "POST" else { return false }
        let segments = operation.path.split(separator: "/").filter { !$0.hasPrefix("{") }
        if segments.contains(where: { segment in ["search", "query", "list"].contains { segment.lowercased().hasSuffix($0) } }) {
            return true
        }
        // `POST /institutions/get`: the last word is a verb that reads.
        return segments.last.map { ["get", "fetch", "find", "retrieve", "lookup"].contains($0.lowercased()) } ?? false
    }

    // MARK: From a plan to a paging block

    /// Turns a plan into the endpoint's paging block; returns why it cannot.
    func realize(
        _ plan: PagingPlan, into draft: inout EndpointDraft, inference: PagingInference, at pointer: JSONPointer
    ) -> String? {
        var plan = plan
        var remarks = plan.remarks
        var warnings: [String] = []
        let returns = draft.endpoint.returns
        // Text the description says is a number is sent as one.
        for name in plan.numericText.sorted() {
            guard let index = draft.parameters.firstIndex(where: { $0.name == name }), var imported = draft.parameters[index].imported,
                imported.type.unwrapped == .named("String")
            else { continue }
            imported.type = imported.type.isOptional ? .optional(.named("Int")) : .named("Int")
            draft.parameters[index].imported = imported
            for list in [\ImportedEndpoint.query, \ImportedEndpoint.header] {
                if let position = draft.endpoint[keyPath: list].firstIndex(where: { $0.name == name }) {
                    draft.endpoint[keyPath: list][position].type = imported.type
                }
            }
            remarks.append(
                "'\(name)' is typed as text, and its description says it is a number (\(EndpointImporter.summary(imported.description ?? "") ?? "")): it is sent as a whole number"
            )
        }

        // Items.
        var items = plan.items
        if let given = items {
            if given.isEmpty {
                guard returns.arrayElement != nil else { return "it says the response is the list, but the response is \(returns)" }
            } else if navigator.element(at: given, from: returns) == nil {
                let found = inference.items()
                guard let found else { return "its items '\(PagingInference.dotted(given))' are not a list of the response \(returns)" }
                warnings.append(
                    "its items '\(PagingInference.dotted(given))' are not a list of the response; the items are read at '\(found.isEmpty ? "the response" : PagingInference.dotted(found))'"
                )
                items = found
            }
        } else {
            guard let found = inference.items() else { return "the response \(returns) holds no list" }
            items = found
        }
        let itemsPath = items ?? []
        if plan.source != nil {
            inference.fillEnds(&plan, items: itemsPath)
            if plan.size == nil, plan.location != .body, let size = inference.sizeParameter() {
                plan.size = size.name
                remarks.append("the page size goes in \(size.name) (inferred from its name)")
            }
        }

        // A paging parameter in the body is a top-level field of the body the endpoint
        // sends; a GET sends none.
        let bodyModel = draft.endpoint.body?.jsonModel.flatMap { navigator.model($0) }
        if plan.location == .body, draft.endpoint.method == "GET" {
            return "it puts its parameters in the body of a GET, which sends none"
        }
        func bodyField(_ name: String, accept: (TypeReference) -> Bool) -> Bool {
            guard draft.endpoint.method != "GET", let field = bodyModel?.fields.first(where: { $0.name == name }) else { return false }
            return accept(field.type)
        }

        // The parameter the style names: a query or header parameter, or a field of the body.
        func requestParameter(_ name: String, kind: String, accept: (TypeReference) -> Bool) -> (ImportedPaging.Parameter, ParameterDraft?)?
        {
            if plan.location == .body {
                return (.init(name: name, location: .body), nil)
            }
            guard let parameter = draft.parameter(name), let imported = parameter.imported,
                parameter.location == .query || parameter.location == .header
            else {
                if plan.source != nil, bodyField(name, accept: accept) {
                    remarks.append(
                        "'\(name)' is a field of the body \(draft.endpoint.body?.jsonModel ?? ""), so the \(kind) goes in the body")
                    plan.location = .body
                    return (.init(name: name, location: .body), nil)
                }
                return nil
            }
            guard accept(imported.type) else { return nil }
            if parameter.deprecated || imported.deprecated {
                warnings.append(
                    "it names the \(kind) parameter '\(parameter.name)', which the document marks deprecated\(parameter.description.map { " (\(EndpointImporter.summary($0) ?? ""))" } ?? ""); the extension is followed"
                )
            }
            return (.init(name: parameter.name, location: parameter.location == .header ? .header : .query), parameter)
        }

        let style: ImportedPaging.Style
        var description: String
        switch plan.style {
        case .page(let name):
            guard let (parameter, draftParameter) = requestParameter(name, kind: "page", accept: \.isNumber) else {
                return "it names the page parameter '\(name)', which the operation does not take as a number"
            }
            let first = firstPage(draftParameter?.imported, remarks: &remarks)
            style = .page(parameter, first: first)
            description = "page numbers in \(parameter.name), from \(first)"
        case .offset(let name):
            guard let (parameter, draftParameter) = requestParameter(name, kind: "offset", accept: \.isNumber) else {
                return "it names the offset parameter '\(name)', which the operation does not take as a number"
            }
            let first = draftParameter?.imported.map { ($0.minimum ?? 0) >= 1 || $0.documentDefault == "1" ? 1 : 0 } ?? 0
            style = .offset(parameter, first: first)
            description = "item offsets in \(parameter.name), from \(first)"
        case .cursor(let name, let source):
            guard let (parameter, _) = requestParameter(name, kind: "cursor", accept: \.isCursor) else {
                return "it names the cursor parameter '\(name)', which the operation does not take as text or a number"
            }
            guard let cursorSource = cursorSource(source, returns: returns, items: itemsPath) else {
                return "the next cursor '\(describe(source))' is not text or a number in the response"
            }
            style = .cursor(parameter, cursorSource)
            description = "a cursor in \(parameter.name), \(describe(source, last: true))"
        case .link:
            style = .link
            description = "next link from the Link header"
        case .next(let path):
            guard let type = navigator.type(at: path, from: returns) else {
                return "the next link '\(PagingInference.dotted(path))' is not a field of the response \(returns)"
            }
            guard type.isLink else { return "the next link '\(PagingInference.dotted(path))' is \(type), not a URL or text" }
            style = .next(ResponsePath(path.map { .key($0) }))
            description = "next link in the response field \(PagingInference.dotted(path))"
        }

        var paging = ImportedPaging(style: style)
        paging.items = itemsPath.isEmpty ? nil : ResponsePath(itemsPath.map { .key($0) })
        if let previous = plan.previous { paging.previous = previousStyle(previous, draft: draft, returns: returns, items: itemsPath) }
        if case .link = plan.style, linkHeaderMentionsPrevious(draft) { paging.previous = .link }
        if let around = plan.around, paging.previous != nil,
            let (parameter, _) = requestParameter(around, kind: "around", accept: \.isCursor)
        {
            paging.around = parameter
        }

        // Size.
        if let sizeName = plan.size {
            if let parameter = draft.parameter(sizeName), let imported = parameter.imported, imported.type.isNumber,
                parameter.location == .query || parameter.location == .header || plan.location == .body
            {
                paging.size = size(
                    imported, location: plan.location == .body ? .body : (parameter.location == .header ? .header : .query),
                    remarks: &remarks)
            } else if plan.location == .body, bodyModel == nil || bodyField(sizeName, accept: \.isNumber) {
                paging.size = ImportedPaging.Size(parameter: .init(name: sizeName, location: .body), defaultValue: 100)
                remarks.append("the document gives no default size for \(sizeName); 100 chosen")
            } else {
                warnings.append("it names the size parameter '\(sizeName)', which the operation does not take as a number; no size is sent")
            }
        }

        // The end of the list.
        if let total = plan.total, navigator.type(at: total, from: returns)?.isInteger == true {
            paging.total = .path(ResponsePath(total.map { .key($0) }))
        } else if let header = plan.totalHeader {
            paging.total = .header(header)
        }
        if let pages = plan.totalPages, navigator.type(at: pages, from: returns)?.isInteger == true {
            paging.totalPages = ResponsePath(pages.map { .key($0) })
        }
        if let more = plan.hasMore {
            if navigator.type(at: more, from: returns)?.isBool == true {
                paging.hasMore = ResponsePath(more.map { .key($0) })
            } else {
                warnings.append("its has-more flag '\(PagingInference.dotted(more))' is not a Bool of the response; left out")
            }
        }
        if let last = plan.last, navigator.type(at: last, from: returns)?.isBool == true {
            paging.last = ResponsePath(last.map { .key($0) })
        }
        // Pages by the last item's id with nothing that says more follow (Discord's
        // `before` / `after`): the page that comes back short is the last.
        if plan.source == nil, case .cursor(_, .item) = style, paging.size != nil, paging.total == nil, paging.hasMore == nil,
            paging.last == nil
        {
            paging.shortPageEnds = true
            remarks.append("nothing in the response says whether more follow: a page shorter than the size asked for ends the list")
        }

        // Notes, and the comment the spec carries.
        switch paging.previous {
        case .cursor(let parameter, _)?: description += ", back with \(parameter.name)"
        case .link?: description += ", back by the Link header's rel=\"prev\""
        case .next(let path)?: description += ", back by \(path)"
        default: break
        }
        if let around = paging.around { description += ", around an item with \(around.name)" }
        let ends = endsPhrase(paging)
        if !ends.isEmpty { description += "; " + ends }
        let origin = plan.source.map { "from \($0)" } ?? "inferred from " + SchemaImporter.list(plan.evidence)
        let message = "\(description) (\(origin))"
        notes.note(pointer, "paging", message)
        paging.comments.append("paging: \(message)")
        for remark in remarks {
            notes.note(pointer, "paging", remark)
            paging.comments.append("paging: \(remark)")
        }
        for warning in warnings {
            notes.warning(pointer, "paging", warning)
            paging.comments.append("paging: \(warning)")
        }

        // The parameters the block declares leave the query and the headers, and so do
        // those the links replace.
        let declared = Set(paging.parameterNames)
        let replaced = Set(plan.replaces)
        draft.endpoint.paging = paging
        removeParameters(from: &draft) { parameter in
            if declared.contains(parameter.name) { return nil }
            if replaced.contains(parameter.name) {
                return "'\(parameter.name)' is left out: the next links carry it"
            }
            return nil
        }
        return nil
    }

    // MARK: Pieces

    private func cursorSource(_ source: PagingPlan.CursorSource, returns: TypeReference, items: [String]) -> ImportedPaging.CursorSource? {
        switch source {
        case .body(let path):
            guard navigator.type(at: path, from: returns)?.isCursor == true else { return nil }
            return .body(ResponsePath(path.map { .key($0) }))
        case .lastItem(let path):
            let element = items.isEmpty ? returns.arrayElement : navigator.element(at: items, from: returns)
            guard let element, navigator.type(at: path, from: element)?.isCursor == true else { return nil }
            return .item(ResponsePath(path.map { .key($0) }))
        case .header(let name):
            return .header(name)
        }
    }

    private func previousStyle(
        _ style: PagingPlan.Style, draft: EndpointDraft, returns: TypeReference, items: [String]
    ) -> ImportedPaging.Style? {
        switch style {
        case .cursor(let name, let source):
            guard let parameter = draft.parameter(name), let imported = parameter.imported, imported.type.isCursor,
                let cursor = cursorSource(source, returns: returns, items: items)
            else { return nil }
            return .cursor(.init(name: parameter.name, location: parameter.location == .header ? .header : .query), cursor)
        case .next(let path):
            guard navigator.type(at: path, from: returns)?.isLink == true else { return nil }
            return .next(ResponsePath(path.map { .key($0) }))
        case .link:
            return .link
        case .page, .offset:
            return nil
        }
    }

    private func describe(_ source: PagingPlan.CursorSource, last: Bool = false) -> String {
        switch source {
        case .body(let path): return last ? "from the response field \(PagingInference.dotted(path))" : PagingInference.dotted(path)
        case .lastItem(let path):
            return last ? "from the last item's \(PagingInference.dotted(path))" : "the last item's " + PagingInference.dotted(path)
        case .header(let name): return last ? "from the \(name) response header" : name
        }
    }

    private func endsPhrase(_ paging: ImportedPaging) -> String {
        var parts: [String] = []
        switch paging.total {
        case .path(let path): parts.append("total in \(path)")
        case .header(let name): parts.append("total in the \(name) header")
        case nil: break
        }
        if let pages = paging.totalPages { parts.append("page count in \(pages)") }
        if let more = paging.hasMore { parts.append("\(more) says whether more follow") }
        if let last = paging.last { parts.append("\(last) marks the last page") }
        if paging.shortPageEnds { parts.append("a short page is the last") }
        return parts.joined(separator: ", ")
    }

    /// The first page number: 0 or 1, from the parameter's minimum, default or example.
    private func firstPage(_ parameter: ImportedParameter?, remarks: inout [String]) -> Int {
        guard let parameter else { return 1 }
        if let minimum = parameter.minimum { return minimum >= 1 ? 1 : 0 }
        for value in [parameter.documentDefault, parameter.example].compactMap({ $0 }) {
            if value == "0" { return 0 }
            if value == "1" { return 1 }
        }
        let description = (parameter.description ?? "").lowercased()
        if description.contains("zero-based") || description.contains("0-based") || description.contains("starts at 0") { return 0 }
        remarks.append("the first page number is not in the document; 1 assumed")
        return 1
    }

    /// The size: the document's default, else its example, else what its description
    /// says, else the maximum up to 100; with its bounds.
    private func size(_ parameter: ImportedParameter, location: ImportedPaging.Location, remarks: inout [String]) -> ImportedPaging.Size {
        let text = SizeText(parameter.description ?? "")
        var minimum = parameter.minimum.map { Int($0) }.flatMap { $0 >= 1 ? $0 : nil }
        var maximum = parameter.maximum.map { Int($0) }
        if minimum == nil, let described = text.minimum {
            minimum = described
            remarks.append("the size's minimum \(described) is read from the description of \(parameter.name)")
        }
        if maximum == nil, let described = text.maximum {
            maximum = described
            remarks.append("the size's maximum \(described) is read from the description of \(parameter.name)")
        }
        var value: Int
        if let given = parameter.documentDefault.flatMap({ Int($0) ?? Double($0).map { Int($0) } }), given >= 1 {
            value = given
        } else if let example = parameter.example.flatMap({ Int($0) ?? Double($0).map { Int($0) } }), example >= 1 {
            value = example
            remarks.append("the default size \(value) is the example of \(parameter.name) (the document gives no default)")
        } else if let described = text.defaultValue {
            value = described
            remarks.append("the default size \(value) is read from the description of \(parameter.name)")
        } else {
            value = min(maximum ?? 100, 100)
            remarks.append("the document gives no default size for \(parameter.name); \(value) chosen")
        }
        if let maximum, value > maximum { value = maximum }
        if let minimum, value < minimum { value = minimum }
        return ImportedPaging.Size(
            parameter: .init(name: parameter.name, location: location), defaultValue: max(value, 1), minimum: minimum, maximum: maximum)
    }

    /// A Link header whose description or example shows `rel="prev"` also goes back.
    private func linkHeaderMentionsPrevious(_ draft: EndpointDraft) -> Bool {
        let text = (draft.linkHeaderText ?? "").lowercased()
        return text.contains("rel=\"prev") || text.contains("rel=prev")
    }

    /// Removes the query and header parameters for which `reason` returns a reason (or
    /// that the paging block declares), noting each one with a reason.
    private func removeParameters(from draft: inout EndpointDraft, reason: (ImportedParameter) -> String?) {
        let declared = Set(draft.endpoint.paging?.parameterNames ?? [])
        var kept: [ImportedParameter] = []
        for parameter in draft.endpoint.query + draft.endpoint.header {
            if declared.contains(parameter.name) { continue }
            if let why = reason(parameter) {
                notes.note(draft.operation.pointer, "parameter", why)
                draft.endpoint.paging?.comments.append("paging: \(why)")
                continue
            }
            kept.append(parameter)
        }
        draft.endpoint.query = draft.endpoint.query.filter { parameter in kept.contains { $0.name == parameter.name } }
        draft.endpoint.header = draft.endpoint.header.filter { parameter in kept.contains { $0.name == parameter.name } }
    }
}

/// Sizes that a parameter's description states: "default is 10", "between 1 and
/// 100", "max 100", "no larger than 1000".
struct SizeText {
    var defaultValue: Int?
    var minimum: Int?
    var maximum: Int?

    init(_ description: String) {
        let text = description.lowercased()
        func number(_ pattern: String) -> Int? {
            guard let range = text.range(of: pattern, options: .regularExpression) else { return nil }
            let digits = text[range].split { !$0.isNumber }.last.map(String.init)
            return digits.flatMap { Int($0) }
        }
        defaultValue = number(#"default(s)?( value)?( is| to|:)? \d+"#)
        if let range = text.range(of: #"between \d+ and \d+"#, options: .regularExpression) {
            let numbers = text[range].split { !$0.isNumber }.compactMap { Int($0) }
            if numbers.count == 2 {
                minimum = numbers[0]
                maximum = numbers[1]
            }
        }
        maximum =
            maximum ?? number(#"(max|maximum)( value)?( is| of|:)? \d+"#) ?? number(#"no (larger|greater|more) than \d+"#)
            ?? number(#"up to \d+"#)
        minimum = minimum ?? number(#"(min|minimum)( value)?( is| of|:)? \d+"#)
        if let value = minimum, value < 1 { minimum = nil }
    }
}
