import Foundation
import PagegenYAML

/// Stage 2: checks what the loader could not see on its own: that type names
/// exist, names do not clash, path parameters are declared, and paging paths lead
/// to fields of the right type in the response model.
public enum SpecValidator {
    /// Validates `spec`, reporting problems to `diagnostics`.
    public static func validate(_ spec: Spec, config: GeneratorConfig, diagnostics: DiagnosticCollector) {
        validate(spec, names: SpecNames(spec: spec, config: config), diagnostics: diagnostics)
    }

    /// Validates `spec`, whose Swift names are `names`, reporting problems to `diagnostics`.
    static func validate(_ spec: Spec, names: SpecNames, diagnostics: DiagnosticCollector) {
        let context = LoadContext(file: spec.file, diagnostics: diagnostics)
        checkTopLevel(spec, context: context)
        let resolver = TypeResolver(spec: spec)
        for model in spec.models { checkModel(model, resolver: resolver, context: context) }
        checkZones(spec, context: context)
        for endpoint in spec.endpoints { checkEndpoint(endpoint, spec: spec, resolver: resolver, context: context) }
        for problem in names.problems {
            context.error(problem.message, at: problem.mark, hint: problem.hint)
        }
    }

    private static func checkTopLevel(_ spec: Spec, context: LoadContext) {
        if spec.baseURL.value.isEmpty {
            context.error("'baseURL' is empty", at: spec.baseURL.mark, hint: "write the API's base URL, such as https://api.example.com/v1")
        } else {
            let url = URL(string: spec.baseURL.value)
            if url?.scheme == nil || url?.host == nil {
                context.error(
                    "'\(spec.baseURL.value)' is not an absolute URL", at: spec.baseURL.mark,
                    hint: "write it with its scheme and host, such as https://api.example.com/v1")
            }
        }
    }

    private static func checkModel(_ model: ModelSpec, resolver: TypeResolver, context: LoadContext) {
        for field in model.fields {
            checkType(field.type, resolver: resolver, context: context)
        }
        if let identity = model.identity {
            switch resolver.resolve(identity.value, in: .named(model.name.value)) {
            case .failure(let error):
                context.error("the identity of model '\(model.name.value)': \(error.message)", at: identity.mark, hint: error.hint)
            case .success(let type) where !isIdentityType(type):
                context.error(
                    "the identity of model '\(model.name.value)' is \(type); it must be a String or a number",
                    at: identity.mark)
            case .success:
                break
            }
        }
    }

    /// A zone says how to read ISO 8601 text without one: it needs ISO 8601 dates.
    private static func checkZones(_ spec: Spec, context: LoadContext) {
        for model in spec.models {
            for field in model.fields {
                guard let zone = field.zone else { continue }
                let format = field.dateFormat ?? spec.dateFormat
                if format != .iso8601 {
                    context.error(
                        "'zone' applies to iso8601 dates, and the dates of field '\(field.name.value)' of model '\(model.name.value)' are \(format.rawValue)",
                        at: zone.mark, hint: "remove it, or write the field's dates with 'dates: iso8601'")
                }
            }
        }
        if let zone = spec.dateZone, spec.dateFormat != .iso8601,
            !spec.models.contains(where: { $0.fields.contains { $0.dateFormat == .iso8601 } })
        {
            context.error(
                "'zone' applies to iso8601 dates, and this spec's are \(spec.dateFormat.rawValue)", at: zone.mark,
                hint: "remove it, or give a field 'dates: iso8601'")
        }
    }

    static func isIdentityType(_ type: TypeReference) -> Bool {
        ["String", "Int", "Int64", "Double", "URL"].contains(type.name ?? "") && type.arrayElement == nil
    }

    private static func checkType(_ type: Located<TypeReference>, resolver: TypeResolver, context: LoadContext) {
        if let unknown = resolver.unknownName(in: type.value) {
            context.error(
                "unknown type '\(unknown)'", at: type.mark,
                hint: Suggestion.didYouMean(unknown, in: resolver.knownTypeNames)
                    ?? "declare it under 'models:' or use one of \(TypeReference.builtins.joined(separator: ", "))")
        }
    }

