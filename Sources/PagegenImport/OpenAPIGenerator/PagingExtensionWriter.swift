import OpenAPIKit
import PagegenCore

/// Writes one paged operation's extension of swift-openapi-generator's `APIProtocol`:
/// how its pages are asked for (the paging parameter set in a copy of the operation's
/// `Input`) and read (the items, the next page, the total, from the generated `Output`).
struct PagingExtensionWriter {
    let draft: EndpointDraft
    let paging: ImportedPaging
    let walker: GeneratedTypeWalker
    let names: SwiftOpenAPINames
    let access: OpenAPIGeneratorConfig.Access
    /// The document's first server, to resolve relative links against.
    let serverURL: String

    /// Why an operation's paging cannot be written on swift-openapi-generator's types.
    struct Refusal: Error {
        var reason: String
    }

    /// The id swift-openapi-generator names the operation by: its `operationId`, or its
    /// method and path.
    var operationID: String {
        draft.operation.operation.operationId ?? "\(draft.operation.method.lowercased())\(draft.operation.path)"
    }

    private var method: String { names.memberName(operationID) }
    private var namespace: String { "Operations." + names.typeName(operationID) }

    // MARK: The extension

    func write() throws(Refusal) -> String {
        let answer = try successAnswer()
        let items = try itemAccess(answer)
        let itemType = items.typeName
        let accessModifier = access == .internal ? "" : access.rawValue + " "
        let input = "\(namespace).Input"
        let loader = try loaderBody(answer: answer, items: items)
        let style = Self.describe(paging.style)
        // A deprecated operation's extensions are deprecated too, and say so to their callers.
        let deprecated =
            draft.operation.operation.deprecated
            ? "@available(*, deprecated, message: \"the operation \(operationID) is deprecated\")\n    " : ""
        let modifier = deprecated + accessModifier
        return """
            // MARK: - \(operationID): \(style)

            extension APIProtocol {
                /// The pages of `\(operationID)` (\(style)), as an `AsyncSequence`: the next pages
                /// are fetched while one is handled, and cancelling the task that iterates cancels them.
                /// - Parameters:
                ///   - input: The operation's input; each page is asked for with a copy whose paging parameters are set.
                ///   - start: Where an earlier walk stopped (`APIError.resumePoint`); nil starts at the first page.
                \(modifier)func \(method)Pages(_ input: \(input), from start: PagegenRuntime.ResumePoint? = nil) -> PagegenRuntime.PageSequence<\(itemType)> {
                    PagegenRuntime.PageSequence(\(method)PageLoader(input), resumingFrom: start)
                }

                /// Every item of `\(operationID)`, page after page, each delivered once.
                /// - Parameters:
                ///   - input: The operation's input; each page is asked for with a copy whose paging parameters are set.
                ///   - start: Where an earlier walk stopped (`APIError.resumePoint`); nil starts at the first page.
                \(modifier)func \(method)Items(_ input: \(input), from start: PagegenRuntime.ResumePoint? = nil) -> PagegenRuntime.ItemSequence<\(itemType)> {
                    PagegenRuntime.ItemSequence(\(method)PageLoader(input), resumingFrom: start)
                }

                /// A list adapter that a table view, a collection view or a SwiftUI `List` of
                /// `\(operationID)`'s items can be driven by.
                /// - Parameters:
                ///   - input: The operation's input; each page is asked for with a copy whose paging parameters are set.
                ///   - options: How the list loads, prefetches and keeps pages.
                @MainActor \(modifier)func \(method)List(_ input: \(input), options: PagegenRuntime.PagedListOptions = PagegenRuntime.PagedListOptions()) -> PagegenRuntime.PagedList<\(itemType)> {
                    PagegenRuntime.PagedList(\(method)PageLoader(input), options: options)
                }

                /// What the sequences and the list of `\(operationID)` load its pages with.
                /// - Parameter input: The operation's input; each page is asked for with a copy whose paging parameters are set.
                \(modifier)func \(method)PageLoader(_ input: \(input)) -> PagegenRuntime.PageLoader<\(itemType)> {
            \(loader)
                }
            }

            """
    }

    // MARK: The answer that holds the page

