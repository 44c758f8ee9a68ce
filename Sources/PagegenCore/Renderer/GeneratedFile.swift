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

    /// Writes `files` into `directory`, creating it if needed.
    /// - Returns: what happened to each file, in order.
    @discardableResult
    public static func write(_ files: [GeneratedFile], to directory: URL) throws -> [(file: GeneratedFile, outcome: Outcome)] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return try files.map { ($0, try write($0, to: directory.appendingPathComponent($0.name))) }
    }

    /// Writes `file` at `url` unless it holds these bytes already; the contents are
    /// compared and written from the string's own storage.
    private static func write(_ file: GeneratedFile, to url: URL) throws -> Outcome {
        let existing = try? Data(contentsOf: url)
        var contents = file.contents
        return try contents.withUTF8 { bytes in
            if let existing, existing.count == bytes.count,
                bytes.isEmpty || existing.withUnsafeBytes({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
            {
                return .unchanged
            }
            let data =
                bytes.isEmpty
                ? Data()
                : Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: bytes.count, deallocator: .none)
            try data.write(to: url, options: .atomic)
            return existing == nil ? .created : .updated
        }
    }
}
