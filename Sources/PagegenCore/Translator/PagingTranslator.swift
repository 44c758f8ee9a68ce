/// Turns a `paging:` block into the `Paging<Response, Item>(…)` expression and the
/// page and size parameters of the generated functions.
struct PagingTranslator {
    let spec: Spec
    let namer: TypeNamer

    func translate(_ paging: PagingSpec, endpoint: EndpointSpec, parameters: [String], forward: [String]) -> PagingCode? {
        let returns = endpoint.returns.value
        let resolver = TypeResolver(spec: spec)
        let accessors = AccessorBuilder(spec: spec)
        let itemReference: TypeReference
        let itemsExpression: String
        if let items = paging.items {
            guard case .success(let type) = resolver.resolve(items.value, in: returns), let element = type.arrayElement else { return nil }
            itemReference = element
            itemsExpression = "{ \(accessors.expression(items.value, from: "$0", in: returns).code) }"
        } else {
            guard let element = returns.arrayElement else { return nil }
            itemReference = element
            itemsExpression = "{ $0 }"
        }
        let itemType = namer.swiftType(itemReference)
        let responseType = namer.swiftType(returns)

        func read(_ path: Located<ResponsePath>, as target: String) -> String {
            let access = accessors.expression(path.value, from: "$0", in: returns)
            let leaf = (try? resolver.resolve(path.value, in: returns).get())?.name ?? target
            return "{ \(convert(access.code, isOptional: access.isOptional, from: leaf, to: target)) }"
        }
        func readItem(_ path: Located<ResponsePath>) -> String {
            let access = accessors.expression(path.value, from: "$0", in: itemReference)
            let leaf = (try? resolver.resolve(path.value, in: itemReference).get())?.name ?? "String"
            let code = convert(access.code, isOptional: access.isOptional, from: leaf, to: "String")
            return access.isOptional ? "{ \(code) ?? \"\" }" : "{ \(code) }"
        }
        func cursorSource(_ source: CursorSpec.Source) -> String {
            switch source {
            case .body(let path): ".body(\(read(path, as: "String")))"
            case .item(let path): ".item(\(readItem(path)))"
            case .header(let name): ".header(\(SwiftNaming.stringLiteral(name.value)))"
            }
        }
        func linkSource(_ source: LinkSpec) -> String {
            switch source {
            case .body(let path): ".body(\(read(path, as: "String")))"
            case .linkHeader: ".linkHeader"
            }
        }

        let style: String
        let pageParameter: String
        let keyExpression: String
        switch paging.style {
        case .pageNumber(let parameter, let first):
            style = ".pageNumber(\(parameterExpression(parameter)), first: \(first))"
            pageParameter = "page: Int = \(first)"
            keyExpression = ".number(page)"
        case .offset(let parameter, let first):
            style = ".offset(\(parameterExpression(parameter)), first: \(first))"
            pageParameter = "offset: Int = \(first)"
            keyExpression = ".offset(offset)"
        case .cursor(let next, let previous):
            var arguments = [parameterExpression(next.parameter), "next: \(cursorSource(next.source))"]
            if let previous {
                arguments.append("previousParameter: \(parameterExpression(previous.parameter))")
                arguments.append("previous: \(cursorSource(previous.source))")
            }
            style = ".cursor(\(arguments.joined(separator: ", ")))"
            pageParameter = "page: PageKey = .first"
            keyExpression = "page"
        case .link(let next, let previous):
            var arguments = ["next: \(linkSource(next))"]
            if let previous { arguments.append("previous: \(linkSource(previous))") }
            style = ".link(\(arguments.joined(separator: ", ")))"
            pageParameter = "page: PageKey = .first"
            keyExpression = "page"
        case .ids:
            return nil
        }

        var arguments = ["style: \(style)"]
        var sizeParameter: String?
        var sizeArgument = "nil"
        if let size = paging.size {
            var sizeArguments = [size.parameter.map(parameterExpression) ?? "nil", "default: \(size.defaultValue.value)"]
            if let minimum = size.minimum { sizeArguments.append("minimum: \(minimum)") }
            if let maximum = size.maximum { sizeArguments.append("maximum: \(maximum)") }
            arguments.append("size: PageSize(\(sizeArguments.joined(separator: ", ")))")
            if let parameter = size.parameter {
                let name = SwiftNaming.memberName(parameter.name.value)
                sizeParameter = "\(name): Int = \(size.defaultValue.value)"
                sizeArgument = name
            }
        }
        arguments.append("items: \(itemsExpression)")
        switch paging.total {
        case .body(let path, let estimate)?:
            arguments.append("total: .body(\(read(path, as: "Int")))")
            if estimate { arguments.append("totalIsEstimate: true") }
        case .header(let name)?:
            arguments.append("total: .header(\(SwiftNaming.stringLiteral(name.value)))")
        case nil:
            break
        }
        if let path = paging.totalPages { arguments.append("totalPages: \(read(path, as: "Int"))") }
        if let path = paging.hasMore { arguments.append("hasMore: \(read(path, as: "Bool"))") }
        if let path = paging.isLast { arguments.append("isLast: \(read(path, as: "Bool"))") }
        if paging.shortPageEnds { arguments.append("shortPageEnds: true") }
        if paging.allowForeignLinks { arguments.append("allowsForeignLinks: true") }

        let name = SwiftNaming.lowerCamel(endpoint.name.value)
        let sequenceParameters = parameters + (sizeParameter.map { [$0] } ?? [])
        let sequenceForward = forward + (sizeParameter == nil ? [] : ["\(sizeArgument): \(sizeArgument)"])
        return PagingCode(
            itemType: itemType,
            responseType: responseType,
            pagingExpression: "Paging<\(responseType), \(itemType)>(\n"
                + arguments.map { "            \($0)" }.joined(separator: ",\n") + "\n        )",
            pageParameter: pageParameter,
            keyExpression: keyExpression,
            sizeParameter: sizeParameter,
            sizeArgument: sizeArgument,
            pagesName: name + "Pages",
            allName: SwiftNaming.prefixed("all", name),
            listName: name + "List",
            identityExpression: Self.identityExpression(spec: spec, type: itemReference),
            hasIdentity: Self.identityExpression(spec: spec, type: itemReference) != "nil",
            sequenceParameterList: sequenceParameters.joined(separator: ", "),
            sequenceForwardArguments: sequenceForward.joined(separator: ", "),
            sequenceParameterPrefix: sequenceParameters.isEmpty ? "" : sequenceParameters.joined(separator: ", ") + ", ",
            window: nil
        )
    }

