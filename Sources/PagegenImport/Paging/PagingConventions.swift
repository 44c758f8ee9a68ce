import PagegenCore
import PagegenYAML

/// What a document's own paged operations show about how its lists page, applied to
/// the operations that take the same paging parameter but show less.
///
/// Slack's document pages nearly every list by a `cursor` parameter, the next cursor in
/// `response_metadata.next_cursor`, yet many of its responses do not declare
/// `response_metadata` (their schemas are loose: `additionalProperties: true`). When
/// most of a document's operations paged by a cursor parameter read the next cursor
/// from one place, an operation that takes that parameter and holds a list, but whose
/// response does not say where its next cursor is, reads it from the same place: its
/// response model gets the field the others declare, as optional, and a note says so.
struct PagingConventions {
    /// A cursor parameter and where most of the operations it pages read the next one.
    struct Cursor {
        var parameter: String
        var path: [String]
        /// How many of the operations paged by `parameter` read it at `path`, and of how many.
        var count: Int
        var total: Int
        /// An operation that declares the path: the types of the fields on the way.
        var example: TypeReference
    }

    /// The fewest operations that make a convention.
    static let minimumCount = 3

    /// The cursor conventions of `drafts`: for each query parameter that pages by a
    /// cursor in the response, the place more than half of its operations (and at
    /// least ``minimumCount``) read it.
    static func cursors(in drafts: [EndpointDraft]) -> [Cursor] {
        var uses: [String: [(path: [String], returns: TypeReference)]] = [:]
        for draft in drafts {
            guard let paging = draft.endpoint.paging, case .cursor(let parameter, .body(let path)) = paging.style,
                parameter.location == .query
            else { continue }
            let keys = path.segments.compactMap { segment -> String? in
                if case .key(let key) = segment { return key }
                return nil
            }
            guard keys.count == path.segments.count else { continue }
            uses[parameter.name, default: []].append((keys, draft.endpoint.returns))
        }
        var conventions: [Cursor] = []
        for (parameter, list) in uses.sorted(by: { $0.key < $1.key }) {
            var counts: [[String]: Int] = [:]
            for use in list { counts[use.path, default: 0] += 1 }
            guard let (path, count) = counts.max(by: { $0.value < $1.value || $0.value == $1.value && $0.key.count > $1.key.count }),
                count >= minimumCount, count * 2 > list.count, let example = list.first(where: { $0.path == path })?.returns
            else { continue }
            conventions.append(Cursor(parameter: parameter, path: path, count: count, total: list.count, example: example))
        }
        return conventions
    }
}

extension PagingImporter {
    /// Pages, by the document's conventions, the operations that read, take a
    /// convention's cursor parameter, hold a list, and are not paged yet.
    func applyConventions(to drafts: inout [EndpointDraft], schemas: SchemaImporter) {
        let conventions = PagingConventions.cursors(in: drafts)
        guard !conventions.isEmpty else { return }
        for index in drafts.indices where drafts[index].endpoint.paging == nil && Self.reads(drafts[index].operation) {
            for convention in conventions {
                guard let parameter = drafts[index].parameter(convention.parameter), parameter.location == .query,
                    let imported = parameter.imported, imported.type.isCursor
                else { continue }
                if follow(convention, into: &drafts[index], schemas: schemas) { break }
            }
        }
    }

    /// Pages `draft` by `convention`; false when its response holds no list, or has no
    /// model to add the cursor's field to.
    private func follow(_ convention: PagingConventions.Cursor, into draft: inout EndpointDraft, schemas: SchemaImporter) -> Bool {
        var inference = PagingInference(draft: draft, navigator: navigator)
        var remarks: [String] = []
        var items = inference.items() ?? inference.firstOfSeveralLists()?.path
        if items == nil || items?.isEmpty == true, let example = draft.responseExample, Self.holdsList(example.node) {
            // A loose schema (Slack's `additionalProperties: true` beside `ok`) declares no
            // list; its example shows one.
            let name = SpecWords.typeName(draft.endpoint.name) + "Response"
            let type = EndpointImporter.responseType(
                schemas.type(of: ExampleSchema.schema(for: example.node), at: example.pointer, name: name))
            schemas.finish()
            var trial = draft
            trial.endpoint.returns = type
            inference = PagingInference(draft: trial, navigator: navigator)
            if let found = inference.items() ?? inference.firstOfSeveralLists()?.path, !found.isEmpty {
                let message =
                    "the response's schema declares no list; its shape is read from the example '\(example.name)', every field optional"
                notes.warning(example.pointer, "response", message)
                trial.endpoint.comments.append("returns: " + message)
                draft = trial
                items = found
            }
        }
        guard let items, !items.isEmpty else { return false }
        let returns = draft.endpoint.returns
        let dotted = PagingInference.dotted(convention.path)
        remarks.append(
            "the document's convention: \(convention.count) of its \(convention.total) operations paged by '\(convention.parameter)' read the next cursor at \(dotted)"
        )
        if navigator.type(at: convention.path, from: returns)?.isCursor != true {
            guard let added = addPath(convention, to: returns, schemas: schemas) else { return false }
            remarks.append("the response does not declare \(dotted); \(added) is added to it, optional")
        }
        var plan = PagingPlan(style: .cursor(convention.parameter, .body(convention.path)))
        plan.items = items
        plan.size = inference.sizeParameter()?.name
        plan.evidence =
            ["parameter \(convention.parameter)"] + (plan.size.map { ["parameter \($0)"] } ?? []) + ["the document's convention"]
        plan.remarks = remarks
        inference.fillEnds(&plan, items: items)
        // The block is noted and checked as any inferred one.
        let pointer = draft.operation.pointer
        guard realize(plan, into: &draft, inference: PagingInference(draft: draft, navigator: navigator), at: pointer) == nil else {
            return false
        }
        // What the first pass said of it no longer holds.
        draft.endpoint.comments.removeAll { $0.hasPrefix("paging: not paged: ") }
        let place = notes.source.location(of: pointer)
        notes.log.retract { note in
            note.topic == "paging" && note.message.hasPrefix("not paged: ") && note.file == place.file && note.pointer == place.pointer
        }
        return true
    }

    /// True when an example is an object with a list among its values.
    private static func holdsList(_ node: Node) -> Bool {
        node.pairs?.contains { $0.value.items != nil } ?? false
    }

    /// Adds to the model `returns` names the first field of `convention.path` it lacks,
    /// typed as the convention's example declares it; the field added
    /// (`ConversationsHistoryResponse.response_metadata`), or nil when a step is not a
    /// model.
    private func addPath(_ convention: PagingConventions.Cursor, to returns: TypeReference, schemas: SchemaImporter) -> String? {
        var current = returns
        var exampleType = convention.example
        for key in convention.path {
            guard let model = current.name, schemas.model(named: model) != nil,
                let template = navigator.field(key, of: exampleType)
            else { return nil }
            if let field = navigator.field(key, of: current) {
                current = field.type
                exampleType = template.type
                continue
            }
            var field = template
            field.type = template.type.optional
            schemas.addField(field, toModel: model)
            return "\(model).\(key)"
        }
        return nil
    }
}
