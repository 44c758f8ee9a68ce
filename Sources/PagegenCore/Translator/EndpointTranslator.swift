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
            if parameter.location == .body, let body = endpoint.body {
                return bodyParameter(body, names: parameter.names)
            }
            return ParameterCode(
                names: parameter.names,
                type: types.type(parameter.type, enumName: parameter.enumeration?.type),
                defaultValue: parameter.spec.flatMap { defaultValue($0, enumeration: parameter.enumeration) },
                location: ParameterLocation(rawValue: parameter.location.rawValue),
                wireName: parameter.spec.map { StringLiteral($0.name.value) },
                encoding: parameter.spec.flatMap(queryEncoding) ?? .plain)
        }

        let response: ResponseCode
        let returnType: SwiftType
        var accept: StringLiteral?
        switch endpoint.response {
        case .json:
            (response, returnType) = (.json, types.type(endpoint.returns.value))
        case .text(let contentType):
            (response, returnType, accept) = (.text, .string, StringLiteral(contentType.value))
        case .binary(let contentType):
            (response, returnType, accept) = (.binary, .named("PagegenRuntime.BinaryContent"), StringLiteral(contentType.value))
        case .nothing:
            (response, returnType) = (.nothing, .named("Swift.Void"))
        }

        var paging: PagingCode?
        var idList: IDListCode?
        var pageParameter: ParameterCode?
        var sizeParameter: ParameterCode?
        var pageSizeParameter: ParameterCode?
        var aroundParameter: ParameterCode?
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
                aroundParameter = translator.aroundParameter(spec, endpoint: endpoint, names: endpointNames)
                if let names = endpointNames.size, spec.size != nil {
                    // The default is the paging descriptor's, which the runtime takes for nil.
                    sizeParameter = ParameterCode(names: names, type: .optional(.int), defaultValue: .nil)
                }
            }
        }
        let docLines = Self.docLines(
            endpoint,
            parameters: zip(endpointNames.parameters, parameters).map {
                ($0.location == .body ? endpoint.body.flatMap(Self.description(of:)) : Self.description(of: $0.spec), $1)
            },
            page: both(pageParameter, endpoint.paging?.style), size: both(sizeParameter, endpoint.paging?.size))
        return EndpointCode(
            name: endpointNames.function,
            descriptor: EndpointDescriptorCode(
                name: StringLiteral(endpoint.name.value),
                method: StringLiteral(endpoint.method),
                path: StringLiteral(endpoint.path.value),
                emptyPathParameters: endpoint.pathParameters.filter(\.allowsEmpty).map { StringLiteral($0.name.value) },
                isIdempotent: endpoint.idempotent?.value,
                accept: accept,
                server: endpoint.server.map { StringLiteral($0.value) },
                storeMaxAge: endpoint.store?.maxAge.value),
            docLines: docLines,
            parameters: ParameterList(parameters),
            headers: endpoint.headers.map { HeaderCode(name: StringLiteral($0.name), value: StringLiteral($0.value)) },
            returnType: returnType,
            pageParameter: pageParameter,
            sizeParameter: sizeParameter,
            pageSizeParameter: pageSizeParameter,
            aroundParameter: aroundParameter,
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
            requestArguments: RequestArgumentsCode(operations: names.operations, descriptor: endpointNames.endpointDescriptor),
            response: response,
            availability: endpoint.deprecation.map { AvailabilityCode(message: $0.message.map(StringLiteral.init)) })
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
        let description = DocLines.split(endpoint.description)
        if !description.isEmpty { lines += description + [""] }
        lines.append(
            "`\(endpoint.method) \(SwiftLiteral.commentText(endpoint.path.value))`"
                + (endpoint.server.map { " on the server `\(SwiftLiteral.commentText($0.value))`" } ?? ""))
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

    /// What the body argument's doc line says of a body that is not JSON: how it is sent.
    static func description(of body: BodySpec) -> String? {
        switch body.kind {
        case .json:
            return nil
        case .form(let arrays):
            let list =
                switch arrays {
                case .indexed: "`list[0]=…`"
                case .brackets: "`list[]=…`"
                case .repeated: "`list=…&list=…`"
                case .commaSeparated: "`list=a,b`"
                }
            return "sent as a form (`application/x-www-form-urlencoded`), nested values as `key[inner]=…`, lists as \(list)."
        case .multipart:
            return "sent as `multipart/form-data`: its files as file parts, its other values as text parts."
        case .raw(let contentType) where contentType.value.hasPrefix("*/*"):
            return "the bytes, sent as the media type they name: `BinaryContent`, `FileUpload(contentsOf:)` to stream a file, or `Data`."
        case .raw(let contentType) where contentType.value.lowercased().hasPrefix("text/"):
            return "sent as it is, as `\(SwiftLiteral.commentText(contentType.value))`."
        case .raw(let contentType):
            return
                "sent as it is, as `\(SwiftLiteral.commentText(contentType.value))`: `Data`, or `FileUpload(contentsOf:)` to stream a file."
        }
    }

    /// A parameter's description for the doc comment, saying when it is deprecated.
    static func description(of parameter: ParameterSpec?) -> String? {
        guard let parameter else { return nil }
        guard let deprecation = parameter.deprecation else { return parameter.description }
        let note = "Deprecated" + (deprecation.message.map { ": \($0)" } ?? ".")
        return parameter.description.map { "\($0)\n\(note)" } ?? note
    }

    /// The body argument: the JSON type, the form's or multipart's model, a `String` for
    /// text, or any `RawBody` for bytes (`Data`, or a `FileUpload` of a file on disk;
    /// for `*/*` the value names its media type).
    private func bodyParameter(_ body: BodySpec, names: ParameterNames) -> ParameterCode {
        var type: SwiftType
        let encoding: ParameterEncoding
        switch body.kind {
        case .json:
            type = types.type(body.type.value.unwrapped)
            encoding = .plain
        case .form(let arrays):
            type = types.type(body.type.value.unwrapped)
            encoding = .form(arrays: arrays.rawValue)
        case .multipart:
            type = types.type(body.type.value.unwrapped)
            encoding = .multipart
        case .raw(let contentType):
            let media = contentType.value.lowercased()
            if media.hasPrefix("*/*") {
                (type, encoding) = (.existential("PagegenRuntime.RawBody"), .raw(contentType: nil))
            } else {
                type = media.hasPrefix("text/") ? .string : .existential("PagegenRuntime.RawBody")
                encoding = .raw(contentType: StringLiteral(contentType.value))
            }
        }
        if body.isOptional { type = .optional(type) }
        return ParameterCode(
            names: names, type: type, defaultValue: body.isOptional ? .nil : nil, location: .body, wireName: nil,
            encoding: encoding)
    }

    /// How a query parameter in a style is written, when it is a list or an object and
    /// the spec gives its style: `.deepObject(arrays: .brackets)`, `.form(explode: true)`.
    /// A list in the form style without `explode` goes as before, comma-separated.
    private func queryEncoding(_ parameter: ParameterSpec) -> ParameterEncoding? {
        let type = parameter.type.value.unwrapped
        // A model or a map: its keys and values, as the style says.
        let isObject: Bool
        if case .map = type { isObject = true } else { isObject = type.name.map { spec.model(named: $0) != nil } ?? false }
        guard type.arrayElement != nil || isObject else { return nil }
        switch parameter.style?.value ?? .form {
        case .form:
            // A list is comma-separated unless it explodes; an object's keys go at the
            // top level unless it does not (OpenAPI's default for objects).
            let explode = parameter.explode?.value ?? isObject
            guard explode || isObject else { return nil }
            return .query(style: ".form(explode: \(explode))")
        case .deepObject:
            return .query(style: ".deepObject(arrays: .\((parameter.arrays?.value ?? .indexed).rawValue))")
        case .spaceDelimited:
            return .query(style: ".spaceDelimited")
        case .pipeDelimited:
            return .query(style: ".pipeDelimited")
        }
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
