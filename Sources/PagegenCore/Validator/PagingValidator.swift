import PagegenYAML

/// Checks a `paging:` or `window:` block against the endpoint's response model:
/// every path must exist, and lead to a field of the type its role needs.
struct PagingValidator {
    let endpoint: EndpointSpec
    let spec: Spec
    let resolver: TypeResolver
    let context: LoadContext

    private var what: String { "endpoint '\(endpoint.name.value)'" }
    private var returns: TypeReference { endpoint.returns.value }

    func check(_ paging: PagingSpec) {
        if let size = paging.size { check(size) }
        if case .ids(let item) = paging.style {
            checkIDs(paging, item: item)
            return
        }
        let itemType = checkItems(paging)
        if let total = paging.total, case .body(let path, _) = total {
            expect(path, role: "total", oneOf: ["Int", "Int64"])
        }
        if case .body(let path, _)? = paging.totalPages { expect(path, role: "totalPages", oneOf: ["Int", "Int64"]) }
        if case .body(let path, _)? = paging.nextPage { expect(path, role: "nextPage", oneOf: ["Int", "Int64"]) }
        if let count = paging.count { checkLocation(count) }
        if let path = paging.hasMore { expect(path, role: "hasMore", oneOf: ["Bool"]) }
        if let path = paging.isLast { expect(path, role: "last", oneOf: ["Bool"]) }
        if let size = paging.size?.parameter { checkLocation(size) }

        switch paging.style {
        case .pageNumber(let parameter, _), .offset(let parameter, _):
            checkLocation(parameter)
        case .cursor(let next, let previous):
            for cursor in [next] + (previous.map { [$0] } ?? []) {
                checkLocation(cursor.parameter)
                switch cursor.source {
                case .body(let path):
                    expect(path, role: "cursor", oneOf: ["String", "Int", "Int64"])
                case .item(let path):
                    if let itemType {
                        expect(path, in: itemType, role: "cursor", oneOf: ["String", "Int", "Int64"])
                    }
                case .header:
                    break
                }
            }
            if let around = paging.around {
                checkAround(around, paging: paging, next: next, previous: previous, itemType: itemType)
            }
        case .link(let next, let previous):
            for link in [next] + (previous.map { [$0] } ?? []) {
                if case .body(let path) = link { expect(path, role: "next link", oneOf: ["String", "URL"]) }
            }
        case .ids:
            break
        }
    }

    /// `around:` sends the identity of an item, so the items need one that a query can
    /// carry, and its parameter is its own.
    private func checkAround(
        _ around: PagingParameter, paging: PagingSpec, next: CursorSpec, previous: CursorSpec?, itemType: TypeReference?
    ) {
        checkLocation(around)
        let others: [(String, PagingParameter?)] = [
            ("cursor", next.parameter), ("prev", previous?.parameter), ("size", paging.size?.parameter), ("count", paging.count),
        ]
        for case (let key, let other?) in others where other.name.value == around.name.value {
            context.error(
                "'around' sends '\(around.name.value)', which '\(key)' sends too", at: around.name.mark,
                hint: "the page around an item is asked for with a parameter of its own, such as 'around: { param: around }'")
        }
        guard let itemType else { return }
        guard case .named(let model) = itemType, let modelSpec = spec.model(named: model) else {
            context.error(
                "'around' opens the list at an item by its identity, and the items of \(what) are \(itemType), which have none",
                at: around.name.mark, hint: "page a model with an 'id' field, or leave out 'around'")
            return
        }
        var problems: [NamingProblem] = []
        let properties = modelSpec.fields.map {
            SwiftIdentifier(ModelNamer.swiftName(of: $0.name, given: $0.swiftName, problems: &problems))
        }
        guard let identity = ModelNamer.identity(of: modelSpec, properties: properties, spec: spec) else {
            context.error(
                "'around' opens the list at an item by its identity, and model '\(model)' has none", at: around.name.mark,
                hint: "give '\(model)' an 'id' field, or name its identity with 'id:' in its long form")
            return
        }
        let type = resolver.checked(identity.path, in: itemType)
        if type.isOptional || !["String", "Int", "Int64"].contains(type.name ?? "") {
            context.error(
                "'around' sends the identity of an item, and the identity of model '\(model)' is \(type)", at: around.name.mark,
                hint: "an item to open around is named by an identity of type String, Int or Int64")
        }
    }

