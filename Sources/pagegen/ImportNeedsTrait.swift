#if !Importer
import ArgumentParser
import Foundation
import PagegenCLI

/// `pagegen import` in a `pagegen` built without the Importer trait (`--traits Generator`),
/// which leaves out the OpenAPI reader: it says so, and how to build one that imports.
struct Import: ParsableCommand, TakesAnyArguments {
    static let configuration = CommandConfiguration(
        abstract: "Write a spec from an OpenAPI document (not in this build: it needs the Importer trait).",
        discussion: """
            This pagegen was built without the Importer trait, which brings the OpenAPI \
            reader (OpenAPIKit). Build pagegen with the default traits \
            (swift build --product pagegen) or with --traits Importer to import documents.
            """
    )

    /// Whatever was given, so that every `pagegen import …` gets the same answer.
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var arguments: [String] = []

    func run() throws {
        FileHandle.standardError.write(
            Data(
                """
                error: this pagegen was built without the Importer trait, so it cannot import OpenAPI documents; \
                build it with the default traits (swift build --product pagegen) or with --traits Importer

                """.utf8))
        throw ExitCode(1)
    }
}

/// `pagegen openapi-paging` in a `pagegen` built without the Importer trait: it reads
/// documents as `import` does, so it says the same.
struct OpenAPIPagingCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi-paging",
        abstract: "Write the paging extensions of a swift-openapi-generator client (not in this build: it needs the Importer trait)."
    )

    /// Whatever was given, so that every `pagegen openapi-paging …` gets the same answer.
    @Argument(parsing: .allUnrecognized, help: .hidden)
    var arguments: [String] = []

    func run() throws {
        FileHandle.standardError.write(
            Data(
                """
                error: this pagegen was built without the Importer trait, so it cannot read OpenAPI documents; \
                build it with the default traits (swift build --product pagegen) or with --traits Importer

                """.utf8))
        throw ExitCode(1)
    }
}
#endif