    /// `{ AnyHashable($0.id) }` for items with an identity, else `nil`.
    static func identityExpression(spec: Spec, type: TypeReference) -> String {
        guard case .named(let name) = type.unwrapped, let model = spec.model(named: name) else { return "nil" }
        if let identity = model.identity {
            let access = AccessorBuilder(spec: spec).expression(identity.value, from: "$0", in: .named(name))
            return access.isOptional ? "nil" : "{ AnyHashable(\(access.code)) }"
        }
        // An optional id cannot identify: items without one would all look alike.
        if let field = model.field(named: "id"), !field.type.value.isOptional, SpecValidator.isIdentityType(field.type.value) {
            return "{ AnyHashable($0.id) }"
        }
        return "nil"
    }

    private func parameterExpression(_ parameter: PagingParameter) -> String {
        var arguments = [SwiftNaming.stringLiteral(parameter.name.value)]
        if parameter.location != "query" { arguments.append("in: .\(parameter.location)") }
        if let format = parameter.format { arguments.append("format: \(SwiftNaming.stringLiteral(format))") }
        return "Parameter(\(arguments.joined(separator: ", ")))"
    }

    /// Converts a read value to the type the runtime wants (`Int64` to `Int`, `Int` to `String`, `URL` to `String`).
    private func convert(_ code: String, isOptional: Bool, from leaf: String, to target: String) -> String {
        let chain = isOptional ? "?" : ""
        switch (leaf, target) {
        case ("Int64", "Int"): return isOptional ? "\(code).map(Int.init)" : "Int(\(code))"
        case ("Int", "String"), ("Int64", "String"): return isOptional ? "\(code).map(String.init)" : "String(\(code))"
        case ("URL", "String"): return "\(code)\(chain).absoluteString"
        default: return code
        }
    }
}
