import Foundation
import OpenAPIKit
import PagegenCore
import PagegenYAML

/// Turns JSON Schemas into the spec language's types, declaring a model for every
/// object schema the imported operations reach (the `$ref` closure):
///
/// - an object with properties is a model; without, `{ map: T }` when
///   `additionalProperties` says `T`, else `JSON`;
/// - `allOf` merges its parts into one model;
/// - `oneOf` / `anyOf` is an enum when every alternative is a string enum, the one
///   alternative when the others are `null`, one model with every alternative's fields
///   when all are objects, `[T]` for a parameter that takes `T` or `[T]`, and `JSON`
///   otherwise;
/// - `nullable: true` (3.0), `type: [T, "null"]` (3.1), a `oneOf` with `null`, and a
///   property that is not `required` make the type optional, and the field says
///   which of the two it may be (``ImportedField/presence``);
/// - `format: date-time` and `date` are `Date`, as are `unix-time` integers (written
///   in seconds); `int64` is `Int64`, `uri` and `url` are `URL`;
/// - string enums are enums; what the spec language cannot say (a list of enums, an
///   enum of numbers) is written as its plain type, with a note.
final class SchemaImporter {
    let components: OpenAPI.Components
    let source: DocumentSource
    let notes: NoteWriter
    private(set) var names: TypeNames

    /// The models, in the order they were first used.
    private(set) var models: [ImportedModel] = []
    private var modelIndex: [String: Int] = [:]
    /// Component name → its model's name, for component schemas that are models.
    private var componentModels: [String: String] = [:]
    /// Component name → its type, for the others (enums, lists, maps).
    private var componentTypes: [String: TypeReference] = [:]
    /// Component schemas on the way to their type, to stop at a `$ref` cycle.
    private var resolving: Set<String> = []
    /// Models whose fields are still to be read, from `nextPending` on.
    private var pending: [(model: String, shape: ObjectShape, pointer: JSONPointer)] = []
    private var nextPending = 0
    /// The model declared for the schema written at a place of the document.
    private var modelsByPlace: [JSONPointer: String] = [:]
    /// The model declared for an inline object, by its name and how it is written.
    private var modelsByShape: [String: String] = [:]
    /// Component name → the first component written exactly like it (GitHub's
    /// `nullable-simple-user` is `simple-user`, nullable).
    private var sameAs: [String: String] = [:]
    /// How many `Date` fields are written each way, to choose the spec's `dates:`.
    private(set) var dateStyles: [DateFormatName: Int] = [:]
    /// The models sent as `multipart/form-data` bodies: their binary fields are files.
    private var multipartModels: Set<String> = []

    init(components: OpenAPI.Components, source: DocumentSource, notes: NoteWriter, names: TypeNames) {
        self.components = components
        self.source = source
        self.notes = notes
        self.names = names
        findComponentsWrittenAlike()
    }

    // MARK: Entry points

    /// The type of a schema that an endpoint returns, sends or takes.
    /// - Parameter name: the name an inline object's model takes.
    func type(of schema: JSONSchema, at pointer: JSONPointer, name: String) -> TypeReference {
        let result = resolvedType(of: schema, at: pointer, name: name, role: .value)
        return result.type
    }

    /// The type of a parameter's schema (a scalar, an enum, or a list of them), and
    /// what was left out of it, for the endpoint's comment.
    func parameterType(of schema: JSONSchema, at pointer: JSONPointer) -> (type: TypeReference, note: String?) {
        let resolved = resolvedType(of: schema, at: pointer, name: "Parameter", role: .parameter)
        return (resolved.type, resolved.note)
    }

    /// Reads the fields of every model declared so far, and of the models they reach.
    func finish() {
        while nextPending < pending.count {
            let next = pending[nextPending]
            nextPending += 1
            fill(next.model, from: next.shape, at: next.pointer)
        }
    }

    /// Marks `model` as a `multipart/form-data` body, whose binary fields are `File`s
    /// (before ``finish()`` reads its fields).
    func markMultipart(_ model: String) {
        multipartModels.insert(model)
    }

