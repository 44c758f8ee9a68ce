import ArgumentParser

/// The `pagegen` command: generates Swift clients for paginated APIs from YAML specs.
@main
struct Pagegen: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pagegen",
        abstract: "Generate Swift clients for paginated APIs from *.pagegen.yaml specs.",
        discussion: """
            A spec describes an API's models, endpoints, and how each list pages. pagegen \
            writes Codable models, a client with async and completion-handler functions, \
            and paging adapters on PagegenRuntime.

            Exit status: 0 on success, 1 when a spec has errors, 64 for a bad command line.
            """,
        version: "0.1.0",
        subcommands: [Generate.self, Lint.self, Init.self]
    )
}
