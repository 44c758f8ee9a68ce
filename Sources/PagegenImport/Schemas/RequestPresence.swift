import PagegenCore

/// Gives the fields of models that are only sent the three states their documents
/// give them: a field that is not `required` and may be `null` is left out, sent as
/// null, or sent with a value, and a generated model tells the three apart
/// (`PagegenRuntime.Nullable`). So is every field that is not required in the body of
/// a JSON merge patch (`application/merge-patch+json`), where `null` removes a value.
///
/// A model that an answer holds too keeps `T?` (absent or null, not told apart), as
/// do the bodies of paged endpoints, whose paging fields the generated pagers set:
/// reading a value is no heavier than before, and only what is sent needs to say more.
enum RequestPresence {
    /// Marks the three-state fields of `spec`'s models.
    static func apply(to spec: inout ImportedSpec) {
        var models: [String: Int] = [:]
        for (index, model) in spec.models.enumerated() { models[model.name] = index }
        func reach(_ roots: [TypeReference]) -> Set<String> {
            var seen: Set<String> = []
            var pending = roots.flatMap(\.referencedNames)
            while let name = pending.popLast() {
                guard let index = models[name], seen.insert(name).inserted else { continue }
                pending += spec.models[index].fields.flatMap(\.type.referencedNames)
            }
            return seen
        }
        let answered = reach(spec.endpoints.map(\.returns))
        let pagedBodies = reach(spec.endpoints.filter { $0.paging != nil }.compactMap { $0.body?.jsonType })
        let sentOnly = reach(spec.endpoints.compactMap { $0.body?.jsonType }).subtracting(answered).subtracting(pagedBodies)
        let mergePatches = reach(spec.endpoints.compactMap { $0.body?.isMergePatch == true ? $0.body?.jsonType : nil })
        for name in sentOnly {
            guard let index = models[name] else { continue }
            let isMergePatch = mergePatches.contains(name)
            for field in spec.models[index].fields.indices {
                let presence = spec.models[index].fields[field].presence
                if presence == .absentOrNull || isMergePatch && presence == .absent {
                    spec.models[index].fields[field].presence = .absentNullOrValue
                }
            }
        }
    }
}

extension ImportedBody {
    /// The JSON type sent, for a JSON body.
    var jsonType: TypeReference? {
        if case .json(let type) = kind { return type }
        return nil
    }
}
