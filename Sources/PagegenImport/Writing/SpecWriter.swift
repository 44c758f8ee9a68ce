import PagegenCore

/// Writes an ``ImportedSpec`` as the YAML a person would: the short forms where they
/// fit, flow mappings for short parameter lists, and every note as a comment above
/// what it is about.
struct SpecWriter {
    let spec: ImportedSpec
    private var lines: [String] = []

    init(spec: ImportedSpec) {
        self.spec = spec
    }

    /// The spec's text.
    static func write(_ spec: ImportedSpec) -> String {
        var writer = SpecWriter(spec: spec)
        writer.writeAll()
        return writer.lines.joined(separator: "\n") + "\n"
    }

    private mutating func line(_ indent: Int, _ text: String) {
        lines.append(String(repeating: " ", count: indent) + text)
    }

    private mutating func comments(_ indent: Int, _ texts: [String]) {
        for text in texts { line(indent, "# " + YAMLText.comment(text)) }
    }

    private mutating func writeAll() {
        comments(0, spec.header)
        line(0, "pagegen: 1")
        line(0, "name: \(spec.name)")
        if let namespace = spec.namespace { line(0, "namespace: \(namespace)") }
        if let description = spec.description { line(0, "description: \(YAMLText.scalar(description))") }
        comments(0, spec.topComments)
        line(0, "baseURL: \(YAMLText.scalar(spec.baseURL))")
        if !spec.servers.isEmpty {
            line(0, "servers:")
            for server in spec.servers {
                comments(2, server.comments)
                line(2, "\(key(server.name)): \(YAMLText.scalar(server.url))")
            }
        }
        comments(0, spec.authComments)
        writeAuth()
        if spec.dates != .iso8601 { line(0, "dates: \(spec.dates.rawValue)") }
        if let errors = spec.errors {
            comments(0, [errors.comment])
            let flag = errors.flag.map { "flag: \(YAMLText.scalar($0, in: .flow)), " } ?? ""
            line(0, "errors: { \(flag)message: \(YAMLText.scalar(errors.message, in: .flow)) }")
        }
        if !spec.models.isEmpty {
            line(0, "")
            line(0, "models:")
            for model in spec.models { writeModel(model) }
        }
        line(0, "")
        line(0, "endpoints:")
        for (index, endpoint) in spec.endpoints.enumerated() {
            if index > 0 { line(0, "") }
            writeEndpoint(endpoint)
        }
    }

    private mutating func writeAuth() {
        let schemes = spec.auth.map { scheme -> String in
            switch scheme {
            case .bearer: "bearer"
            case .basic: "basic"
            case .headerKey(let name): "apiKey: { header: \(YAMLText.scalar(name, in: .flow)) }"
            case .queryKey(let name): "apiKey: { query: \(YAMLText.scalar(name, in: .flow)) }"
            }
        }
        switch schemes.count {
        case 0: break
        case 1 where !schemes[0].hasPrefix("apiKey"): line(0, "auth: \(schemes[0])")
        case 1: line(0, "auth: { \(schemes[0]) }")
        default:
            line(0, "auth:")
            for scheme in schemes { line(2, "- \(scheme)") }
        }
    }

    // MARK: Models

