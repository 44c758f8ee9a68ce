import Foundation

/// An OpenAPI document of every parameter, body and response shape the importer
/// writes, in every combination: each schema shape as a query parameter in every
/// style, as a header and as a path parameter, required or not, nullable or not; as a
/// JSON body, a form and a multipart body; as a JSON response, and the other media
/// types. Written as JSON text, OpenAPI 3.0 (`nullable: true`) or 3.1
/// (`type: [T, "null"]`).
enum ImportedShapes {
    /// A schema shape, named for the operation and parameter names.
    struct Shape {
        var name: String
        /// The schema, as JSON.
        var schema: String
        /// The schema when it may be null (3.0 and 3.1 spellings).
        var nullable30: String
        var nullable31: String
    }

    static func shape(_ name: String, _ schema: String) -> Shape {
        // `nullable` beside the keywords; 3.1 adds "null" to `type`, or wraps in anyOf.
        let body = schema.dropFirst().dropLast()
        let nullable30 = body.isEmpty ? "{\"nullable\": true}" : "{\(body), \"nullable\": true}"
        let nullable31: String
        if let range = schema.range(of: #""type": "([a-z]+)""#, options: .regularExpression), !schema.hasPrefix("{\"$ref\"") {
            let type = schema[range].split(separator: "\"")[2]
            nullable31 = schema.replacingCharacters(in: range, with: "\"type\": [\"\(type)\", \"null\"]")
        } else {
            nullable31 = "{\"anyOf\": [\(schema), {\"type\": \"null\"}]}"
        }
        return Shape(name: name, schema: schema, nullable30: nullable30, nullable31: nullable31)
    }