    /// The object a parameter's schema describes: the schema itself, or the one object
    /// among the alternatives of a `oneOf` / `anyOf` (Stripe's `created` is a range
    /// object or one integer), with the others described; nil when it is no object.
    func objectAlternative(of schema: JSONSchema, at pointer: JSONPointer) -> (schema: JSONSchema, pointer: JSONPointer, others: String?)? {
        let resolved = dereference(schema)
        if resolved.jsonType == .object { return (schema, pointer, nil) }
        let keyword: String
        let alternatives: [JSONSchema]
        switch resolved.value {
        case .one(let list, _): (keyword, alternatives) = ("oneOf", list)
        case .any(let list, _): (keyword, alternatives) = ("anyOf", list)
        default: return nil
        }
        let objects = alternatives.enumerated().filter { dereference($0.element).jsonType == .object }
        guard objects.count == 1, let object = objects.first else { return nil }
        let others = alternatives.enumerated().filter { $0.offset != object.offset && !Self.isNullAlternative($0.element) }
            .map { describe($0.element) }
        var base = pointer
        if case .reference(let reference, _) = schema.value, let target = component(reference) { base = target.pointer }
        let description = others.isEmpty ? nil : "an object or \(others.joined(separator: " or ")) (\(keyword))"
        return (object.element, base.appending([keyword, String(object.offset)]), description)
    }

    /// Whether a schema is a file's bytes: a string of `format: binary` (or an optional one).
    func isBinary(_ schema: JSONSchema) -> Bool {
        let resolved = dereference(schema)
        switch resolved.value {
        case .string(let core, _): return core.format.rawValue == "binary"
        case .one(let list, _), .any(let list, _):
            let kept = list.filter { !Self.isNullAlternative($0) }
            return kept.count == 1 && isBinary(kept[0])
        case .all(let parts, _):
            let kept = parts.filter { !Self.isAnnotationOnly($0) }
            return kept.count == 1 && isBinary(kept[0])
        default: return false
        }
    }

    /// The model named `name`.
    func model(named name: String) -> ImportedModel? {
        modelIndex[name].map { models[$0] }
    }

    /// Adds `field` to the model `name`, unless it has a field of that name (a field a
    /// paging convention reads, which the response's schema does not declare).
    func addField(_ field: ImportedField, toModel name: String) {
        guard let index = modelIndex[name], !models[index].fields.contains(where: { $0.name == field.name }) else { return }
        models[index].fields.append(field)
    }

    /// Replaces the models (after the importer has chosen the spec's `dates:`).
    func setModels(_ models: [ImportedModel]) {
        self.models = models
    }

    // MARK: Components

    /// The component schema a reference names, and its pointer.
    func component(_ reference: JSONReference<JSONSchema>) -> (name: String, schema: JSONSchema, pointer: JSONPointer)? {
        guard case .internal(let internalReference) = reference else { return nil }
        switch internalReference {
        case .component(let name):
            guard let key = OpenAPI.ComponentKey(rawValue: name), let schema = components.schemas[key] else { return nil }
            return (name, schema, JSONPointer(["components", "schemas", name]))
        case .path(let path):
            let pointer = JSONPointer(parsing: "#" + path.rawValue)
            guard let node = source.root.node(at: pointer), let schema = try? NodeDecoder.decode(JSONSchema.self, from: node) else {
                return nil
            }
            return (pointer.description, schema, pointer)
        }
    }

