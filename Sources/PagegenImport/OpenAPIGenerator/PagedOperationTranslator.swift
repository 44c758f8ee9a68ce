import OpenAPIKit
import PagegenCore

/// Translates one paged operation into the code model of its extension of
/// swift-openapi-generator's `APIProtocol` (``OpenAPIPagedOperationCode``), which the
/// `OpenAPIPaging` template renders: how its pages are asked for (the paging parameter
/// set in a copy of the operation's `Input`) and read (the items, the next page, the
/// total, from the generated `Output`).
///
/// What the document says reaches the code model as names swift-openapi-generator
/// gives (checked to be identifiers) and as text the model quotes or comments; nothing
/// here writes Swift.
struct PagedOperationTranslator {
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

    /// The generated client's method for the operation.
    private func method() throws(Refusal) -> SwiftIdentifier {
        try identifier(names.memberName(operationID), for: "the operation's method")
    }

    /// `Operations.listRepos`.
    private func namespace() throws(Refusal) -> String {
        "Operations." + (try identifier(names.typeName(operationID), for: "the operation's type")).escaped
    }

    /// `name` as an identifier, or a refusal that says it is not one (a `nameOverrides`
    /// entry of the configuration may give any text).
    private func identifier(_ name: String, for what: String) throws(Refusal) -> SwiftIdentifier {
        guard let identifier = SwiftIdentifier(validating: name) else {
            throw Refusal(reason: "\(what), '\(name)', is not a Swift identifier")
        }
        return identifier
    }

    // MARK: The operation

    func translate() throws(Refusal) -> OpenAPIPagedOperationCode {
        let answer = try successAnswer()
        let items = try itemAccess(answer)
        let namespace = try namespace()
        var sizeMember: Accessor?
        var defaultPageSize = 0
        var size: PageSizeCode?
        if let pageSize = paging.size {
            defaultPageSize = pageSize.defaultValue
            if let parameter = pageSize.parameter {
                // The page size is set in the input, so that the server's pages are the
                // size the list counts with.
                sizeMember = try inputMember(parameter, what: "page size")
                size = PageSizeCode(
                    parameter: PagingParameterCode(name: parameter.name), defaultValue: pageSize.defaultValue,
                    minimum: pageSize.minimum ?? 1, maximum: pageSize.maximum)
            }
        }

        var pageNumberMember: Accessor?
        var offsetMember: Accessor?
        var cursorMember: Accessor?
        var nextLink: OpenAPINextLinkCode?
        var headers: [String] = []
        let style: PagingStyleCode
        switch paging.style {
        case .page(let parameter, let first):
            pageNumberMember = try inputMember(parameter, what: "page number")
            style = .pageNumber(PagingParameterCode(name: parameter.name), first: first)
        case .offset(let parameter, let first):
            offsetMember = try inputMember(parameter, what: "offset")
            style = .offset(PagingParameterCode(name: parameter.name), first: first)
        case .cursor(let parameter, let source):
            cursorMember = try inputMember(parameter, what: "cursor")
            let next: SourceCode
            switch source {
            case .body(let path):
                next = .body(
                    Closure(value: ConvertedValue(accessor: try bodyValue(path, answer: answer, what: "cursor"), conversion: .openAPIText)))
            case .item(let path):
                next = .item(
                    Closure(
                        value: ConvertedValue(
                            accessor: try itemValue(path, items: items, what: "cursor"), conversion: .openAPIText, emptyWhenNil: true)))
            case .header(let name):
                next = .header(StringLiteral(name))
                headers.append(name)
            }
            style = .cursor(PagingParameterCode(name: parameter.name), next: next, previousParameter: nil, previous: nil)
        case .link:
            style = .link(next: .linkHeader, previous: nil)
            headers.append("Link")
            nextLink = try nextLinkCode()
        case .next(let path):
            style = .link(
                next: .body(
                    Closure(
                        value: ConvertedValue(accessor: try bodyValue(path, answer: answer, what: "next link"), conversion: .openAPIText))),
                previous: nil)
            nextLink = try nextLinkCode()
        }

        var arguments = [ArgumentCode(label: "style", value: style)]
        if let size { arguments.append(ArgumentCode(label: "size", value: size)) }
        arguments.append(ArgumentCode(label: "items", value: Closure(value: ConvertedValue(accessor: items.accessor, conversion: .none))))
        switch paging.total {
        case .path(let path)?:
            arguments.append(
                ArgumentCode(label: "total", value: SourceCode.body(try bodyRead(path, answer: answer, what: "total", as: .openAPICount))))
        case .header(let name)?:
            arguments.append(ArgumentCode(label: "total", value: SourceCode.header(StringLiteral(name))))
            headers.append(name)
        case nil:
            break
        }
        if let path = paging.totalPages {
            arguments.append(
                ArgumentCode(
                    label: "totalPages",
                    value: SourceCode.body(try bodyRead(path, answer: answer, what: "number of pages", as: .openAPICount))))
        }
        if let path = paging.hasMore {
            arguments.append(
                ArgumentCode(label: "hasMore", value: try bodyRead(path, answer: answer, what: "has-more flag", as: .openAPIFlag)))
        }
        if let path = paging.last {
            arguments.append(
                ArgumentCode(label: "isLast", value: try bodyRead(path, answer: answer, what: "last-page flag", as: .openAPIFlag)))
        }

        // Header fields the document declares are read from the generated headers; the
        // others need PagingResponseMiddleware.
        var declared: [OpenAPIHeaderReadCode] = []
        var undeclared: [String] = []
        for name in headers {
            guard let member = answer.headers[name.lowercased()] else {
                undeclared.append(name)
                continue
            }
            let read = Accessor.openAPIHeaders(of: answer.caseName)
            let value = Accessor(base: read.base, steps: read.steps + [.member(member, throughOptional: false)], isOptional: true)
            declared.append(OpenAPIHeaderReadCode(name: name, value: ConvertedValue(accessor: value, conversion: .openAPIText)))
        }

        return OpenAPIPagedOperationCode(
            operationID: operationID, styleSummary: Self.describe(paging.style), access: access == .internal ? "" : access.rawValue + " ",
            isDeprecated: draft.operation.operation.deprecated, method: try method(), inputType: .named(namespace + ".Input"),
            outputType: .named(namespace + ".Output"), itemType: items.type, sizeMember: sizeMember, defaultPageSize: defaultPageSize,
            pagingArguments: ArgumentList(arguments), pageNumberMember: pageNumberMember, offsetMember: offsetMember,
            cursorMember: cursorMember, nextLink: nextLink, serverURL: serverURL, identity: identity(items),
            undeclaredHeaders: undeclared, declaredHeaders: declared, answers: try answers(answer))
    }

