import Foundation

/// One file of generated Swift: its name and contents.
public struct GeneratedFile: Sendable, Hashable {
    /// The file name, such as `CatalogModels.swift`.
    public var name: String
    /// The Swift source.
    public var contents: String

    /// Creates a file.
    public init(name: String, contents: String) {
        self.name = name
        self.contents = contents
    }

    /// The number of lines: the line feeds in the contents, read as bytes (a
    /// `Character` walk would look for grapheme clusters in every byte of the file).
    public var lineCount: Int {
        contents.utf8.reduce(0) { count, byte in byte == UInt8(ascii: "\n") ? count + 1 : count }
    }
}

/// Writes generated files into a folder, touching only the files whose bytes change,
/// so that a build system sees no change when there is none.
public enum GeneratedFileWriter {
    /// What a write did to each file.
    public enum Outcome: String, Sendable {
        /// The file did not exist.
        case created
        /// The file existed with other bytes.
        case updated
        /// The file already had these bytes and was not touched.
        case unchanged
    }

    /// Writes `files` into `directory`, creating it if needed; the files are compared
    /// and written at the same time.
    /// - Returns: what happened to each file, in order.
    @discardableResult
    public static func write(_ files: [GeneratedFile], to directory: URL) throws -> [(file: GeneratedFile, outcome: Outcome)] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try files.concurrentMap(minimumPerThread: 1) { file in
            Result { (file, try write(file, to: directory.appendingPathComponent(file.name))) }
        }.map { try $0.get() }
    }

    private static func write(_ file: GeneratedFile, to url: URL) throws -> Outcome {
        let data = Data(file.contents.utf8)
        let existing = try? Data(contentsOf: url)
        if existing == data { return .unchanged }
        try data.write(to: url, options: .atomic)
        return existing == nil ? .created : .updated
    }
}
