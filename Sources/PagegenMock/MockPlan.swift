import Foundation
import PagegenCore

/// What the server makes of a spec: for each endpoint, its path template and the
/// role it plays (a paged list, an id list, a window, one item, a plain answer).
struct MockPlan: Sendable {
    /// The spec.
    let spec: Spec
    /// The path of the spec's base URL (`/api/v2`), without a trailing slash.
    let basePath: String
    /// The endpoints, in spec order.
    let endpoints: [ServedEndpoint]
    /// The path of each named server's URL, without a trailing slash, by its name.
    let serverPaths: [String: String]

    /// The path an endpoint's template follows: its server's, else the base URL's.
    func basePath(of endpoint: EndpointSpec) -> String {
        endpoint.server.flatMap { serverPaths[$0.value] } ?? basePath
    }

    /// Makes the plan, reporting what cannot be served.
    static func make(_ spec: Spec, diagnostics: DiagnosticCollector) -> MockPlan {
        let path = { (url: String) in
            var path = URL(string: url)?.path ?? ""
            while path.hasSuffix("/") { path.removeLast() }
            return path
        }
        let basePath = path(spec.baseURL.value)
        let serverPaths = Dictionary(spec.servers.map { ($0.name.value, path($0.url.value)) }, uniquingKeysWith: { first, _ in first })
        let types = SpecTypes(spec: spec)
        var endpoints: [ServedEndpoint] = []
        for endpoint in spec.endpoints {
            let template: PathTemplate
            switch PathTemplate.parse(endpoint.path.value) {
            case .success(let parsed): template = parsed
            case .failure(let error):
                diagnostics.emit(
                    Diagnostic(
                        .error, "the mock server cannot serve endpoint '\(endpoint.name.value)': \(error.reason)",
                        at: SourceLocation(file: spec.file, mark: endpoint.path.mark)))
                continue
            }
            if let twin = endpoints.first(where: { $0.method == endpoint.method && $0.template.segments == template.segments }) {
                diagnostics.emit(
                    Diagnostic(
                        .warning,
                        "endpoints '\(twin.name)' and '\(endpoint.name.value)' have the same method and path; the mock server answers with '\(twin.name)'",
                        at: SourceLocation(file: spec.file, mark: endpoint.path.mark)))
            }
            endpoints.append(ServedEndpoint(spec: endpoint, template: template, role: role(of: endpoint, in: spec, types: types)))
        }
        return MockPlan(spec: spec, basePath: basePath, endpoints: endpoints, serverPaths: serverPaths)
    }

    /// The date fields of a history's items that say when each was posted (`timestamp`,
    /// `created_at`, `sent`), not when it changed (`edited_timestamp`, `updated_at`).
    private static func timelineFields(of itemType: TypeReference, in spec: Spec) -> [TimeField] {
        guard let name = itemType.unwrapped.name, let model = spec.model(named: name) else { return [] }
        return model.fields.compactMap { field in
            let words = FieldName(field.name.value).words
            guard field.type.value.unwrapped == .named("Date"),
                !words.contains(where: ["edited", "updated", "modified", "deleted", "expires"].contains),
                words.contains(where: ["timestamp", "created", "sent", "posted", "date", "time", "at"].contains)
            else { return nil }
            return TimeField(
                path: ResponsePath([.key(field.name.value)]), format: field.dateFormat ?? spec.dateFormat,
                zone: field.zone?.value ?? spec.dateZone?.value)
        }
    }

    private static func role(of endpoint: EndpointSpec, in spec: Spec, types: SpecTypes) -> ServedEndpoint.Role {
        if let paging = endpoint.paging {
            if case .ids(let item) = paging.style {
                let idType = endpoint.returns.value.arrayElement?.name ?? "Int"
                let itemModel = spec.endpoint(named: item.value)?.returns.value.name
                return .idList(IDListPlan(idTypeName: idType, itemEndpoint: item.value, itemModel: itemModel))
            }
            let itemsType =
                paging.items.flatMap { types.resolve($0.value, in: endpoint.returns.value) }
                ?? endpoint.returns.value
            let itemType = itemsType.arrayElement ?? .named("JSON")
            var keys = types.keyFields(of: itemType)
            if case .cursor(let next, let previous) = paging.style {
                for cursor in [next, previous].compactMap({ $0 }) {
                    if case .item(let path) = cursor.source, !keys.contains(where: { $0.path == path.value }),
                        let type = types.resolve(path.value, in: itemType)?.unwrapped.name
                    {
                        keys.append(KeyField(path: path.value, typeName: type))
                    }
                }
            }
            let timeline = paging.around == nil ? [] : timelineFields(of: itemType, in: spec)
            return .list(ListPlan(paging: paging, item: ItemShape(type: itemType, keys: keys, timeline: timeline)))
        }
        if let window = endpoint.window, let list = spec.endpoint(named: window.list.value) {
            let names = [
                window.focus.flatMap { path -> String? in
                    if case .key(let key)? = path.value.segments.last { return key }
                    return nil
                }, "around", "focus", "row", "index", "position", "at",
            ].compactMap { $0 }
            let queryNames = endpoint.queryParameters.map(\.name.value)
            let focus =
                names.first { queryNames.contains($0) }
                ?? endpoint.queryParameters.first { $0.type.value.name == "Int" || $0.type.value.name == "Int64" }?.name.value
            return .window(WindowPlan(window: window, list: list.name.value, focusParameter: focus))
        }
        let idLists = spec.endpoints.filter { other in
            if case .ids(let item)? = other.paging?.style { return item.value == endpoint.name.value }
            return false
        }.map(\.name.value)
        let returned = endpoint.returns.value
        if let element = returned.arrayElement {
            return .array(ItemShape(type: element, keys: types.keyFields(of: element)))
        }
        let identity = types.keyFields(of: returned).first
        var idParameter: String?
        if endpoint.pathParameters.count == 1 || !idLists.isEmpty, let parameter = endpoint.pathParameters.last {
            let words = FieldName(parameter.name.value).words
            if !idLists.isEmpty || words.last == "id" || words.last == "uuid" || words.last == "slug" {
                idParameter = parameter.name.value
            }
        }
        return .single(SinglePlan(idLists: idLists, identity: identity, idParameter: idParameter))
    }
}

