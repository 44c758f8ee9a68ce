import ArgumentParser

/// What the `pagegen` command and the plugins' `pagegen-generator` share: the
/// commands that read specs and write Swift, and how the tool describes itself.
public enum GeneratorCommands {
    /// `generate`, `lint` and `init`.
    public static let all: [any ParsableCommand.Type] = [Generate.self, Lint.self, Init.self]

    /// The version both executables print.
    public static let version = "0.1.0"

    /// The description both executables print under their usage.
    public static let discussion = """
        A spec describes an API's models, endpoints, and how each list pages. pagegen \
        writes Codable models, a client with async and completion-handler functions, \
        and paging adapters on PagegenRuntime.

        Exit status: 0 on success, 1 when a spec has errors, 64 for a bad command line.
        """
}