    private mutating func writeModel(_ model: ImportedModel) {
        if !model.comments.isEmpty, lines.last != "models:" { line(0, "") }
        comments(2, model.comments)
        if model.fields.isEmpty, model.description == nil, !model.deprecated {
            line(2, "\(model.name): {}")
            return
        }
        // The long form keeps a field called `fields` from reading as the model's fields.
        let longForm =
            model.fields.contains { $0.name == "fields" } || model.description != nil || model.deprecated || !model.alternatives.isEmpty
        line(2, "\(model.name):")
        var indent = 4
        if longForm {
            if let description = model.description { writeText(4, "description", description) }
            if model.deprecated { line(4, "deprecated: true") }
            if !model.alternatives.isEmpty {
                let lists = model.alternatives.map { "[" + $0.map { YAMLText.scalar($0, in: .flow) }.joined(separator: ", ") + "]" }
                line(4, "alternatives: [\(lists.joined(separator: ", "))]")
            }
            if model.fields.isEmpty {
                line(4, "fields: {}")
                return
            }
            line(4, "fields:")
            indent = 6
        }
        for field in model.fields {
            // `T?` may be left out or null; a field that may be only one of them says so.
            let alwaysSent = field.presence == .null
            var type = typeText(
                alwaysSent ? field.type.unwrapped : field.type, dates: field.dates, defaultValue: nil, swiftName: field.swiftName)
            switch field.presence {
            case .required, .absentOrNull: break
            case .absent: type.addNullable(false, optional: field.type)
            case .null: type.addNullable(true, optional: nil)
            case .absentNullOrValue: type.addNullable(true, optional: field.type)
            }
            if field.deprecated { type.add("deprecated", "true") }
            writeEntry(indent, key(field.name), type, description: field.description)
        }
    }

    // MARK: Endpoints

    private mutating func writeEndpoint(_ endpoint: ImportedEndpoint) {
        comments(2, endpoint.comments)
        line(2, "\(endpoint.name):")
        if let summary = endpoint.summary { line(4, "summary: \(YAMLText.scalar(summary))") }
        if let description = endpoint.description { writeText(4, "description", description) }
        if endpoint.deprecated { line(4, "deprecated: true") }
        line(4, "\(endpoint.method.lowercased()): \(YAMLText.scalar(endpoint.path))")
        if let server = endpoint.server { line(4, "server: \(key(server))") }
        writeParameters("path", endpoint.pathParameters)
        writeParameters("query", endpoint.query)
        writeParameters("header", endpoint.header)
        if let body = endpoint.body { line(4, "body: \(bodyText(body))") }
        switch endpoint.response {
        case .json: line(4, "returns: \(typeText(endpoint.returns, dates: nil, defaultValue: nil, swiftName: nil).text(in: .block))")
        case .text(let type): line(4, "returns: { text: \(YAMLText.scalar(type, in: .flow)) }")
        case .binary(let type): line(4, "returns: { binary: \(YAMLText.scalar(type, in: .flow)) }")
        case .nothing: line(4, "returns: nothing")
        }
        if let paging = endpoint.paging { writePaging(paging) }
    }

    /// `Model`, or the long form: `{ json: "[Label]" }`, `{ form: Params, arrays: brackets }`,
    /// `{ multipart: Upload }`, `{ raw: image/jpeg }`, each `optional: true` when the
    /// document does not require the body.
    private func bodyText(_ body: ImportedBody) -> String {
        var pairs: [String]
        switch body.kind {
        case .json(let type):
            if case .named(let model) = type, !body.optional { return model }
            pairs = ["json: \(typeText(type, dates: nil, defaultValue: nil, swiftName: nil).text(in: .flow))"]
        case .form(let model, let arrays):
            pairs = ["form: \(model)"]
            if let arrays { pairs.append("arrays: \(arrays)") }
        case .multipart(let model):
            pairs = ["multipart: \(model)"]
        case .raw(let mediaType):
            pairs = ["raw: \(YAMLText.scalar(mediaType, in: .flow))"]
        }
        if body.optional { pairs.append("optional: true") }
        return "{ \(pairs.joined(separator: ", ")) }"
    }

