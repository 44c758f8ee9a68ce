import OpenAPIKit
import PagegenCore

/// Follows a path of JSON names (`paging.next`, `data.children[].data`) through a schema
/// the way swift-openapi-generator lays out its types, and says how Swift reads it:
/// `.paging?.next`, or `.value2.items` inside an `allOf`, whose parts it names `value1`,
/// `value2`…; with the type each step is in, for the name of an inline type.
struct GeneratedTypeWalker {
    let components: OpenAPI.Components
    let names: SwiftOpenAPINames
    /// `typeOverrides.schemas`.
    let typeOverrides: [String: String]

    /// A schema and the Swift type swift-openapi-generator gives it.
    struct Typed {
        var schema: JSONSchema
        /// The fully qualified type name (`Components.Schemas.Repository`), when the type
        /// has a name of its own.
        var typeName: String?
    }

    /// How Swift reads a path from a value.
    struct Access {
        /// `.paging?.next`: the steps after the value.
        var steps: [Accessor.Step]
        /// True when the result is optional (a step on the way may be nil).
        var isOptional: Bool
        /// The schema and type at the end of the path.
        var target: Typed

        /// The read from `base`, which may itself be nil (then every step is read
        /// after it with `?.` where it needs to be, as ``access(_:from:startingOptional:)`` wrote them).
        func accessor(from base: Accessor) -> Accessor {
            Accessor(base: base.base, steps: base.steps + steps, isOptional: base.isOptional || isOptional)
        }
    }

    /// Why a path cannot be read on the generated types.
    struct Refusal: Error {
        var reason: String
    }

    // MARK: Walking

    /// The access to `path` from a value of `start`; `startingOptional` when that value
    /// may be nil, so that the first step is read with `?.`.
    func access(_ path: [ResponsePath.Segment], from start: Typed, startingOptional: Bool = false) throws(Refusal) -> Access {
        var steps: [Accessor.Step] = []
        // Whether the whole expression may be nil, and whether the last value read is
        // (only a value that is itself optional takes `?.` after it).
        var optional = false
        var lastIsOptional = startingOptional
        var current = start
        var index = 0
        while index < path.count {
            switch path[index] {
            case .key(let key):
                let (members, next, stepOptional) = try member(key, of: current)
                for (offset, member) in members.enumerated() {
                    guard let name = SwiftIdentifier(validating: member.name) else {
                        throw Refusal(reason: "'\(member.name)' is not a Swift identifier (a name of the configuration's nameOverrides?)")
                    }
                    steps.append(.member(name, throughOptional: lastIsOptional))
                    lastIsOptional = offset == members.count - 1 ? stepOptional : member.optional
                    optional = optional || lastIsOptional
                }
                current = next
            case .each:
                // Every element of a list: the rest of the path read from each, in a `map`.
                let element = try element(of: current)
                let rest = try access(Array(path[(index + 1)...]), from: element.typed)
                if !rest.steps.isEmpty {
                    let inner = Accessor(base: "$0", steps: rest.steps, isOptional: rest.isOptional)
                    steps.append(.map(inner, compact: rest.isOptional, throughOptional: lastIsOptional))
                }
                return Access(steps: steps, isOptional: optional || startingOptional, target: rest.target)
            }
            index += 1
        }
        return Access(steps: steps, isOptional: optional || startingOptional, target: current)
    }

    /// The steps from a value to its property `key`: the property itself, or, in an
    /// `allOf`/`anyOf`, the part that declares it first and then the property.
    private func member(
        _ key: String, of typed: Typed
    ) throws(Refusal) -> (steps: [(name: String, optional: Bool)], next: Typed, optional: Bool) {
        let resolved = try dereference(typed)
        switch resolved.schema.value {
        case .object(_, let object):
            guard let property = Self.declaredProperty(key, of: object) else {
                throw Refusal(reason: "'\(key)' is not a property of \(describe(resolved))")
            }
            let optional = try isOptional(property)
            return ([(names.memberName(key), false)], try type(of: property, named: key, in: resolved), optional)
        case .all(let parts, _), .any(let parts, _):
            let isAnyOf = if case .any = resolved.schema.value { true } else { false }
            for (offset, part) in parts.enumerated() {
                let partType = try type(of: part, named: "value\(offset + 1)", in: resolved, partSuffix: true)
                guard declares(key, partType) else { continue }
                let (steps, next, optional) = try member(key, of: partType)
                return ([("value\(offset + 1)", isAnyOf)] + steps, next, optional)
            }
            throw Refusal(reason: "no part of \(describe(resolved)) declares '\(key)'")
        case .one:
            throw Refusal(reason: "'\(key)' is read from a oneOf, which swift-openapi-generator makes an enum of its alternatives")
        default:
            throw Refusal(reason: "'\(key)' is read from \(describe(resolved)), which is not an object")
        }
    }

    /// True when a schema, or a part of it, declares the property `key`.
    private func declares(_ key: String, _ typed: Typed) -> Bool {
        guard let resolved = try? dereference(typed) else { return false }
        switch resolved.schema.value {
        case .object(_, let object): return Self.declaredProperty(key, of: object) != nil
        case .all(let parts, _), .any(let parts, _):
            return parts.contains { declares(key, Typed(schema: $0, typeName: nil)) }
        default: return false
        }
    }