    /// The page's answer: how the generated `Output` gives its body, and the type the body is.
    struct Answer {
        /// `ok`, `successful`, `` `default` ``: the case, and the throwing getter of its response.
        var caseName: String
        /// `json`: the getter of the body's JSON case.
        var contentCase: String
        /// The body's schema and type.
        var body: GeneratedTypeWalker.Typed
        /// The response's declared header fields, by name, with their Swift members.
        var headers: [String: String]
        /// `(try? output.ok.body.json)`
        var bodyExpression: String { "(try? output.\(caseName).body.\(contentCase))" }
    }

    private func successAnswer() throws(Refusal) -> Answer {
        let responses = draft.operation.operation.responses
        guard let status = draft.responseStatus, let entry = responses.first(where: { $0.key.rawValue == status }) else {
            throw Refusal(reason: "the document declares no success response")
        }
        let caseName = try Self.caseName(of: entry.key)
        guard let response = walker.components[entry.value] else {
            throw Refusal(reason: "the \(status) response's reference leads to no response of components")
        }
        let responseType: String =
            switch entry.value {
            case .a(let reference): "Components.Responses." + names.typeName(reference.name ?? "")
            case .b: namespace + ".Output." + SwiftOpenAPINames.uppercasingFirst(caseName.replacingOccurrences(of: "`", with: ""))
            }
        let json = response.content.first { key, value in
            guard case .b = value else { return false }
            return EndpointImporter.isJSON(key.rawValue) && !EndpointImporter.isWildcard(key.rawValue)
        }
        guard let (contentType, content) = json, case .b(let media) = content, let schema = media.schema else {
            throw Refusal(reason: "the \(status) response has no JSON body with a schema")
        }
        let contentCase = names.contentTypeName(contentType.rawValue)
        var body = GeneratedTypeWalker.Typed(schema: schema, typeName: nil)
        if let builtin = walker.builtinType(schema) {
            body.typeName = builtin
        } else if case .reference = schema.value {
            body = (try? walker.dereference(body)) ?? body
        } else {
            body.typeName = responseType + ".Body." + names.typeName(contentCase) + "Payload"
        }
        var headers: [String: String] = [:]
        for name in response.headers?.keys ?? [] { headers[name.lowercased()] = names.memberName(name) }
        return Answer(caseName: caseName, contentCase: contentCase, body: body, headers: headers)
    }

    /// The name of an answer's case: `ok` for 200, `successful` for 2XX, `` `default` ``.
    static func caseName(of status: OpenAPI.Response.StatusCode) throws(Refusal) -> String {
        let raw = status.rawValue
        if raw == "default" { return "`default`" }
        if let code = Int(raw) { return SwiftOpenAPINames.statusCaseName(code) }
        if let range = SwiftOpenAPINames.rangeCaseName(raw) { return range }
        throw Refusal(reason: "the status '\(raw)' is neither a code, a range nor default")
    }

    // MARK: Items

    /// The items: how Swift reads them from the body, and their type.
    struct Items {
        var expression: String
        var typeName: String
        var isOptionalElement: Bool
        var element: GeneratedTypeWalker.Typed
    }

    private func itemAccess(_ answer: Answer) throws(Refusal) -> Items {
        let path = paging.items?.segments ?? []
        do {
            let access = try walker.access(path, from: answer.body)
            let (element, nullable) = try walker.element(of: access.target)
            guard let name = element.typeName else {
                throw Refusal(reason: "the items are of an inline type that has no name of its own in the generated code")
            }
            return Items(
                expression: Self.chained(answer.bodyExpression, access.expression), typeName: nullable ? name + "?" : name,
                isOptionalElement: nullable, element: element)
        } catch let refusal as GeneratedTypeWalker.Refusal {
            throw Refusal(reason: "the items '\(paging.items?.description ?? "")' cannot be read: \(refusal.reason)")
        } catch {
            throw error as! Refusal
        }
    }

    /// `(try? output.ok.body.json)?.data.items`: a path read after an optional body.
    static func chained(_ base: String, _ expression: String) -> String {
        guard !expression.isEmpty else { return base }
        if expression.hasPrefix("?") { return base + expression }
        return base + "?" + expression
    }

