/// A model as a Swift struct (or a final class, when it contains itself).
public struct ModelCode: Sendable {
    /// The declared type name.
    public var name: String
    /// How other code names it: with its namespace, when there is one.
    public var reference: String
    /// The doc comment, a line each (without `///`).
    public var docLines: [String]
    /// `struct` or `final class`.
    public var kind: String
    /// True for a `final class`.
    public var isClass: Bool
    /// True when the fields are `var` (the config's `mutableModels`; never for a class).
    public var isMutable: Bool
    /// The protocols it conforms to, qualified: `Swift.Decodable`, `Swift.Sendable`, `Swift.Identifiable`.
    public var conformances: [String]
    /// The stored properties, in spec order.
    public var fields: [FieldCode]
    /// The enumerations declared inside.
    public var enums: [EnumCode]
    /// The computed `id` for `Identifiable`, when the identity is not the property `id`.
    public var identityProperty: IdentityCode?
    /// True when the model is sent in a body.
    public var isEncodable: Bool
    /// True when decoding (and encoding) is written out: a date field has its own
    /// format, or an item array decodes as empty when missing.
    public var customCoding: Bool
    /// True when a JSON name differs from its Swift name, or coding is written out.
    public var needsCodingKeys: Bool

    /// True when there is at least one field.
    public var hasFields: Bool { !fields.isEmpty }
}

/// The computed `id` of a model whose identity is another field.
public struct IdentityCode: Sendable {
    /// The Swift type.
    public var type: SwiftType
    /// What reads the identity from `self`: `self.objectID`.
    public var expression: Accessor
}

/// A stored property of a model.
public struct FieldCode: Sendable {
    /// The property's name.
    public var name: SwiftIdentifier
    /// The name on the wire (`{{jsonName}}` is the literal, `{{jsonName.text}}` the text).
    public var jsonName: StringLiteral
    /// The type.
    public var type: SwiftType
    /// The doc comment, a line each (without `///`).
    public var docLines: [String]
    /// True when the JSON name differs from the Swift name (a `CodingKeys` raw value is needed).
    public var needsRawKey: Bool
    /// True for an optional field.
    public var isOptional: Bool
    /// The memberwise initializer's parameter for it.
    public var initializerParameter: ParameterCode
    /// For written-out coding: how it is decoded.
    public var decode: DecodeCode
    /// For written-out coding: how it is encoded.
    public var encode: EncodeCode

    /// How it is decoded from `fields`, a `PagegenRuntime.DecodedFields`: `try fields.value("sale_price")`.
    public var decodeField: String { decode.fromFields }
    /// The same without `try`, as an argument of a `try self.init(…)`: `fields.value("sale_price")`.
    public var decodeArgument: String {
        let read = decode.fromFields
        return read.hasPrefix("try ") ? String(read.dropFirst(4)) : read
    }
    /// How it is encoded into `fields`, a `PagegenRuntime.EncodedFields`: `try fields.encode(self.salePrice, "sale_price")`.
    public var encodeField: String { encode.intoFields }
}

/// A string enumeration with an `unknown(String)` case.
public struct EnumCode: Sendable {
    /// The type name.
    public var name: String
    /// The cases, in spec order.
    public var cases: [EnumCaseCode]
}

/// One case of an enumeration.
public struct EnumCaseCode: Sendable {
    /// The case's name.
    public var name: SwiftIdentifier
    /// The value on the wire.
    public var value: StringLiteral
}
