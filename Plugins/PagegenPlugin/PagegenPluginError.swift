import Foundation

/// What can stop the pagegen plugins. Every message names the file or target to
/// fix and says what to do.
///
/// Shared by the build plugin and the command plugin (the command plugin's copy is a
/// symbolic link to this file).
enum PagegenPluginError: Error, CustomStringConvertible, LocalizedError {
    /// The target is not a Swift source module.
    case notSwiftTarget(target: String)
    /// The target has no `*.pagegen.yaml` spec.
    case noSpecs(target: String, path: String)
    /// The target has more than one `pagegen-config.yaml`.
    case severalConfigs(target: String, files: [String])
    /// A spec file is named just `.pagegen.yaml`.
    case unnamedSpec(file: String)
    /// Two specs would write files of the same names.
    case sameStem(first: String, second: String, stem: String)
    /// The config's `namespace:` would put several specs into one namespace.
    case sharedNamespace(config: String, line: Int, namespace: String, specs: [String])
    /// `--target` named no target of the package.
    case unknownTargets([String])
    /// No target of the package has a spec.
    case noTargetWithSpecs(package: String)
    /// The command plugin was given arguments it does not know.
    case unknownArguments([String])
    /// pagegen found errors in these specs (it printed them, with their locations).
    case generationFailed(specs: [String])
    /// `--check` found generated files that differ from a fresh run.
    case outOfDate(files: [String], command: String)

    var description: String {
        switch self {
        case .notSwiftTarget(let target):
            return
                "target '\(target)' is not a Swift target; PagegenPlugin generates Swift sources, so apply it to a Swift library or executable target"
        case .noSpecs(let target, let path):
            return
                "target '\(target)' has no *.pagegen.yaml spec: add a *.pagegen.yaml spec to \(path) (`pagegen init MyAPI --output \(path)` writes a starter), or remove PagegenPlugin from the target's plugins"
        case .severalConfigs(let target, let files):
            return
                "target '\(target)' has \(files.count) pagegen-config.yaml files (\(files.joined(separator: ", "))): one config applies to all the specs of a target, so keep only one"
        case .unnamedSpec(let file):
            return "\(file): a spec needs a name before .pagegen.yaml (such as catalog.pagegen.yaml), which names its generated files"
        case .sameStem(let first, let second, let stem):
            return
                "\(first) and \(second) would both generate \(stem)Models.swift, \(stem)Client.swift and \(stem)Paging.swift: rename one of them"
        case .sharedNamespace(let config, let line, let namespace, let specs):
            return
                "\(config):\(line): 'namespace: \(namespace)' puts all \(specs.count) specs (\(specs.joined(separator: ", "))) into one namespace, where their types clash: remove it from the config and give each spec its own 'namespace:'"
        case .unknownTargets(let names):
            return
                "no target named \(names.map { "'\($0)'" }.joined(separator: ", ")) in this package; run `swift package describe` to list the targets"
        case .noTargetWithSpecs(let package):
            return
                "no target of package '\(package)' has a *.pagegen.yaml spec: add one to Sources/<Target> (`pagegen init MyAPI --output Sources/<Target>` writes a starter)"
        case .unknownArguments(let arguments):
            return
                "unknown arguments: \(arguments.joined(separator: " ")); usage: swift package --allow-writing-to-package-directory generate-paged-client [--target <target>]... [--check]"
        case .generationFailed(let specs):
            return "pagegen found errors in \(specs.joined(separator: ", ")); fix them (see above) and run again"
        case .outOfDate(let files, let command):
            return "the generated sources are out of date: \(files.joined(separator: ", ")); run `\(command)` and commit the result"
        }
    }

    var errorDescription: String? { description }
}