    /// The default size is at least 1, and within the bounds.
    private func check(_ size: SizeSpec) {
        let defaultValue = size.defaultValue
        if let maximum = size.maximum, defaultValue.value > maximum {
            context.error("the default size \(defaultValue.value) is above the maximum \(maximum)", at: defaultValue.mark)
        }
        if let minimum = size.minimum, defaultValue.value < minimum {
            context.error("the default size \(defaultValue.value) is below the minimum \(minimum)", at: defaultValue.mark)
        }
        if defaultValue.value < 1 {
            context.error("the default size must be at least 1", at: defaultValue.mark)
        }
    }

    func check(_ window: WindowSpec) {
        guard let list = spec.endpoint(named: window.list.value) else {
            context.error(
                "the window's list '\(window.list.value)' is not an endpoint", at: window.list.mark,
                hint: Suggestion.didYouMean(window.list.value, in: spec.endpoints.map(\.name.value)))
            return
        }
        switch list.paging?.style {
        case .pageNumber?, .offset?:
            break
        default:
            context.error(
                "a window opens a list paged by 'page' or 'offset', and '\(list.name.value)' is not",
                at: window.list.mark)
        }
        expect(window.page, role: "window page", oneOf: ["Int", "Int64"])
        for path in [window.size, window.total, window.focus].compactMap({ $0 }) {
            expect(path, role: "window", oneOf: ["Int", "Int64"])
        }
    }

    /// Checks `items` and returns the item type.
    private func checkItems(_ paging: PagingSpec) -> TypeReference? {
        guard let items = paging.items else {
            guard let element = returns.arrayElement else {
                context.error(
                    "\(what) pages, but neither returns a list nor says where its items are",
                    at: paging.mark, hint: "add 'items: path.to.array' (a path in \(returns)), or return [Item]")
                return nil
            }
            return element
        }
        switch resolver.resolve(items.value, in: returns) {
        case .failure(let error):
            context.error(
                "the items path '\(items.value)' is not in the response model \(returns): \(error.message)",
                at: items.mark, hint: error.hint)
            return nil
        case .success(let type):
            guard let element = type.arrayElement else {
                context.error("the items path '\(items.value)' leads to \(type), not a list", at: items.mark)
                return nil
            }
            return element
        }
    }

    private func checkIDs(_ paging: PagingSpec, item: Located<String>) {
        guard let element = returns.arrayElement, ["Int", "Int64", "String"].contains(element.name ?? "") else {
            context.error(
                "'ids' paging needs a response that is a list of ids ([Int] or [String]), not \(returns)",
                at: endpoint.returns.mark)
            return
        }
        if let items = paging.items {
            context.error("'items' does not apply to 'ids' paging: the response is the list of ids", at: items.mark)
        }
        if let parameter = paging.size?.parameter {
            context.error(
                "'ids' paging takes no size parameter: the client chooses how many items to fetch at once",
                at: parameter.name.mark, hint: "write 'size: 30' without 'param'")
        }
        guard let itemEndpoint = spec.endpoint(named: item.value) else {
            context.error(
                "the item endpoint '\(item.value)' is not declared", at: item.mark,
                hint: Suggestion.didYouMean(item.value, in: spec.endpoints.map(\.name.value)))
            return
        }
        if itemEndpoint.pathParameters.count != 1 {
            context.error("the item endpoint '\(item.value)' must take exactly one path parameter, the id", at: item.mark)
        }
        if itemEndpoint.returns.value.arrayElement != nil {
            context.error("the item endpoint '\(item.value)' must return one item, not a list", at: item.mark)
        }
    }

    private func checkLocation(_ parameter: PagingParameter) {
        if parameter.location == "body", endpoint.method == "GET" {
            context.error(
                "'\(parameter.name.value)' goes in the body, but \(what) is a GET", at: parameter.name.mark,
                hint: "use 'in: query', or make the endpoint a POST")
        }
        // Paging values in the body are fields of a JSON object.
        if parameter.location == "body", let body = endpoint.body, body.kind != .json {
            context.error(
                "'\(parameter.name.value)' goes in the body, but the body of \(what) is not JSON", at: parameter.name.mark,
                hint: "use 'in: query', or send the body as JSON")
        }
    }

    private func expect(_ path: Located<ResponsePath>, in root: TypeReference? = nil, role: String, oneOf types: [String]) {
        let root = root ?? returns
        switch resolver.resolve(path.value, in: root) {
        case .failure(let error):
            context.error("the \(role) path '\(path.value)' is not in \(root): \(error.message)", at: path.mark, hint: error.hint)
        case .success(let type):
            guard let name = type.name, types.contains(name), type.arrayElement == nil else {
                context.error(
                    "the \(role) path '\(path.value)' leads to \(type), but a \(role) must be \(types.joined(separator: " or "))",
                    at: path.mark)
                return
            }
        }
    }
}
