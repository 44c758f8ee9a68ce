import OpenAPIKit
import PagegenCore
import PagegenYAML

/// An endpoint on its way into the spec, with what the paging importer needs to
/// know about the operation: its parameters' schemas, its response's schema and
/// headers, its body's schema.
struct EndpointDraft {
    var endpoint: ImportedEndpoint
    var operation: ImportedOperation
    /// Every parameter the operation takes, translated or not.
    var parameters: [ParameterDraft] = []
    /// The JSON schema of the success response, when it has one.
    var responseSchema: JSONSchema?
    /// The success response's status code, such as `200`.
    var responseStatus: String?
    /// The success response's header names.
    var responseHeaders: [String] = []
    /// The description and example of the success response's `Link` header.
    var linkHeaderText: String?
    /// The schema of an error response (`default` or a 4xx), for in-body errors.
    var errorSchema: JSONSchema?
    /// The request body's schema, when it is JSON.
    var bodySchema: JSONSchema?
    /// The success response's first JSON example, beside its schema: where a paging
    /// convention looks for a list that a loose schema does not declare.
    var responseExample: (node: Node, pointer: JSONPointer, name: String)?

    /// The parameter named `name` (case-insensitive when there is no exact match).
    func parameter(_ name: String) -> ParameterDraft? {
        parameters.first { $0.name == name } ?? parameters.first { $0.name.lowercased() == name.lowercased() }
    }
}

/// One parameter of an operation.
struct ParameterDraft {
    enum Location: String {
        case path, query, header, cookie
    }

    var name: String
    var location: Location
    var required: Bool
    var deprecated: Bool
    var description: String?
    var schema: JSONSchema?
    /// The translated parameter; nil when it could not be translated.
    var imported: ImportedParameter?
    var pointer: JSONPointer
    /// What the endpoint's comment says about it.
    var comments: [String] = []
}

extension EndpointDraft {
    /// The operation and how it pages, for ``ImportResult/operations``.
    var summary: ImportedOperationSummary {
        ImportedOperationSummary(
            method: operation.method, path: operation.path, operationID: operation.operation.operationId,
            paging: endpoint.paging.map(\.summary))
    }
}

extension ImportedPaging {
    /// The style, parameter, next source and items, as ``ImportedOperationSummary/Paging`` says them.
    var summary: ImportedOperationSummary.Paging {
        let items = self.items?.description ?? ""
        switch style {
        case .page(let parameter, _): return .init(style: "page", parameter: parameter.name, items: items)
        case .offset(let parameter, _): return .init(style: "offset", parameter: parameter.name, items: items)
        case .cursor(let parameter, let source):
            let next: String =
                switch source {
                case .body(let path): path.description
                case .item(let path): "item:" + path.description
                case .header(let name): "header:" + name
                }
            return .init(style: "cursor", parameter: parameter.name, next: next, items: items)
        case .link: return .init(style: "link", items: items)
        case .next(let path): return .init(style: "next", next: path.description, items: items)
        }
    }
}
