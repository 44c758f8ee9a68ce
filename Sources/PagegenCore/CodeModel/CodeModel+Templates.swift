import Mustache

/// A value of the code model that templates read by name: ``child(_:)`` answers each
/// of ``templateKeys`` with a property's value, without reflection, and nil for any
/// other key (so that the renderer looks the name up in the enclosing values).
///
/// swift-mustache, which renders a set of templates the compiled form does not cover,
/// reads the same values through `child(named:)`.
protocol TemplateValue: MustacheParent, TemplateDataConvertible {
    /// The names this value answers: its template vocabulary.
    static var templateKeys: [TemplateKey] { get }

    /// The value a template reads as `key`; nil for a key this type does not answer,
    /// or an optional property without a value.
    func child(_ key: TemplateKey) -> TemplateData?

    /// What `{{.}}` prints for this value.
    var templateText: String { get }

    /// The value swift-mustache would read in this one's place: itself, or the item a
    /// ``ListItem`` stands for.
    var templateAnyValue: Any { get }

    /// ``child(_:)`` of the item at `index` of `list`, read where it is. A requirement
    /// so that each type answers in code of its own, which reads the item in place
    /// where code for any type would copy it first.
    static func child(_ key: TemplateKey, ofItemAt index: Int, in list: [Self]) -> TemplateData?

    /// ``templateText`` of the item at `index` of `list`.
    static func templateText(ofItemAt index: Int, in list: [Self]) -> String
}

extension TemplateValue {
    /// The names this value answers, as templates write them.
    static var templateNames: [String] { templateKeys.map(\.rawValue) }

    /// The value as the renderer reads it.
    var templateData: TemplateData? { .value(self) }

    /// An item of a list, read where it is: a value of the code model holds many
    /// fields, which an existential box would copy for every item a section renders.
    static func templateData(of list: [Self], at index: Int) -> TemplateData? {
        .value(ListItem(list: list, index: index))
    }

    var templateAnyValue: Any { self }

    static func child(_ key: TemplateKey, ofItemAt index: Int, in list: [Self]) -> TemplateData? {
        list[index].child(key)
    }

    static func templateText(ofItemAt index: Int, in list: [Self]) -> String {
        list[index].templateText
    }

    /// What `String(describing:)` prints, as swift-mustache prints a value that has no
    /// `description` of its own.
    var templateText: String { String(describing: self) }

    /// The value swift-mustache reads as `name`: the same as ``child(_:)``'s.
    public func child(named name: String) -> Any? {
        TemplateKey(rawValue: name).flatMap { child($0) }?.anyValue
    }
}

/// The item at `index` of `list`, answering for it in place: two words, which an
/// existential holds without a box of its own.
private struct ListItem<Item: TemplateValue>: TemplateValue {
    let list: [Item]
    let index: Int

    static var templateKeys: [TemplateKey] { Item.templateKeys }

    func child(_ key: TemplateKey) -> TemplateData? { Item.child(key, ofItemAt: index, in: list) }

    var templateText: String { Item.templateText(ofItemAt: index, in: list) }

    var templateAnyValue: Any { list[index] }
}

extension TemplateValue where Self: CustomStringConvertible {
    /// The value's `description`, as swift-mustache prints it.
    var templateText: String { description }
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
    static let templateKeys: [TemplateKey] = [
        .specFile, .fileStem, .access, .imports, .namespace, .file, .models, .hasModels, .client, .emitModels, .emitClient,
        .emitPaging, .emitLists,
    ]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .specFile: specFile.templateData
        case .fileStem: fileStem.templateData
        case .access: access.templateData
        case .imports: imports.templateData
        case .namespace: namespace.templateData
        case .file: file.templateData
        case .models: models.templateData
        case .hasModels: hasModels.templateData
        case .client: client.templateData
        case .emitModels: emitModels.templateData
        case .emitClient: emitClient.templateData
        case .emitPaging: emitPaging.templateData
        case .emitLists: emitLists.templateData
        default: nil
        }
    }
}

extension FileCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [.name, .template, .declaresNamespace]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .name: self.name.templateData
        case .template: template.templateData
        case .declaresNamespace: declaresNamespace.templateData
        default: nil
        }
    }
}

extension ModelCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [
        .name, .reference, .docLines, .kind, .isClass, .isMutable, .conformances, .fields, .hasFields, .enums, .identityProperty,
        .isEncodable, .customCoding, .needsCodingKeys,
    ]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .name: self.name.templateData
        case .reference: reference.templateData
        case .docLines: docLines.templateData
        case .kind: kind.templateData
        case .isClass: isClass.templateData
        case .isMutable: isMutable.templateData
        case .conformances: conformances.templateData
        case .fields: fields.templateData
        case .hasFields: hasFields.templateData
        case .enums: enums.templateData
        case .identityProperty: identityProperty.templateData
        case .isEncodable: isEncodable.templateData
        case .customCoding: customCoding.templateData
        case .needsCodingKeys: needsCodingKeys.templateData
        default: nil
        }
    }
}

