/// Stage 3: turns a checked ``Spec`` into a ``CodeModel``, deciding every Swift
/// name and type the templates print.
public enum SpecTranslator {
    /// Translates `spec` with `config`.
    public static func translate(_ spec: Spec, config: GeneratorConfig, diagnostics: DiagnosticCollector) -> CodeModel {
        let namespace = config.namespace ?? spec.namespace?.value
        let namer = TypeNamer(spec: spec, prefix: config.typePrefix, namespace: namespace)
        let models = ModelTranslator(spec: spec, namer: namer)
        let endpoints = EndpointTranslator(spec: spec, namer: namer)
        let specName = spec.name.value
        var endpointCodes = spec.endpoints.map(endpoints.translate)
        attachWindows(spec: spec, namer: namer, to: &endpointCodes)
        return CodeModel(
            specFile: spec.file.split(separator: "/").last.map(String.init) ?? spec.file,
            fileStem: config.fileStem ?? config.typePrefix + specName,
            access: config.accessModifier.rawValue,
            imports: config.extraImports,
            namespace: namespace,
            models: spec.models.map(models.translate),
            client: ClientCode(
                name: namespace == nil ? "\(config.typePrefix)\(specName)Client" : "\(config.typePrefix)Client",
                specName: specName,
                docLines: DocLines.split(spec.description ?? "A client for the \(specName) API."),
                baseURLLiteral: SwiftNaming.stringLiteral(spec.baseURL.value),
                credentialParameters: CredentialTranslator.parameters(spec.auth),
                credentialExpressions: CredentialTranslator.expressions(spec.auth),
                hasCredentials: !spec.auth.isEmpty,
                headerExpressions: spec.headers.map {
                    "HTTPHeaderField(name: \(SwiftNaming.stringLiteral($0.name)), value: \(SwiftNaming.stringLiteral($0.value)))"
                },
                hasHeaders: !spec.headers.isEmpty,
                dateFormat: ".\(spec.dateFormat.rawValue)",
                bodyErrorExpression: spec.bodyError.map(bodyErrorExpression),
                endpoints: endpointCodes,
                parameterEnums: endpointCodes.flatMap(\.enums),
                hasParameterEnums: endpointCodes.contains { !$0.enums.isEmpty }
            ),
            emitModels: config.parts.contains(.models),
            emitClient: config.parts.contains(.client),
            emitPaging: config.parts.contains(.paging),
            emitLists: config.parts.contains(.lists)
        )
    }

    private static func bodyErrorExpression(_ spec: BodyErrorSpec) -> String {
        func keys(_ path: ResponsePath) -> String {
            "[" + path.segments.compactMap { segment -> String? in
                if case .key(let key) = segment { return SwiftNaming.stringLiteral(key) }
                return nil
            }.joined(separator: ", ") + "]"
        }
        let flag = spec.flag.map { keys($0.value) } ?? "nil"
        return "BodyErrorRule(flag: \(flag), message: \(keys(spec.message.value))).check"
    }

    /// Gives each list that a window endpoint opens the code to start at the window.
    private static func attachWindows(spec: Spec, namer: TypeNamer, to endpoints: inout [EndpointCode]) {
        for endpoint in spec.endpoints {
            guard let window = endpoint.window,
                  let list = spec.endpoint(named: window.list.value),
                  let index = endpoints.firstIndex(where: { $0.name == SwiftNaming.lowerCamel(list.name.value) }),
                  let listPaging = list.paging
            else { continue }
            let accessors = AccessorBuilder(spec: spec)
            let returns = endpoint.returns.value
            func read(_ path: Located<ResponsePath>?) -> String {
                guard let path else { return "nil" }
                let access = accessors.expression(path.value, from: "$0", in: returns)
                return access.code
            }
            let first: Int
            switch listPaging.style {
            case .pageNumber(_, let value): first = value
            case .offset(_, let value): first = value
            default: continue
            }
            let sizeDefault = listPaging.size?.defaultValue.value ?? 0
            let pageSize = window.size.map { "\(read($0))" } ?? "\(sizeDefault)"
            let isOffset: Bool = if case .offset = listPaging.style { true } else { false }
            let position = first == 0 ? read(window.page) : "\(read(window.page)) - \(first)"
            let pageIndex = isOffset ? "(\(position)) / max(1, \(pageSize))" : position
            let start = "WindowStart(pageIndex: \(pageIndex), pageSize: \(pageSize), total: \(read(window.total)), focusRow: \(read(window.focus)))"
            let windowName = SwiftNaming.lowerCamel(endpoint.name.value)
            let windowCode = endpoints.first { $0.name == windowName }
            endpoints[index].paging?.window = WindowCode(
                endpointName: windowName,
                responseType: namer.swiftType(returns),
                startExpression: "{ \(start) }",
                listName: windowName + "List",
                parameterPrefix: (windowCode?.parameterList).map { $0.isEmpty ? "" : $0 + ", " } ?? "",
                forwardArguments: windowCode?.forwardArguments ?? ""
            )
        }
    }
}

/// The client initializer's credential parameters, per auth scheme.
enum CredentialTranslator {
    static func parameters(_ schemes: [AuthScheme]) -> [String] {
        schemes.map { scheme in
            switch scheme {
            case .bearer: "token: String? = nil"
            case .basic: "username: String? = nil, password: String? = nil"
            case .headerKey(let name), .queryKey(let name): "\(keyName(name, schemes: schemes)): String? = nil"
            }
        }
    }

    static func expressions(_ schemes: [AuthScheme]) -> [String] {
        schemes.map { scheme in
            switch scheme {
            case .bearer:
                "token.map { Credential.bearer($0) }"
            case .basic:
                "username.map { Credential.basic(username: $0, password: password ?? \"\") }"
            case .headerKey(let name):
                "\(keyName(name, schemes: schemes)).map { Credential.headerKey(name: \(SwiftNaming.stringLiteral(name)), value: $0) }"
            case .queryKey(let name):
                "\(keyName(name, schemes: schemes)).map { Credential.queryKey(name: \(SwiftNaming.stringLiteral(name)), value: $0) }"
            }
        }
    }

    /// `apiKey` when the API takes one key; the key's own name when it takes several.
    private static func keyName(_ name: String, schemes: [AuthScheme]) -> String {
        let keys = schemes.filter { if case .headerKey = $0 { true } else if case .queryKey = $0 { true } else { false } }
        return keys.count == 1 ? "apiKey" : SwiftNaming.memberName(name)
    }
}
