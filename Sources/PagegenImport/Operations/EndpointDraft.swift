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
