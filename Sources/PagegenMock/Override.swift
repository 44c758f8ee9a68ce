import PagegenCore

/// Values a generated response must hold at given places (the items, the total,
/// the next cursor), set before everything else is generated around them.
indirect enum Override: Sendable {
    /// This exact value.
    case value(MockJSON)
    /// An object: overrides for some of its fields; the other fields are generated.
    case fields([String: Override])
    /// An array of exactly these elements, each built with its override.
    case elements([Override])
    /// No value: the field is left out of its object (null anywhere else).
    case absent

    /// The overrides of an object's fields.
    var fields: [String: Override] {
        if case .fields(let fields) = self { return fields }
        return [:]
    }

    /// The override as a value, for places the model does not describe.
    var materialized: MockJSON {
        switch self {
        case .value(let value): value
        case .fields(let fields):
            .object(
                fields.keys.sorted().compactMap { key in
                    if case .absent = fields[key]! { return nil }
                    return (key, fields[key]!.materialized)
                })
        case .elements(let elements): .array(elements.map(\.materialized))
        case .absent: .null
        }
    }
}

/// Builds an ``Override`` from response paths.
struct OverrideTree: Sendable {
    /// The override of the whole response.
    private(set) var root: Override?

    init() {}

    /// Sets the value at `path` (keys only).
    mutating func set(_ path: ResponsePath, _ value: MockJSON) {
        set(path, .value(value))
    }

    /// Sets what is at `path` (keys only): a value, or ``Override/absent`` to leave the field out.
    mutating func set(_ path: ResponsePath, _ node: Override) {
        let keys = path.segments.compactMap { segment -> String? in
            if case .key(let key) = segment { return key }
            return nil
        }
        root = Self.inserting(node, at: keys[...], into: root)
    }

    /// Puts `items` at `path`, which may map over arrays (`data.children[].data`);
    /// nil makes the response the array itself.
    mutating func setList(_ path: ResponsePath?, _ items: [MockJSON]) {
        guard let path else {
            root = .value(.array(items))
            return
        }
        let (keys, node) = Self.listNode(path.segments[...], items: items)
        root = Self.inserting(node, at: keys, into: root)
    }

    /// The keys up to the first `[]` and the node that goes there.
    private static func listNode(_ segments: ArraySlice<ResponsePath.Segment>, items: [MockJSON]) -> (ArraySlice<String>, Override) {
        guard let each = segments.firstIndex(of: .each) else {
            return (keys(segments), .value(.array(items)))
        }
        let suffix = segments[(each + 1)...]
        let elements: [Override] = items.map { item in
            guard !suffix.isEmpty else { return .value(item) }
            let (innerKeys, inner) = listNode(suffix, items: [item])
            if suffix.contains(.each) {
                return inserting(inner, at: innerKeys, into: nil)
            }
            return inserting(.value(item), at: keys(suffix), into: nil)
        }
        return (keys(segments[..<each]), .elements(elements))
    }

    private static func keys(_ segments: ArraySlice<ResponsePath.Segment>) -> ArraySlice<String> {
        segments.compactMap { segment -> String? in
            if case .key(let key) = segment { return key }
            return nil
        }[...]
    }

    private static func inserting(_ node: Override, at keys: ArraySlice<String>, into existing: Override?) -> Override {
        guard let key = keys.first else { return node }
        var fields = existing?.fields ?? [:]
        fields[key] = inserting(node, at: keys.dropFirst(), into: fields[key])
        return .fields(fields)
    }
}
