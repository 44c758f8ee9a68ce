/// Stage 3: turns a checked ``Spec`` into a ``CodeModel``, with the names
/// `SpecNames` decides and every type the templates print.
public enum SpecTranslator {
    /// Translates `spec` with `config`.
    public static func translate(_ spec: Spec, config: GeneratorConfig) -> CodeModel {
        translate(spec, config: config, names: SpecNames(spec: spec, config: config))
    }

    /// Translates `spec` with `config`, whose Swift names are `names`.
    static func translate(_ spec: Spec, config: GeneratorConfig, names: SpecNames) -> CodeModel {
        let types = SwiftTypes(names: names)
        let models = ModelTranslator(spec: spec, names: names, mutableModels: config.mutableModels)
        let endpoints = EndpointTranslator(spec: spec, names: names, types: types)
        var endpointCodes = spec.endpoints.map(endpoints.translate)
        attachWindows(spec: spec, names: names, types: types, to: &endpointCodes)
        let sharedBuilders = Set(
            endpointCodes.flatMap { [$0.paging?.window?.parametersBuilder, $0.idList?.itemParametersBuilder] }.compactMap { $0 }
        )
        for (index, endpoint) in endpointCodes.enumerated()
        where endpoint.hasRequestParameters || sharedBuilders.contains(endpoint.parametersBuilder) {
            endpointCodes[index].requestArguments.parameters = (endpoint.parametersBuilder, endpoint.parameters.arguments)
        }
        let specName = spec.name.value
        return CodeModel(
            specFile: SwiftLiteral.commentText(spec.file.split(separator: "/").last.map(String.init) ?? spec.file),
            fileStem: config.fileStem ?? config.typePrefix + specName,
            access: config.accessModifier.rawValue,
            imports: config.extraImports,
            namespace: names.namespace,
            file: FileCode(name: "", template: "", declaresNamespace: false, declaresClient: false),
            models: spec.models.map(models.translate),
            client: ClientCode(
                name: names.client,
                reference: names.namespace.map { "\($0).\(names.client)" } ?? names.client,
                operations: names.operations,
                specName: specName,
                docLines: DocLines.split(spec.description ?? "A client for the \(specName) API."),
                baseURL: StringLiteral(spec.baseURL.value),
                credentialsType: names.credentialsType.map { credentialsCode($0, spec.auth, names: names.credentials) },
                headers: spec.headers.map { HeaderCode(name: StringLiteral($0.name), value: StringLiteral($0.value)) },
                throttle: spec.throttle.map(throttleHint),
                dateFormat: DateFormatCode(spec.dateFormat, zone: spec.dateZone?.value),
                bodyError: spec.bodyError.map(bodyError),
                endpoints: endpointCodes,
                allEndpoints: endpointCodes,
                serversType: names.serversType,
                servers: zip(spec.servers, names.servers).map {
                    ServerCode(name: $1, specName: StringLiteral($0.name.value), url: StringLiteral($0.url.value))
                },
                storeLimits: spec.store.map(storeLimits)),
            emitModels: config.parts.contains(.models),
            emitClient: config.parts.contains(.client),
            emitPaging: config.parts.contains(.paging),
            emitLists: config.parts.contains(.lists))
    }

    /// `PagegenRuntime.StoreLimits(maxItems: 50_000, maxBytes: 50_000_000)`.
    private static func storeLimits(_ store: StoreSpec) -> String {
        let arguments = [store.maxItems.map { "maxItems: \($0.groupedLiteral)" }, store.maxBytes.map { "maxBytes: \($0.groupedLiteral)" }]
            .compactMap { $0 }
        return "PagegenRuntime.StoreLimits(\(arguments.joined(separator: ", ")))"
    }

    /// The client's `Credentials`: a property per credential argument of the initializer.
    private static func credentialsCode(_ type: String, _ schemes: [AuthScheme], names: [ParameterNames]) -> CredentialsCode {
        CredentialsCode(
            name: type,
            fields: names.map {
                CredentialFieldCode(parameter: ParameterCode(names: $0, type: .optional(.string), defaultValue: .nil))
            },
            credentials: credentials(schemes, names: names))
    }

    /// The credentials, from the properties of `Credentials` in the order ``SpecNames`` gives them.
    private static func credentials(_ schemes: [AuthScheme], names: [ParameterNames]) -> [CredentialCode] {
        var arguments = names.map(\.label)[...]
        return schemes.compactMap { scheme in
            switch scheme {
            case .bearer:
                arguments.popFirst().map { .bearer(token: $0) }
            case .basic:
                both(arguments.popFirst(), arguments.popFirst()).map { .basic(username: $0, password: $1) }
            case .headerKey(let key):
                arguments.popFirst().map { .headerKey(name: StringLiteral(key), value: $0) }
            case .queryKey(let key):
                arguments.popFirst().map { .queryKey(name: StringLiteral(key), value: $0) }
            }
        }
    }

