/// Turns an endpoint into ``EndpointCode``: its parameters with their types and
/// defaults, the arguments its generated functions add, and for a paged endpoint its
/// ``PagingCode`` or ``IDListCode``.
struct EndpointTranslator {
    let spec: Spec
    let names: SpecNames
    let types: SwiftTypes

    func translate(_ endpoint: EndpointSpec) -> EndpointCode {
        guard let endpointNames = names.endpoints[endpoint.name.value] else {
            preconditionFailure("no names for endpoint \(endpoint.name.value)")
        }
        var enums: [EnumCode] = []
        let parameters = endpointNames.parameters.map { parameter -> ParameterCode in
            if let enumeration = parameter.enumeration, let values = parameter.type.inlineEnumeration {
                enums.append(EnumTranslator.code(enumeration, values: values))
            }
            return ParameterCode(
                names: parameter.names,
                type: types.type(parameter.type, enumName: parameter.enumeration?.type),
                defaultValue: parameter.spec.flatMap { defaultValue($0, enumeration: parameter.enumeration) },
                location: ParameterLocation(rawValue: parameter.location.rawValue),
                wireName: parameter.spec.map { StringLiteral($0.name.value) })
        }

        let returnType = types.type(endpoint.returns.value)

        var paging: PagingCode?
        var idList: IDListCode?
        var pageParameter: ParameterCode?
        var sizeParameter: ParameterCode?
        var pageSizeParameter: ParameterCode?
        if let spec = endpoint.paging {
            if case .ids(let item) = spec.style {
                idList = idListCode(endpoint, item: item.value)
                pageSizeParameter = endpointNames.pageSize.map {
                    ParameterCode(
                        names: $0, type: .int,
                        defaultValue: .literal("\(spec.size?.defaultValue.value ?? PagingSpec.defaultIDListPageSize)"))
                }
            } else {
                let translator = PagingTranslator(spec: self.spec, names: names, types: types)
                paging = translator.translate(spec, endpoint: endpoint, names: endpointNames)
                pageParameter = translator.pageParameter(spec, names: endpointNames)
                if let names = endpointNames.size, spec.size != nil {
                    // The default is the paging descriptor's, which the runtime takes for nil.
                    sizeParameter = ParameterCode(names: names, type: .optional(.int), defaultValue: .nil)
                }
            }
        }
        let docLines = Self.docLines(
            endpoint, parameters: zip(endpointNames.parameters, parameters).map { ($0.spec?.description, $1) },
            page: both(pageParameter, endpoint.paging?.style), size: both(sizeParameter, endpoint.paging?.size))
        return EndpointCode(
            name: endpointNames.function,
            descriptor: EndpointDescriptorCode(
                name: StringLiteral(endpoint.name.value),
                method: StringLiteral(endpoint.method),
                path: StringLiteral(endpoint.path.value),
                emptyPathParameters: endpoint.pathParameters.filter(\.allowsEmpty).map { StringLiteral($0.name.value) },
                isIdempotent: endpoint.idempotent?.value, storeMaxAge: endpoint.store?.maxAge.value),
            docLines: docLines,
            parameters: ParameterList(parameters),
            headers: endpoint.headers.map { HeaderCode(name: StringLiteral($0.name), value: StringLiteral($0.value)) },
            returnType: returnType,
            pageParameter: pageParameter,
            sizeParameter: sizeParameter,
            pageSizeParameter: pageSizeParameter,
            endpointDescriptor: endpointNames.endpointDescriptor,
            parametersBuilder: endpointNames.parametersBuilder,
            pagingDescriptor: endpointNames.pagingDescriptor,
            pages: endpointNames.pages,
            all: endpointNames.all,
            loader: endpointNames.loader,
            list: endpointNames.list,
            enums: enums,
            paging: paging,
            idList: idList,
            requestArguments: RequestArgumentsCode(operations: names.operations, descriptor: endpointNames.endpointDescriptor))
    }

    /// The one-call function's doc comment: the spec's summary, the method and path,
    /// and what there is to say of its arguments: their descriptions, where the page
    /// count starts, the page size's default and bounds.
    static func docLines(
        _ endpoint: EndpointSpec, parameters: [(description: String?, code: ParameterCode)], page: (ParameterCode, PagingSpec.Style)?,
        size: (ParameterCode, SizeSpec)?
    ) -> [String] {
        var lines = DocLines.split(endpoint.summary)
        if !lines.isEmpty { lines.append("") }
        lines.append("`\(endpoint.method) \(SwiftLiteral.commentText(endpoint.path.value))`")
        var arguments: [(ParameterCode, [String])] = parameters.compactMap { description, code in
            let text = DocLines.split(description)
            return text.isEmpty ? nil : (code, text)
        }
        if let (code, style) = page {
            let text =
                switch style {
                case .pageNumber(_, let first): "the page's number, from \(first)."
                case .offset(_, let first): "the position of the page's first item, from \(first)."
                default: "which page: `.first`, or the `next` or `previous` of a page."
                }
            arguments.append((code, [text]))
        }
        if let (code, size) = size {
            let bounds = [size.minimum.map { "at least \($0)" }, size.maximum.map { "at most \($0)" }].compactMap { $0 }
            arguments.append(
                (code, ["the number of items a page holds: \(size.defaultValue.value) when nil" + bounds.map { ", \($0)" }.joined() + "."]))
        }
        guard !arguments.isEmpty else { return lines }
        lines.append("- Parameters:")
        for (code, text) in arguments {
            lines.append("  - \(code.names.label.name): \(text[0])")
            lines += text.dropFirst().map { "    \($0)" }
        }
        return lines
    }

    /// `ids` paging: the item endpoint that fetches one id.
    private func idListCode(_ endpoint: EndpointSpec, item: String) -> IDListCode? {
        guard let itemEndpoint = spec.endpoint(named: item), let itemNames = names.endpoints[item],
            let idParameter = itemNames.parameters.first, let idType = endpoint.returns.value.arrayElement
        else { return nil }
        let itemType = types.type(itemEndpoint.returns.value.unwrapped)
        return IDListCode(
            itemType: itemType,
            idType: types.type(idType),
            itemEndpointName: itemNames.function,
            itemEndpointDescriptor: itemNames.endpointDescriptor,
            itemParametersBuilder: itemNames.parametersBuilder,
            itemLabel: idParameter.names.label.label,
            identity: PagingTranslator.identity(spec: spec, names: names, itemType: itemEndpoint.returns.value.unwrapped))
    }

    /// A query or header parameter's default: the spec's `default:`, or `nil` for an optional.
    private func defaultValue(_ parameter: ParameterSpec, enumeration: EnumNames?) -> DefaultValue? {
        guard let value = parameter.defaultValue else { return parameter.type.value.isOptional ? .nil : nil }
        switch parameter.type.value.unwrapped {
        case .enumeration(let values):
            guard let index = values.firstIndex(of: value), let enumeration else { return nil }
            return .enumCase(enumeration.cases[index])
        case .named("Int"), .named("Int64"):
            return SwiftLiteral.integer(value).map(DefaultValue.literal)
        case .named("Double"):
            return SwiftLiteral.double(value).map(DefaultValue.literal)
        case .named("Bool"):
            return .literal(value)
        default:
            return .string(StringLiteral(value))
        }
    }
}

/// Both values, when there are both.
func both<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}