    private func findComponentsWrittenAlike() {
        guard let schemas = source.root.node(at: JSONPointer(["components", "schemas"]))?.pairs else { return }
        // Components written alike share one model, named after the one that is not
        // nullable (`simple-user` rather than `nullable-simple-user`).
        var groups: [String: [(name: String, nullable: Bool)]] = [:]
        var order: [String] = []
        for pair in schemas {
            guard let name = pair.key.scalarText, pair.value.pairs?.isEmpty == false else { continue }
            let print = pair.value.fingerprint(ignoringTopLevel: ["nullable", "title", "description", "example"])
            if groups[print] == nil { order.append(print) }
            groups[print, default: []].append((name, pair.value["nullable"]?.isTrue == true))
        }
        for print in order {
            guard let members = groups[print], members.count > 1 else { continue }
            // Prefer one that is not nullable, then the shortest name.
            let canonical = members.enumerated().min { lhs, rhs in
                (lhs.element.nullable ? 1 : 0, lhs.element.name.count, lhs.offset) < (
                    rhs.element.nullable ? 1 : 0, rhs.element.name.count, rhs.offset
                )
            }!.element.name
            for member in members where member.name != canonical { sameAs[member.name] = canonical }
        }
    }

    private func componentType(_ reference: JSONReference<JSONSchema>, at pointer: JSONPointer, role: Role) -> Resolved {
        guard let (rawName, rawSchema, rawPointer) = component(reference) else {
            notes.warning(pointer, "schema", "the reference '\(reference.absoluteString)' leads to no schema of the document; read as JSON")
            return Resolved(.named("JSON"))
        }
        var name = rawName
        var schema = rawSchema
        var componentPointer = rawPointer
        var nullable = schema.nullable
        if let alike = sameAs[rawName], let other = component(.component(named: alike)) {
            name = alike
            schema = other.schema
            componentPointer = other.pointer
            nullable = nullable || rawSchema.nullable
        }
        if let model = componentModels[name] { return Resolved(.named(model), nullable: nullable) }
        if let type = componentTypes[name] { return Resolved(type, nullable: nullable) }
        if resolving.contains(name) {
            notes.note(pointer, "schema", "'\(name)' contains itself through lists or maps only; the inner one is read as JSON")
            return Resolved(.named("JSON"))
        }
        if let shape = objectShape(of: schema, at: componentPointer) {
            // A parameter is never a model: the endpoint leaves an object parameter out.
            if role == .parameter { return Resolved(.map(.named("JSON")), nullable: nullable, note: "an object parameter") }
            let model = declareModel(named: modelName(forComponent: name, schema: schema), shape: shape, at: componentPointer)
            componentModels[name] = model
            return Resolved(.named(model), nullable: nullable)
        }
        resolving.insert(name)
        let resolved = resolvedType(of: schema, at: componentPointer, name: modelName(forComponent: name, schema: schema), role: role)
        resolving.remove(name)
        if role == .value { componentTypes[name] = resolved.type }
        return Resolved(resolved.type, nullable: nullable || resolved.nullable, dates: resolved.dates)
    }

    /// A component's model name: its name, or for a dotted name
    /// (`microsoft.graph.directoryObject`) its last part, when no other component's
    /// name ends the same way.
    private func modelName(forComponent name: String, schema: JSONSchema) -> String {
        guard name.contains("."), let last = name.split(separator: ".").last.map(String.init), !last.isEmpty else { return name }
        let others = components.schemas.keys.map(\.rawValue).filter { $0 != name && ($0 == last || $0.hasSuffix("." + last)) }
        return others.isEmpty ? last : name
    }

    // MARK: Models

    private func declareModel(named base: String, shape: ObjectShape, at pointer: JSONPointer) -> String {
        // A schema written once is one model, however many times it is reached: an
        // inline object inside a component that reaches itself (Mistral's messages hold
        // `anyOf` lists of messages) would otherwise be a new model at every turn.
        if let model = modelsByPlace[pointer] { return model }
        // Inline objects written alike under one name (Stripe's `range_query_specs`
        // filter, on every list) are one model.
        let shapeKey = pointer.tokens.first == "components" ? nil : source.root.node(at: pointer).map { base + "\u{0}" + $0.fingerprint() }
        if let shapeKey, let model = modelsByShape[shapeKey] {
            modelsByPlace[pointer] = model
            return model
        }
        let name = names.claim(base)
        modelsByPlace[pointer] = name
        if let shapeKey { modelsByShape[shapeKey] = name }
        modelIndex[name] = models.count
        models.append(ImportedModel(name: name))
        pending.append((name, shape, pointer))
        return name
    }

