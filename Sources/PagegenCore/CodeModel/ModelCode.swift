/// A model as a Swift struct (or a final class, when it contains itself).
public struct ModelCode: Sendable {
    /// The declared type name.
    public var name: String
    /// How other code names it: with its namespace, when there is one.
    public var reference: String
    /// The doc comment, a line each (without `///`).
    public var docLines: [String]
    /// True for a `final class`: a model that holds itself, or one of ten fields or more
    /// (unless the fields are `var`).
    public var isClass: Bool
    /// True when the fields are `var` (the config's `mutableModels`; never for a class).
    public var isMutable: Bool
    /// True when the model is sent in a body.
    public var isEncodable: Bool
    /// True when the model is `Identifiable`.
    public var isIdentifiable: Bool
    /// The stored properties, in spec order.
    public var fields: [FieldCode]
    /// The enumerations declared inside.
    public var enums: [EnumCode]
    /// The computed `id` for `Identifiable`, when the identity is not the property `id`.
    public var identityProperty: IdentityCode?

    /// `struct` or `final class`.
    public var kind: String { isClass ? "final class" : "struct" }
    /// The protocols it conforms to, qualified: `Swift.Decodable`, `Swift.Sendable`, `Swift.Identifiable`.
    public var conformances: [String] {
        [isEncodable ? "Swift.Codable" : "Swift.Decodable", "Swift.Sendable"] + (isIdentifiable ? ["Swift.Identifiable"] : [])
    }
    /// True when there is at least one field.
    public var hasFields: Bool { !fields.isEmpty }
    /// The memberwise initializer's parameters.
    public var initializerParameters: ParameterList { ParameterList(fields.map(\.initializerParameter)) }
    /// What `init(from:)` passes the memberwise initializer: each field read from
    /// `fields`, a `PagegenRuntime.DecodedFields`, by its JSON name.
    public var decodeArguments: ArgumentList {
        ArgumentList(fields.map { ArgumentCode(label: $0.initializerParameter.label, value: $0.decode.read) })
    }
    /// True when decoding (and encoding) needs more than `CodingKeys`: a date field has
    /// its own format, an item array decodes as empty when missing, or a field tells
    /// absent from null.
    public var customCoding: Bool {
        fields.contains {
            $0.decode.dateFormat != nil || $0.decode.emptyWhenMissing || $0.presence == .absentNullOrValue || $0.presence == .null
        }
    }
    /// True when a JSON name differs from its Swift name, or coding is written out.
    public var needsCodingKeys: Bool { customCoding || fields.contains(where: \.needsRawKey) }
}

extension ModelCode: TemplateValue {
    static let vocabulary = Vocabulary<ModelCode>([
        .init("name", "the declared type name") { $0.name },
        .init("reference", "how other code names it: with its namespace, when there is one") { $0.reference },
        .init("docLines", "the doc comment, a line each") { $0.docLines },
        .init("kind", "`struct`, or `final class` for a model that holds itself or has ten fields or more (`let` ones)") { $0.kind },
        .init("isClass", "true for a final class") { $0.isClass },
        .init("isMutable", "true when the fields are `var` (the config's `mutableModels`; never for a class)") { $0.isMutable },
        .init("conformances", "the protocols, qualified: `Swift.Decodable`, `Swift.Sendable`, `Swift.Identifiable`") { $0.conformances },
        .init("fields", "the stored properties (FieldCode)") { $0.fields },
        .init("hasFields", "true when there is a field") { $0.hasFields },
        .init("initializerParameters", "the memberwise initializer's parameters, a field each (ParameterList)") {
            $0.initializerParameters
        },
        .init(
            "decodeArguments",
            "what the bundled `init(from:)` passes the memberwise initializer in one `try self.init(…)`: `salePrice: fields.value(\"sale_price\")` (ArgumentList)"
        ) { $0.decodeArguments },
        .init("enums", "the enums nested in the model (EnumCode)") { $0.enums },
        .init("identityProperty", "the computed `id` (IdentityCode), when the identity is not the property `id`") { $0.identityProperty },
        .init("isEncodable", "true when the model is sent in a body") { $0.isEncodable },
        .init("isIdentifiable", "true when the model is `Identifiable`") { $0.isIdentifiable },
        .init(
            "customCoding",
            "true when decoding needs more than `CodingKeys`: a date with its own format, an item array that is empty when missing, or a field that tells absent from null (for a template that declares `CodingKeys`; the bundled one reads fields by name)"
        ) { $0.customCoding },
        .init("needsCodingKeys", "true when a JSON name differs from its property's name, or coding is written out (likewise)") {
            $0.needsCodingKeys
        },
    ])
}

/// The computed `id` of a model whose identity is another field.
public struct IdentityCode: Sendable {
    /// The Swift type.
    public var type: SwiftType
    /// What reads the identity from `self`: `self.objectID`.
    public var expression: Accessor
}

extension IdentityCode: TemplateValue {
    static let vocabulary = Vocabulary<IdentityCode>([
        .init("type", "the identity's type (SwiftType)") { $0.type },
        .init("expression", "what reads it from `self`: `self.objectID`") { $0.expression },
    ])
}

/// A stored property of a model.
public struct FieldCode: Sendable {
    /// The property's name.
    public var name: SwiftIdentifier
    /// The memberwise initializer's name for it inside the initializer: the property's,
    /// but for `self` (`selfValue`).
    var initializerName: SwiftIdentifier
    /// The name on the wire (`{{jsonName}}` is the literal, `{{jsonName.text}}` the text).
    public var jsonName: StringLiteral
    /// The type.
    public var type: SwiftType
    /// The doc comment, a line each (without `///`).
    public var docLines: [String]
    /// The date format of a date field whose format is not the spec's.
    public var dateFormat: DateFormatCode?
    /// True for an item array that decodes as empty when its key is missing.
    public var emptyWhenMissing: Bool
    /// What the field may be on the wire besides a value: a field that may be absent,
    /// null or a value is a `PagegenRuntime.Nullable`; one that is always sent encodes
    /// nil as `null`.
    public var presence: FieldPresence = .required

