import ArgumentParser
import PagegenCLI

/// The generator alone — `generate`, `lint` and `init` — which the build and command
/// plugins run. It leaves out `pagegen import`, so a package that uses the plugins
/// never builds the OpenAPI reader.
@main
struct PagegenGenerator: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pagegen-generator",
        abstract: "Generate Swift clients for paginated APIs from *.pagegen.yaml specs (the plugins' tool).",
        discussion: GeneratorCommands.discussion,
        version: GeneratorCommands.version,
        subcommands: GeneratorCommands.all
    )

    /// Runs the command line, after checking its command and option names.
    static func main() async {
        await CommandLineCheck.main(Self.self)
    }
}