    private func fill(_ modelName: String, from shape: ObjectShape, at pointer: JSONPointer) {
        var fields: [ImportedField] = []
        var comments: [String] = shape.comments
        for (notePointer, message) in shape.notes { notes.note(notePointer, "model", message) }
        var swiftNames = SwiftNames()
        for property in shape.properties {
            var swiftName: String?
            if let (other, alternative) = swiftNames.claim(property.name) {
                swiftName = alternative
                let message =
                    "'\(property.name)' and '\(other)' would be one Swift property; '\(property.name)' is '\(alternative)' in Swift"
                notes.note(property.pointer, "model", message)
                comments.append("\(property.name): \(message)")
            }
            var resolved = resolvedType(
                of: property.schema, at: property.pointer,
                name: modelName + SpecWords.typeName(property.name), role: .value)
            if property.conflicting {
                // Lists of different things are still a list (Box's search entries, with or
                // without their shared links): a list of JSON, which a list adapter pages.
                let isList = dereference(property.schema).arrayContext != nil
                let message =
                    isList ? "[JSON]: the alternatives give its elements different types" : "JSON: the alternatives give it different types"
                notes.note(property.pointer, "model", "\(modelName).\(property.name) is \(message)")
                comments.append("\(property.name): \(message)")
                resolved = Resolved(isList ? .array(.named("JSON")) : .named("JSON"))
            }
            if let note = resolved.note { comments.append("\(property.name): \(note)") }
            var type = resolved.type
            if multipartModels.contains(modelName) {
                // A multipart body's binary parts are files.
                let element = dereference(property.schema).arrayContext?.items
                if isBinary(property.schema) {
                    type = .named("File")
                } else if let element, isBinary(element) {
                    type = .array(.named("File"))
                }
            }
            let mayBeNull = resolved.nullable || property.schema.nullable
            let optional = !property.required || mayBeNull
            if optional, type == .named("URL") {
                // A link that may be missing or null is, in practice, often sent as "" too,
                // which does not decode as a URL.
                type = .named("String")
            }
            if optional { type = type.optional }
            if let dates = resolved.dates { dateStyles[dates, default: 0] += 1 }
            let described = property.schema.description ?? dereference(property.schema).description
            fields.append(
                ImportedField(
                    name: property.name, type: type, dates: resolved.dates, swiftName: swiftName,
                    format: property.schema.formatString, description: described,
                    deprecated: property.schema.deprecated || dereference(property.schema).deprecated,
                    presence: property.required ? (mayBeNull ? .null : .required) : (mayBeNull ? .absentOrNull : .absent)))
        }
        guard let index = modelIndex[modelName] else { return }
        let mayBeLeftOut = Set(fields.filter { $0.presence.mayBeAbsent }.map(\.name))
        if !shape.alternatives.isEmpty {
            models[index].alternatives = shape.alternatives.map { $0.filter(mayBeLeftOut.contains) }
        }
        models[index].fields = fields
        models[index].comments = comments
        if let schema = shape.schema {
            models[index].description = EndpointImporter.description(schema.description)
            models[index].deprecated = schema.deprecated
        }
    }

    // MARK: Types

    /// Why a type is read: a parameter takes only scalars, enums and lists of them.
    enum Role {
        case value, parameter
    }

    /// A type, whether the schema allows null, how its dates are written, and a note
    /// for the model's comment.
    struct Resolved {
        var type: TypeReference
        var nullable = false
        var dates: DateFormatName?
        var note: String?

        init(_ type: TypeReference, nullable: Bool = false, dates: DateFormatName? = nil, note: String? = nil) {
            self.type = type
            self.nullable = nullable
            self.dates = dates
            self.note = note
        }
    }

    private func resolvedType(of schema: JSONSchema, at pointer: JSONPointer, name: String, role: Role) -> Resolved {
        var resolved = coreType(of: schema, at: pointer, name: name, role: role)
        if schema.nullable { resolved.nullable = true }
        return resolved
    }

