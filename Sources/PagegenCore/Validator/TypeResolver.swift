/// Looks up types and walks response paths through the models of one spec.
struct TypeResolver {
    let spec: Spec
    private let index: SpecIndex

    init(spec: Spec) {
        self.spec = spec
        index = SpecIndex()
    }

    /// Names that may be used as types: the built-ins and the models.
    var knownTypeNames: [String] { TypeReference.builtins + spec.models.map(\.name.value) }

    /// The first unknown name in `type`, if any.
    func unknownName(in type: TypeReference) -> String? {
        switch type {
        case .named(let name): TypeReference.builtins.contains(name) || spec.model(named: name) != nil ? nil : name
        case .array(let element), .optional(let element), .map(let element): unknownName(in: element)
        case .enumeration: nil
        }
    }

    /// The type a path the validator checked leads to inside `root`.
    func checked(_ path: ResponsePath, in root: TypeReference) -> TypeReference {
        switch resolve(path, in: root) {
        case .success(let type): type
        case .failure(let error): preconditionFailure("the validator checks every path: '\(path)' in \(root): \(error.message)")
        }
    }

    /// The type a path leads to inside `root`, or a reason it does not exist.
    /// Any optional before the first `[]` makes the result optional; each `[]` makes
    /// it a list of what the rest of the path leads to.
    ///
    /// The walk is a loop, however long the path: `children[].children[]…` through
    /// a recursive model goes as deep as the text says, up to
    /// ``TypeReference/maxNesting`` lists.
    func resolve(_ path: ResponsePath, in root: TypeReference) -> Result<TypeReference, PathResolutionError> {
        var current = root
        var optional = false
        var lists = 0
        /// The segments since the last `[]`, which messages name.
        var walked: [ResponsePath.Segment] = []
        for segment in path.segments {
            if current.isOptional, lists == 0 { optional = true }
            let bare = current.unwrapped
            switch segment {
            case .each:
                guard case .array(let element) = bare else {
                    return .failure(.init("'\(ResponsePath(walked + [segment]))' maps over \(bare), which is not a list"))
                }
                // The result nests a list for every `[]`, and a type nests at most so deep.
                guard lists < TypeReference.maxNesting else {
                    return .failure(.init("the path maps over lists more than \(TypeReference.maxNesting) times"))
                }
                current = element
                lists += 1
                walked = []
            case .key(let key):
                guard case .named(let name) = bare, let model = spec.model(named: name) else {
                    let prefix = walked.isEmpty ? "the response" : "'\(ResponsePath(walked))'"
                    return .failure(.init("\(prefix) is \(bare), which has no field '\(key)'"))
                }
                guard let field = index.field(named: key, in: model) else {
                    return .failure(
                        .init(
                            "model '\(name)' has no field '\(key)'",
                            hint: Suggestion.didYouMean(key, in: model.fields.map(\.name.value))))
                }
                if field.presence == .absentNullOrValue {
                    return .failure(
                        .init(
                            "the field '\(key)' of model '\(name)' is absent, null or a value ('nullable: true' on \(field.type.value)), which a path does not go through",
                            hint: "leave out 'nullable: true' (then absent and null are both nil), or read the value from another field"))
                }
                current = field.type.value
                walked.append(segment)
            }
        }
        guard lists > 0 else {
            return .success(wrap(current, optional || current.isOptional))
        }
        // A path that ends in `[]` keeps the element as it is; one that goes on into
        // the elements drops the optional of what it reaches.
        var result = path.segments.last == .each ? current : current.unwrapped
        for _ in 0..<lists {
            result = .array(result)
        }
        return .success(wrap(result, optional))
    }

    private func wrap(_ type: TypeReference, _ optional: Bool) -> TypeReference {
        let bare = type.unwrapped
        return optional ? .optional(bare) : bare
    }
}

/// Why a path does not lead anywhere.
struct PathResolutionError: Error {
    var message: String
    var hint: String?

    init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}

/// The fields of each model by name, built model by model on first use, so that a
/// resolver costs nothing until it looks something up, and walking a long path
/// through a model of many fields does not read them all at every step.
private final class SpecIndex {
    private var fields: [String: [String: FieldSpec]] = [:]

    func field(named name: String, in model: ModelSpec) -> FieldSpec? {
        if let known = fields[model.name.value] { return known[name] }
        var byName: [String: FieldSpec] = [:]
        for field in model.fields where byName[field.name.value] == nil {
            byName[field.name.value] = field
        }
        fields[model.name.value] = byName
        return byName[name]
    }
}
