import Foundation
import PagegenCore
import PagegenRuntime

/// Builds response bodies: the endpoint's return type, generated around the values
/// paging put in place (items, totals, cursors, links), with the request echoed in
/// fields such as `page`, `limit` or `href`, and the spec's in-body error flag.
struct ResponseBuilder: Sendable {
    let plan: MockPlan
    let generator: DataGenerator
    let types: SpecTypes
    /// The date Unix-time throttle hints count from.
    let clock: any RetryClock

    init(plan: MockPlan, generator: DataGenerator, clock: any RetryClock) {
        self.plan = plan
        self.generator = generator
        self.clock = clock
        self.types = SpecTypes(spec: plan.spec)
    }

    /// The scope of a collection: its endpoint and path parameters (`products|category_id=42`).
    static func scope(endpoint: String, pathValues: [String: String]) -> String {
        endpoint + "|" + pathValues.keys.sorted().map { "\($0)=\(pathValues[$0]!)" }.joined(separator: "&")
    }

    /// The codec of item keys in `scope`.
    func keyCodec(model: String?, scope: String) -> ItemKeyCodec {
        ItemKeyCodec(model: model, salt: generator.seed("keys", scope))
    }

    /// The item at `index` of the collection `scope`, as edited `version` times: every
    /// version keeps the item's keys and has new values for its other fields.
    func item(_ shape: ItemShape, index: Int, scope: String, version: Int = 0, slot: Int? = nil) -> MockJSON {
        var tree = OverrideTree()
        let codec = keyCodec(model: shape.modelName, scope: scope)
        for key in shape.keys {
            tree.set(key.path, codec.key(forIndex: index, typeName: key.typeName))
        }
        if let slot {
            // A history runs newest first: a minute older each place down, newer above the first.
            for field in shape.timeline {
                tree.set(field.path, DataGenerator.date(Self.newestPost - Double(slot) * 60, format: field.format, zone: field.zone))
            }
        }
        return generator.value(
            shape.type, name: FieldName("item", model: shape.modelName), override: tree.root,
            seed: Self.itemSeed(generator, scope: scope, index: index, version: version))
    }

    /// When the first item of a history's generated items was posted (2025-06-30); the
    /// items below it are older, those inserted above it newer.
    static let newestPost: Double = 1_751_241_600

    /// The seed of an item's values: the same for an item never edited as before
    /// edits existed, another one for every version.
    static func itemSeed(_ generator: DataGenerator, scope: String, index: Int, version: Int) -> UInt64 {
        version == 0 ? generator.seed("item", scope, String(index)) : generator.seed("item", scope, String(index), "v\(version)")
    }

    /// The body of an answer of `endpoint`.
    /// - Parameters:
    ///   - tree: the values paging put in place.
    ///   - echo: values for envelope fields by name (`page`, `limit`, `href`), used where nothing else is set.
    ///   - seed: the seed of this answer.
    ///   - bodyError: report an in-body error instead of success (specs with `errors:`).
    ///   - backoff: ask for a wait of this many seconds at the spec's body throttle hints.
    func body(
        for endpoint: EndpointSpec, tree: OverrideTree, echo: [String: MockJSON], seed: UInt64, bodyError: Bool, backoff: Int = 0
    ) -> MockJSON {
        var tree = tree
        let returns = endpoint.returns.value
        if returns.arrayElement == nil {
            // The wait asked for, and no wait otherwise (null, or 0 where the field is required).
            for hint in plan.spec.throttle {
                guard case .body(let path) = hint.source else { continue }
                let wait = ThrottleState.value(of: hint, waiting: backoff, now: clock.date)
                tree.set(path.value, backoff > 0 ? .value(.int(wait)) : nothing(at: path.value, in: returns, required: .int(0)))
            }
        }
        if let rule = plan.spec.bodyError, returns.arrayElement == nil {
            if let flag = rule.flag {
                tree.set(flag.value, .bool(!bodyError))
                if bodyError { tree.set(rule.message.value, .string("mock_error")) }
            } else {
                tree.set(
                    rule.message.value,
                    bodyError ? .value(.string("mock_error")) : nothing(at: rule.message.value, in: returns, required: .string("")))
            }
        }
        if !echo.isEmpty, let name = returns.unwrapped.name, let model = plan.spec.model(named: name) {
            applyEcho(echo, model: model, path: [], tree: &tree, depth: 0)
        }
        return generator.value(returns, name: FieldName(endpoint.name.value), override: tree.root, seed: seed)
    }

    private func applyEcho(_ echo: [String: MockJSON], model: ModelSpec, path: [ResponsePath.Segment], tree: inout OverrideTree, depth: Int)
    {
        for field in model.fields {
            let fieldPath = path + [.key(field.name.value)]
            if let node = tree.node(at: ResponsePath(fieldPath)) {
                if case .fields = node, depth < 2, let nested = field.type.value.unwrapped.name,
                    let nestedModel = plan.spec.model(named: nested)
                {
                    applyEcho(echo, model: nestedModel, path: fieldPath, tree: &tree, depth: depth + 1)
                }
                continue
            }
            let type = field.type.value.unwrapped
            if let value = echo[field.name.value] {
                switch (type.name, value) {
                case ("Int", .int), ("Int64", .int), ("String", .string), ("URL", .string):
                    tree.set(ResponsePath(fieldPath), value)
                default:
                    break
                }
            } else if depth < 2, let nested = type.name, let nestedModel = plan.spec.model(named: nested) {
                applyEcho(echo, model: nestedModel, path: fieldPath, tree: &tree, depth: depth + 1)
            }
        }
    }

    /// What says "no more" at a cursor or link path: the field left out where it may
    /// be and may not be null, null where it may be, else an empty string.
    func endMarker(at path: ResponsePath, in endpoint: EndpointSpec) -> Override {
        nothing(at: path, in: endpoint.returns.value, required: .string(""))
    }

    /// What says "nothing" at `path` inside `returns`: the field left out where it may
    /// be and may not be null, null where it may be, else `required`.
    func nothing(at path: ResponsePath, in returns: TypeReference, required: MockJSON) -> Override {
        if types.field(at: path, in: returns)?.presence == .absent { return .absent }
        return types.resolve(path, in: returns)?.isOptional == false ? .value(required) : .value(.null)
    }
}

extension OverrideTree {
    /// What is set at `path`, if anything.
    func node(at path: ResponsePath) -> Override? {
        var node = root
        for segment in path.segments {
            guard case .key(let key) = segment, case .fields(let fields)? = node, let next = fields[key] else { return nil }
            node = next
        }
        return node
    }
}