    private func coreType(of schema: JSONSchema, at pointer: JSONPointer, name: String, role: Role) -> Resolved {
        switch schema.value {
        case .reference(let reference, _):
            return componentType(reference, at: pointer, role: role)
        case .boolean:
            return Resolved(.named("Bool"))
        case .integer(let core, _):
            if core.format.rawValue == "unix-time" { return Resolved(.named("Date"), dates: .unixSeconds) }
            if let values = schema.allowedValues, values.count > 1 {
                return Resolved(
                    core.format == .int64 ? .named("Int64") : .named("Int"),
                    note: "Int: the spec language's enums are of strings, and this one is of numbers")
            }
            return Resolved(core.format == .int64 ? .named("Int64") : .named("Int"))
        case .number(let core, _):
            if core.format.rawValue == "unix-time" { return Resolved(.named("Date"), dates: .unixSeconds) }
            return Resolved(.named("Double"))
        case .string(let core, _):
            if let values = schema.allowedValues {
                return enumeration(values, at: pointer)
            }
            switch core.format.rawValue {
            case "date-time", "date": return Resolved(.named("Date"), dates: .iso8601)
            case "uri", "url": return Resolved(.named("URL"))
            default: return Resolved(.named("String"))
            }
        case .object(_, let object):
            if role == .parameter {
                return Resolved(.named("String"), note: "an object parameter")
            }
            if let shape = objectShape(of: schema, at: pointer) {
                return Resolved(.named(declareModel(named: schema.title.flatMap(Self.usableTitle) ?? name, shape: shape, at: pointer)))
            }
            if case .b(let value) = object.additionalProperties {
                let element = resolvedType(of: value, at: pointer.appending("additionalProperties"), name: Words.singular(name), role: role)
                return mapType(element, at: pointer)
            }
            return Resolved(.named("JSON"))
        case .array(_, let array):
            guard let items = array.items else { return Resolved(.array(.named("JSON"))) }
            let element = resolvedType(of: items, at: pointer.appending("items"), name: Words.singular(name), role: role)
            return listType(element, at: pointer)
        case .all(let parts, _):
            let meaningful = parts.filter { !Self.isAnnotationOnly($0) }
            if meaningful.count == 1 {
                let part = meaningful[0]
                let index = parts.firstIndex(of: part) ?? 0
                return resolvedType(of: part, at: pointer.appending(["allOf", String(index)]), name: name, role: role)
            }
            if role == .value, let shape = objectShape(of: schema, at: pointer) {
                return Resolved(.named(declareModel(named: schema.title.flatMap(Self.usableTitle) ?? name, shape: shape, at: pointer)))
            }
            notes.note(pointer, "schema", "allOf of parts that are not all objects; read as JSON")
            return Resolved(.named("JSON"), note: "JSON: allOf of parts that are not all objects")
        case .one(let alternatives, _), .any(let alternatives, _):
            return alternativesType(alternatives, of: schema, at: pointer, name: name, role: role)
        case .not:
            notes.note(pointer, "schema", "'not' is read as JSON")
            return Resolved(.named("JSON"), note: "JSON: a 'not' schema")
        case .null:
            return Resolved(.named("JSON"), nullable: true)
        case .fragment:
            if let values = schema.allowedValues, values.allSatisfy({ $0.value is String }) {
                return enumeration(values, at: pointer)
            }
            if role == .value, let shape = objectShape(of: schema, at: pointer) {
                return Resolved(.named(declareModel(named: schema.title.flatMap(Self.usableTitle) ?? name, shape: shape, at: pointer)))
            }
            return Resolved(.named("JSON"))
        }
    }

    /// `[T]`, written as the spec language can: a list of enums is a list of strings,
    /// a list of maps a list of JSON values.
    private func listType(_ element: Resolved, at pointer: JSONPointer) -> Resolved {
        let (type, note) = Self.containable(element, in: "a list")
        if let note { notes.note(pointer, "schema", note) }
        return Resolved(.array(element.nullable ? type.optional : type), dates: element.dates, note: note ?? element.note)
    }

