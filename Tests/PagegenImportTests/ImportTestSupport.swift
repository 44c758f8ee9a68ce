import Foundation
import PagegenCore
import PagegenImport
import Testing

/// Imports a document given as text and checks that the written spec lints clean.
func imported(
    _ document: String, overrides: String? = nil, options: ImportOptions = ImportOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> (spec: String, notes: [ImportNote]) {
    let result = try OpenAPIImporter.importDocument(text: document, name: "api.yaml", overridesText: overrides, options: options)
    let diagnostics = DiagnosticCollector()
    _ = GeneratorPipeline().check(result.spec, file: "api.pagegen.yaml", diagnostics: diagnostics)
    #expect(
        diagnostics.diagnostics.isEmpty,
        "the written spec has diagnostics:\n\(diagnostics.sorted.map(\.description).joined(separator: "\n"))\n\(result.spec)",
        sourceLocation: sourceLocation)
    return (result.spec, result.notes)
}

/// The lines of `spec` from the one that starts (after its indent) with `start` to
/// the next line indented as little, trimmed of their indent: one endpoint or model.
func block(_ start: String, in spec: String) -> [String] {
    let lines = spec.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let first = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasPrefix(start) }) else { return [] }
    let indent = lines[first].prefix { $0 == " " }.count
    var result = [lines[first].trimmingCharacters(in: .whitespaces)]
    for line in lines[(first + 1)...] {
        let depth = line.prefix { $0 == " " }.count
        if line.trimmingCharacters(in: .whitespaces).isEmpty || depth <= indent { break }
        result.append(String(line.dropFirst(indent + 2)))
    }
    return result
}

/// The `paging:` block of an endpoint, without its comments.
func paging(of endpoint: String, in spec: String) -> [String] {
    let lines = block("\(endpoint):", in: spec)
    guard let start = lines.firstIndex(of: "paging:") else { return [] }
    return lines[(start + 1)...].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
}

/// A minimal OpenAPI 3.0 document around one GET operation.
func document(path: String = "/items", operation: String, components: String = "", version: String = "3.0.3", extra: String = "") -> String
{
    """
    openapi: \(version)
    info: { title: Shop API, version: "1" }
    servers: [{ url: "https://api.example.com/v1" }]
    \(extra)
    paths:
      \(path):
        get:
    \(operation.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n"))
    components:
      schemas:
        Item:
          type: object
          required: [id]
          properties:
            id: { type: string }
            name: { type: string }
    \(components.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
    """
}
