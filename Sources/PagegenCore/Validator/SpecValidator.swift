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
        checkFiles(spec, context: context)
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
        checkResponse(endpoint, context: context)
        if let body = endpoint.body {
            checkBody(body, endpoint: endpoint, spec: spec, resolver: resolver, context: context)
        }
        if let server = endpoint.server, spec.server(named: server.value) == nil {
            context.error(
                "\(what) is sent to the server '\(server.value)', which 'servers:' does not name", at: server.mark,
                hint: Suggestion.didYouMean(server.value, in: spec.servers.map(\.name.value))
                    ?? "add it under 'servers:' (\(server.value): https://…), or remove 'server:' to use the base URL")
        }
        for parameter in endpoint.pathParameters + endpoint.headerParameters {
            checkType(parameter.type, resolver: resolver, context: context)
            if parameter.type.value.referencedNames.contains(where: { spec.model(named: $0) != nil }) {
                context.error(
                    "the parameter '\(parameter.name.value)' cannot be a model", at: parameter.type.mark,
                    hint: "path and header parameters are scalars, enums or lists of them; send a model as 'body:'")
            }
        }
        for parameter in endpoint.queryParameters {
            checkType(parameter.type, resolver: resolver, context: context)
            checkQueryStyle(parameter, spec: spec, context: context)
        }
        if let idempotent = endpoint.idempotent, idempotent.value == ["GET", "PUT", "DELETE"].contains(endpoint.method) {
            context.warning(
                "\(what) is \(idempotent.value ? "" : "not ")idempotent by its method (\(endpoint.method)); 'idempotent: \(idempotent.value)' changes nothing",
                at: idempotent.mark, hint: "remove it")
        }
        checkPathParameters(endpoint, context: context)
        checkDefaults(endpoint, context: context)
        checkPagingParameterClashes(endpoint, context: context)
        // A page that is not JSON has no paths to check; checkResponse said so.
        if let paging = endpoint.paging, endpoint.response.isJSON {
            PagingValidator(endpoint: endpoint, spec: spec, resolver: resolver, context: context).check(paging)
        }
        if let window = endpoint.window {
            PagingValidator(endpoint: endpoint, spec: spec, resolver: resolver, context: context).check(window)
        }
    }

    /// A body's type fits its kind, and the method sends one.
    private static func checkBody(
        _ body: BodySpec, endpoint: EndpointSpec, spec: Spec, resolver: TypeResolver, context: LoadContext
    ) {
        let what = "endpoint '\(endpoint.name.value)'"
        // A HEAD has no body. A GET with one is sent as written: some APIs (search
        // engines) take one, as the documents they are imported from say.
        if endpoint.method == "HEAD" {
            context.error(
                "\(what) is a HEAD, which sends no body", at: body.mark,
                hint: "remove 'body:', or make the endpoint a POST")
        }
        switch body.kind {
        case .json:
            checkType(body.type, resolver: resolver, context: context)
        case .form, .multipart:
            checkType(body.type, resolver: resolver, context: context)
            let kind = body.kind == .multipart ? "multipart" : "form"
            guard let name = body.type.value.unwrapped.name, resolver.unknownName(in: body.type.value) == nil else { break }
            if spec.model(named: name) == nil {
                context.error(
                    "a \(kind) body is the fields of a model, and the body of \(what) is \(body.type.value)", at: body.type.mark,
                    hint: "declare a model for the \(kind)'s fields, or send \(body.type.value) as 'json:' or 'raw:'")
            }
        case .raw(let contentType):
            checkMediaType(contentType, what: "the body of \(what)", context: context)
        }
    }

    /// A response that is not JSON has a media type, and pages of a paged endpoint are JSON.
    private static func checkResponse(_ endpoint: EndpointSpec, context: LoadContext) {
        let what = "endpoint '\(endpoint.name.value)'"
        switch endpoint.response {
        case .json:
            return
        case .text(let contentType), .binary(let contentType):
            checkMediaType(contentType, what: "the answer of \(what)", context: context)
        case .nothing:
            break
        }
        if let paging = endpoint.paging {
            let kind =
                switch endpoint.response {
                case .text: "text"
                case .binary: "bytes"
                default: "nothing"
                }
            context.error(
                "\(what) pages, but its answer is \(kind); pages are JSON", at: paging.mark,
                hint: "remove 'paging:', or give 'returns:' the JSON type of a page")
        }
    }

    /// `text/plain`, `image/*`, `*/*`: a type and a subtype of token characters.
    private static func checkMediaType(_ text: Located<String>, what: String, context: LoadContext) {
        let essence = text.value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let parts = essence.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        let token = { (part: Substring) in
            !part.isEmpty
                && part.unicodeScalars.allSatisfy { $0.isASCII && $0.value > 32 && !"()<>@,;:\\\"/[]?={}".unicodeScalars.contains($0) }
        }
        guard parts.count == 2, token(parts[0]), token(parts[1]), parts[0] != "*" || parts[1] == "*" else {
            context.error(
                "'\(text.value)' is not a media type, for \(what)", at: text.mark,
                hint: "write a type and a subtype, such as text/plain, image/jpeg, application/octet-stream, or */* for any")
            return
        }
    }

    /// A query parameter's `style`, `explode` and `arrays` fit its type.
    private static func checkQueryStyle(_ parameter: ParameterSpec, spec: Spec, context: LoadContext) {
        let name = parameter.name.value
        let type = parameter.type.value.unwrapped
        // A map is sent as an object is: its keys and values.
        let isMap: Bool
        if case .map = type { isMap = true } else { isMap = false }
        let holdsModel = type.referencedNames.contains { spec.model(named: $0) != nil }
        let isModel = isMap || holdsModel
        let isList = type.arrayElement != nil
        let style = parameter.style?.value ?? .form
        if holdsModel, type.name == nil {
            context.error(
                "the query parameter '\(name)' is \(type); a query parameter is a scalar, a list of scalars, a model or a map of scalars",
                at: parameter.type.mark, hint: "send it in the body")
            return
        }
        if isModel, parameter.style == nil || !(style == .deepObject || style == .form) {
            context.error(
                "the query parameter '\(name)' is \(isMap ? "a map" : "a model"), which is sent only in the deepObject or form style",
                at: parameter.style?.mark ?? parameter.type.mark,
                hint: "add 'style: deepObject' (\(name)[key]=value) or 'style: form' (key=value)")
        }
        if let styleMark = parameter.style?.mark, style == .spaceDelimited || style == .pipeDelimited, !isList || isModel {
            context.error(
                "the style \(style.rawValue) is for lists of scalars, and the query parameter '\(name)' is \(type)",
                at: styleMark, hint: "remove it, or make '\(name)' a list")
        }
        if let explode = parameter.explode, style != .form {
            context.error(
                "'explode' applies to the form style, and the query parameter '\(name)' is \(style.rawValue)", at: explode.mark,
                hint: "remove it: \(style == .deepObject ? "a deepObject always writes a key per value" : "the values are joined")")
        }
        if let arrays = parameter.arrays {
            if style != .deepObject {
                context.error(
                    "'arrays' applies to the deepObject style, and the query parameter '\(name)' is \(style.rawValue)",
                    at: arrays.mark,
                    hint: style == .form ? "add 'style: deepObject', or write 'explode: true' for \(name)=a&\(name)=b" : "remove it")
            } else if !isList && !isModel {
                context.error(
                    "'arrays' says how lists are written, and the query parameter '\(name)' is \(type)", at: arrays.mark,
                    hint: "remove it, or make '\(name)' a list")
            }
        }
    }

    /// `File` is a field of a model sent as a multipart body, and nowhere else.
    private static func checkFiles(_ spec: Spec, context: LoadContext) {
        let multipart = Set(
            spec.endpoints.compactMap { endpoint -> String? in
                guard let body = endpoint.body, body.kind == .multipart else { return nil }
                return body.type.value.unwrapped.name
            })
        let hint = "File is the type of a field of a model sent as 'body: { multipart: Model }'"
        for model in spec.models {
            for field in model.fields where field.type.value.referencedNames.contains("File") {
                if !multipart.contains(model.name.value) {
                    context.error(
                        "the field '\(field.name.value)' of model '\(model.name.value)' is a File, but the model is not sent as a multipart body",
                        at: field.type.mark, hint: hint)
                } else if !isFileField(field.type.value) {
                    context.error(
                        "the field '\(field.name.value)' of model '\(model.name.value)' is \(field.type.value); a multipart part is File or a list of them",
                        at: field.type.mark, hint: "write File, File? or [File]")
                }
            }
        }
        for endpoint in spec.endpoints {
            var types: [(String, Located<TypeReference>)] = []
            if endpoint.response == .json { types.append(("the answer", endpoint.returns)) }
            if let body = endpoint.body, body.kind == .json || body.type.value.unwrapped.name == "File" {
                types.append(("the body", body.type))
            }
            for parameter in endpoint.pathParameters + endpoint.queryParameters + endpoint.headerParameters {
                types.append(("the parameter '\(parameter.name.value)'", parameter.type))
            }
            for (what, type) in types where type.value.referencedNames.contains("File") {
                context.error(
                    "\(what) of endpoint '\(endpoint.name.value)' is \(type.value), and File is only for multipart uploads",
                    at: type.mark,
                    hint: what == "the body"
                        ? "send one file as 'body: { raw: \"*/*\" }', or files in a model as 'body: { multipart: Model }'" : hint)
            }
        }
    }

    /// `File`, `File?`, `[File]`, `[File]?`.
    private static func isFileField(_ type: TypeReference) -> Bool {
        let bare = type.unwrapped
        return bare == .named("File") || bare.arrayElement?.unwrapped == .named("File")
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
