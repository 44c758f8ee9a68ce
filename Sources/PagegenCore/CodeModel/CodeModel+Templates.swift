import Mustache

/// A value of the code model that templates read by name: `child(named:)` answers
/// each of ``templateNames`` with a property's value, without reflection, and nil for
/// any other name (so that Mustache looks it up in the enclosing values).
protocol TemplateValue: MustacheParent {
    /// The names this value answers: its template vocabulary.
    static var templateNames: [String] { get }
}

/// The template vocabulary: the names each type of the code model answers. A
/// template may use these names (and Mustache's `first()`, `last()`, `index()` inside
/// a list); ``TemplateSet`` rejects a template that uses any other.
public enum TemplateNames {
    /// The names, by type.
    public static let byType: [(type: String, names: [String])] = [
        ("CodeModel", CodeModel.templateNames),
        ("FileCode", FileCode.templateNames),
        ("ModelCode", ModelCode.templateNames),
        ("FieldCode", FieldCode.templateNames),
        ("IdentityCode", IdentityCode.templateNames),
        ("EnumCode", EnumCode.templateNames),
        ("EnumCaseCode", EnumCaseCode.templateNames),
        ("ClientCode", ClientCode.templateNames),
        ("CredentialsCode", CredentialsCode.templateNames),
        ("CredentialFieldCode", CredentialFieldCode.templateNames),
        ("HeaderCode", HeaderCode.templateNames),
        ("EndpointCode", EndpointCode.templateNames),
        ("ParameterCode", ParameterCode.templateNames),
        ("PagingCode", PagingCode.templateNames),
        ("WindowCode", WindowCode.templateNames),
        ("IDListCode", IDListCode.templateNames),
        ("ArgumentCode", ArgumentCode.templateNames),
        ("SwiftIdentifier", SwiftIdentifier.templateNames),
        ("SwiftType", SwiftType.templateNames),
        ("StringLiteral", StringLiteral.templateNames),
    ]

    /// Every name a template may use.
    public static let all: Set<String> = Set(byType.flatMap(\.names))
}

extension CodeModel: TemplateValue {
    static let templateNames = [
        "specFile", "fileStem", "access", "imports", "namespace", "file", "models", "hasModels", "client",
        "emitModels", "emitClient", "emitPaging", "emitLists",
    ]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "specFile": specFile
        case "fileStem": fileStem
        case "access": access
        case "imports": imports
        case "namespace": namespace
        case "file": file
        case "models": models
        case "hasModels": hasModels
        case "client": client
        case "emitModels": emitModels
        case "emitClient": emitClient
        case "emitPaging": emitPaging
        case "emitLists": emitLists
        default: nil
        }
    }
}

extension FileCode: TemplateValue {
    static let templateNames = ["name", "template", "declaresNamespace"]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "template": template
        case "declaresNamespace": declaresNamespace
        default: nil
        }
    }
}

extension ModelCode: TemplateValue {
    static let templateNames = [
        "name", "reference", "docLines", "kind", "isClass", "isMutable", "conformances", "fields", "hasFields", "enums",
        "identityProperty", "isEncodable", "customCoding", "needsCodingKeys",
    ]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "reference": reference
        case "docLines": docLines
        case "kind": kind
        case "isClass": isClass
        case "isMutable": isMutable
        case "conformances": conformances
        case "fields": fields
        case "hasFields": hasFields
        case "enums": enums
        case "identityProperty": identityProperty
        case "isEncodable": isEncodable
        case "customCoding": customCoding
        case "needsCodingKeys": needsCodingKeys
        default: nil
        }
    }
}

extension IdentityCode: TemplateValue {
    static let templateNames = ["type", "expression"]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "type": type
        case "expression": expression
        default: nil
        }
    }
}

extension FieldCode: TemplateValue {
    static let templateNames = [
        "name", "jsonName", "type", "docLines", "needsRawKey", "isOptional", "initializerParameter", "decode", "encode",
        "decodeField", "decodeArgument", "encodeField",
    ]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "jsonName": jsonName
        case "type": type
        case "docLines": docLines
        case "needsRawKey": needsRawKey
        case "isOptional": isOptional
        case "initializerParameter": initializerParameter
        case "decode": decode
        case "encode": encode
        case "decodeField": decode.fromFields
        case "decodeArgument": decodeArgument
        case "encodeField": encode.intoFields
        default: nil
        }
    }
}

