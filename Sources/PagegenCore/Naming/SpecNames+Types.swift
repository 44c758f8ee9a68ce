import PagegenYAML

extension SpecNames {
    /// Decides every Swift name of `spec` under `config`.
    init(spec: Spec, config: GeneratorConfig) {
        var problems: [NamingProblem] = []
        let modules = Self.modules + config.extraImports
        let namespace = config.namespace ?? spec.namespace?.value
        self.namespace = namespace

        // Top level: the spec's name, the namespace, the models.
        if !NameConversion.isTypeName(spec.name.value) {
            problems.append(
                NamingProblem(
                    message: "'\(spec.name.value)' cannot name a client", mark: spec.name.mark,
                    hint: "use a Swift type name such as '\(NameConversion.upperCamel(spec.name.value))'"))
        }
        if config.namespace == nil, let given = spec.namespace {
            if let problem = Self.namespaceProblem(given.value, modules: modules) {
                problems.append(NamingProblem(message: problem.message, mark: given.mark, hint: problem.hint))
            }
        }
        var topLevel = NameScope()
        for module in modules { topLevel.claim(module, by: "the module \(module)") }
        if let namespace { topLevel.claim(namespace, by: "the namespace") }
        for model in spec.models {
            let name = model.name.value
            let declared = config.typePrefix + name
            if TypeReference.builtins.contains(name) {
                problems.append(
                    NamingProblem(
                        message: "a model cannot be named '\(name)', the name of a built-in type", mark: model.name.mark,
                        hint: "rename it, such as '\(name)Info'"))
            } else if !NameConversion.isTypeName(declared) {
                problems.append(
                    NamingProblem(
                        message: "a model cannot be named '\(name)': Swift reserves it", mark: model.name.mark,
                        hint: "rename it, such as '\(name)Info'"))
            } else if namespace == nil, declared == ModelNamer.codingKeys {
                problems.append(
                    NamingProblem(
                        message:
                            "a model cannot be named '\(declared)' outside a namespace: inside every model, '\(declared)' names the model's coding keys",
                        mark: model.name.mark,
                        hint: "put the spec in a namespace with 'namespace:', or rename the model (its name is not sent to the server)"))
            } else if let holder = topLevel.claim(declared, by: "the model '\(name)'") {
                let message =
                    holder.hasPrefix("the module")
                    ? "a model cannot be named '\(name)': generated code names the types of \(holder) as \(declared).Name"
                    : "the model '\(name)' has the name of \(holder)"
                problems.append(
                    NamingProblem(
                        message: message, mark: model.name.mark,
                        hint: "rename the model (its name is not sent to the server), such as '\(name)Info'"))
            }
        }

        // The client: `Client` in a namespace, `<Name>Client` outside one.
        let specClient = config.typePrefix + spec.name.value + "Client"
        let candidates = namespace == nil ? [specClient] : [config.typePrefix + "Client", specClient]
        if let free = candidates.first(where: { !topLevel.isTaken($0) }) {
            client = free
        } else {
            client = candidates[0]
            if let model = spec.models.first(where: { config.typePrefix + $0.name.value == candidates.last }) {
                let message =
                    candidates.count == 1
                    ? "the model '\(model.name.value)' has the name of the generated client"
                    : "the models '\(candidates[0])' and '\(candidates[1])' take both names the generated client can have"
                problems.append(
                    NamingProblem(
                        message: message, mark: model.name.mark,
                        hint: namespace == nil
                            ? "rename the model (its name is not sent to the server), or put the spec in a namespace with 'namespace:'"
                            : "rename one of the models (their names are not sent to the server)"))
            }
        }
        topLevel.claim(client, by: "the client")
        var clientTypes = topLevel
        operations = clientTypes.claimFirstFree(["Operations", "ClientOperations"], by: "the client's operations")
        credentialsType =
            spec.auth.isEmpty ? nil : clientTypes.claimFirstFree(["Credentials", "ClientCredentials"], by: "the client's credentials")
        serversType = spec.servers.isEmpty ? nil : clientTypes.claimFirstFree(["Servers", "ClientServers"], by: "the client's servers")
        var serverProperties = NameScope(reserved: ["init": "", "self": "", "Self": "", "Type": "", "runtimeServers": ""])
        servers = spec.servers.map { server in
            SwiftIdentifier(serverProperties.claimFree(NameConversion.lowerCamel(server.name.value), word: "Server", by: server.name.value))
        }

        var models: [String: ModelNames] = [:]
        for model in spec.models {
            models[model.name.value] =
                ModelNamer(
                    model: model, spec: spec, declared: config.typePrefix + model.name.value,
                    namespace: namespace, topLevel: topLevel, problems: &problems
                ).names
        }
        self.models = models
        self.credentials = Self.credentialNames(spec.auth)
        let endpointNamer = EndpointNamer(spec: spec, config: config, clientTypes: clientTypes)
        let (endpoints, endpointProblems) = endpointNamer.names()
        self.endpoints = endpoints
        self.problems = problems + endpointProblems
    }

    /// Why `name` cannot name a namespace, if it cannot.
    static func namespaceProblem(_ name: String, modules: [String]) -> (message: String, hint: String)? {
        if !NameConversion.isTypeName(name) {
            return ("'\(name)' cannot name a namespace", "use a Swift type name such as '\(NameConversion.upperCamel(name))'")
        }
        if modules.contains(name) {
            return (
                "'\(name)' cannot name a namespace: generated code names the types of the module \(name) as \(name).Name",
                "use another name, such as '\(name)API'"
            )
        }
        return nil
    }

    /// The client initializer's credential arguments: `token`, `username` and
    /// `password`, and `apiKey` for one key or one named after each key's header or
    /// query name; a name the initializer already takes, or the `Credentials` type's
    /// `runtimeCredentials`, takes `Value` (`transportValue`).
    static func credentialNames(_ schemes: [AuthScheme]) -> [ParameterNames] {
        var labels = NameScope(reserved: [
            "baseURL": "", "servers": "", "transport": "", "middlewares": "", "credentials": "", "runtimeCredentials": "",
        ])
        var inner = NameScope(reserved: ["self": ""])
        let keyCount = schemes.filter { if case .headerKey = $0 { true } else if case .queryKey = $0 { true } else { false } }.count
        var names: [ParameterNames] = []
        func add(_ name: String) {
            let label = labels.claimFree(name, word: "Value", by: name)
            names.append(
                ParameterNames(label: SwiftIdentifier(label), name: SwiftIdentifier(inner.claimFree(label, word: "Value", by: label))))
        }
        for scheme in schemes {
            switch scheme {
            case .bearer: add("token")
            case .basic:
                add("username")
                add("password")
            case .headerKey(let key), .queryKey(let key): add(keyCount == 1 ? "apiKey" : NameConversion.lowerCamel(key))
            }
        }
        return names
    }
}
