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
            pagegen import pages, <operation>Pages(_:from:storingIn:), <operation>Items(_:from:storingIn:) and \
            <operation>List(_:options:storingIn:), taking the operation's own Input. The file goes in \
            the target that holds swift-openapi-generator's output, which depends on \
            PagegenOpenAPIRuntime. Where an inference is wrong, an overrides file beside the \
            document (openapi-overrides.yaml, Fern's format) says how an operation pages. \
            Each inference is printed as a note, and an operation \
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

    @Option(
        help:
            "A Fern overrides file merged into the document first (default: openapi-overrides.yaml or .yml beside the document), where an inference needs correcting."
    )
    var overrides: String?

    @Option(help: "A folder of templates; its OpenAPIPaging.mustache replaces the bundled one (docs/templates.md).")
    var templates: String?

    @Flag(name: .shortAndLong, help: "Print warnings and errors only, not the notes.")
    var quiet = false

    func run() async throws {
        let templateSet: TemplateSet
        do {
            templateSet = try TemplateSet.load(overrides: templates.map { URL(fileURLWithPath: $0) })
        } catch let failure as GenerationFailed {
            report(failure.diagnostics)
            throw ExitCode(1)
        } catch {
            throw reportFailure("\(error)")
        }
        let configuration: OpenAPIGeneratorConfig
        do {
            configuration = try readConfiguration()
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        let result: OpenAPIGeneratorPaging.Output
        do {
            let overridesPath = overrides ?? Self.besideDocument(document, ["openapi-overrides.yaml", "openapi-overrides.yml"])
            result = try OpenAPIGeneratorPaging.generate(
                documentAt: URL(fileURLWithPath: document), name: document, config: configuration,
                overrides: overridesPath.map { URL(fileURLWithPath: $0) }, overridesName: overridesPath, templates: templateSet)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(1)
        }
        for note in result.notes where !quiet || note.severity != .note {
            FileHandle.standardError.write(Data((note.description + "\n").utf8))
        }
        // Written whole or not at all: a file that cannot be written leaves the one there as it was.
        let url = URL(fileURLWithPath: output)
        let folder = (output as NSString).deletingLastPathComponent
        let outcome: GeneratedFileWriter.Outcome
        do {
            outcome = try GeneratedFileWriter.write(
                [GeneratedFile(name: url.lastPathComponent, contents: result.source)], to: url.deletingLastPathComponent(),
                shownAs: folder.isEmpty ? "." : folder, removingOldParts: false
            )[0].outcome
        } catch {
            throw reportFailure(error.description)
        }
        if !quiet {
            let count = result.pagedOperations.count
            print("\(outcome == .unchanged ? "unchanged" : "wrote") \(output): \(count) paged operation\(count == 1 ? "" : "s")")
        }
    }

    /// The first of `names` that is a file in the folder of `document`.
    static func besideDocument(_ document: String, _ names: [String]) -> String? {
        let folder = (document as NSString).deletingLastPathComponent
        return names.map { folder.isEmpty ? $0 : (folder as NSString).appendingPathComponent($0) }
            .first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The configuration named, or the one beside the document, or the defaults.
    private func readConfiguration() throws(ImportError) -> OpenAPIGeneratorConfig {
        var path = config
        if path == nil {
            path = Self.besideDocument(document, ["openapi-generator-config.yaml", "openapi-generator-config.yml"])
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