extension EnumCode: TemplateValue {
    static let templateNames = ["name", "cases"]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "cases": cases
        default: nil
        }
    }
}

extension EnumCaseCode: TemplateValue {
    static let templateNames = ["name", "value"]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "value": value
        default: nil
        }
    }
}

extension ClientCode: TemplateValue {
    static let templateNames = [
        "name", "reference", "operations", "specName", "docLines", "baseURL", "credentialParameters", "credentialsType",
        "hasCredentials", "headers", "hasHeaders", "throttle", "hasThrottle", "dateFormat", "bodyError", "endpoints",
        "parameterEnums", "hasParameterEnums", "hasPaging",
    ]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "reference": reference
        case "operations": operations
        case "specName": specName
        case "docLines": docLines
        case "baseURL": baseURL
        case "credentialParameters": credentialParameters
        case "credentialsType": credentialsType
        case "hasCredentials": hasCredentials
        case "headers": headers
        case "hasHeaders": hasHeaders
        case "throttle": throttle
        case "hasThrottle": hasThrottle
        case "dateFormat": dateFormat
        case "bodyError": bodyError
        case "endpoints": endpoints
        case "parameterEnums": parameterEnums
        case "hasParameterEnums": hasParameterEnums
        case "hasPaging": hasPaging
        default: nil
        }
    }
}

extension CredentialsCode: TemplateValue {
    static let templateNames = ["name", "fields", "credentials"]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "fields": fields
        case "credentials": credentials
        default: nil
        }
    }
}

extension CredentialFieldCode: TemplateValue {
    static let templateNames = ["name", "parameter"]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "parameter": parameter
        default: nil
        }
    }
}

extension HeaderCode: TemplateValue {
    static let templateNames = ["name", "value"]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "value": value
        default: nil
        }
    }
}

extension EndpointCode: TemplateValue {
    static let templateNames = [
        "name", "specName", "method", "path", "descriptor", "docLines", "parameters", "headers", "hasRequestParameters",
        "hasParametersBuilder", "requestArguments", "returnType", "resultType", "pageParameter", "sizeParameter", "pageSizeParameter",
        "functionParameters", "sequenceParameters", "listParameters", "endpointDescriptor", "parametersBuilder", "pagingDescriptor",
        "pages", "all", "loader", "list", "enums", "paging", "isPaged", "idList", "isIDList",
    ]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "specName": specName
        case "method": method
        case "path": path
        case "descriptor": descriptor
        case "docLines": docLines
        case "parameters": parameters
        case "headers": headers
        case "hasRequestParameters": hasRequestParameters
        case "returnType": returnType
        case "resultType": resultType
        case "pageParameter": pageParameter
        case "sizeParameter": sizeParameter
        case "pageSizeParameter": pageSizeParameter
        case "functionParameters": functionParameters
        case "sequenceParameters": sequenceParameters
        case "listParameters": listParameters
        case "endpointDescriptor": endpointDescriptor
        case "parametersBuilder": parametersBuilder
        case "pagingDescriptor": pagingDescriptor
        case "pages": pages
        case "all": all
        case "loader": loader
        case "list": list
        case "enums": enums
        case "paging": paging
        case "isPaged": isPaged
        case "idList": idList
        case "isIDList": isIDList
        case "hasParametersBuilder": hasParametersBuilder
        case "requestArguments": requestArguments
        default: nil
        }
    }
}

extension ParameterCode: TemplateValue {
    static let templateNames = [
        "label", "name", "type", "defaultValue", "location", "wireName", "isBody", "declaration", "argument",
    ]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "name": self.name
        case "type": type
        case "defaultValue": defaultValue
        case "location": location
        case "wireName": wireName
        case "isBody": isBody
        case "declaration": declaration
        case "argument": argument
        default: nil
        }
    }
}