    /// True for an optional field.
    public var isOptional: Bool { type.isOptional }
    /// True for a field that tells absent from null: a `PagegenRuntime.Nullable`.
    public var isNullable: Bool { presence == .absentNullOrValue }
    /// True when the JSON name differs from the Swift name (a `CodingKeys` raw value is needed).
    public var needsRawKey: Bool { name.name != jsonName.text }
    /// The memberwise initializer's parameter for it.
    public var initializerParameter: ParameterCode {
        ParameterCode(
            names: ParameterNames(label: name, name: initializerName), type: type,
            defaultValue: isOptional ? .nil : isNullable ? .enumCase(SwiftIdentifier("absent")) : nil)
    }
    /// For written-out coding: how it is decoded.
    public var decode: DecodeCode {
        DecodeCode(
            name: name, jsonName: jsonName, type: isNullable ? type.genericArgument : type.wrapped, isOptional: isOptional,
            emptyWhenMissing: emptyWhenMissing, dateFormat: dateFormat, isNullable: isNullable)
    }
    /// For written-out coding: how it is encoded.
    public var encode: EncodeCode {
        EncodeCode(
            name: name, jsonName: jsonName, isOptional: isOptional && presence != .null, dateFormat: dateFormat,
            isNullable: isNullable, sendsNull: presence == .null)
    }
    /// How it is decoded from `fields`, a `PagegenRuntime.DecodedFields`: `try fields.value("sale_price")`.
    public var decodeField: String { "try \(decode.read)" }
    /// The same without `try`, as an argument of a `try self.init(…)`: `fields.value("sale_price")`.
    public var decodeArgument: String { decode.read.description }
    /// How it is encoded into `fields`, a `PagegenRuntime.EncodedFields`: `try fields.encode(self.salePrice, "sale_price")`.
    public var encodeField: String { encode.intoFields }
}

extension FieldCode: TemplateValue {
    static let vocabulary = Vocabulary<FieldCode>([
        .init("name", "the property's name (SwiftIdentifier)") { $0.name },
        .init("jsonName", "the name on the wire, as a string literal (StringLiteral)") { $0.jsonName },
        .init("type", "the property's type (SwiftType)") { $0.type },
        .init("docLines", "the doc comment, a line each") { $0.docLines },
        .init("needsRawKey", "true when the coding key needs the JSON name as its raw value") { $0.needsRawKey },
        .init("isOptional", "true for an optional field") { $0.isOptional },
        .init(
            "isNullable",
            "true for a field that may be absent, null or a value (`nullable: true` on `T?`), a `PagegenRuntime.Nullable`"
        ) { $0.isNullable },
        .init(
            "presence",
            "what the field may be besides a value: `required`, `absentOrNull` (`T?`), `absent` (never null), `null` (always sent, nil is null), `absentNullOrValue` (a `Nullable`)"
        ) { $0.presence.rawValue },
        .init("dateFormat", "for a date field whose format is not the spec's, its `PagegenRuntime.DateFormat`: `.unixSeconds`") {
            $0.dateFormat
        },
        .init("emptyWhenMissing", "true for an item array that decodes as empty when its key is missing") { $0.emptyWhenMissing },
        .init("initializerParameter", "its parameter in the memberwise initializer (ParameterCode)") { $0.initializerParameter },
        .init("decode", "how written-out decoding reads it: `try container.decodeIfPresent(…)`") { $0.decode },
        .init("encode", "how written-out encoding writes it: `try container.encode(self.…, forKey: …)`") { $0.encode },
        .init(
            "decodeField",
            "how an `init(from:)` reads it from `fields` (a `PagegenRuntime.DecodedFields`), by its JSON name: `try fields.value(\"sale_price\")`"
        ) { $0.decodeField },
        .init("decodeArgument", "the same without `try`: `fields.value(\"sale_price\")`") { $0.decodeArgument },
        .init(
            "encodeField",
            "how the bundled `encode(to:)` writes it into `fields` (a `PagegenRuntime.EncodedFields`): `try fields.encode(self.salePrice, \"sale_price\")`"
        ) { $0.encodeField },
    ])
}

/// A string enumeration with an `unknown(String)` case.
public struct EnumCode: Sendable {
    /// The type name.
    public var name: String
    /// The cases, in spec order.
    public var cases: [EnumCaseCode]
}

extension EnumCode: TemplateValue {
    static let vocabulary = Vocabulary<EnumCode>([
        .init("name", "the enum's name") { $0.name },
        .init("cases", "its cases (EnumCaseCode)") { $0.cases },
    ])
}

/// One case of an enumeration.
public struct EnumCaseCode: Sendable {
    /// The case's name.
    public var name: SwiftIdentifier
    /// The value on the wire.
    public var value: StringLiteral
    /// The doc comment, a line each (without `///`): the value on the wire, when the
    /// case's name had to take words to be told apart from another's.
    public var docLines: [String]
}

extension EnumCaseCode: TemplateValue {
    static let vocabulary = Vocabulary<EnumCaseCode>([
        .init("name", "the case's name (SwiftIdentifier)") { $0.name },
        .init("value", "the value on the wire, as a string literal (StringLiteral)") { $0.value },
        .init(
            "docLines",
            "the doc comment, a line each: the value on the wire, when the case's name took words to be told from another's (`nameDescending` for `-name`)"
        ) { $0.docLines },
    ])
}