    /// A value of the body at `path`, as an expression on `output`.
    private func bodyValue(_ path: ResponsePath, answer: Answer, what: String) throws(Refusal) -> String {
        do {
            return Self.chained(answer.bodyExpression, try walker.access(path.segments, from: answer.body).expression)
        } catch {
            throw Refusal(reason: "the \(what) '\(path)' cannot be read: \(error.reason)")
        }
    }

    /// A value of an item at `path`, as an expression on `item`.
    private func itemValue(_ path: ResponsePath, items: Items, what: String) throws(Refusal) -> String {
        do {
            let access = try walker.access(path.segments, from: items.element)
            return "item" + (items.isOptionalElement ? "?" : "") + access.expression
        } catch {
            throw Refusal(reason: "the \(what) '\(path)' of an item cannot be read: \(error.reason)")
        }
    }

    /// `{ $0.id }`, for an item with an `id` of a scalar type; nil otherwise.
    private func identity(_ items: Items) -> String? {
        guard let access = try? walker.access([.key("id")], from: items.element),
            let target = try? walker.dereference(access.target)
        else { return nil }
        switch target.schema.value {
        case .string(let core, _) where core.allowedValues == nil && target.typeName == "Swift.String": break
        case .integer(let core, _) where core.allowedValues == nil: break
        default: return nil
        }
        return "{ item in item\(items.isOptionalElement ? "?" : "")\(access.expression) }"
    }

    // MARK: Parameters

    /// `input.query.page`: where a paging parameter is in the `Input`.
    private func inputMember(_ parameter: ImportedPaging.Parameter, what: String) throws(Refusal) -> String {
        if parameter.location == .body {
            throw Refusal(reason: "the \(what) '\(parameter.name)' goes in the request body, which the extensions do not set")
        }
        guard let declared = draft.parameter(parameter.name), declared.name == parameter.name else {
            throw Refusal(reason: "the \(what) '\(parameter.name)' is not a parameter the operation declares")
        }
        switch (parameter.location, declared.location) {
        case (.query, .query): return "input.query." + names.memberName(declared.name)
        case (.header, .header): return "input.headers." + names.memberName(declared.name)
        default:
            throw Refusal(
                reason: "the \(what) '\(parameter.name)' goes in the \(parameter.location.rawValue), which the extensions do not set")
        }
    }

    // MARK: The loader

