import ArgumentParser
import Foundation
import PagegenCore

/// Options that shape generated code, shared by `generate` and `lint`.
public struct GenerationOptions: ParsableArguments {
    /// Creates the options; ArgumentParser fills them in.
    public init() {}

    @Option(name: .customLong("config"), help: "A pagegen-config.yaml with generation options.")
    var configFile: String?

    @Option(help: "A folder of .mustache templates that replace the bundled ones, file by file.")
    var templates: String?

    @Option(help: "Put every generated type in this namespace (overrides the spec and the config).")
    var namespace: String?

    @Option(help: "The access level of generated declarations: public, package or internal.")
    var access: GeneratorConfig.AccessModifier?

    @Option(help: "Name the generated files <stem>Models.swift, <stem>Client.swift, <stem>Paging.swift (default: the spec's name).")
    var fileStem: String?

    @Option(
        help: "Write the models in this many files, <stem>Models.swift, <stem>Models2.swift… (default: one for every 30 models, at most 8)."
    )
    var modelFiles: Int?

    @Option(
        help:
            "Write the client in this many files, <stem>Client.swift, <stem>Client2.swift… (default: one for every 25 endpoints, at most 8)."
    )
    var clientFiles: Int?

    /// Checks the numbers of files: 1 to `FileCounts.maximum`.
    public func validate() throws {
        for (option, value) in [("--model-files", modelFiles), ("--client-files", clientFiles)] {
            if let value, !(1...FileCounts.maximum).contains(value) {
                throw ValidationError("\(option) must be between 1 and \(FileCounts.maximum), not \(value)")
            }
        }
    }

    /// The configuration: the config file's, then the command line's overrides.
    public func resolvedConfig() throws -> GeneratorConfig {
        var config = GeneratorConfig()
        if let configFile {
            let url = URL(fileURLWithPath: configFile)
            let diagnostics = DiagnosticCollector()
            let text = try GeneratorPipeline.read(url, displayName: configFile)
            guard let loaded = ConfigLoader.load(text, file: configFile, diagnostics: diagnostics), !diagnostics.hasErrors else {
                throw GenerationFailed(diagnostics: diagnostics.sorted)
            }
            config = loaded
            if let folder = config.templatesDirectory, !folder.hasPrefix("/") {
                config.templatesDirectory = url.deletingLastPathComponent().appendingPathComponent(folder).path
            }
        }
        if let templates { config.templatesDirectory = templates }
        if let namespace {
            if let problem = GeneratorConfig.namespaceProblem(namespace, imports: config.extraImports) {
                throw GenerationFailed(diagnostics: [problem])
            }
            config.namespace = namespace
        }
        if let access { config.accessModifier = access }
        if let fileStem { config.fileStem = fileStem }
        if let modelFiles { config.modelFiles = modelFiles }
        if let clientFiles { config.clientFiles = clientFiles }
        return config
    }
}

extension GeneratorConfig.AccessModifier: ExpressibleByArgument {}

/// Prints `error: MESSAGE` to standard error, and returns the exit status of a
/// command that failed (1), to throw: `throw reportFailure("cannot write …")`.
public func reportFailure(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    return ExitCode(1)
}

/// Prints diagnostics to standard error, compiler style.
public func report(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics {
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }
}