    /// Every schema shape: scalars, formats, enums, lists, objects, maps, references,
    /// compositions.
    static let shapes: [Shape] = [
        shape("text", ##"{"type": "string"}"##),
        shape("int", ##"{"type": "integer"}"##),
        shape("int32", ##"{"type": "integer", "format": "int32"}"##),
        shape("int64", ##"{"type": "integer", "format": "int64"}"##),
        shape("number", ##"{"type": "number"}"##),
        shape("float", ##"{"type": "number", "format": "float"}"##),
        shape("flag", ##"{"type": "boolean"}"##),
        shape("when", ##"{"type": "string", "format": "date-time"}"##),
        shape("day", ##"{"type": "string", "format": "date"}"##),
        shape("link", ##"{"type": "string", "format": "uri"}"##),
        shape("uuid", ##"{"type": "string", "format": "uuid"}"##),
        shape("bytes", ##"{"type": "string", "format": "binary"}"##),
        shape("unix", ##"{"type": "integer", "format": "unix-time"}"##),
        shape("choice", ##"{"type": "string", "enum": ["a", "b-c", "+1", "-1", "self"]}"##),
        shape("level", ##"{"type": "integer", "enum": [1, 2, 3]}"##),
        shape("anything", ##"{}"##),
        shape("either", ##"{"oneOf": [{"type": "string"}, {"type": "integer"}]}"##),
        shape("texts", ##"{"type": "array", "items": {"type": "string"}}"##),
        shape("ints", ##"{"type": "array", "items": {"type": "integer"}}"##),
        shape("days", ##"{"type": "array", "items": {"type": "string", "format": "date-time"}}"##),
        shape("choices", ##"{"type": "array", "items": {"type": "string", "enum": ["x", "y"]}}"##),
        shape("grid", ##"{"type": "array", "items": {"type": "array", "items": {"type": "integer"}}}"##),
        shape("records", ##"{"type": "array", "items": {"$ref": "#/components/schemas/Record"}}"##),
        shape("inlineRecords", ##"{"type": "array", "items": {"type": "object", "properties": {"a": {"type": "string"}}}}"##),
        shape("pair", ##"{"type": "object", "properties": {"key": {"type": "string"}, "value": {"type": "integer"}}}"##),
        shape(
            "nested",
            ##"{"type": "object", "properties": {"range": {"type": "object", "properties": {"gte": {"type": "integer"}}}, "tags": {"type": "array", "items": {"type": "string"}}}}"##
        ),
        shape("record", ##"{"$ref": "#/components/schemas/Record"}"##),
        shape("labels", ##"{"type": "object", "additionalProperties": {"type": "string"}}"##),
        shape("counts", ##"{"type": "object", "additionalProperties": {"type": "integer"}}"##),
        shape("lists", ##"{"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}}}"##),
        shape("recordMap", ##"{"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Record"}}"##),
        shape("loose", ##"{"type": "object", "additionalProperties": true}"##),
        shape("empty", ##"{"type": "object"}"##),
        shape(
            "merged",
            ##"{"allOf": [{"$ref": "#/components/schemas/Record"}, {"type": "object", "properties": {"extra": {"type": "string"}}}]}"##),
        shape(
            "alternatives",
            ##"{"oneOf": [{"$ref": "#/components/schemas/Record"}, {"type": "object", "properties": {"other": {"type": "integer"}}}]}"##),
        shape(
            "range",
            ##"{"anyOf": [{"type": "object", "properties": {"gte": {"type": "integer"}, "lt": {"type": "integer"}}}, {"type": "integer"}]}"##
        ),
    ]

    /// Where and how a parameter goes.
    static let placements: [(location: String, style: String?, explode: Bool?)] = [
        ("query", nil, nil), ("query", "form", false), ("query", "form", true), ("query", "deepObject", nil),
        ("query", "spaceDelimited", nil), ("query", "pipeDelimited", nil), ("header", nil, nil), ("header", "simple", true),
        ("path", nil, nil), ("path", "label", nil), ("path", "matrix", nil),
    ]

    /// The document, in OpenAPI `version` (`3.0.3` or `3.1.0`).
    static func document(version: String) -> String {
        let is31 = version.hasPrefix("3.1")
        var paths: [String] = []
        // Parameters: an operation per placement, with every shape, required or not,
        // nullable or not.
        for (index, placement) in placements.enumerated() {
            var parameters: [String] = []
            var segments: [String] = []
            for shape in shapes {
                for required in [true, false] where placement.location != "path" || required {
                    for nullable in [false, true] {
                        let name = "\(shape.name)\(required ? "" : "Opt")\(nullable ? "Null" : "")"
                        var fields = [
                            "\"name\": \"\(name)\"", "\"in\": \"\(placement.location)\"", "\"required\": \(required)",
                            "\"schema\": \(nullable ? (is31 ? shape.nullable31 : shape.nullable30) : shape.schema)",
                        ]
                        if let style = placement.style { fields.append("\"style\": \"\(style)\"") }
                        if let explode = placement.explode { fields.append("\"explode\": \(explode)") }
                        parameters.append("{\(fields.joined(separator: ", "))}")
                        if placement.location == "path" { segments.append("{\(name)}") }
                    }
                }
            }
            let path = "/parameters/\(index)" + segments.map { "/" + $0 }.joined()
            paths.append(
                "\"\(path)\": {\"get\": {\"operationId\": \"parameters\(index)\", \"parameters\": [\(parameters.joined(separator: ", "))], \"responses\": {\"204\": {\"description\": \"Done.\"}}}}"
            )
        }
        // Bodies and responses: an operation per shape and media type.
        for shape in shapes {
            for (kind, mediaType) in [
                ("json", "application/json"), ("form", "application/x-www-form-urlencoded"), ("multipart", "multipart/form-data"),
            ] {
                for required in [true, false] {
                    let schema =
                        kind == "json"
                        ? shape.schema
                        : ##"{"type": "object", "properties": {"value": \##(shape.schema), "file": {"type": "string", "format": "binary"}}}"##
                    let id = "\(kind)Body\(SpecCase.upper(shape.name))\(required ? "" : "Opt")"
                    paths.append(
                        "\"/bodies/\(id)\": {\"post\": {\"operationId\": \"\(id)\", \"requestBody\": {\"required\": \(required), \"content\": {\"\(mediaType)\": {\"schema\": \(schema)}}}, \"responses\": {\"201\": {\"description\": \"Made.\", \"content\": {\"application/json\": {\"schema\": \(shape.schema)}}}}}}"
                    )
                }
            }
            let id = "returns\(SpecCase.upper(shape.name))"
            paths.append(
                "\"/responses/\(id)\": {\"get\": {\"operationId\": \"\(id)\", \"responses\": {\"200\": {\"description\": \"It.\", \"content\": {\"application/json\": {\"schema\": \(is31 ? shape.nullable31 : shape.nullable30)}}}}}}"
            )
        }
        for (index, mediaType) in ["text/plain", "application/octet-stream", "image/png", "*/*", "text/event-stream"].enumerated() {
            paths.append(
                "\"/media/\(index)\": {\"put\": {\"operationId\": \"media\(index)\", \"requestBody\": {\"content\": {\"\(mediaType)\": {\"schema\": {\"type\": \"string\", \"format\": \"binary\"}}}}, \"responses\": {\"200\": {\"description\": \"It.\", \"content\": {\"\(mediaType)\": {\"schema\": {\"type\": \"string\"}}}}}}}"
            )
        }
        return """
            {"openapi": "\(version)", "info": {"title": "Shapes", "version": "1"}, "servers": [{"url": "https://api.example.com"}],
             "paths": {\(paths.joined(separator: ",\n"))},
             "components": {"schemas": {"Record": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}, "count": {"type": "integer"}}}}}}
            """
    }
}

/// Upper camel case of a shape's name, for operationIds.
enum SpecCase {
    static func upper(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
