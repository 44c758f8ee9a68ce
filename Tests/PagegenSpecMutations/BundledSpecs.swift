import Foundation

/// One spec of the package's specs/ folder.
public struct BundledSpec: Sendable {
    /// The file name without `.pagegen.yaml`, such as `catalog`.
    public var name: String
    /// The file's bytes.
    public var bytes: [UInt8]

    /// A file to mutate: `name` names its mutants.
    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }
}

/// The specs the package ships, in specs/*.pagegen.yaml.
public enum BundledSpecs {
    /// The package's root folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every bundled spec, sorted by name (empty when the folder cannot be read).
    public static let all: [BundledSpec] = {
        let folder = root.appendingPathComponent("specs")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".pagegen.yaml") }.sorted().compactMap { file in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) else { return nil }
            return BundledSpec(name: String(file.dropLast(".pagegen.yaml".count)), bytes: Array(data))
        }
    }()
}
