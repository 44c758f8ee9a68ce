import PagegenCore

/// Walks the imported models the way the generator reads response paths: from a
/// type, key by key, through optionals, to the type a path leads to.
struct ModelNavigator {
    let model: (String) -> ImportedModel?

    /// The fields of a model type (seen through an optional), or nil.
    func fields(of type: TypeReference) -> [ImportedField]? {
        guard case .named(let name) = type.unwrapped else { return nil }
        return model(name)?.fields
    }

    /// The field `key` of a model type.
    func field(_ key: String, of type: TypeReference) -> ImportedField? {
        fields(of: type)?.first { $0.name == key }
    }

    /// The type `path` leads to from `type`, optional when any step was; nil when a
    /// key is not a field. An empty path leads to `type` itself.
    func type(at path: [String], from type: TypeReference) -> TypeReference? {
        var current = type
        var optional = false
        for key in path {
            if current.isOptional { optional = true }
            guard let field = field(key, of: current) else { return nil }
            current = field.type
        }
        if current.isOptional {
            optional = true
            current = current.unwrapped
        }
        return optional ? .optional(current) : current
    }

    /// The field a path ends at.
    func lastField(at path: [String], from type: TypeReference) -> ImportedField? {
        guard let last = path.last, let parent = self.type(at: Array(path.dropLast()), from: type) else { return nil }
        return field(last, of: parent)
    }

    /// The element type of the list `path` leads to, or nil when it is not a list.
    func element(at path: [String], from type: TypeReference) -> TypeReference? {
        self.type(at: path, from: type)?.arrayElement
    }

    /// Every field reachable from `type` within `depth` steps (not into lists, not
    /// into `excluding`), with its path, nearest first.
    func reachable(from type: TypeReference, depth: Int = 3, excluding: [String]? = nil) -> [(path: [String], field: ImportedField)] {
        var found: [(path: [String], field: ImportedField)] = []
        var frontier: [([String], TypeReference)] = [([], type)]
        var seenModels: Set<String> = []
        for _ in 0..<depth {
            var next: [([String], TypeReference)] = []
            for (path, current) in frontier {
                if case .named(let name) = current.unwrapped, !seenModels.insert(name).inserted { continue }
                for field in fields(of: current) ?? [] {
                    let here = path + [field.name]
                    if let excluding, here == excluding { continue }
                    found.append((here, field))
                    if field.type.arrayElement == nil { next.append((here, field.type)) }
                }
            }
            frontier = next
        }
        return found
    }
}

extension TypeReference {
    /// True for `Int` and `Int64` (seen through an optional).
    var isInteger: Bool { [.named("Int"), .named("Int64")].contains(unwrapped) }
    /// True for `String`, `Int` and `Int64`: what a cursor can be.
    var isCursor: Bool { isInteger || unwrapped == .named("String") }
    /// True for `String` and `URL`: what a link can be.
    var isLink: Bool { [.named("String"), .named("URL")].contains(unwrapped) }
    /// True for `Bool`.
    var isBool: Bool { unwrapped == .named("Bool") }
    /// True for `Int`, `Int64` and `Double`: what a page number or offset parameter can be.
    var isNumber: Bool { isInteger || unwrapped == .named("Double") }
}
