/// Turns an endpoint into ``EndpointCode``: the function's parameters, the
/// statements that fill the request, and for a paged endpoint its ``PagingCode``.
struct EndpointTranslator {
    let spec: Spec
    let namer: TypeNamer

    func translate(_ endpoint: EndpointSpec) -> EndpointCode {
        var parameters: [ParameterCode] = []
        var fill: [String] = []
        var forward: [String] = []
        var enums: [EnumCode] = []
        func parameterType(_ parameter: ParameterSpec) -> String {
            guard let cases = TypeNamer.enumeration(in: parameter.type.value) else { return namer.swiftType(parameter.type.value) }
            let name = SwiftNaming.typeName(endpoint.name.value) + SwiftNaming.typeName(parameter.name.value)
            enums.append(EnumCode(name: name, cases: EnumTranslator.cases(cases)))
            return namer.swiftType(parameter.type.value, enumName: name)
        }
        for parameter in endpoint.pathParameters {
            let names = SwiftNaming.parameterNames(parameter.name.value)
            parameters.append(ParameterCode(declaration: "\(declared(names)): \(parameterType(parameter))"))
            fill.append("parameters.path(\(SwiftNaming.stringLiteral(parameter.name.value)), \(names.inner))")
            forward.append("\(names.label): \(names.inner)")
        }
        if let body = endpoint.body {
            parameters.append(ParameterCode(declaration: "body: \(namer.swiftType(body.value))"))
            fill.append("parameters.body = body")
            forward.append("body: body")
        }
        for (parameter, method) in endpoint.queryParameters.map({ ($0, "query") }) + endpoint.headerParameters.map({ ($0, "header") }) {
            let names = SwiftNaming.parameterNames(parameter.name.value)
            var declaration = "\(declared(names)): \(parameterType(parameter))"
            if let value = parameter.defaultValue {
                declaration += " = \(defaultLiteral(value, type: parameter.type.value))"
            } else if parameter.type.value.isOptional {
                declaration += " = nil"
            }
            parameters.append(ParameterCode(declaration: declaration))
            fill.append("parameters.\(method)(\(SwiftNaming.stringLiteral(parameter.name.value)), \(names.inner))")
            forward.append("\(names.label): \(names.inner)")
        }
        for header in endpoint.headers {
            fill.append("parameters.headers.append(HTTPHeaderField(name: \(SwiftNaming.stringLiteral(header.name)), value: \(SwiftNaming.stringLiteral(header.value))))")
        }

        let returns = namer.swiftType(endpoint.returns.value)
        var docLines = DocLines.split(endpoint.summary)
        if !docLines.isEmpty { docLines.append("") }
        docLines.append("`\(endpoint.method) \(endpoint.path.value)`")

        let paging = endpoint.paging.flatMap { paging -> PagingCode? in
            if case .ids = paging.style { return nil }
            return PagingTranslator(spec: spec, namer: namer).translate(
                paging, endpoint: endpoint, parameters: parameters.map(\.declaration), forward: forward)
        }
        let idList = endpoint.paging.flatMap { paging -> IDListCode? in
            guard case .ids(let item) = paging.style else { return nil }
            return idListCode(endpoint: endpoint, itemEndpoint: item.value, size: paging.size?.defaultValue.value ?? 30,
                              parameters: parameters.map(\.declaration), forward: forward)
        }
        var signature = parameters.map(\.declaration)
        var callArguments = forward
        let resultType: String
        let call: String
        let parametersCall = "Operations.\(SwiftNaming.lowerCamel(endpoint.name.value))Parameters(\(forward.joined(separator: ", ")))"
        let name = SwiftNaming.lowerCamel(endpoint.name.value)
        if let paging {
            signature.append(paging.pageParameter)
            callArguments.append(paging.keyExpression == "page" || paging.pageParameter.hasPrefix("page") ? "page: page" : "offset: offset")
            if let size = paging.sizeParameter {
                signature.append(size)
                callArguments.append("\(paging.sizeArgument): \(paging.sizeArgument)")
            }
            resultType = "Page<\(paging.itemType)>"
            call = "runtime.page(Operations.\(name)Endpoint, \(parametersCall), paging: Operations.\(name)Paging, at: \(paging.keyExpression), size: \(paging.sizeArgument))"
        } else {
            resultType = returns
            call = "runtime.send(Operations.\(name)Endpoint, \(parametersCall), as: \(returns).self)"
        }
        var endpointArgs = [
            "name: \(SwiftNaming.stringLiteral(endpoint.name.value))",
            "method: \(SwiftNaming.stringLiteral(endpoint.method))",
            "path: \(SwiftNaming.stringLiteral(endpoint.path.value))",
        ]
        let emptyAllowed = endpoint.pathParameters.filter(\.allowsEmpty).map { SwiftNaming.stringLiteral($0.name.value) }
        if !emptyAllowed.isEmpty { endpointArgs.append("emptyPathParameters: [\(emptyAllowed.joined(separator: ", "))]") }
        if let idempotent = endpoint.idempotent { endpointArgs.append("isIdempotent: \(idempotent.value)") }
        return EndpointCode(
            name: SwiftNaming.lowerCamel(endpoint.name.value),
            functionName: SwiftNaming.memberName(endpoint.name.value),
            enums: enums,
            docLines: docLines,
            endpointExpression: "Endpoint(\(endpointArgs.joined(separator: ", ")))",
            parameters: parameters,
            fillStatements: fill,
            forwardArguments: forward.joined(separator: ", "),
            parameterList: parameters.map(\.declaration).joined(separator: ", "),
            returnType: returns,
            signature: signature.joined(separator: ", "),
            completionSignature: signature.isEmpty ? "" : signature.joined(separator: ", ") + ", ",
            callArguments: callArguments.joined(separator: ", "),
            resultType: resultType,
            call: call,
            hasFillStatements: !fill.isEmpty,
            paging: paging,
            isPaged: paging != nil,
            idList: idList,
            isIDList: idList != nil
        )
    }

