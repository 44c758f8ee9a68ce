import Foundation
import PagegenCore
import PagegenRuntime

/// Makes JSON values that fit a spec's models: realistic scalars chosen by field
/// name (``FieldHeuristics``), dates in the spec's or the field's format, enums
/// from their values, maps, free-form JSON, nested models and arrays.
///
/// Every value is a function of the seed, the place it is made for (a collection
/// and an item index, or a request) and the path of the field inside it: the same
/// seed always gives the same data, and adding a field to a model does not change
/// the values of the others.
struct DataGenerator: Sendable {
    /// The spec whose models are generated.
    let spec: Spec
    /// The seed all values derive from.
    let seed: UInt64
    /// The host of the spec's base URL, for realistic links.
    let host: String
    private let models: [String: ModelSpec]

    /// The chance that an optional value without an override is null, or, for a
    /// field, left out or null as its spec says it may be.
    static let nullChance = 0.15
    /// How deep models nest before optional parts are left out.
    static let maxDepth = 4

    init(spec: Spec, seed: UInt64) {
        self.spec = spec
        self.seed = seed
        self.host = URL(string: spec.baseURL.value)?.host ?? "api.example.com"
        var models: [String: ModelSpec] = [:]
        for model in spec.models where models[model.name.value] == nil { models[model.name.value] = model }
        self.models = models
    }

    /// The model named `name`.
    func model(named name: String) -> ModelSpec? { models[name] }

    /// A seed for the place `parts` name (an endpoint, an item index, a request).
    func seed(_ parts: String...) -> UInt64 {
        var hash = StableHash(seed)
        for part in parts { hash.combine(part) }
        return hash.value
    }

    /// The chance that an optional value at `depth` is null (or left out): certain past
    /// ``maxDepth``, twice ``nullChance`` inside nested objects.
    static func nothingChance(depth: Int) -> Double {
        depth >= maxDepth ? 1 : nullChance * (depth >= 2 ? 2 : 1)
    }

    /// A value of `type`, holding `override` where it says.
    /// - Parameters:
    ///   - name: the field the value is for (its name chooses realistic values).
    ///   - dateFormat: how a date is written; nil takes the spec's.
    ///   - seed: the seed of this place.
    func value(
        _ type: TypeReference, name: FieldName, dateFormat: DateFormatName? = nil, zone: ZoneName? = nil,
        override: Override? = nil, seed: UInt64, depth: Int = 0
    ) -> MockJSON {
        if case .value(let value)? = override { return value }
        if case .absent? = override { return .null }
        var random = SeededRandom(seed: seed)
        switch type {
        case .optional(let wrapped):
            if override == nil, random.chance(Self.nothingChance(depth: depth)) { return .null }
            return value(wrapped, name: name, dateFormat: dateFormat, zone: zone, override: override, seed: child(seed, "?"), depth: depth)
        case .array(let element):
            if case .elements(let elements)? = override {
                return .array(
                    elements.enumerated().map { index, elementOverride in
                        value(
                            element, name: name, dateFormat: dateFormat, zone: zone, override: elementOverride, seed: child(seed, index),
                            depth: depth + 1)
                    })
            }
            let count = depth >= Self.maxDepth + 2 ? 0 : FieldHeuristics.arrayCount(name, depth: depth, random: &random)
            return .array(
                (0..<count).map { index in
                    value(element, name: name, dateFormat: dateFormat, zone: zone, seed: child(seed, index), depth: depth + 1)
                })
        case .map(let valueType):
            var fields = override?.fields ?? [:]
            var pairs: [(key: String, value: MockJSON)] = []
            let keys = depth >= Self.maxDepth + 2 ? [] : FieldHeuristics.mapKeys(name, random: &random)
            for key in keys {
                pairs.append(
                    (
                        key,
                        value(
                            valueType, name: name, dateFormat: dateFormat, zone: zone, override: fields.removeValue(forKey: key),
                            seed: child(seed, key), depth: depth + 1)
                    ))
            }
            for key in fields.keys.sorted() {
                pairs.append(
                    (
                        key,
                        value(
                            valueType, name: name, dateFormat: dateFormat, zone: zone, override: fields[key], seed: child(seed, key),
                            depth: depth + 1)
                    ))
            }
            return .object(pairs)
        case .enumeration(let cases):
            return cases.isEmpty ? .string("") : .string(random.pick(cases))
        case .named(let typeName):
            if let model = models[typeName] {
                return object(model, override: override, seed: seed, depth: depth)
            }
            return scalar(
                typeName, name: name, dateFormat: dateFormat ?? spec.dateFormat, zone: zone ?? spec.dateZone?.value,
                random: &random, depth: depth)
        }
    }