    private mutating func writeParameters(_ section: String, _ parameters: [ImportedParameter]) {
        guard !parameters.isEmpty else { return }
        let types = parameters.map { parameter in
            var type = typeText(parameter.type, dates: nil, defaultValue: parameter.defaultValue, swiftName: parameter.swiftName)
            if let style = parameter.style { type.add("style", style) }
            if parameter.explode { type.add("explode", "true") }
            if let arrays = parameter.arrays { type.add("arrays", arrays) }
            if parameter.deprecated { type.add("deprecated", "true") }
            return type
        }
        let described = parameters.contains { $0.description != nil }
        let entries = zip(parameters, types).map { "\(key($0.name, in: .flow)): \($1.text(in: .flow))" }
        let flow = "\(section): { \(entries.joined(separator: ", ")) }"
        if !described, parameters.count <= 3, flow.count <= 76 {
            line(4, flow)
        } else {
            line(4, "\(section):")
            for (parameter, type) in zip(parameters, types) {
                writeEntry(6, key(parameter.name), type, description: parameter.description)
            }
        }
    }

    /// `name: Type`, `name: { type: …, … }`, or with a description, the long form as a
    /// block mapping under the name.
    private mutating func writeEntry(_ indent: Int, _ name: String, _ type: TypeText, description: String?) {
        guard let description = description.flatMap({ EndpointImporter.description($0) }) else {
            line(indent, "\(name): \(type.text(in: .block))")
            return
        }
        line(indent, "\(name):")
        for (pairKey, value) in type.pairs { line(indent + 2, "\(pairKey): \(value)") }
        writeText(indent + 2, "description", description)
    }

    /// `key: text`, one line as a scalar, several as a literal block.
    private mutating func writeText(_ indent: Int, _ name: String, _ text: String) {
        lines += YAMLText.entry(name, text, indent: indent)
    }

    private mutating func writePaging(_ paging: ImportedPaging) {
        comments(4, paging.comments)
        line(4, "paging:")
        line(6, styleText(paging.style))
        if let previous = paging.previous { line(6, "prev: " + styleText(previous).split(separator: " ", maxSplits: 1)[1]) }
        if let around = paging.around {
            var parts = ["param: \(YAMLText.scalar(around.name, in: .flow))"]
            if around.location != .query { parts.append("in: \(around.location.rawValue)") }
            line(6, "around: { \(parts.joined(separator: ", ")) }")
        }
        if let size = paging.size {
            if let parameter = size.parameter {
                var parts = ["param: \(YAMLText.scalar(parameter.name, in: .flow))", "default: \(size.defaultValue)"]
                if let minimum = size.minimum { parts.append("min: \(minimum)") }
                if let maximum = size.maximum { parts.append("max: \(maximum)") }
                if parameter.location != .query { parts.append("in: \(parameter.location.rawValue)") }
                line(6, "size: { \(parts.joined(separator: ", ")) }")
            } else {
                line(6, "size: \(size.defaultValue)")
            }
        }
        if let items = paging.items { line(6, "items: \(path(items, in: .block))") }
        switch paging.total {
        case .path(let total): line(6, "total: \(path(total, in: .block))")
        case .header(let name): line(6, "total: { header: \(YAMLText.scalar(name, in: .flow)) }")
        case nil: break
        }
        if let totalPages = paging.totalPages { line(6, "totalPages: \(path(totalPages, in: .block))") }
        if let hasMore = paging.hasMore { line(6, "hasMore: \(path(hasMore, in: .block))") }
        if let last = paging.last { line(6, "last: \(path(last, in: .block))") }
        if paging.shortPageEnds { line(6, "shortPageEnds: true") }
    }

    private func styleText(_ style: ImportedPaging.Style) -> String {
        // `{ param: x, <what>, in: body }`, as the spec reference writes it.
        func mapping(_ style: String, _ parameter: ImportedPaging.Parameter, _ what: String) -> String {
            let location = parameter.location == .query ? "" : ", in: \(parameter.location.rawValue)"
            return "\(style): { param: \(YAMLText.scalar(parameter.name, in: .flow)), \(what)\(location) }"
        }
        switch style {
        case .page(let param, let first): return mapping("page", param, "first: \(first)")
        case .offset(let param, let first): return mapping("offset", param, "first: \(first)")
        case .cursor(let param, .body(let from)): return mapping("cursor", param, "from: \(path(from, in: .flow))")
        case .cursor(let param, .item(let from)): return mapping("cursor", param, "fromItem: \(path(from, in: .flow))")
        case .cursor(let param, .header(let name)): return mapping("cursor", param, "fromHeader: \(YAMLText.scalar(name, in: .flow))")
        case .link: return "next: link"
        case .next(let from): return "next: { from: \(path(from, in: .flow)) }"
        }
    }

