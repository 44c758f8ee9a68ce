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
        if model.fields.isEmpty {
            line(2, "\(model.name): {}")
            return
        }
        // The long form keeps a field called `fields` from reading as the model's fields.
        let longForm = model.fields.contains { $0.name == "fields" } || model.description != nil
        line(2, "\(model.name):")
        var indent = 4
        if longForm {
            if let description = model.description { line(4, "description: \(YAMLText.scalar(description))") }
            line(4, "fields:")
            indent = 6
        }
        for field in model.fields {
            line(indent, "\(key(field.name)): \(typeText(field.type, dates: field.dates, defaultValue: nil, swiftName: field.swiftName))")
        }
    }

    // MARK: Endpoints

    private mutating func writeEndpoint(_ endpoint: ImportedEndpoint) {
        comments(2, endpoint.comments)
        line(2, "\(endpoint.name):")
        if let summary = endpoint.summary { line(4, "summary: \(YAMLText.scalar(summary))") }
        line(4, "\(endpoint.method.lowercased()): \(YAMLText.scalar(endpoint.path))")
        writeParameters("path", endpoint.pathParameters)
        writeParameters("query", endpoint.query)
        writeParameters("header", endpoint.header)
        if let body = endpoint.body { line(4, "body: \(body)") }
        line(4, "returns: \(typeText(endpoint.returns, dates: nil, defaultValue: nil, swiftName: nil))")
        if let paging = endpoint.paging { writePaging(paging) }
    }

    private mutating func writeParameters(_ section: String, _ parameters: [ImportedParameter]) {
        guard !parameters.isEmpty else { return }
        let entries = parameters.map {
            "\(key($0.name, in: .flow)): \(typeText($0.type, dates: nil, defaultValue: $0.defaultValue, swiftName: $0.swiftName, in: .flow))"
        }
        let flow = "\(section): { \(entries.joined(separator: ", ")) }"
        if parameters.count <= 3, flow.count <= 76 {
            line(4, flow)
        } else {
            line(4, "\(section):")
            for parameter in parameters {
                line(
                    6,
                    "\(key(parameter.name)): \(typeText(parameter.type, dates: nil, defaultValue: parameter.defaultValue, swiftName: parameter.swiftName))"
                )
            }
        }
    }

    private mutating func writePaging(_ paging: ImportedPaging) {
        comments(4, paging.comments)
        line(4, "paging:")
        line(6, styleText(paging.style))
        if let previous = paging.previous { line(6, "prev: " + styleText(previous).split(separator: " ", maxSplits: 1)[1]) }
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

    /// A type in the short form where it has one, else the long form.
    private func typeText(
        _ type: TypeReference, dates: DateFormatName?, defaultValue: String?, swiftName: String?,
        in context: YAMLText.Context = .block
    ) -> String {
        var optional = false
        var core = type
        if case .optional(let wrapped) = type {
            optional = true
            core = wrapped
        }
        let customDates = dates.flatMap { $0 == spec.dates ? nil : $0 }
        var long: [String] = []
        switch core {
        case .enumeration(let cases):
            long.append("enum: [\(cases.map { YAMLText.text($0, in: .flow) }.joined(separator: ", "))]")
        case .map(let value):
            // A map's value is text: `{ map: "[String]" }`, never a YAML list.
            long.append("map: \(YAMLText.scalar(value.description, in: .flow))")
        default:
            guard customDates != nil || defaultValue != nil || swiftName != nil else { return shortText(type, in: context) }
            long.append("type: \(shortText(core, in: .flow))")
        }
        if let customDates { long.append("dates: \(customDates.rawValue)") }
        if optional { long.append("optional: true") }
        if let defaultValue { long.append("default: \(YAMLText.text(defaultValue, in: .flow))") }
        if let swiftName { long.append("swiftName: \(swiftName)") }
        return "{ \(long.joined(separator: ", ")) }"
    }

    /// `Int`, `Issue?`, `[Issue]`, `"[Issue]?"`: a list of one plain name is written
    /// bare (YAML reads it as a list holding the name, which the spec accepts).
    private func shortText(_ type: TypeReference, in context: YAMLText.Context) -> String {
        let text = type.description
        if case .array(.named) = type { return text }
        return YAMLText.scalar(text, in: context)
    }
}