    private func loaderBody(answer: Answer, items: Items) throws(Refusal) -> String {
        var lines: [String] = []
        // The arguments of Paging's initializer, in its order.
        var style = ""
        var sizeArgument: String?
        var optionalArguments: [String] = []
        var keyCases: [String] = []

        // The page size: the input's, or the default, set in the input so that the
        // server's pages are the size the list counts with.
        var pageSize = "0"
        if let size = paging.size {
            if let parameter = size.parameter {
                let member = try inputMember(parameter, what: "page size")
                lines.append("        var input = input")
                lines.append("        let pageSize = OpenAPIPaging.size(&\(member), default: \(size.defaultValue))")
                pageSize = "pageSize"
                let maximum = size.maximum.map { ", maximum: \($0)" } ?? ""
                sizeArgument =
                    ("size: PagegenRuntime.PageSize(PagegenRuntime.Parameter(\(Self.literal(parameter.name))), default: \(size.defaultValue), minimum: \(size.minimum ?? 1)\(maximum))")
            } else {
                pageSize = String(size.defaultValue)
            }
        }

        // The style: how a key is sent, and how the next key is read.
        var neededHeaders: [String] = []
        switch paging.style {
        case .page(let parameter, let first):
            let member = try inputMember(parameter, what: "page number")
            style = "style: .pageNumber(PagegenRuntime.Parameter(\(Self.literal(parameter.name))), first: \(first))"
            keyCases.append("case .number(let number): try OpenAPIPaging.assign(number, to: &\(member))")
        case .offset(let parameter, let first):
            let member = try inputMember(parameter, what: "offset")
            style = "style: .offset(PagegenRuntime.Parameter(\(Self.literal(parameter.name))), first: \(first))"
            keyCases.append("case .offset(let offset): try OpenAPIPaging.assign(offset, to: &\(member))")
        case .cursor(let parameter, let source):
            let member = try inputMember(parameter, what: "cursor")
            let next: String
            switch source {
            case .body(let path):
                next = ".body({ output in OpenAPIPaging.text(\(try bodyValue(path, answer: answer, what: "cursor"))) })"
            case .item(let path):
                next = ".item({ item in OpenAPIPaging.text(\(try itemValue(path, items: items, what: "cursor"))) ?? \"\" })"
            case .header(let name):
                next = ".header(\(Self.literal(name)))"
                neededHeaders.append(name)
            }
            style = "style: .cursor(PagegenRuntime.Parameter(\(Self.literal(parameter.name))), next: \(next))"
            keyCases.append("case .after(let cursor): try OpenAPIPaging.assign(cursor, to: &\(member))")
        case .link:
            style = "style: .link(next: .linkHeader)"
            neededHeaders.append("Link")
            keyCases.append(contentsOf: try linkCase())
        case .next(let path):
            style =
                "style: .link(next: .body({ output in OpenAPIPaging.text(\(try bodyValue(path, answer: answer, what: "next link"))) }))"
            keyCases.append(contentsOf: try linkCase())
        }

        switch paging.total {
        case .path(let path)?:
            optionalArguments.append(
                "total: .body({ output in OpenAPIPaging.count(\(try bodyValue(path, answer: answer, what: "total"))) })")
        case .header(let name)?:
            optionalArguments.append("total: .header(\(Self.literal(name)))")
            neededHeaders.append(name)
        case nil:
            break
        }
        if let path = paging.totalPages {
            optionalArguments.append(
                "totalPages: .body({ output in OpenAPIPaging.count(\(try bodyValue(path, answer: answer, what: "number of pages"))) })")
        }
        if let path = paging.hasMore {
            optionalArguments.append(
                "hasMore: { output in OpenAPIPaging.flag(\(try bodyValue(path, answer: answer, what: "has-more flag"))) }")
        }
        if let path = paging.last {
            optionalArguments.append(
                "isLast: { output in OpenAPIPaging.flag(\(try bodyValue(path, answer: answer, what: "last-page flag"))) }")
        }

        let output = "\(namespace).Output"
        let pagingArguments = [style] + (sizeArgument.map { [$0] } ?? []) + ["items: { output in \(items.expression) }"] + optionalArguments
        lines.append("        let paging = PagegenRuntime.Paging<\(output), \(items.typeName)>(")
        lines.append(pagingArguments.map { "            \($0)" }.joined(separator: ",\n") + ")")

        // Header fields the document declares are read from the generated headers; the
        // others need PagingResponseMiddleware.
        let declared = neededHeaders.compactMap { name in answer.headers[name.lowercased()].map { (name, $0) } }
        let undeclared = neededHeaders.filter { answer.headers[$0.lowercased()] == nil }
        var loaderArguments = [
            "operation: \(Self.literal(operationID))", "paging: paging", "pageSize: \(pageSize)",
            "serverURL: Foundation.URL(string: \(Self.literal(serverURL)))!",
        ]
        if let identity = identity(items) { loaderArguments.append("identity: \(identity)") }
        if !undeclared.isEmpty {
            loaderArguments.append("undeclaredHeaders: [\(undeclared.map(Self.literal).joined(separator: ", "))]")
        }
        if !declared.isEmpty {
            let pairs = declared.map { name, member in
                "(\(Self.literal(name)), OpenAPIPaging.text((try? output.\(answer.caseName))?.headers.\(member)))"
            }
            loaderArguments.append("declaredHeaders: { output in [\(pairs.joined(separator: ", "))] }")
        }
        lines.append("        let base = input")
        lines.append("        return OpenAPIPaging.loader(")
        lines.append(loaderArguments.map { "            \($0)" }.joined(separator: ",\n"))
        lines.append("        ) { key in")
        lines.append("            var input = base")
        lines.append("            switch key {")
        lines += keyCases.map { "            \($0)" }
        lines.append("            default: break")
        lines.append("            }")
        lines.append("            return try await self.\(method)(input)")
        lines.append("        } failure: { output in")
        lines += try failureSwitch(answer).map { "            \($0)" }
        lines.append("        }")
        return lines.joined(separator: "\n")
    }