    private static func checkEndpoint(_ endpoint: EndpointSpec, spec: Spec, resolver: TypeResolver, context: LoadContext) {
        let what = "endpoint '\(endpoint.name.value)'"
        checkType(endpoint.returns, resolver: resolver, context: context)
        if let body = endpoint.body {
            checkType(body, resolver: resolver, context: context)
            if let name = body.value.name, spec.model(named: name) == nil {
                context.error("the body of \(what) must be a model, not \(body.value)", at: body.mark)
            }
        }
        for parameter in endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters {
            checkType(parameter.type, resolver: resolver, context: context)
            if parameter.type.value.referencedNames.contains(where: { spec.model(named: $0) != nil }) {
                context.error(
                    "the parameter '\(parameter.name.value)' cannot be a model", at: parameter.type.mark,
                    hint: "parameters are scalars, enums or lists of them; send a model as 'body:'")
            }
        }
        if let idempotent = endpoint.idempotent, idempotent.value == ["GET", "PUT", "DELETE"].contains(endpoint.method) {
            context.warning(
                "\(what) is \(idempotent.value ? "" : "not ")idempotent by its method (\(endpoint.method)); 'idempotent: \(idempotent.value)' changes nothing",
                at: idempotent.mark, hint: "remove it")
        }
        checkPathParameters(endpoint, context: context)
        checkDefaults(endpoint, context: context)
        checkPagingParameterClashes(endpoint, context: context)
        if let paging = endpoint.paging {
            PagingValidator(endpoint: endpoint, spec: spec, resolver: resolver, context: context).check(paging)
        }
        if let window = endpoint.window {
            PagingValidator(endpoint: endpoint, spec: spec, resolver: resolver, context: context).check(window)
        }
    }

    private static func checkDefaults(_ endpoint: EndpointSpec, context: LoadContext) {
        for parameter in endpoint.queryParameters + endpoint.headerParameters {
            guard let value = parameter.defaultValue else { continue }
            let type = parameter.type.value.unwrapped
            let fits: Bool
            switch type {
            case .named("Int"), .named("Int64"): fits = Int64(value) != nil
            case .named("Double"): fits = Double(value)?.isFinite == true
            case .named("Bool"): fits = value == "true" || value == "false"
            case .named("String"): fits = true
            case .enumeration(let cases): fits = cases.contains(value)
            default:
                context.error(
                    "the parameter '\(parameter.name.value)' of type \(type) cannot have a default", at: parameter.name.mark,
                    hint: "defaults are for String, Int, Int64, Double, Bool and enum parameters")
                continue
            }
            if !fits {
                var hint = "write a value of type \(type)"
                if case .enumeration(let cases) = type {
                    hint = Suggestion.didYouMean(value, in: cases) ?? "use one of: \(cases.joined(separator: ", "))"
                }
                context.error(
                    "the default '\(value)' of parameter '\(parameter.name.value)' is not a \(type)", at: parameter.name.mark, hint: hint)
            }
        }
    }

    /// A query or header parameter may not repeat a paging parameter, which the
    /// generated functions declare themselves.
    private static func checkPagingParameterClashes(_ endpoint: EndpointSpec, context: LoadContext) {
        guard let paging = endpoint.paging else { return }
        let pagingNames = paging.parameterNames
        for parameter in endpoint.queryParameters + endpoint.headerParameters where pagingNames.contains(parameter.name.value) {
            context.error(
                "'\(parameter.name.value)' is a paging parameter of endpoint '\(endpoint.name.value)'", at: parameter.name.mark,
                hint: "remove it here: the generated functions take it from 'paging:'")
        }
    }

    private static func checkPathParameters(_ endpoint: EndpointSpec, context: LoadContext) {
        let used = PathTemplate.parameterNames(endpoint.path.value)
        let usedSet = Set(used)
        let declared = Set(endpoint.pathParameters.map(\.name.value))
        for name in used where !declared.contains(name) {
            context.error(
                "the path parameter '{\(name)}' of endpoint '\(endpoint.name.value)' is not declared",
                at: endpoint.path.mark, hint: "add 'path: { \(name): String }' to the endpoint")
        }
        for parameter in endpoint.pathParameters where !usedSet.contains(parameter.name.value) {
            context.error(
                "the path parameter '\(parameter.name.value)' is not in the path '\(endpoint.path.value)'",
                at: parameter.name.mark,
                hint: Suggestion.didYouMean(parameter.name.value, in: used)
                    ?? "add '{\(parameter.name.value)}' to the path or remove the declaration")
        }
        for parameter in endpoint.pathParameters where parameter.type.value.isOptional {
            context.error(
                "the path parameter '\(parameter.name.value)' cannot be optional", at: parameter.type.mark,
                hint: "write '\(parameter.type.value.unwrapped)'")
        }
    }
}

/// The `{name}` placeholders of a path template.
enum PathTemplate {
    static func parameterNames(_ path: String) -> [String] {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
