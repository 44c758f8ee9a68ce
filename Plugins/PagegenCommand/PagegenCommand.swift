import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-paged-client [--target T]... [--check]`
///
/// Generates the client of every `*.pagegen.yaml` spec of a target into the
/// target's `Generated/` folder, for packages that commit generated code. Runs
/// `pagegen generate` with the same options as the build plugin (`--file-stem` from
/// the spec's file name, `--config` when the target has a `pagegen-config.yaml`),
/// writes only the files whose bytes change, and removes generated files that no
/// spec produces any more. With `--check` it writes nothing and fails when the
/// committed files differ from a fresh run.
@main
struct PagegenCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let check = extractor.extractFlag(named: "check") > 0
        guard extractor.remainingArguments.isEmpty else {
            throw PagegenPluginError.unknownArguments(extractor.remainingArguments)
        }
        let package = context.package.directoryURL
        let tool = try context.tool(named: "pagegen-generator").url
        var outOfDate: [String] = []
        for target in try Self.targets(in: context.package, named: targetNames) {
            let targetPath = TargetSpecs.relativePath(of: target.directoryURL, in: package)
            let specs = try TargetSpecs(targetName: target.name, targetPath: targetPath, files: Self.files(of: target))
            let scratch = context.pluginWorkDirectoryURL.appendingPathComponent(target.name)
            try Self.generate(specs, tool: tool, package: package, into: scratch)
            let folder = GeneratedFolder(
                url: target.directoryURL.appendingPathComponent("Generated"), displayPath: "\(targetPath)/Generated")
            let changes = try folder.sync(from: scratch, names: specs.specs.flatMap(\.outputNames), write: !check)
            if check {
                outOfDate += changes.compactMap { change in
                    switch change.outcome {
                    case .unchanged: nil
                    case .created: "\(change.path) (missing)"
                    case .updated: "\(change.path) (differs)"
                    case .removed: "\(change.path) (no spec generates it)"
                    }
                }
                if changes.allSatisfy({ $0.outcome == .unchanged }) {
                    print(
                        "up to date: \(folder.displayPath) (\(changes.count) files from \(specs.specs.count) spec\(specs.specs.count == 1 ? "" : "s"))"
                    )
                }
            } else {
                for change in changes {
                    print("\(change.outcome.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(change.path)")
                }
                let written = changes.filter { $0.outcome != .unchanged }.count
                print(
                    "\(target.name): \(specs.specs.count) spec\(specs.specs.count == 1 ? "" : "s") → \(folder.displayPath), \(written == 0 ? "no change" : written == 1 ? "1 file changed" : "\(written) files changed")"
                )
            }
        }
        if !outOfDate.isEmpty {
            throw PagegenPluginError.outOfDate(
                files: outOfDate,
                command: "swift package --allow-writing-to-package-directory generate-paged-client"
                    + targetNames.map { " --target \($0)" }.joined())
        }
    }

    /// The targets to generate for: those named, or every Swift target with a spec.
    static func targets(in package: Package, named names: [String]) throws -> [SwiftSourceModuleTarget] {
        if names.isEmpty {
            let targets = package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
                .filter { TargetSpecs.containsSpec(files(of: $0)) }
            guard !targets.isEmpty else { throw PagegenPluginError.noTargetWithSpecs(package: package.displayName) }
            return targets
        }
        let unknown = names.filter { name in !package.targets.contains { $0.name == name } }
        guard unknown.isEmpty else { throw PagegenPluginError.unknownTargets(unknown) }
        return try names.map { name in
            let target = package.targets.first { $0.name == name }!
            guard let module = target as? SwiftSourceModuleTarget else { throw PagegenPluginError.notSwiftTarget(target: name) }
            return module
        }
    }

    /// The files of a target: its source files and every file in its folder, so that
    /// specs and a config listed in `exclude:` (which silences SwiftPM's warning about
    /// files no build step uses, when no build plugin reads them) are found too.
    static func files(of target: SwiftSourceModuleTarget) -> [URL] {
        var files = target.sourceFiles.map(\.url)
        let known = Set(files.map(\.standardizedFileURL.path))
        let walker = FileManager.default.enumerator(
            at: target.directoryURL, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        while let url = walker?.nextObject() as? URL {
            let name = url.lastPathComponent
            guard TargetSpecs.isSpec(url) || name == TargetSpecs.configName || url.pathExtension == "mustache",
                !known.contains(url.standardizedFileURL.path)
            else { continue }
            files.append(url)
        }
        return files
    }

    /// Runs pagegen for every spec of a target into `scratch`, a fresh folder. Runs
    /// every spec before failing, so that one run shows the errors of all of them;
    /// paths are relative to the package, as the diagnostics print them.
    static func generate(_ specs: TargetSpecs, tool: URL, package: URL, into scratch: URL) throws {
        let manager = FileManager.default
        try? manager.removeItem(at: scratch)
        try manager.createDirectory(at: scratch, withIntermediateDirectories: true)
        var failures: [String] = []
        for spec in specs.specs {
            let specPath = TargetSpecs.relativePath(of: spec.url, in: package)
            let process = Process()
            process.executableURL = tool
            process.currentDirectoryURL = package
            process.arguments =
                ["generate", specPath, "--output", scratch.path, "--quiet"]
                + specs.options(for: spec) { TargetSpecs.relativePath(of: $0, in: package) }
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            let output = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            ToolDiagnostics.forward(String(decoding: output, as: UTF8.self), failed: process.terminationStatus != 0)
            if process.terminationStatus != 0 {
                failures.append(specPath)
            }
        }
        guard failures.isEmpty else { throw PagegenPluginError.generationFailed(specs: failures) }
    }
}
