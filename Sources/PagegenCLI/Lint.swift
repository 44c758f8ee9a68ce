import ArgumentParser
import Foundation
import PagegenCore

/// `pagegen lint SPEC...`
public struct Lint: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Check specs and print diagnostics like a compiler.",
        discussion: "Exits with status 1 when any spec has an error; warnings alone exit 0."
    )

    @Argument(help: "The specs to check.")
    var specs: [String]

    @OptionGroup var options: GenerationOptions

    /// Creates the command; ArgumentParser fills in its arguments.
    public init() {}

    public func run() async throws {
        var failed = false
        let config: GeneratorConfig
        do {
            config = try options.resolvedConfig()
        } catch let failure as GenerationFailed {
            report(failure.diagnostics)
            throw ExitCode(1)
        }
        for spec in specs {
            let diagnostics = DiagnosticCollector()
            do {
                let text = try GeneratorPipeline.read(URL(fileURLWithPath: spec), displayName: spec)
                _ = GeneratorPipeline(config: config).check(text, file: spec, diagnostics: diagnostics)
            } catch let failure as GenerationFailed {
                failure.diagnostics.forEach(diagnostics.emit)
            }
            report(diagnostics.sorted)
            if diagnostics.hasErrors { failed = true }
        }
        if failed { throw ExitCode(1) }
        print("\(specs.count == 1 ? "the spec has" : "\(specs.count) specs have") no errors")
    }
}