/// One endpoint as the server serves it.
struct ServedEndpoint: Sendable {
    /// The endpoint.
    let spec: EndpointSpec
    /// Its path template.
    let template: PathTemplate
    /// What it does.
    let role: Role

    var name: String { spec.name.value }
    var method: String { spec.method }

    /// What an endpoint does.
    enum Role: Sendable {
        /// A paged list of items.
        case list(ListPlan)
        /// A list of ids whose items another endpoint serves.
        case idList(IDListPlan)
        /// Where a paged list should start.
        case window(WindowPlan)
        /// A list that is not paged: every item at once.
        case array(ItemShape)
        /// One value (an item endpoint of an id list, or any other answer).
        case single(SinglePlan)
    }
}

/// The items of a collection: their type and the fields that identify them.
struct ItemShape: Sendable {
    /// The item type.
    let type: TypeReference
    /// Fields made from the item's index: the identity and fields cursors come from.
    let keys: [KeyField]
    /// For a history (a list that opens around an item, as a chat's messages): the
    /// item's time fields, made from its place so that the list runs newest first.
    var timeline: [TimeField] = []

    /// The model name of the items, if they are models.
    var modelName: String? { type.unwrapped.name }
}

/// A date field of an item that says when it was posted (`timestamp`, `created_at`).
struct TimeField: Sendable, Hashable {
    /// Its path inside the item.
    let path: ResponsePath
    /// How it is written.
    let format: DateFormatName
    /// Its zone, for ISO 8601 dates.
    let zone: ZoneName?
}

/// A field that identifies an item.
struct KeyField: Sendable, Hashable {
    /// Its path inside the item.
    let path: ResponsePath
    /// `Int`, `Int64` or `String`.
    let typeName: String
}

/// A paged list.
struct ListPlan: Sendable {
    let paging: PagingSpec
    let item: ItemShape
}

/// A list of ids (`ids: { item: item }`).
struct IDListPlan: Sendable {
    let idTypeName: String
    let itemEndpoint: String
    let itemModel: String?
}

/// A window endpoint.
struct WindowPlan: Sendable {
    let window: WindowSpec
    let list: String
    /// The query parameter that names the row to focus.
    let focusParameter: String?
}

/// An endpoint that answers one value.
struct SinglePlan: Sendable {
    /// The id lists whose item endpoint this is.
    let idLists: [String]
    /// The field that identifies the answer, if it is a model with one.
    let identity: KeyField?
    /// The path parameter that carries the id, if any.
    let idParameter: String?
}

/// Walks the spec's models: path types and identifying fields.
struct SpecTypes: Sendable {
    let spec: Spec

    /// The type `path` leads to inside `root`, or nil.
    func resolve(_ path: ResponsePath, in root: TypeReference) -> TypeReference? {
        var current = root
        var segments = path.segments[...]
        while let segment = segments.first {
            segments = segments.dropFirst()
            switch segment {
            case .each:
                guard let element = current.unwrapped.arrayElement else { return nil }
                if segments.isEmpty { return .array(element) }
                return resolve(ResponsePath(Array(segments)), in: element).map { .array($0.unwrapped) }
            case .key(let key):
                guard let name = current.unwrapped.name, let model = spec.model(named: name),
                    let field = model.field(named: key)
                else { return nil }
                current = field.type.value
            }
        }
        return current
    }

    /// The field `path` ends at inside `root`, when its last step is a model's field.
    func field(at path: ResponsePath, in root: TypeReference) -> FieldSpec? {
        guard case .key(let key)? = path.segments.last else { return nil }
        let parent = ResponsePath(Array(path.segments.dropLast()))
        let owner = parent.segments.isEmpty ? root : resolve(parent, in: root)
        guard let name = owner?.unwrapped.name, let model = spec.model(named: name) else { return nil }
        return model.field(named: key)
    }

    /// The identifying field of items of `type`: the model's `id:` path, or its `id` field.
    func keyFields(of type: TypeReference) -> [KeyField] {
        guard let name = type.unwrapped.name, let model = spec.model(named: name) else { return [] }
        let path = model.identity?.value ?? ResponsePath([.key("id")])
        guard let fieldType = resolve(path, in: type)?.unwrapped.name,
            ["Int", "Int64", "String"].contains(fieldType)
        else { return [] }
        return [KeyField(path: path, typeName: fieldType)]
    }
}
