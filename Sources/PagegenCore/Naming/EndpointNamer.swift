/// Names the endpoints: their functions (and clashes between them), their parameters'
/// labels (and clashes with the arguments the generated functions add), the internal
/// names, the parameter enums, and the list factories of window endpoints.
struct EndpointNamer {
    let spec: Spec
    let config: GeneratorConfig
    /// The types nested in the client besides the endpoints': parameter enums are
    /// named among them.
    let clientTypes: NameScope

    /// Why the generated functions take a fixed argument, for messages.
    enum FixedArgument: String {
        case page = "the page"
        case size = "the page size"
        case pageSize = "the number of items a page fetches"
        case around = "the item a list opens around"
        case completion = "the completion handler"
        case options = "the list's options"
        case resumePoint = "the point the sequences resume from"
        case body = "the body"
    }

    /// The names of every endpoint, and what clashes.
    func names() -> (endpoints: [String: EndpointNames], problems: [NamingProblem]) {
        var problems: [NamingProblem] = []
        var clientTypes = self.clientTypes
        var functions = NameScope()
        for member in SpecNames.clientMembers { functions.claim(member, by: "the client's property") }
        var endpoints: [String: EndpointNames] = [:]
        for endpoint in spec.endpoints {
            var names = endpointNames(endpoint, problems: &problems)
            for index in names.parameters.indices {
                guard let wanted = names.parameters[index].enumeration?.type, let wireName = names.parameters[index].spec?.name.value
                else { continue }
                names.parameters[index].enumeration?.type = clientTypes.claimFree(wanted, word: "Value", by: wireName)
            }
            claimFunctions(endpoint, names: names, in: &functions, problems: &problems)
            endpoints[endpoint.name.value] = names
        }
        for endpoint in spec.endpoints {
            guard let window = endpoint.window, let list = spec.endpoint(named: window.list.value),
                let windowNames = endpoints[endpoint.name.value], let listNames = endpoints[list.name.value]
            else { continue }
            endpoints[endpoint.name.value]?.windowList = Self.windowList(
                endpoint, names: windowNames, list: list, listNames: listNames, problems: &problems)
        }
        return (endpoints, problems)
    }

    /// Every function an endpoint generates must be free in the client.
    private func claimFunctions(
        _ endpoint: EndpointSpec, names: EndpointNames, in functions: inout NameScope, problems: inout [NamingProblem]
    ) {
        var generated = [names.function]
        if endpoint.paging != nil { generated += [names.pages, names.all, names.loader, names.list] }
        if endpoint.window != nil { generated.append(SwiftIdentifier(names.function.name + "List")) }
        var seen: Set<String> = []
        for function in generated where seen.insert(function.name).inserted {
            guard let holder = functions.claim(function.name, by: endpoint.name.value) else { continue }
            if holder == "the client's property" {
                problems.append(
                    NamingProblem(
                        message:
                            "the endpoint '\(endpoint.name.value)' generates a function '\(function.name)', the name of the client's property",
                        mark: endpoint.name.mark, hint: "rename the endpoint (its name is not sent to the server)"))
            } else {
                problems.append(
                    NamingProblem(
                        message: "the endpoints '\(holder)' and '\(endpoint.name.value)' both generate a function '\(function.name)'",
                        mark: endpoint.name.mark, hint: "rename one of them (endpoint names are not sent to the server)"))
            }
            return
        }
    }