    /// The property `key` as swift-openapi-generator declares it: not one that only the
    /// `required` list names (OpenAPIKit infers those, and the generator leaves them
    /// out), nor binary data, which a JSON object cannot hold.
    static func declaredProperty(_ key: String, of object: JSONSchema.ObjectContext) -> JSONSchema? {
        guard let property = object.properties[key], !property.inferred else { return nil }
        if property.isString, property.formatString == "binary" { return nil }
        return property
    }

    /// The element of a list, and whether it may be null.
    func element(of typed: Typed) throws(Refusal) -> (typed: Typed, nullable: Bool) {
        let resolved = try dereference(typed)
        guard case .array(_, let array) = resolved.schema.value, let items = array.items else {
            throw Refusal(reason: "\(describe(resolved)) is not a list of a declared type")
        }
        let element = try type(of: items, named: nil, in: resolved, arrayElement: true)
        return (element, items.nullable || (try? isNullableReference(items)) == true)
    }

    // MARK: Types

    /// The type of `schema`, found as the property `key` (or an `allOf` part, or a
    /// list's element) of `parent`: a built-in type, a component's, or the inline
    /// type swift-openapi-generator declares inside the parent's.
    func type(
        of schema: JSONSchema, named key: String?, in parent: Typed, partSuffix: Bool = false, arrayElement: Bool = false
    ) throws(Refusal) -> Typed {
        if let builtin = builtinType(schema) { return Typed(schema: schema, typeName: builtin) }
        if case .reference(let reference, _) = schema.value {
            guard let name = componentName(reference) else {
                throw Refusal(reason: "the reference \(reference.absoluteString) is not to a schema of components")
            }
            return Typed(schema: schema, typeName: "Components.Schemas." + names.typeName(name))
        }
        guard let parentName = parent.typeName else { return Typed(schema: schema, typeName: nil) }
        if arrayElement {
            // A list's inline element is declared beside the list: `…ItemsPayload` holds
            // `[…ItemsPayloadPayload]`.
            return Typed(schema: schema, typeName: parentName + "Payload")
        }
        guard let key else { return Typed(schema: schema, typeName: nil) }
        let inline = names.typeName(key) + "Payload"
        if partSuffix { return Typed(schema: schema, typeName: parentName + "." + Self.capitalized(inline)) }
        return Typed(schema: schema, typeName: parentName + "." + inline)
    }

    /// The Swift type of a schema that needs no declaration of its own: a scalar, a
    /// date, a free-form object, a reference; nil for one declared inline.
    func builtinType(_ schema: JSONSchema) -> String? {
        switch schema.value {
        case .boolean: return "Swift.Bool"
        case .number(let core, _): return core.format == .float ? "Swift.Float" : "Swift.Double"
        case .integer(let core, _):
            guard core.allowedValues == nil else { return nil }
            switch core.format {
            case .int32: return "Swift.Int32"
            case .int64: return "Swift.Int64"
            default: return "Swift.Int"
            }
        case .string(let core, let string):
            guard core.allowedValues == nil else { return nil }
            switch string.contentEncoding {
            case .binary: return "OpenAPIRuntime.HTTPBody"
            case .base64: return "OpenAPIRuntime.Base64EncodedData"
            default: return core.format == .dateTime ? "Foundation.Date" : "Swift.String"
            }
        case .fragment: return "OpenAPIRuntime.OpenAPIValueContainer"
        case .object(_, let object) where object.properties.isEmpty && object.additionalProperties == nil:
            return "OpenAPIRuntime.OpenAPIObjectContainer"
        default: return nil
        }
    }

    /// `$ref`s followed to the schema they name, with the component's type name.
    func dereference(_ typed: Typed) throws(Refusal) -> Typed {
        var current = typed
        var seen = 0
        while case .reference(let reference, _) = current.schema.value {
            seen += 1
            guard seen < 32, let name = componentName(reference), let key = OpenAPI.ComponentKey(rawValue: name),
                let schema = components.schemas[key]
            else {
                throw Refusal(reason: "the reference \(reference.absoluteString) leads to no schema of components")
            }
            let typeName = typeOverrides[name] ?? "Components.Schemas." + names.typeName(name)
            current = Typed(schema: schema, typeName: typeName)
        }
        return current
    }

    /// Optional in Swift: not required, nullable, or a reference to a nullable schema.
    func isOptional(_ schema: JSONSchema) throws(Refusal) -> Bool {
        if schema.nullable || !schema.required { return true }
        return try isNullableReference(schema)
    }

    private func isNullableReference(_ schema: JSONSchema) throws(Refusal) -> Bool {
        guard case .reference = schema.value else { return false }
        let target = try dereference(Typed(schema: schema, typeName: nil))
        return target.schema.nullable
    }

    func componentName(_ reference: JSONReference<JSONSchema>) -> String? {
        guard case .internal(.component(let name)) = reference else { return nil }
        return name
    }

    private func describe(_ typed: Typed) -> String {
        typed.typeName ?? "an inline schema"
    }

    private static func capitalized(_ name: String) -> String {
        SwiftOpenAPINames.uppercasingFirst(name)
    }
}