extension IdentityCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [.type, .expression]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .type: type.templateData
        case .expression: expression.templateData
        default: nil
        }
    }
}

extension FieldCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [
        .name, .jsonName, .type, .docLines, .needsRawKey, .isOptional, .initializerParameter, .decode, .encode, .decodeField,
        .decodeArgument, .encodeField,
    ]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .name: self.name.templateData
        case .jsonName: jsonName.templateData
        case .type: type.templateData
        case .docLines: docLines.templateData
        case .needsRawKey: needsRawKey.templateData
        case .isOptional: isOptional.templateData
        case .initializerParameter: initializerParameter.templateData
        case .decode: decode.templateData
        case .encode: encode.templateData
        case .decodeField: decode.fromFields.templateData
        case .decodeArgument: decodeArgument.templateData
        case .encodeField: encode.intoFields.templateData
        default: nil
        }
    }
}

extension EnumCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [.name, .cases]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .name: self.name.templateData
        case .cases: cases.templateData
        default: nil
        }
    }
}

extension EnumCaseCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [.name, .value]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .name: self.name.templateData
        case .value: value.templateData
        default: nil
        }
    }
}

extension ClientCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [
        .name, .reference, .operations, .specName, .docLines, .baseURL, .credentialParameters, .credentialsType, .hasCredentials,
        .headers, .hasHeaders, .throttle, .hasThrottle, .dateFormat, .bodyError, .endpoints, .parameterEnums, .hasParameterEnums,
        .hasPaging,
    ]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .name: self.name.templateData
        case .reference: reference.templateData
        case .operations: operations.templateData
        case .specName: specName.templateData
        case .docLines: docLines.templateData
        case .baseURL: baseURL.templateData
        case .credentialParameters: credentialParameters.templateData
        case .credentialsType: credentialsType.templateData
        case .hasCredentials: hasCredentials.templateData
        case .headers: headers.templateData
        case .hasHeaders: hasHeaders.templateData
        case .throttle: throttle.templateData
        case .hasThrottle: hasThrottle.templateData
        case .dateFormat: dateFormat.templateData
        case .bodyError: bodyError.templateData
        case .endpoints: endpoints.templateData
        case .parameterEnums: parameterEnums.templateData
        case .hasParameterEnums: hasParameterEnums.templateData
        case .hasPaging: hasPaging.templateData
        default: nil
        }
    }
}

extension CredentialsCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [.name, .fields, .credentials]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .name: self.name.templateData
        case .fields: fields.templateData
        case .credentials: credentials.templateData
        default: nil
        }
    }
}

extension CredentialFieldCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [.name, .parameter]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .name: self.name.templateData
        case .parameter: parameter.templateData
        default: nil
        }
    }
}

extension HeaderCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [.name, .value]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .name: self.name.templateData
        case .value: value.templateData
        default: nil
        }
    }
}

extension EndpointCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [
        .name, .specName, .method, .path, .descriptor, .docLines, .parameters, .headers, .hasRequestParameters,
        .hasParametersBuilder, .requestArguments, .returnType, .resultType, .pageParameter, .sizeParameter, .pageSizeParameter,
        .functionParameters, .sequenceParameters, .listParameters, .endpointDescriptor, .parametersBuilder, .pagingDescriptor,
        .pages, .all, .loader, .list, .enums, .paging, .isPaged, .idList, .isIDList,
    ]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .name: self.name.templateData
        case .specName: specName.templateData
        case .method: method.templateData
        case .path: path.templateData
        case .descriptor: descriptor.templateData
        case .docLines: docLines.templateData
        case .parameters: parameters.templateData
        case .headers: headers.templateData
        case .hasRequestParameters: hasRequestParameters.templateData
        case .returnType: returnType.templateData
        case .resultType: resultType.templateData
        case .pageParameter: pageParameter.templateData
        case .sizeParameter: sizeParameter.templateData
        case .pageSizeParameter: pageSizeParameter.templateData
        case .functionParameters: functionParameters.templateData
        case .sequenceParameters: sequenceParameters.templateData
        case .listParameters: listParameters.templateData
        case .endpointDescriptor: endpointDescriptor.templateData
        case .parametersBuilder: parametersBuilder.templateData
        case .pagingDescriptor: pagingDescriptor.templateData
        case .pages: pages.templateData
        case .all: all.templateData
        case .loader: loader.templateData
        case .list: list.templateData
        case .enums: enums.templateData
        case .paging: paging.templateData
        case .isPaged: isPaged.templateData
        case .idList: idList.templateData
        case .isIDList: isIDList.templateData
        case .hasParametersBuilder: hasParametersBuilder.templateData
        case .requestArguments: requestArguments.templateData
        default: nil
        }
    }
}

