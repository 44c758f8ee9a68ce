#if Importer
import ArgumentParser
import Foundation
import PagegenCLI
import PagegenCore
import PagegenImport

/// `pagegen import DOCUMENT --output SPEC`
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a spec from an OpenAPI 3.0/3.1 or Swagger 2.0 document.",
        discussion: """
            Reads the document (JSON or YAML) and writes a spec with the models, endpoints, \
            auth, baseURL and paging of the operations it describes. Paging comes from \
            x-speakeasy-pagination, x-fern-pagination (also from a Fern overrides file given \
            with --overrides) or x-ms-pageable, else from the shape of each list operation. \
            Every inference is printed as a note and written into the spec as a comment; \
            what cannot be translated is printed as a warning. The written spec is then \
            linted: exit status 1 when it has errors, or when the document cannot be read.
            """
    )

    @Argument(help: "The OpenAPI or Swagger document (JSON or YAML).")
    var document: String

    @Option(name: [.short, .long], help: "The spec to write (default: <name>.pagegen.yaml in the current folder).")
    var output: String?

    @Option(
        name: .long, parsing: .singleValue,
        help:
            "Operations to import, by operationId, 'GET /path' or '/path' ('*' matches anything); repeat or separate with commas. Default: all."
    )
    var operations: [String] = []

    @Option(
        name: .customLong("include-tag"), parsing: .singleValue,
        help: "Import the operations with this tag ('*' matches anything, case ignored); repeatable.")
    var includeTags: [String] = []

    @Option(
        name: .customLong("include-path"), parsing: .singleValue,
        help: "Import every operation on this path ('/repos/*'); repeatable.")
    var includePaths: [String] = []

    @Option(
        name: .customLong("include-operation"), parsing: .singleValue,
        help: "Import the operation with this operationId or 'GET /path' ('*' matches anything); repeatable.")
    var includeOperations: [String] = []

    @Option(help: "A Fern overrides file to merge into the document first (deep-merged by path and method).")
    var overrides: String?

    @Option(help: "The spec's name (default: from the document's title).")
    var name: String?

    @Option(help: "The spec's namespace (default: the name followed by API).")
    var namespace: String?

    @Option(help: "The spec's baseURL (default: the document's first server).")
    var baseURL: String?

    @Flag(name: .shortAndLong, help: "Print warnings and errors only, not the notes.")
    var quiet = false

    func run() async throws {
        let selectors = operations.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }.filter {
            !$0.isEmpty
        }
        let options = ImportOptions(
            operations: selectors, includeTags: includeTags, includePaths: includePaths, includeOperations: includeOperations,
            overrides: overrides.map { URL(fileURLWithPath: $0) }, overridesName: overrides, name: name, namespace: namespace,
            baseURL: baseURL)
        let result: ImportResult
        do {
            result = try OpenAPIImporter.importDocument(at: URL(fileURLWithPath: document), name: document, options: options)
        } catch {
            for note in error.notes where !quiet || note.severity != .note {
                FileHandle.standardError.write(Data((note.description + "\n").utf8))
            }
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        for note in result.notes where !quiet || note.severity != .note {
            FileHandle.standardError.write(Data((note.description + "\n").utf8))
        }
        let specName = result.spec.split(separator: "\n").first { $0.hasPrefix("name: ") }.map { String($0.dropFirst(6)) } ?? "api"
        let path = output ?? "\(specName.lowercased()).pagegen.yaml"

        // The spec must be one the generator accepts before it is written: a spec that
        // does not lint is not written, and what was at the path stays.
        let diagnostics = DiagnosticCollector()
        _ = GeneratorPipeline().check(result.spec, file: path, diagnostics: diagnostics)
        report(diagnostics.sorted)
        let warnings = result.notes.filter { $0.severity == .warning }.count
        let notes = result.notes.filter { $0.severity == .note }.count
        let summary =
            "\(counted(result.modelCount, "model")), \(counted(result.endpointCount, "endpoint")) (\(result.pagedCount) paged); \(counted(notes, "note")), \(counted(warnings, "warning"))"
        if diagnostics.hasErrors {
            FileHandle.standardError.write(
                Data(
                    "error: the spec for \(path) does not lint (the messages above say where), so it was not written; \(summary)\n".utf8))
            throw ExitCode(1)
        }
        let url = URL(fileURLWithPath: path)
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try GeneratedFileWriter.write(
                [GeneratedFile(name: url.lastPathComponent, contents: result.spec)], to: url.deletingLastPathComponent(),
                shownAs: folder.isEmpty ? "." : folder, removingOldParts: false)
        } catch {
            throw reportFailure(error.description)
        }
        print("wrote \(path): \(summary)")
    }
}

/// "1 warning", "3 warnings".
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
#endif