extension PagingCode: TemplateValue {
    static let templateNames = [
        "itemType", "responseType", "style", "size", "items", "total", "totalIsEstimate", "totalPages", "nextPage", "count",
        "hasMore", "isLast", "shortPageEnds", "allowsForeignLinks", "key", "identity", "window", "arguments",
    ]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "itemType": itemType
        case "responseType": responseType
        case "style": style
        case "size": size
        case "items": items
        case "total": total
        case "totalIsEstimate": totalIsEstimate
        case "totalPages": totalPages
        case "nextPage": nextPage
        case "count": count
        case "hasMore": hasMore
        case "isLast": isLast
        case "shortPageEnds": shortPageEnds
        case "allowsForeignLinks": allowsForeignLinks
        case "key": key
        case "identity": identity
        case "window": window
        case "arguments": arguments
        default: nil
        }
    }
}

extension WindowCode: TemplateValue {
    static let templateNames = [
        "function", "endpointName", "endpointDescriptor", "parametersBuilder", "responseType", "start", "parameters",
        "windowArguments", "listArguments",
    ]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "function": function
        case "endpointName": endpointName
        case "endpointDescriptor": endpointDescriptor
        case "parametersBuilder": parametersBuilder
        case "responseType": responseType
        case "start": start
        case "parameters": parameters
        case "windowArguments": windowArguments
        case "listArguments": listArguments
        default: nil
        }
    }
}

extension IDListCode: TemplateValue {
    static let templateNames = [
        "itemType", "itemResultType", "idType", "itemEndpointName", "itemEndpointDescriptor", "itemParametersBuilder",
        "itemLabel", "identity",
    ]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "itemType": itemType
        case "itemResultType": itemResultType
        case "idType": idType
        case "itemEndpointName": itemEndpointName
        case "itemEndpointDescriptor": itemEndpointDescriptor
        case "itemParametersBuilder": itemParametersBuilder
        case "itemLabel": itemLabel
        case "identity": identity
        default: nil
        }
    }
}

extension ArgumentCode: TemplateValue {
    static let templateNames = ["label", "value"]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "value": value
        default: nil
        }
    }
}

extension SwiftIdentifier: TemplateValue {
    /// `{{name}}` prints the escaped name; `{{name.bare}}` the name without backticks
    /// (for doc comments), `{{name.label}}` the name as an argument label in a call,
    /// `{{name.parameterLabel}}` as one where a function is declared.
    static let templateNames = ["bare", "escaped", "label", "parameterLabel"]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "bare": self.name
        case "escaped": escaped
        case "label": label
        case "parameterLabel": parameterLabel
        default: nil
        }
    }
}

extension SwiftType: TemplateValue {
    static let templateNames = ["wrapped", "isOptional"]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        switch name {
        case "wrapped": wrapped
        case "isOptional": isOptional
        default: nil
        }
    }
}

extension StringLiteral: TemplateValue {
    static let templateNames = ["text"]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? {
        name == "text" ? text : nil
    }
}

/// Expressions print themselves and answer no names: inside a section over one,
/// names are looked up in the enclosing values.
protocol TemplateExpression: TemplateValue {}

extension TemplateExpression {
    static var templateNames: [String] { [] }

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    public func child(named name: String) -> Any? { nil }
}

extension Accessor: TemplateExpression {}
extension ConvertedValue: TemplateExpression {}
extension Closure: TemplateExpression {}
extension DefaultValue: TemplateExpression {}
extension PagingParameterCode: TemplateExpression {}
extension PagingStyleCode: TemplateExpression {}
extension SourceCode: TemplateExpression {}
extension PageSizeCode: TemplateExpression {}
extension PageKeyCode: TemplateExpression {}
extension WindowStartCode: TemplateExpression {}
extension CredentialCode: TemplateExpression {}
extension BodyErrorCode: TemplateExpression {}
extension DecodeCode: TemplateExpression {}
extension EncodeCode: TemplateExpression {}
extension EndpointDescriptorCode: TemplateExpression {}
extension DateFormatCode: TemplateExpression {}
extension ThrottleHintCode: TemplateExpression {}