extension ParameterCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [
        .label, .name, .type, .defaultValue, .location, .wireName, .isBody, .declaration, .argument,
    ]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .label: label.templateData
        case .name: self.name.templateData
        case .type: type.templateData
        case .defaultValue: defaultValue.templateData
        case .location: location.templateData
        case .wireName: wireName.templateData
        case .isBody: isBody.templateData
        case .declaration: declaration.templateData
        case .argument: argument.templateData
        default: nil
        }
    }
}

extension PagingCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [
        .itemType, .responseType, .style, .size, .items, .total, .totalIsEstimate, .totalPages, .nextPage, .count, .hasMore,
        .isLast, .shortPageEnds, .allowsForeignLinks, .key, .identity, .window, .arguments,
    ]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .itemType: itemType.templateData
        case .responseType: responseType.templateData
        case .style: style.templateData
        case .size: size.templateData
        case .items: items.templateData
        case .total: total.templateData
        case .totalIsEstimate: totalIsEstimate.templateData
        case .totalPages: totalPages.templateData
        case .nextPage: nextPage.templateData
        case .count: count.templateData
        case .hasMore: hasMore.templateData
        case .isLast: isLast.templateData
        case .shortPageEnds: shortPageEnds.templateData
        case .allowsForeignLinks: allowsForeignLinks.templateData
        case .key: self.key.templateData
        case .identity: identity.templateData
        case .window: window.templateData
        case .arguments: arguments.templateData
        default: nil
        }
    }
}

extension WindowCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [
        .function, .endpointName, .endpointDescriptor, .parametersBuilder, .responseType, .start, .parameters, .windowArguments,
        .listArguments,
    ]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .function: function.templateData
        case .endpointName: endpointName.templateData
        case .endpointDescriptor: endpointDescriptor.templateData
        case .parametersBuilder: parametersBuilder.templateData
        case .responseType: responseType.templateData
        case .start: start.templateData
        case .parameters: parameters.templateData
        case .windowArguments: windowArguments.templateData
        case .listArguments: listArguments.templateData
        default: nil
        }
    }
}

extension IDListCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [
        .itemType, .itemResultType, .idType, .itemEndpointName, .itemEndpointDescriptor, .itemParametersBuilder, .itemLabel,
        .identity,
    ]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .itemType: itemType.templateData
        case .itemResultType: itemResultType.templateData
        case .idType: idType.templateData
        case .itemEndpointName: itemEndpointName.templateData
        case .itemEndpointDescriptor: itemEndpointDescriptor.templateData
        case .itemParametersBuilder: itemParametersBuilder.templateData
        case .itemLabel: itemLabel.templateData
        case .identity: identity.templateData
        default: nil
        }
    }
}

extension ArgumentCode: TemplateValue {
    static let templateKeys: [TemplateKey] = [.label, .value]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .label: label.templateData
        case .value: value.templateData
        default: nil
        }
    }
}

extension SwiftIdentifier: TemplateValue {
    /// `{{name}}` prints the escaped name; `{{name.bare}}` the name without backticks
    /// (for doc comments), `{{name.label}}` the name as an argument label in a call,
    /// `{{name.parameterLabel}}` as one where a function is declared.
    static let templateKeys: [TemplateKey] = [.bare, .escaped, .label, .parameterLabel]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .bare: self.name.templateData
        case .escaped: escaped.templateData
        case .label: label.templateData
        case .parameterLabel: parameterLabel.templateData
        default: nil
        }
    }
}

extension SwiftType: TemplateValue {
    static let templateKeys: [TemplateKey] = [.wrapped, .isOptional]

    /// The value a template reads as `key`, one of ``templateKeys``; nil for any
    /// other key, which the renderer then looks up in the enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        switch key {
        case .wrapped: wrapped.templateData
        case .isOptional: isOptional.templateData
        default: nil
        }
    }
}

extension StringLiteral: TemplateValue {
    static let templateKeys: [TemplateKey] = [.text]

    /// The value a template reads as `name`, one of the names ``TemplateNames`` lists
    /// for this type; nil for any other name, which Mustache then looks up in the
    /// enclosing values.
    func child(_ key: TemplateKey) -> TemplateData? {
        key == .text ? text.templateData : nil
    }
}

/// Expressions print themselves and answer no names: inside a section over one,
/// names are looked up in the enclosing values.
protocol TemplateExpression: TemplateValue {}

extension TemplateExpression {
    static var templateKeys: [TemplateKey] { [] }

    /// Nothing: an expression answers no names.
    func child(_ key: TemplateKey) -> TemplateData? { nil }
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