    /// The cases of a next link: its path and query items set into the input.
    private func linkCase() throws(Refusal) -> [String] {
        var assignments: [String] = []
        var declared: [String] = []
        for parameter in draft.parameters {
            guard let schema = parameter.schema, let kind = Self.assignable(schema, walker: walker, required: parameter.required)
            else { continue }
            switch parameter.location {
            case .query:
                declared.append(parameter.name)
                if kind != .none {
                    assignments.append(
                        "try link.assign(\(Self.literal(parameter.name)), to: &input.query.\(names.memberName(parameter.name)))")
                }
            case .path:
                if kind == .scalar {
                    assignments.append(
                        "try link.assignPath(\(Self.literal(parameter.name)), to: &input.path.\(names.memberName(parameter.name)))")
                }
            case .header, .cookie:
                break
            }
        }
        let names = declared.sorted().map(Self.literal).joined(separator: ", ")
        return [
            "case .url(let url):",
            "    let link = try NextLink(url, operation: \(Self.literal(operationID)), path: \(Self.literal(draft.operation.path)), query: [\(names)])",
        ] + assignments.map { "    " + $0 }
    }

    /// How a next link's value can be set into a parameter of `schema`.
    enum Assignable {
        /// A scalar, an enum of strings, or (optional) a date or a list of those.
        case scalar
        /// Declared, but of a type a link's text is not set into (a required list).
        case none
    }

    static func assignable(_ schema: JSONSchema, walker: GeneratedTypeWalker, required: Bool) -> Assignable? {
        guard let resolved = try? walker.dereference(GeneratedTypeWalker.Typed(schema: schema, typeName: nil)) else { return nil }
        switch resolved.schema.value {
        case .string(let core, let string):
            if string.contentEncoding != nil { return nil }
            if core.format == .dateTime { return required ? Assignable.none : .scalar }
            return .scalar
        case .integer(let core, _):
            return core.allowedValues == nil ? .scalar : nil
        case .number, .boolean:
            return .scalar
        case .array(_, let array):
            guard let items = array.items, let element = assignable(items, walker: walker, required: true), element == .scalar,
                (try? walker.dereference(GeneratedTypeWalker.Typed(schema: items, typeName: nil)))?.schema.formatString != "date-time"
            else { return nil }
            return required ? Assignable.none : .scalar
        default:
            return nil
        }
    }

    /// The `switch` that says what an answer that is not the page is.
    private func failureSwitch(_ answer: Answer) throws(Refusal) -> [String] {
        var lines = ["switch output {"]
        var hasDefault = false
        for (status, _) in draft.operation.operation.responses {
            let name = try Self.caseName(of: status)
            if name == answer.caseName {
                lines.append("case .\(name): return nil")
                continue
            }
            if let code = Int(status.rawValue) {
                lines.append("case .\(name)(let response): return await OpenAPIPaging.failure(status: \(code), response: response)")
            } else {
                if name == "`default`" { hasDefault = true }
                lines.append(
                    "case .\(name)(let statusCode, let response): return await OpenAPIPaging.failure(status: statusCode, response: response)"
                )
            }
        }
        if !hasDefault {
            lines.append(
                "case .undocumented(let statusCode, let payload): return await OpenAPIPaging.failure(status: statusCode, undocumented: payload)"
            )
        }
        lines.append("}")
        return lines
    }

    // MARK: Text

    /// A Swift string literal.
    static func literal(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    escaped += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"\(escaped)\""
    }

    /// `page numbers in page`, for the comments.
    static func describe(_ style: ImportedPaging.Style) -> String {
        switch style {
        case .page(let parameter, _): "page numbers in '\(parameter.name)'"
        case .offset(let parameter, _): "offsets in '\(parameter.name)'"
        case .cursor(let parameter, .body(let path)): "a cursor from '\(path)' in '\(parameter.name)'"
        case .cursor(let parameter, .item(let path)): "the last item's '\(path)' in '\(parameter.name)'"
        case .cursor(let parameter, .header(let name)): "a cursor from the \(name) header in '\(parameter.name)'"
        case .link: "the Link header's next link"
        case .next(let path): "the next link in '\(path)'"
        }
    }
}
