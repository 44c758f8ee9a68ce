import Foundation
import PagegenYAML

/// Stage 2: checks what the loader could not see on its own: that type names
/// exist, names do not clash, path parameters are declared, and paging paths lead
/// to fields of the right type in the response model.
public enum SpecValidator {
    /// Validates `spec`, reporting problems to `diagnostics`.
    public static func validate(_ spec: Spec, config: GeneratorConfig, diagnostics: DiagnosticCollector) {
        let context = LoadContext(file: spec.file, diagnostics: diagnostics)
        let resolver = TypeResolver(spec: spec)
        checkTopLevel(spec, context: context)
        for model in spec.models {
            checkModel(model, resolver: resolver, context: context)
        }
        for endpoint in spec.endpoints {
            checkEndpoint(endpoint, spec: spec, resolver: resolver, context: context)
        }
    }

    private static func checkTopLevel(_ spec: Spec, context: LoadContext) {
        if !SwiftNaming.isTypeName(spec.name.value) {
            context.error("'\(spec.name.value)' cannot name a client", at: spec.name.mark,
                          hint: "use a Swift type name such as '\(SwiftNaming.typeName(spec.name.value))'")
        }
        if let namespace = spec.namespace, !SwiftNaming.isTypeName(namespace.value) {
            context.error("'\(namespace.value)' cannot name a namespace", at: namespace.mark,
                          hint: "use a Swift type name such as '\(SwiftNaming.typeName(namespace.value))'")
        }
        if !spec.baseURL.value.isEmpty {
            let url = URL(string: spec.baseURL.value)
            if url?.scheme == nil || url?.host == nil {
                context.error("'\(spec.baseURL.value)' is not an absolute URL", at: spec.baseURL.mark,
                              hint: "write it with its scheme and host, such as https://api.example.com/v1")
            }
        }
    }

    private static func checkModel(_ model: ModelSpec, resolver: TypeResolver, context: LoadContext) {
        var swiftNames: [String: String] = [:]
        for field in model.fields {
            checkType(field.type, resolver: resolver, context: context)
            let swiftName = SwiftNaming.memberName(field.name.value)
            if let other = swiftNames[swiftName] {
                context.error("the fields '\(other)' and '\(field.name.value)' of model '\(model.name.value)' both become '\(swiftName)' in Swift",
                              at: field.name.mark, hint: "rename one with the long form, or remove one")
            }
            swiftNames[swiftName] = field.name.value
        }
        if let identity = model.identity {
            switch resolver.resolve(identity.value, in: .named(model.name.value)) {
            case .failure(let error):
                context.error("the identity of model '\(model.name.value)': \(error.message)", at: identity.mark, hint: error.hint)
            case .success(let type) where !isIdentityType(type):
                context.error("the identity of model '\(model.name.value)' is \(type); it must be a String or a number",
                              at: identity.mark)
            case .success:
                break
            }
        }
    }

    static func isIdentityType(_ type: TypeReference) -> Bool {
        ["String", "Int", "Int64", "Double", "URL"].contains(type.name ?? "") && type.arrayElement == nil
    }

    private static func checkType(_ type: Located<TypeReference>, resolver: TypeResolver, context: LoadContext) {
        if let unknown = resolver.unknownName(in: type.value) {
            context.error("unknown type '\(unknown)'", at: type.mark,
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
            if case .named(let name) = parameter.type.value.unwrapped, spec.model(named: name) != nil {
                context.error("the parameter '\(parameter.name.value)' cannot be a model", at: parameter.type.mark,
                              hint: "parameters are scalars, enums or lists of them; send a model as 'body:'")
            }
        }
        checkPathParameters(endpoint, context: context)
        checkSwiftNames(endpoint, context: context)
        if let paging = endpoint.paging {
            PagingValidator(endpoint: endpoint, spec: spec, resolver: resolver, context: context).check(paging)
        }
        if let window = endpoint.window {
            PagingValidator(endpoint: endpoint, spec: spec, resolver: resolver, context: context).check(window)
        }
    }

    private static func checkPathParameters(_ endpoint: EndpointSpec, context: LoadContext) {
        let used = PathTemplate.parameterNames(endpoint.path.value)
        let declared = endpoint.pathParameters.map(\.name.value)
        for name in used where !declared.contains(name) {
            context.error("the path parameter '{\(name)}' of endpoint '\(endpoint.name.value)' is not declared",
                          at: endpoint.path.mark, hint: "add 'path: { \(name): String }' to the endpoint")
        }
        for parameter in endpoint.pathParameters where !used.contains(parameter.name.value) {
            context.error("the path parameter '\(parameter.name.value)' is not in the path '\(endpoint.path.value)'",
                          at: parameter.name.mark,
                          hint: Suggestion.didYouMean(parameter.name.value, in: used) ?? "add '{\(parameter.name.value)}' to the path or remove the declaration")
        }
        for parameter in endpoint.pathParameters where parameter.type.value.isOptional {
            context.error("the path parameter '\(parameter.name.value)' cannot be optional", at: parameter.type.mark,
                          hint: "write '\(parameter.type.value.unwrapped)'")
        }
    }

    private static func checkSwiftNames(_ endpoint: EndpointSpec, context: LoadContext) {
        var seen: [String: String] = [:]
        for parameter in endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters {
            let swiftName = SwiftNaming.memberName(parameter.name.value)
            if let other = seen[swiftName] {
                context.error("the parameters '\(other)' and '\(parameter.name.value)' of endpoint '\(endpoint.name.value)' both become '\(swiftName)' in Swift",
                              at: parameter.name.mark, hint: "rename one")
            }
            seen[swiftName] = parameter.name.value
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
