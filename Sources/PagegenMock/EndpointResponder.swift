import PagegenCore

/// Answers the endpoints that are not paged lists: id lists and their item
/// endpoint, window endpoints, lists that are not paged, and single answers.
struct EndpointResponder: Sendable {
    let core: MockCore
    let endpoint: ServedEndpoint
    let context: RequestContext

    private var pretty: Bool { core.options.prettyJSON }

    /// The ids of every item, newest inserted first (`[1, 2, 3, …]`).
    func idList(_ plan: IDListPlan) async -> MockResponse {
        let scope = ResponseBuilder.scope(endpoint: endpoint.name, pathValues: context.pathValues)
        let view = await core.state.view(
            of: scope, endpoint: endpoint.name, base: core.baseCount, changes: context.faults.changes,
            seed: core.options.seed)
        let codec = core.builder.keyCodec(model: plan.itemModel, scope: "ids|" + plan.itemEndpoint)
        let ids = (0..<view.count).map { codec.key(forIndex: view.index(atRow: $0), typeName: plan.idTypeName) }
        return .json(.array(ids), pretty: pretty)
    }

    /// The item an id list names, as last edited, or a 404 for an id no list gave out
    /// and for one whose item a list removed.
    func listedItem(_ plan: SinglePlan) async throws(MockHTTPError) -> MockResponse {
        let lists = plan.idLists.compactMap { core.endpoint(named: $0) }
        guard let idParameter = plan.idParameter, let text = context.pathValues[idParameter] else {
            throw .notFound("\(endpoint.name) needs the id in its path")
        }
        let idType: String =
            lists.lazy.compactMap { list -> String? in
                if case .idList(let ids) = list.role { return ids.idTypeName }
                return nil
            }.first ?? plan.identity?.typeName ?? "Int"
        let model = endpoint.spec.returns.value.unwrapped.name
        let codec = core.builder.keyCodec(model: model, scope: "ids|" + endpoint.name)
        let known = core.baseCount + (await core.state.mostInserted(endpoints: plan.idLists))
        guard let index = codec.index(forKey: text, typeName: idType), index < known else {
            throw .notFound("no item has the id '\(text.prefix(60))'")
        }
        let changes = await core.state.changes(ofIndex: index, endpoints: plan.idLists)
        guard !changes.removed else { throw .notFound("the item with the id '\(text.prefix(60))' was removed") }
        var tree = OverrideTree()
        if let identity = plan.identity {
            tree.set(identity.path, codec.key(forIndex: index, typeName: identity.typeName))
        }
        let body = core.builder.body(
            for: endpoint.spec, tree: tree, echo: [:],
            seed: ResponseBuilder.itemSeed(core.generator, scope: "ids|" + endpoint.name, index: index, version: changes.version),
            bodyError: context.faults.bodyError, backoff: context.faults.backoff)
        return .json(body, pretty: pretty)
    }

    /// Any other single answer; an id in the path becomes the answer's id.
    func single(_ plan: SinglePlan) throws(MockHTTPError) -> MockResponse {
        var tree = OverrideTree()
        if let identity = plan.identity, let parameter = plan.idParameter, let text = context.pathValues[parameter] {
            switch identity.typeName {
            case "Int", "Int64": tree.set(identity.path, .int(try RequestContext.integer(text, "the path parameter '\(parameter)'")))
            default: tree.set(identity.path, .string(text))
            }
        }
        let scope = ResponseBuilder.scope(endpoint: endpoint.name, pathValues: context.pathValues)
        let body = core.builder.body(
            for: endpoint.spec, tree: tree, echo: ["href": .string(context.url), "url": .string(context.request.rawPath)],
            seed: core.generator.seed("single", scope), bodyError: context.faults.bodyError, backoff: context.faults.backoff)
        return .json(body, pretty: pretty)
    }

    /// A list that is not paged: every item of its collection.
    func array(_ shape: ItemShape) async -> MockResponse {
        let scope = ResponseBuilder.scope(endpoint: endpoint.name, pathValues: context.pathValues)
        let view = await core.state.view(
            of: scope, endpoint: endpoint.name, base: core.baseCount, changes: context.faults.changes,
            seed: core.options.seed)
        let items = (0..<view.count).map { row in
            let index = view.index(atRow: row)
            return core.builder.item(shape, index: index, scope: scope, version: view.version(ofIndex: index))
        }
        return .json(.array(items), pretty: pretty)
    }

    /// Where the list should start so that the focus row is on screen: the page
    /// that holds the row named by the focus query parameter (0 when absent).
    func window(_ plan: WindowPlan) async throws(MockHTTPError) -> MockResponse {
        guard let list = core.endpoint(named: plan.list), case .list(let listPlan) = list.role else {
            throw MockHTTPError(status: 500, code: "internal_error", message: "the window's list '\(plan.list)' is not a paged list")
        }
        var listValues: [String: String] = [:]
        for name in list.template.parameterNames { listValues[name] = context.pathValues[name] ?? "" }
        let scope = ResponseBuilder.scope(endpoint: list.name, pathValues: listValues)
        let view = await core.state.view(of: scope, endpoint: list.name, base: core.baseCount)
        let size = max(1, try context.pageSize(listPlan.paging.size))
        var focus = 0
        if let name = plan.focusParameter, let text = context.request.query(name) {
            focus = try RequestContext.integer(text, "the focus row '\(name)'")
            guard focus >= 0 else { throw .badRequest("\(name)=\(focus) is not a row: rows count from 0") }
        }
        let row = min(focus, max(0, view.count - 1))
        let pageIndex = row / size
        let page: Int =
            switch listPlan.paging.style {
            case .offset(_, let first): first + pageIndex * size
            case .pageNumber(_, let first): first + pageIndex
            default: pageIndex
            }
        var tree = OverrideTree()
        tree.set(plan.window.page.value, .int(page))
        if let path = plan.window.size { tree.set(path.value, .int(size)) }
        if let path = plan.window.total { tree.set(path.value, .int(view.count)) }
        if let path = plan.window.focus { tree.set(path.value, .int(row)) }
        let body = core.builder.body(
            for: endpoint.spec, tree: tree, echo: [:],
            seed: core.generator.seed("window", scope, String(row)), bodyError: context.faults.bodyError, backoff: context.faults.backoff)
        return .json(body, pretty: pretty)
    }
}