    private func idListCode(endpoint: EndpointSpec, itemEndpoint: String, size: Int, parameters: [String], forward: [String]) -> IDListCode? {
        guard let item = spec.endpoint(named: itemEndpoint), let idParameter = item.pathParameters.first,
              let idType = endpoint.returns.value.arrayElement
        else { return nil }
        let itemType = namer.swiftType(item.returns.value.unwrapped)
        let name = SwiftNaming.lowerCamel(endpoint.name.value)
        return IDListCode(
            itemType: itemType,
            idType: namer.swiftType(idType),
            itemEndpointName: SwiftNaming.lowerCamel(itemEndpoint),
            itemPathParameter: SwiftNaming.parameterNames(idParameter.name.value).label,
            pageSize: size,
            pagesName: name + "Pages",
            allName: SwiftNaming.prefixed("all", name),
            listName: name + "List",
            identityExpression: PagingTranslator.identityExpression(spec: spec, type: item.returns.value.unwrapped),
            hasIdentity: PagingTranslator.identityExpression(spec: spec, type: item.returns.value.unwrapped) != "nil",
            sequenceParameterList: (parameters + ["pageSize: Int = \(size)"]).joined(separator: ", "),
            sequenceForwardArguments: (forward + ["pageSize: pageSize"]).joined(separator: ", "),
            sequenceParameterPrefix: (parameters + ["pageSize: Int = \(size)"]).joined(separator: ", ") + ", "
        )
    }

    /// `name` or, for a keyword, `self self_`.
    private func declared(_ names: (label: String, inner: String)) -> String {
        names.label == names.inner ? names.label : "\(names.label) \(names.inner)"
    }

    private func defaultLiteral(_ value: String, type: TypeReference) -> String {
        if case .enumeration = type.unwrapped {
            return "." + SwiftNaming.memberName(value)
        }
        switch type.unwrapped {
        case .named("Int"), .named("Int64"), .named("Double"), .named("Bool"):
            return value
        default:
            return SwiftNaming.stringLiteral(value)
        }
    }
}
