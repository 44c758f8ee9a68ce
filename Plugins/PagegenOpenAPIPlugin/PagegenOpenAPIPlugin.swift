import Foundation
import PackagePlugin

/// Writes Pagegen's paging extensions for the client swift-openapi-generator generates in
/// the same target, from the same `openapi.yaml` (or `.yml`, `.json`) and
/// `openapi-generator-config.yaml` (or `.yml`) its `OpenAPIGenerator` plugin reads.
///
/// ```swift
/// .target(
///     name: "GitHubClient",
///     dependencies: [
///         .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
///         .product(name: "PagegenOpenAPIRuntime", package: "pagegen"),
///     ],
///     plugins: [
///         .plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator"),
///         .plugin(name: "PagegenOpenAPIPlugin", package: "pagegen"),
///     ])
/// ```
///
/// One build command runs `pagegen openapi-paging`, whose output, `PagegenPaging.swift`,
/// extends the generated `APIProtocol`. Its inputs are the document, the configuration,
/// the `openapi-overrides.yaml` (or `.yml`) that corrects an inference, if the target
/// has one, and pagegen itself: an unchanged build runs nothing.
@main
struct PagegenOpenAPIPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let module = target as? SwiftSourceModuleTarget else {
            throw PagegenOpenAPIPluginError.notSwiftTarget(target: target.name)
        }
        return try Self.commands(
            files: module.sourceFiles.map(\.url), targetName: target.name, tool: context.tool(named: "pagegen").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }

    /// The names swift-openapi-generator's plugin reads a document from.
    static let documentNames: Set<String> = ["openapi.yaml", "openapi.yml", "openapi.json"]
    /// The names swift-openapi-generator's plugin reads its configuration from.
    static let configNames: Set<String> = ["openapi-generator-config.yaml", "openapi-generator-config.yml"]
    /// The names of the Fern overrides file that corrects Pagegen's inferences, which
    /// swift-openapi-generator does not read.
    static let overridesNames: Set<String> = ["openapi-overrides.yaml", "openapi-overrides.yml"]

    /// The build command for the document and configuration among `files`.
    static func commands(files: [URL], targetName: String, tool: URL, workDirectory: URL) throws -> [Command] {
        let documents = files.filter { documentNames.contains($0.lastPathComponent) }
        let configs = files.filter { configNames.contains($0.lastPathComponent) }
        guard let document = documents.first else { throw PagegenOpenAPIPluginError.noDocument(target: targetName) }
        guard documents.count == 1 else {
            throw PagegenOpenAPIPluginError.several("OpenAPI documents", target: targetName, files: documents.map(\.lastPathComponent))
        }
        guard let config = configs.first else { throw PagegenOpenAPIPluginError.noConfig(target: targetName) }
        guard configs.count == 1 else {
            throw PagegenOpenAPIPluginError.several("configurations", target: targetName, files: configs.map(\.lastPathComponent))
        }
        let overrides = files.filter { overridesNames.contains($0.lastPathComponent) }
        guard overrides.count <= 1 else {
            throw PagegenOpenAPIPluginError.several("overrides files", target: targetName, files: overrides.map(\.lastPathComponent))
        }
        let output = workDirectory.appendingPathComponent("GeneratedSources").appendingPathComponent("PagegenPaging.swift")
        var arguments = ["openapi-paging", document.path, "--config", config.path, "--output", output.path, "--quiet"]
        if let overrides = overrides.first { arguments += ["--overrides", overrides.path] }
        return [
            .buildCommand(
                displayName: "Generating paging extensions from \(document.lastPathComponent)",
                executable: tool,
                arguments: arguments,
                inputFiles: [document, config, tool] + overrides,
                outputFiles: [output])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PagegenOpenAPIPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(
            files: target.inputFiles.map(\.url), targetName: target.displayName, tool: context.tool(named: "pagegen").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif

/// What can stop the plugin. Every message names the target and says what to do.
enum PagegenOpenAPIPluginError: Error, CustomStringConvertible, LocalizedError {
    case notSwiftTarget(target: String)
    case noDocument(target: String)
    case noConfig(target: String)
    case several(String, target: String, files: [String])

    var description: String {
        switch self {
        case .notSwiftTarget(let target):
            "target '\(target)' is not a Swift target; PagegenOpenAPIPlugin writes Swift, so apply it to the Swift target swift-openapi-generator generates into"
        case .noDocument(let target):
            "target '\(target)' has no openapi.yaml, openapi.yml or openapi.json: PagegenOpenAPIPlugin reads the document swift-openapi-generator's plugin reads, so put it in the target, or remove PagegenOpenAPIPlugin from the target's plugins"
        case .noConfig(let target):
            "target '\(target)' has no openapi-generator-config.yaml: add the configuration swift-openapi-generator's plugin reads (`generate: [types, client]`)"
        case .several(let what, let target, let files):
            "target '\(target)' has several \(what) (\(files.joined(separator: ", "))); keep one, as swift-openapi-generator's plugin does"
        }
    }

    var errorDescription: String? { description }
}
