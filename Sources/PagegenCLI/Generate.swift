import ArgumentParser
import Foundation
import PagegenCore

/// `pagegen generate SPEC --output DIR`
public struct Generate: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Generate Swift sources from a spec.",
        discussion: """
            Writes <Name>Models.swift, <Name>Client.swift and <Name>Paging.swift into the \
            output folder, all three whatever the spec holds (--file-stem renames them). \
            A large spec's models and client take more files, <Name>Models2.swift… (one \
            for every 30 models and every 25 endpoints, at most 8 each, or one when --templates \
            replaces the Models or Client template; --model-files and --client-files set the \
            numbers), so that a build compiles them on every core; \
            such parts written before and no longer written are removed. Files whose bytes \
            would not change are not touched, so builds that depend on them stay up to date.
            """
    )

    @Argument(help: "The spec to generate from (*.pagegen.yaml).")
    var spec: String

    @Option(name: [.short, .long], help: "The folder to write the Swift files into.")
    var output: String

    @OptionGroup var options: GenerationOptions

    @Flag(name: .shortAndLong, help: "Print nothing but errors.")
    var quiet = false

    /// Creates the command; ArgumentParser fills in its arguments.
    public init() {}

    public func run() async throws {
        let diagnostics = DiagnosticCollector()
        do {
            let config = try options.resolvedConfig()
            let templates = try TemplateSet.load(overrides: config.templatesDirectory.map { URL(fileURLWithPath: $0) })
            let files = try GeneratorPipeline(config: config).generate(
                contentsOf: URL(fileURLWithPath: spec), displayName: spec, templates: templates, diagnostics: diagnostics)
            report(diagnostics.sorted)
            let results = try GeneratedFileWriter.write(files, to: URL(fileURLWithPath: output), shownAs: output)
            if !quiet {
                for (file, outcome) in results {
                    let label = outcome.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                    print("\(label) \(output)/\(file.name)" + (outcome == .removed ? "" : " (\(file.lineCount) lines)"))
                }
            }
        } catch let failure as GenerationFailed {
            report(failure.diagnostics)
            throw ExitCode(1)
        } catch let failure as FileSystemError {
            throw reportFailure(failure.description)
        }
    }
}
