#if Importer
import ArgumentParser
import Foundation
import PagegenCLI
import PagegenCore
import PagegenImport

/// `pagegen openapi-paging DOCUMENT --output FILE`
struct OpenAPIPagingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi-paging",
        abstract: "Write Pagegen's paging extensions for the client swift-openapi-generator generates from a document.",
        discussion: """
            Reads the OpenAPI document and swift-openapi-generator's configuration (the \
            openapi-generator-config.yaml beside the document unless --config names one) and \
            writes one Swift file that extends the generated APIProtocol: for every operation \
            pagegen import pages, <operation>Pages(_:from:), <operation>Items(_:from:) and \
            <operation>List(_:options:), taking the operation's own Input. The file goes in \
            the target that holds swift-openapi-generator's output, which depends on \
            PagegenOpenAPIRuntime. Each inference is printed as a note, and an operation \
            whose paging cannot be read on the generated types gets a note saying why. The \
            file is rewritten only when its bytes change.
            """
    )

    @Argument(help: "The OpenAPI document (openapi.yaml, openapi.json).")
    var document: String

    @Option(help: "swift-openapi-generator's configuration (default: openapi-generator-config.yaml or .yml beside the document).")
    var config: String?

    @Option(name: [.short, .long], help: "The Swift file to write.")
    var output: String

    @Flag(name: .shortAndLong, help: "Print warnings and errors only, not the notes.")
    var quiet = false

    func run() async throws {
        let configuration: OpenAPIGeneratorConfig
        do {
            configuration = try readConfiguration()
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        let result: OpenAPIGeneratorPaging.Output
        do {
            result = try OpenAPIGeneratorPaging.generate(
                documentAt: URL(fileURLWithPath: document), name: document, config: configuration)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        for note in result.notes where !quiet || note.severity != .note {
            FileHandle.standardError.write(Data((note.description + "\n").utf8))
        }
        let url = URL(fileURLWithPath: output)
        let existing = try? Data(contentsOf: url)
        let data = Data(result.source.utf8)
        if existing != data {
            do {
                let folder = (output as NSString).deletingLastPathComponent
                try FileSystemError.attempt(.createFolder, path: folder.isEmpty ? "." : folder) {
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                }
                try FileSystemError.attempt(.write, path: output) { try data.write(to: url, options: .atomic) }
            } catch {
                throw reportFailure(error.description)
            }
        }
        if !quiet {
            let count = result.pagedOperations.count
            print("\(existing == data ? "unchanged" : "wrote") \(output): \(count) paged operation\(count == 1 ? "" : "s")")
        }
    }

    /// The configuration named, or the one beside the document, or the defaults.
    private func readConfiguration() throws(ImportError) -> OpenAPIGeneratorConfig {
        var path = config
        if path == nil {
            let folder = URL(fileURLWithPath: document).deletingLastPathComponent()
            path = ["openapi-generator-config.yaml", "openapi-generator-config.yml"].map { folder.appendingPathComponent($0).path }
                .first { FileManager.default.fileExists(atPath: $0) }
        }
        guard let path else { return OpenAPIGeneratorConfig() }
        let text: String
        do {
            text = try GeneratorPipeline.read(URL(fileURLWithPath: path), displayName: path)
        } catch let failure as GenerationFailed {
            let first = failure.diagnostics.first
            throw ImportError(file: path, mark: first?.location?.mark, message: first?.message ?? "cannot read \(path)", hint: first?.hint)
        } catch {
            throw ImportError(file: path, mark: nil, message: "cannot read \(path): \(error)")
        }
        return try OpenAPIGeneratorConfig.parse(text, file: path)
    }
}
#endif
