import Foundation

/// The pagegen inputs of one target: its `*.pagegen.yaml` specs and its optional
/// `pagegen-config.yaml`, checked and named.
///
/// Shared by the build plugin and the command plugin (the command plugin's copy is a
/// symbolic link to this file), so that both find the same specs and name the
/// generated files the same way.
struct TargetSpecs {
    /// One spec and the stem of the files generated from it.
    struct Spec {
        /// The spec file.
        let url: URL
        /// The stem of its generated files: `catalog.pagegen.yaml` → `Catalog`, so
        /// `CatalogModels.swift`, `CatalogClient.swift`, `CatalogPaging.swift`.
        let stem: String
        /// How many files the models take (`CatalogModels.swift`, `CatalogModels2.swift`…).
        let modelFiles: Int
        /// How many files the client takes.
        let clientFiles: Int

        /// The names of the files pagegen writes for this spec (`pagegen generate`
        /// always writes them all, whatever the spec holds).
        var outputNames: [String] {
            Self.names(stem, "Models", modelFiles) + Self.names(stem, "Client", clientFiles) + ["\(stem)Paging.swift"]
        }

        /// `CatalogModels.swift`, then `CatalogModels2.swift`…: `count` names.
        private static func names(_ stem: String, _ suffix: String, _ count: Int) -> [String] {
            (1...max(1, count)).map { $0 == 1 ? "\(stem)\(suffix).swift" : "\(stem)\(suffix)\($0).swift" }
        }
    }

    /// How a spec file's name ends.
    static let specSuffix = ".pagegen.yaml"
    /// The name of the optional config file.
    static let configName = "pagegen-config.yaml"
    /// The template names a `templates:` folder may override: one per file, and the
    /// partials they include (pagegen's `TemplateSet.names`).
    static let templateNames = ["Models", "Client", "Paging", "Header", "Enum"]

    /// The target's name.
    let targetName: String
    /// The specs, sorted by path.
    let specs: [Spec]
    /// The config file, if the target has one.
    let config: URL?
    /// Template files that can change the output: the `.mustache` files of the target
    /// and those of the config's `templates:` folder.
    let templateFiles: [URL]

    /// Finds the specs and the config among `files`.
    /// - Parameters:
    ///   - targetName: the target's name, for messages.
    ///   - targetPath: where the target's sources are, as the user sees it
    ///     (`Sources/MyAPI`), for messages.
    ///   - files: every file of the target.
    /// - Throws: ``PagegenPluginError`` when there is no spec, more than one config,
    ///   two specs that would write the same files, or a config whose `namespace:`
    ///   would put several specs into one namespace.
    init(targetName: String, targetPath: String, files: [URL]) throws {
        self.targetName = targetName
        let specURLs = files.filter { Self.isSpec($0) }.sorted { $0.path < $1.path }
        let configs = files.filter { $0.lastPathComponent == Self.configName }.sorted { $0.path < $1.path }
        guard !specURLs.isEmpty else {
            throw PagegenPluginError.noSpecs(target: targetName, path: targetPath)
        }
        guard configs.count <= 1 else {
            throw PagegenPluginError.severalConfigs(target: targetName, files: configs.map(\.path))
        }
        config = configs.first

        var specs: [Spec] = []
        var byStem: [String: URL] = [:]
        for url in specURLs {
            let stem = Self.stem(of: url)
            guard !stem.isEmpty else { throw PagegenPluginError.unnamedSpec(file: url.path) }
            // Case-insensitive: two files that differ only in case are one file on macOS.
            if let other = byStem[stem.lowercased()] {
                throw PagegenPluginError.sameStem(first: other.path, second: url.path, stem: stem)
            }
            byStem[stem.lowercased()] = url
            // An unreadable spec is pagegen's to report: one file of each until then.
            let counts = (try? String(contentsOf: url, encoding: .utf8)).map(SpecScan.fileCounts(in:)) ?? (models: 1, client: 1)
            specs.append(Spec(url: url, stem: stem, modelFiles: counts.models, clientFiles: counts.client))
        }

        // Template overrides are inputs: those kept in the target (found without reading
        // the config, so they count even before SwiftPM next re-plans the build), and
        // those of a `templates:` folder elsewhere.
        var templateFiles = files.filter { $0.pathExtension == "mustache" }
        if let config, let text = try? String(contentsOf: config, encoding: .utf8) {
            let keys = ConfigScan.topLevelValues(in: text)
            if specs.count > 1, let namespace = keys["namespace"] {
                throw PagegenPluginError.sharedNamespace(
                    config: config.path, line: namespace.line, namespace: namespace.value, specs: specs.map(\.url.lastPathComponent))
            }
            if let folder = keys["templates"]?.value, !folder.isEmpty {
                let base =
                    folder.hasPrefix("/") ? URL(fileURLWithPath: folder) : config.deletingLastPathComponent().appendingPathComponent(folder)
                let paths = Set(templateFiles.map(\.standardizedFileURL.path))
                templateFiles += Self.templateNames
                    .map { base.appendingPathComponent("\($0).mustache") }
                    .filter { FileManager.default.fileExists(atPath: $0.path) && !paths.contains($0.standardizedFileURL.path) }
            }
        }
        // A Models or Client template of the user's may not render its file in parts.
        let replaced = Set(templateFiles.map(\.lastPathComponent))
        specs = specs.map { spec in
            Spec(
                url: spec.url, stem: spec.stem, modelFiles: replaced.contains("Models.mustache") ? 1 : spec.modelFiles,
                clientFiles: replaced.contains("Client.mustache") ? 1 : spec.clientFiles)
        }
        self.specs = specs
        self.templateFiles = templateFiles
    }

    /// Whether `url` names a spec.
    static func isSpec(_ url: URL) -> Bool {
        url.lastPathComponent.hasSuffix(specSuffix)
    }

    /// Whether `files` hold a spec (a target to generate for).
    static func containsSpec(_ files: [URL]) -> Bool {
        files.contains(where: isSpec)
    }

    /// The stem of a spec's generated files: its file name without `.pagegen.yaml`,
    /// first letter upper-cased.
    static func stem(of url: URL) -> String {
        let base = String(url.lastPathComponent.dropLast(specSuffix.count))
        return base.prefix(1).uppercased() + base.dropFirst()
    }

    /// The `pagegen generate` options every run for this target passes besides the
    /// spec and the output folder.
    func options(for spec: Spec, configPath: (URL) -> String) -> [String] {
        var options = ["--file-stem", spec.stem, "--model-files", String(spec.modelFiles), "--client-files", String(spec.clientFiles)]
        if let config { options += ["--config", configPath(config)] }
        return options
    }

    /// `url` relative to `root` (`Sources/MyAPI`) when it is inside it, else its path.
    static func relativePath(of url: URL, in root: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = root.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