    /// `{ map: T }`, written as the spec language can.
    private func mapType(_ element: Resolved, at pointer: JSONPointer) -> Resolved {
        let (type, note) = Self.containable(element, in: "a map")
        if let note { notes.note(pointer, "schema", note) }
        return Resolved(.map(element.nullable ? type.optional : type), note: note ?? element.note)
    }

    /// An element type that a list or map of the spec language can hold, and what was given up for it.
    private static func containable(_ element: Resolved, in container: String) -> (TypeReference, String?) {
        switch element.type {
        case .enumeration(let cases):
            return (
                .named("String"),
                "\(container) of enums is \(container) of String in the spec language (the values: \(cases.joined(separator: ", ")))"
            )
        case .map:
            return (.named("JSON"), "\(container) of maps is \(container) of JSON in the spec language")
        default:
            return (element.type, nil)
        }
    }

    private func enumeration(_ values: [AnyCodable], at pointer: JSONPointer) -> Resolved {
        var cases: [String] = []
        var keys: Set<String> = []
        var dropped: [String] = []
        for value in values {
            guard let text = value.value as? String else {
                if value.value is NSNull || value.value is Void { continue }
                dropped.append("\(value.value)")
                continue
            }
            // The generator gives values that would be one Swift case cases of their own.
            guard keys.insert(text).inserted else { continue }
            cases.append(text)
        }
        guard !cases.isEmpty else { return Resolved(.named("String")) }
        var note: String?
        if !dropped.isEmpty {
            note =
                "the enum values \(dropped.joined(separator: ", ")) are left out (an enum of the spec language holds text); they decode as unknown"
            notes.note(pointer, "schema", note!)
        }
        return Resolved(.enumeration(cases), note: note)
    }

    /// `oneOf` / `anyOf`.
    private func alternativesType(
        _ alternatives: [JSONSchema], of schema: JSONSchema, at pointer: JSONPointer, name: String, role: Role
    ) -> Resolved {
        let keyword = if case .one = schema.value { "oneOf" } else { "anyOf" }
        var nullable = false
        var kept: [(schema: JSONSchema, index: Int)] = []
        for (index, alternative) in alternatives.enumerated() {
            if Self.isNullAlternative(alternative) { nullable = true } else { kept.append((alternative, index)) }
        }
        if kept.isEmpty { return Resolved(.named("JSON"), nullable: true) }
        if kept.count == 1 {
            var resolved = resolvedType(
                of: kept[0].schema, at: pointer.appending([keyword, String(kept[0].index)]), name: name, role: role)
            resolved.nullable = resolved.nullable || nullable
            return resolved
        }
        let dereferenced = kept.map { dereference($0.schema) }
        // Every alternative a string enum (or a constant): one enum of them all.
        if dereferenced.allSatisfy({
            $0.allowedValues?.allSatisfy({ $0.value is String }) == true && ($0.jsonType == .string || $0.jsonType == nil)
        }) {
            var resolved = enumeration(dereferenced.flatMap { $0.allowedValues ?? [] }, at: pointer)
            resolved.nullable = nullable
            return resolved
        }
        if role == .parameter {
            // `T` or `[T]`: a list, which also sends one value.
            if let list = dereferenced.first(where: { $0.jsonType == .array }), let items = list.arrayContext?.items {
                let element = resolvedType(of: items, at: pointer, name: name, role: role)
                var list = listType(element, at: pointer)
                list.nullable = nullable
                return list
            }
            let first = resolvedType(of: kept[0].schema, at: pointer.appending([keyword, String(kept[0].index)]), name: name, role: role)
            let message = "\(keyword) of \(kept.count) types; read as the first, \(first.type)"
            notes.note(pointer, "parameter", message)
            return Resolved(first.type, nullable: nullable, note: message)
        }
        if let shape = objectShape(of: schema, at: pointer) {
            return Resolved(
                .named(declareModel(named: schema.title.flatMap(Self.usableTitle) ?? name, shape: shape, at: pointer)), nullable: nullable)
        }
        let kinds = kept.map { describe($0.schema) }
        let message = "JSON: \(keyword) \(Self.list(kinds))"
        notes.note(pointer, "schema", message)
        return Resolved(.named("JSON"), nullable: nullable, note: message)
    }