    // MARK: The answer that holds the page

    /// The page's answer: how the generated `Output` gives its body, and the type the body is.
    struct Answer {
        /// `ok`, `successful`, `default`: the case, and the throwing getter of its response.
        var caseName: SwiftIdentifier
        /// `json`: the getter of the body's JSON case.
        var contentCase: SwiftIdentifier
        /// The body's schema and type.
        var body: GeneratedTypeWalker.Typed
        /// The response's declared header fields, by lower-cased name, with their Swift members.
        var headers: [String: SwiftIdentifier]
        /// `(try? $0.ok.body.json)`
        var bodyRead: Accessor { .openAPIBody(of: caseName, as: contentCase) }
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
            case .a(let reference):
                "Components.Responses." + (try identifier(names.typeName(reference.name ?? ""), for: "the response's type")).escaped
            case .b: try namespace() + ".Output." + SwiftOpenAPINames.uppercasingFirst(caseName.name)
            }
        let json = response.content.first { key, value in
            guard case .b = value else { return false }
            return EndpointImporter.isJSON(key.rawValue) && !EndpointImporter.isWildcard(key.rawValue)
        }
        guard let (contentType, content) = json, case .b(let media) = content, let schema = media.schema else {
            throw Refusal(reason: "the \(status) response has no JSON body with a schema")
        }
        let contentCase = try identifier(names.contentTypeName(contentType.rawValue), for: "the body's case")
        var body = GeneratedTypeWalker.Typed(schema: schema, typeName: nil)
        if let builtin = walker.builtinType(schema) {
            body.typeName = builtin
        } else if case .reference = schema.value {
            body = (try? walker.dereference(body)) ?? body
        } else {
            body.typeName = responseType + ".Body." + names.typeName(contentCase.name) + "Payload"
        }
        var headers: [String: SwiftIdentifier] = [:]
        for name in response.headers?.keys ?? [] {
            headers[name.lowercased()] = SwiftIdentifier(validating: names.memberName(name))
        }
        return Answer(caseName: caseName, contentCase: contentCase, body: body, headers: headers)
    }

    /// The name of an answer's case: `ok` for 200, `successful` for 2XX, `default`.
    static func caseName(of status: OpenAPI.Response.StatusCode) throws(Refusal) -> SwiftIdentifier {
        let raw = status.rawValue
        let name: String? =
            if raw == "default" {
                "default"
            } else if let code = Int(raw) {
                SwiftOpenAPINames.statusCaseName(code)
            } else {
                SwiftOpenAPINames.rangeCaseName(raw)
            }
        guard let name, let identifier = SwiftIdentifier(validating: name) else {
            throw Refusal(reason: "the status '\(raw)' is neither a code, a range nor default")
        }
        return identifier
    }

    // MARK: Items

    /// The items: how Swift reads them from the `Output`, and their type.
    struct Items {
        var accessor: Accessor
        var type: SwiftType
        var isOptionalElement: Bool
        var element: GeneratedTypeWalker.Typed
    }

    private func itemAccess(_ answer: Answer) throws(Refusal) -> Items {
        let path = paging.items?.segments ?? []
        do {
            let access = try walker.access(path, from: answer.body, startingOptional: true)
            let (element, nullable) = try walker.element(of: access.target)
            guard let name = element.typeName else {
                throw Refusal(reason: "the items are of an inline type that has no name of its own in the generated code")
            }
            return Items(
                accessor: access.accessor(from: answer.bodyRead), type: nullable ? .optional(.named(name)) : .named(name),
                isOptionalElement: nullable, element: element)
        } catch let refusal as GeneratedTypeWalker.Refusal {
            throw Refusal(reason: "the items '\(paging.items?.description ?? "")' cannot be read: \(refusal.reason)")
        } catch {
            throw error as! Refusal
        }
    }

    /// A value of the body at `path`, read from the `Output`.
    private func bodyValue(_ path: ResponsePath, answer: Answer, what: String) throws(Refusal) -> Accessor {
        do {
            return try walker.access(path.segments, from: answer.body, startingOptional: true).accessor(from: answer.bodyRead)
        } catch {
            throw Refusal(reason: "the \(what) '\(path)' cannot be read: \(error.reason)")
        }
    }

    /// A closure that reads a value of the body at `path` from the `Output`, converted.
    private func bodyRead(
        _ path: ResponsePath, answer: Answer, what: String, as conversion: ConvertedValue.Conversion
    ) throws(Refusal) -> Closure {
        Closure(value: ConvertedValue(accessor: try bodyValue(path, answer: answer, what: what), conversion: conversion))
    }

    /// A value of an item at `path`, read from the item.
    private func itemValue(_ path: ResponsePath, items: Items, what: String) throws(Refusal) -> Accessor {
        do {
            let access = try walker.access(path.segments, from: items.element, startingOptional: items.isOptionalElement)
            return access.accessor(from: Accessor(base: "$0", steps: [], isOptional: items.isOptionalElement))
        } catch {
            throw Refusal(reason: "the \(what) '\(path)' of an item cannot be read: \(error.reason)")
        }
    }

    /// `{ $0.id }`, for an item with an `id` of a scalar type; nil otherwise.
    private func identity(_ items: Items) -> Closure? {
        guard let access = try? walker.access([.key("id")], from: items.element, startingOptional: items.isOptionalElement),
            let target = try? walker.dereference(access.target)
        else { return nil }
        switch target.schema.value {
        case .string(let core, _) where core.allowedValues == nil && target.typeName == "Swift.String": break
        case .integer(let core, _) where core.allowedValues == nil: break
        default: return nil
        }
        let accessor = access.accessor(from: Accessor(base: "$0", steps: [], isOptional: items.isOptionalElement))
        return Closure(value: ConvertedValue(accessor: accessor, conversion: .none))
    }

    // MARK: Parameters

    /// `input.query.page`: where a paging parameter is in the `Input`.
    private func inputMember(_ parameter: ImportedPaging.Parameter, what: String) throws(Refusal) -> Accessor {
        if parameter.location == .body {
            throw Refusal(reason: "the \(what) '\(parameter.name)' goes in the request body, which the extensions do not set")
        }
        guard let declared = draft.parameter(parameter.name), declared.name == parameter.name else {
            throw Refusal(reason: "the \(what) '\(parameter.name)' is not a parameter the operation declares")
        }
        let member = try identifier(names.memberName(declared.name), for: "the \(what)'s member")
        switch (parameter.location, declared.location) {
        case (.query, .query): return .openAPIInput(SwiftIdentifier(validating: "query")!, member)
        case (.header, .header): return .openAPIInput(SwiftIdentifier(validating: "headers")!, member)
        default:
            throw Refusal(
                reason: "the \(what) '\(parameter.name)' goes in the \(parameter.location.rawValue), which the extensions do not set")
        }
    }

    // MARK: Next links

    /// How a next link is turned back into the input: its path and query items set into it.
    private func nextLinkCode() throws(Refusal) -> OpenAPINextLinkCode {
        var assignments: [OpenAPILinkAssignmentCode] = []
        var declared: [String] = []
        for parameter in draft.parameters {
            guard let schema = parameter.schema, let kind = Self.assignable(schema, walker: walker, required: parameter.required)
            else { continue }
            switch parameter.location {
            case .query:
                declared.append(parameter.name)
                if kind != .none {
                    let member = try identifier(names.memberName(parameter.name), for: "the query parameter's member")
                    assignments.append(
                        OpenAPILinkAssignmentCode(
                            name: parameter.name, member: .openAPIInput(SwiftIdentifier(validating: "query")!, member), isPath: false))
                }
            case .path:
                if kind == .scalar {
                    let member = try identifier(names.memberName(parameter.name), for: "the path parameter's member")
                    assignments.append(
                        OpenAPILinkAssignmentCode(
                            name: parameter.name, member: .openAPIInput(SwiftIdentifier(validating: "path")!, member), isPath: true))
                }
            case .header, .cookie:
                break
            }
        }
        return OpenAPINextLinkCode(path: draft.operation.path, query: declared, assignments: assignments)
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

    /// The cases of the `Output`: the page's answer, then each other as an error.
    private func answers(_ answer: Answer) throws(Refusal) -> [OpenAPIAnswerCode] {
        var answers: [OpenAPIAnswerCode] = []
        for (status, _) in draft.operation.operation.responses {
            let name = try Self.caseName(of: status)
            answers.append(OpenAPIAnswerCode(caseName: name, code: Int(status.rawValue), isPage: name == answer.caseName))
        }
        return answers
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