    // MARK: Pieces

    private func path(_ path: ResponsePath, in context: YAMLText.Context) -> String {
        YAMLText.scalar(path.description, in: context)
    }

    private func key(_ name: String, in context: YAMLText.Context = .block) -> String {
        YAMLText.text(name, in: context)
    }

    /// A type in the short form, or the pairs of its long form (`type`, `optional`, …),
    /// each value written for a flow mapping.
    struct TypeText {
        /// The short form in a block and in a flow mapping.
        var short: String
        var shortInFlow: String
        /// The long form's pairs.
        var pairs: [(String, String)]
        /// Whether the short form says it all.
        var isShort: Bool

        /// Adds a key that only the long form holds.
        mutating func add(_ key: String, _ value: String) {
            pairs.append((key, value))
            isShort = false
        }

        /// Adds `nullable:`; the type of a field that may be left out is written `T?`
        /// rather than with `optional: true`, which reads as a pair with it.
        mutating func addNullable(_ nullable: Bool, optional type: TypeReference?) {
            if let type, let index = pairs.firstIndex(where: { $0.0 == "type" }) {
                pairs[index].1 = YAMLText.scalar(type.description, in: .flow)
                pairs.removeAll { $0.0 == "optional" }
            }
            add("nullable", String(nullable))
        }

        /// `Int`, or `{ type: Int, optional: true, … }`.
        func text(in context: YAMLText.Context) -> String {
            guard !isShort else { return context == .flow ? shortInFlow : short }
            return "{ \(pairs.map { "\($0.0): \($0.1)" }.joined(separator: ", ")) }"
        }
    }

    /// A type in the short form where it has one, else the long form.
    private func typeText(_ type: TypeReference, dates: DateFormatName?, defaultValue: String?, swiftName: String?) -> TypeText {
        var optional = false
        var core = type
        if case .optional(let wrapped) = type {
            optional = true
            core = wrapped
        }
        let customDates = dates.flatMap { $0 == spec.dates ? nil : $0 }
        var long: [(String, String)] = []
        switch core {
        case .enumeration(let cases):
            long.append(("enum", "[\(cases.map { YAMLText.text($0, in: .flow) }.joined(separator: ", "))]"))
        case .map(let value):
            // A map's value is text: `{ map: "[String]" }`, never a YAML list.
            long.append(("map", YAMLText.scalar(value.description, in: .flow)))
        default:
            // A list is text in the long form: `type: "[Issue]"`, never a YAML list.
            long.append(("type", YAMLText.scalar(core.description, in: .flow)))
        }
        if let customDates { long.append(("dates", customDates.rawValue)) }
        if optional { long.append(("optional", "true")) }
        if let defaultValue { long.append(("default", YAMLText.text(defaultValue, in: .flow))) }
        if let swiftName { long.append(("swiftName", swiftName)) }
        var isShort = customDates == nil && defaultValue == nil && swiftName == nil
        if case .enumeration = core { isShort = false }
        if case .map = core { isShort = false }
        return TypeText(short: shortText(type, in: .block), shortInFlow: shortText(type, in: .flow), pairs: long, isShort: isShort)
    }

    /// `Int`, `Issue?`, `[Issue]`, `"[Issue]?"`: a list of one plain name is written
    /// bare (YAML reads it as a list holding the name, which the spec accepts).
    private func shortText(_ type: TypeReference, in context: YAMLText.Context) -> String {
        let text = type.description
        if case .array(.named) = type { return text }
        return YAMLText.scalar(text, in: context)
    }
}