    // MARK: Object shapes

    /// An object's properties, from a plain object, the parts of an `allOf`, or the
    /// alternatives of a `oneOf` / `anyOf` that are all objects; nil when the schema
    /// is not an object with properties.
    struct ObjectShape {
        struct Property {
            var name: String
            var schema: JSONSchema
            var pointer: JSONPointer
            var required: Bool
            /// True when alternatives give the property different types.
            var conflicting = false
        }

        var properties: [Property] = []
        /// The schema that describes the object (its description, whether it is deprecated).
        var schema: JSONSchema?
        /// Comments for the model, and the notes to print when it is declared.
        var comments: [String] = []
        var notes: [(JSONPointer, String)] = []
        /// For alternatives merged into one shape: the properties each requires that
        /// the merged shape does not.
        var alternatives: [[String]] = []
    }

    func objectShape(of schema: JSONSchema, at pointer: JSONPointer) -> ObjectShape? {
        var visited: Set<String> = []
        var shape = objectShape(of: schema, at: pointer, visited: &visited)
        shape?.schema = dereference(schema)
        return shape
    }

    private func objectShape(of schema: JSONSchema, at pointer: JSONPointer, visited: inout Set<String>) -> ObjectShape? {
        switch schema.value {
        case .reference(let reference, _):
            guard let (name, target, targetPointer) = component(reference), visited.insert(name).inserted else { return nil }
            return objectShape(of: target, at: targetPointer, visited: &visited)
        case .object(_, let object):
            let properties = object.properties
            guard !properties.isEmpty else { return nil }
            return ObjectShape(
                properties: properties.map { name, property in
                    .init(name: name, schema: property, pointer: pointer.appending(["properties", name]), required: property.required)
                })
        case .all(let parts, _):
            var shape = ObjectShape()
            var found = false
            for (index, part) in parts.enumerated() {
                if Self.isAnnotationOnly(part) { continue }
                guard let partShape = objectShape(of: part, at: pointer.appending(["allOf", String(index)]), visited: &visited) else {
                    // A part that is an object without properties adds nothing.
                    if part.jsonType == .object { continue }
                    return nil
                }
                found = true
                for property in partShape.properties {
                    if let existing = shape.properties.firstIndex(where: { $0.name == property.name }) {
                        shape.properties[existing].required = shape.properties[existing].required || property.required
                        // A part that only names a property required leaves its schema to another part.
                        if case .fragment = shape.properties[existing].schema.value,
                            Self.isAnnotationOnly(shape.properties[existing].schema)
                        {
                            shape.properties[existing].schema = property.schema
                            shape.properties[existing].pointer = property.pointer
                        }
                    } else {
                        shape.properties.append(property)
                    }
                }
            }
            return found ? shape : nil
        case .one(let alternatives, _), .any(let alternatives, _):
            let objects = alternatives.filter { !Self.isNullAlternative($0) }
            guard objects.count > 1 else { return nil }
            var shapes: [ObjectShape] = []
            let keyword = if case .one = schema.value { "oneOf" } else { "anyOf" }
            for (index, alternative) in objects.enumerated() {
                guard let shape = objectShape(of: alternative, at: pointer.appending([keyword, String(index)]), visited: &visited) else {
                    return nil
                }
                shapes.append(shape)
            }
            var merged = ObjectShape()
            for shape in shapes {
                for property in shape.properties {
                    if let existing = merged.properties.firstIndex(where: { $0.name == property.name }) {
                        if kind(of: merged.properties[existing].schema) != kind(of: property.schema) {
                            merged.properties[existing].conflicting = true
                        }
                    } else {
                        var property = property
                        property.required = shapes.allSatisfy { other in
                            other.properties.contains { $0.name == property.name && $0.required }
                        }
                        merged.properties.append(property)
                    }
                }
            }
            let requiredByAll = Set(merged.properties.filter(\.required).map(\.name))
            let alternatives = shapes.map { shape in
                shape.properties.filter { $0.required && !requiredByAll.contains($0.name) }.map(\.name)
            }
            // Kept where the alternatives differ in what they send, so that a value of
            // the one model can be made as one of them.
            if alternatives.contains(where: { !$0.isEmpty }) { merged.alternatives = alternatives }
            let message =
                "one model with the fields of the \(shapes.count) alternatives of its \(keyword); a field is required only where every alternative requires it"
            merged.comments.append(message)
            merged.notes.append((pointer, message))
            return merged
        default:
            return nil
        }
    }

