import ArgumentParser
import PagegenCLI

/// The `pagegen` command: generates Swift clients for paginated APIs from YAML specs,
/// and writes a spec from an OpenAPI or Swagger document.
@main
struct Pagegen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pagegen",
        abstract: "Generate Swift clients for paginated APIs from *.pagegen.yaml specs.",
        discussion: GeneratorCommands.discussion,
        version: GeneratorCommands.version,
        subcommands: GeneratorCommands.all + [Import.self, OpenAPIPagingCommand.self]
    )

    /// Runs the command line, after checking its command and option names.
    static func main() async {
        await CommandLineCheck.main(Self.self)
    }
}