    /// The names of one endpoint. A parameter enum's type is the name it asks for,
    /// which ``names()`` then claims among the client's types.
    private func endpointNames(_ endpoint: EndpointSpec, problems: inout [NamingProblem]) -> EndpointNames {
        let function = NameConversion.lowerCamel(endpoint.name.value)
        let emitsLists = config.parts.contains(.lists)

        // The arguments the generated functions add to the endpoint's own.
        var labels = NameScope()
        var fixed: [String: FixedArgument] = [:]
        var page: ParameterNames?
        var size: ParameterNames?
        var pageSize: ParameterNames?
        var around: ParameterNames?
        var body: ParameterNames?
        let arguments = Self.fixedArguments(
            page: endpoint.paging.map { PageArgument($0.style) }, sizeParameter: endpoint.paging?.size?.parameter?.name.value,
            opensAround: endpoint.paging?.around != nil, hasBody: endpoint.body != nil, isWindow: endpoint.window != nil,
            emitsLists: emitsLists)
        for (label, argument) in arguments {
            labels.claim(label, by: label)
            fixed[label] = argument
            let names = ParameterNames(label: SwiftIdentifier(label), name: SwiftIdentifier(label))
            switch argument {
            case .page: page = names
            case .size: size = names
            case .pageSize: pageSize = names
            case .around: around = names
            case .body: body = names
            case .completion, .options, .resumePoint: break
            }
        }

        // The endpoint's own parameters; the body is always `body:`. A parameter that
        // repeats a paging parameter is reported by the validator, not here.
        let pagingNames = endpoint.paging?.parameterNames ?? []
        var inner = NameScope(reserved: Dictionary(uniqueKeysWithValues: (["self"] + SpecNames.templateLocals).map { ($0, "") }))
        for label in fixed.keys.sorted() { inner.claim(label, by: label) }
        var parameters: [EndpointParameter] = []
        for (location, parameter) in endpoint.orderedParameters {
            guard let parameter else {
                if let body, let spec = endpoint.body {
                    parameters.append(
                        EndpointParameter(
                            location: .body, spec: nil, type: spec.type.value, mark: spec.type.mark, names: body, enumeration: nil))
                }
                continue
            }
            let wireName = parameter.name.value
            let label = ModelNamer.swiftName(of: parameter.name, given: parameter.swiftName, problems: &problems)
            if let holder = labels.claim(label, by: wireName), !(fixed[label] != nil && pagingNames.contains(wireName)) {
                let message =
                    if let argument = fixed[label] {
                        "the parameter '\(wireName)' of endpoint '\(endpoint.name.value)' becomes '\(label):', the argument the generated functions take for \(argument.rawValue)"
                    } else {
                        "the parameters '\(holder)' and '\(wireName)' of endpoint '\(endpoint.name.value)' both become '\(label)' in Swift"
                    }
                problems.append(
                    NamingProblem(
                        message: message, mark: parameter.name.mark,
                        hint: SwiftNameHint.rename(wireName, type: parameter.type.value, suggesting: label + "Value")))
            }
            var enumeration: EnumNames?
            if let values = parameter.type.value.inlineEnumeration {
                let type = NameConversion.upperCamel(function) + NameConversion.upperCamel(label)
                enumeration = EnumNames(type: type, values: values)
            }
            parameters.append(
                EndpointParameter(
                    location: location, spec: parameter, type: parameter.type.value, mark: parameter.name.mark,
                    names: ParameterNames(
                        label: SwiftIdentifier(label), name: SwiftIdentifier(inner.claimFree(label, word: "Value", by: label))),
                    enumeration: enumeration))
        }

        return EndpointNames(
            function: SwiftIdentifier(function),
            pages: SwiftIdentifier(function + "Pages"),
            all: SwiftIdentifier(NameConversion.prefixed("all", function)),
            loader: SwiftIdentifier(function + "Loader"),
            list: SwiftIdentifier(function + "List"),
            windowList: nil,
            endpointDescriptor: SwiftIdentifier(function + "Endpoint"),
            parametersBuilder: SwiftIdentifier(function + "Parameters"),
            pagingDescriptor: SwiftIdentifier(function + "Paging"),
            parameters: parameters,
            page: page,
            size: size,
            pageSize: pageSize,
            around: around)
    }

    /// What a paged endpoint's functions take as the page.
    enum PageArgument {
        /// `page:` — a page number, a cursor or a link.
        case page
        /// `offset:`.
        case offset
        /// `pageSize:` — an `ids` list takes how many items a page fetches instead.
        case itemIDs

        init(_ style: PagingSpec.Style) {
            switch style {
            case .offset: self = .offset
            case .ids: self = .itemIDs
            case .pageNumber, .cursor, .link: self = .page
            }
        }
    }