    // MARK: Small helpers

    /// The schema a reference leads to, or the schema itself.
    func dereference(_ schema: JSONSchema) -> JSONSchema {
        var schema = schema
        var seen = 0
        while case .reference(let reference, _) = schema.value, let target = component(reference), seen < 16 {
            schema = target.schema
            seen += 1
        }
        return schema
    }

    /// What sets two alternatives' properties apart: the type, a referenced component, the format.
    private func kind(of schema: JSONSchema) -> String {
        switch schema.value {
        case .reference(let reference, _):
            // A reference to a scalar is that scalar (Slack's channel and group ids are both text).
            guard let target = component(reference) else { return "ref:" + reference.absoluteString }
            if !hasObjectShape(target.schema) { return kind(of: target.schema) }
            return "ref:" + target.name
        case .array(_, let array): return "array:" + (array.items.map { kind(of: $0) } ?? "")
        default: return "\(schema.jsonType.map { "\($0)" } ?? "any"):\(schema.formatString ?? "")"
        }
    }

    /// True when `schema` reads as an object with properties, as ``objectShape(of:at:)``
    /// would read it, decided without reading the properties' own schemas: a schema that
    /// holds itself through the alternatives of a `oneOf` is decided in a few steps.
    private func hasObjectShape(_ schema: JSONSchema, depth: Int = 0) -> Bool {
        guard depth < 16 else { return false }
        switch schema.value {
        case .reference(let reference, _):
            guard let target = component(reference) else { return false }
            return hasObjectShape(target.schema, depth: depth + 1)
        case .object(_, let object):
            return !object.properties.isEmpty
        case .all(let parts, _):
            let meaningful = parts.filter { !Self.isAnnotationOnly($0) }
            return meaningful.contains { hasObjectShape($0, depth: depth + 1) }
                && meaningful.allSatisfy { hasObjectShape($0, depth: depth + 1) || $0.jsonType == .object }
        case .one(let alternatives, _), .any(let alternatives, _):
            let objects = alternatives.filter { !Self.isNullAlternative($0) }
            return objects.count > 1 && objects.allSatisfy { hasObjectShape($0, depth: depth + 1) }
        default:
            return false
        }
    }

    private func describe(_ schema: JSONSchema) -> String {
        switch schema.value {
        case .reference(let reference, _): return component(reference)?.name ?? reference.absoluteString
        default: return schema.jsonType.map { "\($0)" } ?? "a schema"
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }

    /// A `title` usable as a model name: one word of letters and digits.
    static func usableTitle(_ title: String) -> String? {
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first, first.isLetter, trimmed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        return trimmed
    }

    /// `{ type: null }`, or an empty nullable object: the null alternative of a union.
    static func isNullAlternative(_ schema: JSONSchema) -> Bool {
        if case .null = schema.value { return true }
        if schema.nullable, schema.objectContext?.properties.isEmpty ?? false, schema.objectContext?.additionalProperties == nil {
            return true
        }
        return false
    }

    /// A part of an `allOf` that only annotates (a description, `nullable`), with no type.
    static func isAnnotationOnly(_ schema: JSONSchema) -> Bool {
        if case .fragment = schema.value, schema.allowedValues == nil, schema.objectContext?.properties.isEmpty ?? true { return true }
        return false
    }
}

extension TypeReference {
    /// `T?`; an optional stays as it is.
    var optional: TypeReference { isOptional ? self : .optional(self) }
}