    /// An object of `model`, holding `override` where it says; override keys the
    /// model does not have are added after its fields.
    func object(_ model: ModelSpec, override: Override?, seed: UInt64, depth: Int) -> MockJSON {
        var overrides = override?.fields ?? [:]
        if depth > Self.maxDepth + 4 { return .object([]) }
        var pairs: [(key: String, value: MockJSON)] = []
        // A model of alternatives takes one shape: its fields are sent, those only the
        // other shapes name are not.
        var shapeFields: Set<String> = []
        var otherShapesFields: Set<String> = []
        if !model.alternatives.isEmpty {
            var random = SeededRandom(seed: child(seed, "alternative"))
            let chosen = random.int(0...(model.alternatives.count - 1))
            for (index, alternative) in model.alternatives.enumerated() {
                let names = alternative.map(\.value)
                if index == chosen { shapeFields.formUnion(names) } else { otherShapesFields.formUnion(names) }
            }
            otherShapesFields.subtract(shapeFields)
        }
        for field in model.fields {
            let key = field.name.value
            let fieldName = FieldName(key, model: model.name.value)
            let override = overrides.removeValue(forKey: key)
            if case .absent? = override { continue }
            if override == nil, otherShapesFields.contains(key) { continue }
            var type = field.type.value
            var fieldSeed = child(seed, key)
            if override == nil, case .optional(let wrapped) = type {
                // Where an optional value is null, a field is left out or null, as it may
                // be; a field of the shape a model of alternatives takes is always sent.
                var random = SeededRandom(seed: fieldSeed)
                if !shapeFields.contains(key), random.chance(Self.nothingChance(depth: depth + 1)) {
                    switch field.presence {
                    case .absent: continue
                    case .null: pairs.append((key, .null))
                    case .required, .absentOrNull, .absentNullOrValue:
                        if random.chance(0.5) { continue }
                        pairs.append((key, .null))
                    }
                    continue
                }
                type = wrapped
                fieldSeed = child(fieldSeed, "?")
            }
            pairs.append(
                (
                    key,
                    value(
                        type, name: fieldName, dateFormat: field.dateFormat, zone: field.zone?.value, override: override,
                        seed: fieldSeed, depth: depth + 1)
                ))
        }
        for key in overrides.keys.sorted() {
            if case .absent = overrides[key]! { continue }
            pairs.append((key, overrides[key]!.materialized))
        }
        return .object(pairs)
    }

    private func scalar(
        _ typeName: String, name: FieldName, dateFormat: DateFormatName, zone: ZoneName?, random: inout SeededRandom, depth: Int
    ) -> MockJSON {
        switch typeName {
        case "String":
            return .string(FieldHeuristics.string(name, host: host, random: &random))
        case "Int", "Int64":
            return .int(FieldHeuristics.int(name, random: &random))
        case "Double":
            return .double(FieldHeuristics.double(name, random: &random))
        case "Bool":
            return .bool(FieldHeuristics.bool(name, random: &random))
        case "URL":
            if name.has("avatar", "image", "photo", "picture", "thumbnail", "icon", "logo") {
                return .string(FieldHeuristics.imageURL(name, random: &random))
            }
            return .string(FieldHeuristics.url(name, host: host, random: &random))
        case "Date":
            return Self.date(FieldHeuristics.recentSeconds(random: &random), format: dateFormat, zone: zone)
        case "JSON":
            return freeJSON(random: &random, depth: depth)
        default:
            return .null
        }
    }

    /// A date in `format`: ISO 8601 text, or Unix seconds or milliseconds.
    /// A date as `format` writes it; ISO 8601 text in a `zone` other than UTC is its
    /// wall-clock time there, without a zone (as WordPress writes a post's `date`).
    static func date(_ seconds: Double, format: DateFormatName, zone: ZoneName? = nil) -> MockJSON {
        switch format {
        case .iso8601:
            let date = Date(timeIntervalSince1970: seconds)
            guard let zone, zone != .utc, let timeZone = Self.timeZone(zone) else { return .string(ISO8601.format(date)) }
            let wallClock = date.addingTimeInterval(Double(timeZone.secondsFromGMT(for: date)))
            return .string(String(ISO8601.format(wallClock).dropLast()))
        case .unixSeconds:
            return .int(Int(seconds))
        case .unixMilliseconds:
            return .int(Int(seconds) * 1000 + Int(seconds.truncatingRemainder(dividingBy: 1) * 1000))
        }
    }

    private static func timeZone(_ zone: ZoneName) -> TimeZone? {
        switch zone {
        case .utc: TimeZone(identifier: "UTC")
        case .local: TimeZone.current
        case .identifier(let name): TimeZone(identifier: name)
        case .offset(let seconds): TimeZone(secondsFromGMT: seconds)
        }
    }

    /// A free-form value: an object, which is what a `JSON` field stands for in most
    /// documents (a free-form object, a map of maps, one of a string or an object), so
    /// that clients whose types say "object" read it too.
    private func freeJSON(random: inout SeededRandom, depth: Int) -> MockJSON {
        guard depth < Self.maxDepth else { return .object([]) }
        return .object([
            ("source", .string(random.pick(["web", "ios", "android", "api"]))),
            ("count", .int(random.int(1...50))),
            ("tags", .array([.string(random.pick(SampleWords.nouns))])),
        ])
    }

    private func child(_ seed: UInt64, _ key: String) -> UInt64 {
        var hash = StableHash(seed)
        hash.combine(key)
        return hash.value
    }

    private func child(_ seed: UInt64, _ index: Int) -> UInt64 {
        var hash = StableHash(seed)
        hash.combine(index)
        return hash.value
    }
}