    private static func throttleHint(_ spec: ThrottleSpec) -> ThrottleHintCode {
        var keys: [StringLiteral]?
        var header: StringLiteral?
        switch spec.source {
        case .body(let path):
            keys = path.value.segments.compactMap { segment in
                if case .key(let key) = segment { return StringLiteral(key) }
                return nil
            }
        case .header(let name):
            header = StringLiteral(name.value)
        }
        return ThrottleHintCode(
            keys: keys, header: header, isUnixTime: spec.value == .unixSeconds,
            remaining: spec.remaining.map { StringLiteral($0.value) }, isPerEndpoint: spec.scope == .endpoint)
    }

    private static func bodyError(_ spec: BodyErrorSpec) -> BodyErrorCode {
        func keys(_ path: ResponsePath) -> [StringLiteral] {
            path.segments.compactMap { segment in
                if case .key(let key) = segment { return StringLiteral(key) }
                return nil
            }
        }
        return BodyErrorCode(flag: spec.flag.map { keys($0.value) }, message: keys(spec.message.value))
    }

    /// Gives each list that a window endpoint opens the list factory that starts at the window.
    private static func attachWindows(spec: Spec, names: SpecNames, types: SwiftTypes, to endpoints: inout [EndpointCode]) {
        for (windowIndex, endpoint) in spec.endpoints.enumerated() {
            guard let window = endpoint.window, let windowNames = names.endpoints[endpoint.name.value]?.windowList,
                let listIndex = spec.endpoints.firstIndex(where: { $0.name.value == window.list.value }),
                let listPaging = spec.endpoints[listIndex].paging, endpoints[listIndex].paging != nil
            else { continue }
            let windowCode = endpoints[windowIndex]
            let listCode = endpoints[listIndex]
            let first: Int
            let isOffset: Bool
            switch listPaging.style {
            case .pageNumber(_, let value): (first, isOffset) = (value, false)
            case .offset(_, let value): (first, isOffset) = (value, true)
            default: continue
            }

            // The function's parameters, each under its name in this function.
            var parameters: [ParameterCode] = []
            var windowArguments: [ArgumentCode] = []
            var listArguments: [(index: Int?, argument: ArgumentCode)] = []
            for parameter in windowNames.parameters {
                let source =
                    parameter.forWindow
                    ? parameter.index.map { windowCode.parameters[$0] }
                    : parameter.index.map { listCode.parameters[$0] } ?? listCode.sizeParameter
                guard var code = source else { continue }
                code.names = parameter.names
                parameters.append(code)
                if parameter.forWindow { windowArguments.append(code.argument) }
                if parameter.forList {
                    let index = parameter.forWindow ? parameter.listIndex : parameter.index
                    let label = index.map { listCode.parameters[$0].label } ?? code.label
                    listArguments.append((index, ArgumentCode(label: label, value: code.name)))
                }
            }
            parameters.append(.listOptions)
            // The list's loader takes its parameters in its own order, then the size.
            listArguments.sort { ($0.index ?? .max) < ($1.index ?? .max) }

            let accessors = AccessorBuilder(spec: spec, names: names)
            let returns = endpoint.returns.value
            let resolver = TypeResolver(spec: spec)
            func read(_ path: Located<ResponsePath>) -> ConvertedValue {
                let leaf = resolver.checked(path.value, in: returns).name ?? "Int"
                return ConvertedValue(
                    accessor: accessors.accessor(path.value, from: "$0", in: returns),
                    conversion: PagingTranslator.conversion(from: leaf, to: "Int"))
            }
            endpoints[listIndex].paging?.window = WindowCode(
                function: windowNames.function,
                endpointName: windowCode.name,
                endpointDescriptor: windowCode.endpointDescriptor,
                parametersBuilder: windowCode.parametersBuilder,
                responseType: types.type(returns),
                start: WindowStartCode(
                    page: read(window.page), first: first, isOffset: isOffset, pageSize: window.size.map(read),
                    total: window.total.map(read), focusRow: window.focus.map(read)),
                parameters: ParameterList(parameters),
                windowArguments: ArgumentList(windowArguments),
                listArguments: ArgumentList(listArguments.map(\.argument)))
        }
    }
}
