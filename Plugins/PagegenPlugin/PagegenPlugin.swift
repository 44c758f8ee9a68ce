import Foundation
import PackagePlugin

/// Generates a Swift client from every `*.pagegen.yaml` spec of a target while the
/// target builds.
///
/// One build command per spec runs `pagegen generate` with `--file-stem` set from the
/// spec's file name, and the numbers of files of a large spec's models and client
/// from a count of its entries (``SpecScan``), so its output files are known before the
/// tool runs: `catalog.pagegen.yaml` → `CatalogModels.swift`, `CatalogClient.swift`,
/// `CatalogPaging.swift` (and `CatalogModels2.swift`… for a large spec). The inputs
/// of each command are the spec, the target's `pagegen-config.yaml` (if any), the config's template overrides, and pagegen
/// itself with its bundled templates: an unchanged build runs nothing, and an edited
/// spec regenerates only its own files.
@main
struct PagegenPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let module = target as? SwiftSourceModuleTarget else {
            throw PagegenPluginError.notSwiftTarget(target: target.name)
        }
        return try Self.commands(
            files: module.sourceFiles.map(\.url),
            targetName: target.name,
            targetPath: TargetSpecs.relativePath(of: target.directoryURL, in: context.package.directoryURL),
            tool: context.tool(named: "pagegen-generator").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }

    /// The build commands for the specs among `files`.
    static func commands(files: [URL], targetName: String, targetPath: String, tool: URL, workDirectory: URL) throws -> [Command] {
        let inputs = try TargetSpecs(targetName: targetName, targetPath: targetPath, files: files)
        let output = workDirectory.appendingPathComponent("GeneratedSources")
        return inputs.specs.map { spec in
            .buildCommand(
                displayName: "Generating \(spec.stem) client from \(spec.url.lastPathComponent)",
                executable: tool,
                arguments: ["generate", spec.url.path, "--output", output.path, "--quiet"]
                    + inputs.options(for: spec, configPath: \.path),
                inputFiles: [spec.url] + (inputs.config.map { [$0] } ?? []) + inputs.templateFiles + [tool],
                outputFiles: spec.outputNames.map { output.appendingPathComponent($0) })
        }
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension PagegenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(
            files: target.inputFiles.map(\.url),
            targetName: target.displayName,
            targetPath: "the target '\(target.displayName)'",
            tool: context.tool(named: "pagegen-generator").url,
            workDirectory: context.pluginWorkDirectoryURL)
    }
}
#endif