    /// The arguments the generated functions of an endpoint take besides its own
    /// parameters, in the order they are claimed, each with its label: `completion:`;
    /// for a paged endpoint `page:` or `offset:` and the size's label (`pageSize:`
    /// when it would be the page's), or `pageSize:` for an `ids` list, then `around:`
    /// (for a list that opens around an item), `options:` (with lists) and `from:` (the
    /// resume point); `options:` for a window's list; `body:`.
    static func fixedArguments(
        page: PageArgument?, sizeParameter: String?, opensAround: Bool = false, hasBody: Bool, isWindow: Bool,
        emitsLists: Bool
    ) -> [(label: String, argument: FixedArgument)] {
        var labels = NameScope()
        var result: [(label: String, argument: FixedArgument)] = []
        func reserve(_ name: String, _ argument: FixedArgument) {
            result.append((labels.claimFree(name, word: "Value", by: name), argument))
        }
        reserve("completion", .completion)
        if let page {
            switch page {
            case .itemIDs:
                reserve("pageSize", .pageSize)
            case .page, .offset:
                let pageLabel = page == .offset ? "offset" : "page"
                reserve(pageLabel, .page)
                if let sizeParameter {
                    let name = NameConversion.lowerCamel(sizeParameter)
                    reserve(name == pageLabel || labels.isTaken(name) ? "pageSize" : name, .size)
                }
            }
            if opensAround { reserve("around", .around) }
            if emitsLists { reserve("options", .options) }
            reserve("from", .resumePoint)
        }
        if isWindow, emitsLists, !labels.isTaken("options") { reserve("options", .options) }
        if hasBody { reserve("body", .body) }
        return result
    }

    /// The list factory of window endpoint `window`: its own arguments, then the list's
    /// (shared when the window endpoint takes one with the same label and type), then
    /// the list's size and the options.
    private static func windowList(
        _ window: EndpointSpec, names: EndpointNames, list: EndpointSpec, listNames: EndpointNames, problems: inout [NamingProblem]
    ) -> WindowListNames {
        typealias Parameter = WindowListNames.WindowParameter
        var inner = NameScope(
            reserved: Dictionary(uniqueKeysWithValues: (["self", "options"] + SpecNames.templateLocals).map { ($0, "") }))
        var result: [Parameter] = []
        var labels: [String: Int] = [:]
        func add(_ parameter: Parameter) {
            var parameter = parameter
            parameter.names.name = SwiftIdentifier(
                inner.claimFree(parameter.names.label.name, word: "Value", by: parameter.names.label.name))
            labels[parameter.names.label.name] = result.count
            result.append(parameter)
        }
        for (index, parameter) in names.parameters.enumerated() {
            add(Parameter(forWindow: true, forList: false, index: index, names: parameter.names))
        }
        let function = names.function.name + "List"
        for (index, parameter) in listNames.parameters.enumerated() {
            let label = parameter.names.label.name
            guard let position = labels[label] else {
                add(Parameter(forWindow: false, forList: true, index: index, names: parameter.names))
                continue
            }
            let own = names.parameters[result[position].index ?? 0]
            if own.type == parameter.type, own.type.inlineEnumeration == nil {
                result[position].forList = true
                result[position].listIndex = index
            } else {
                let ownName = own.spec?.name.value ?? "body"
                problems.append(
                    NamingProblem(
                        message:
                            "the parameter '\(ownName)' of endpoint '\(window.name.value)' and the parameter '\(parameter.spec?.name.value ?? "body")' of endpoint '\(list.name.value)' both become '\(label):' of '\(function)', with different types",
                        mark: own.mark,
                        hint: own.spec.map { SwiftNameHint.rename($0.name.value, type: $0.type.value, suggesting: label + "Value") }
                            ?? "the window endpoint and its list cannot both take a body of different models"))
            }
        }
        if let size = listNames.size {
            if let position = labels[size.label.name] {
                // A clash with one of the list's own parameters is reported with the list.
                if result[position].forWindow, let index = result[position].index {
                    let own = names.parameters[index]
                    problems.append(
                        NamingProblem(
                            message:
                                "the parameter '\(own.spec?.name.value ?? "body")' of endpoint '\(window.name.value)' becomes '\(size.label.name):' of '\(function)', the argument it takes for the page size of '\(list.name.value)'",
                            mark: own.mark,
                            hint: own.spec.map {
                                SwiftNameHint.rename($0.name.value, type: $0.type.value, suggesting: size.label.name + "Value")
                            }))
                }
            } else {
                add(Parameter(forWindow: false, forList: true, index: nil, names: size))
            }
        }
        return WindowListNames(function: SwiftIdentifier(function), parameters: result)
    }
}
