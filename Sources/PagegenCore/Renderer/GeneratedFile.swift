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

/// Writes generated files into a folder, all of them or none: touching only the files
/// whose bytes change, so that a build system sees no change when there is none, and
/// leaving the folder as it was when any one cannot be written.
///
/// The files that change are written into a hidden folder inside the output first,
/// then moved into place one by one (a rename, which replaces a file whole); the
/// files they replace are moved aside, and moved back if a later move fails.
public enum GeneratedFileWriter {
    /// What a write did to each file.
    public enum Outcome: String, Sendable {
        /// The file did not exist.
        case created
        /// The file existed with other bytes.
        case updated
        /// The file already had these bytes and was not touched.
        case unchanged
        /// The file was a further part of a written file that is no longer written
        /// (`CatalogModels3.swift` once the models take two files), and was removed.
        case removed
    }

    /// Writes `files` into `directory`, creating it if needed, and removes the parts
    /// pagegen wrote there before that it writes no more; all of it, or, when anything
    /// fails, nothing.
    /// - Parameters:
    ///   - files: The files to write.
    ///   - directory: The folder to write them into.
    ///   - shownAs: The folder as the user named it, for errors (default: its path).
    ///   - removingOldParts: Whether to remove the further parts of `files` pagegen wrote
    ///     before (`CatalogModels3.swift`); false for a file written alone.
    /// - Returns: what happened to each file, in order, then the files removed (with
    ///   no contents).
    /// - Throws: ``FileSystemError`` naming the folder or file that could not be
    ///   created, written or removed, and why; the folder is then as it was.
    @discardableResult
    public static func write(
        _ files: [GeneratedFile], to directory: URL, shownAs: String? = nil, removingOldParts: Bool = true
    ) throws(FileSystemError)
        -> [(file: GeneratedFile, outcome: Outcome)]
    {
        let folder = shownAs ?? directory.path
        let shown = { (name: String) in folder.hasSuffix("/") ? folder + name : folder + "/" + name }
        let unchangedFolder = "nothing was written; \(folder) is as it was"
        let folderExisted = FileManager.default.fileExists(atPath: directory.path)
        try FileSystemError.attempt(.createFolder, path: folder, consequence: "nothing was written") {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        // A folder this run created goes again if the run fails.
        var succeeded = false
        defer { if !folderExisted, !succeeded { _ = rmdir(directory.path) } }

        // What changes: read before anything is written.
        var results: [(file: GeneratedFile, outcome: Outcome)] = []
        for file in files {
            results.append((file, outcome(of: file, at: directory.appendingPathComponent(file.name))))
        }
        let oldParts = removingOldParts ? self.oldParts(of: Set(files.map(\.name)), in: directory) : []
        let changes = results.filter { $0.outcome != .unchanged }
        for name in oldParts { results.append((GeneratedFile(name: name, contents: ""), .removed)) }
        guard !changes.isEmpty || !oldParts.isEmpty else {
            succeeded = true
            return results
        }

        // Every changed file, written where no build looks.
        let staging = directory.appendingPathComponent(".pagegen-staging-\(UUID().uuidString)")
        try FileSystemError.attempt(.createFolder, path: shown(staging.lastPathComponent), consequence: unchangedFolder) {
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        }
        defer { try? FileManager.default.removeItem(at: staging) }
        for (index, change) in changes.enumerated() {
            try FileSystemError.attempt(.write, path: shown(change.file.name), consequence: unchangedFolder) {
                try Data(change.file.contents.utf8).write(to: staging.appendingPathComponent("new\(index)"))
            }
        }

        // Moved into place, what they replace moved aside: undone in reverse on a failure.
        var moved: [(destination: URL, replaced: URL?)] = []
        do throws(FileSystemError) {
            for (index, change) in changes.enumerated() {
                let destination = directory.appendingPathComponent(change.file.name)
                var replaced: URL?
                if change.outcome == .updated {
                    replaced = staging.appendingPathComponent("old\(index)")
                    try move(destination, to: replaced!, shown: shown(change.file.name))
                }
                moved.append((destination, replaced))
                try move(staging.appendingPathComponent("new\(index)"), to: destination, shown: shown(change.file.name))
            }
            for (index, name) in oldParts.enumerated() {
                let part = directory.appendingPathComponent(name)
                let aside = staging.appendingPathComponent("removed\(index)")
                try move(part, to: aside, shown: shown(name), action: .remove)
                moved.append((part, aside))
            }
        } catch {
            for (destination, replaced) in moved.reversed() {
                if let replaced {
                    _ = rename(replaced.path, destination.path)
                } else {
                    _ = unlink(destination.path)
                }
            }
            throw error.noting(unchangedFolder)
        }
        succeeded = true
        return results
    }

    /// Whether `file` would create, update or leave unchanged the file at `url`; the
    /// contents are compared from the string's own storage.
    private static func outcome(of file: GeneratedFile, at url: URL) -> Outcome {
        guard let existing = try? Data(contentsOf: url) else { return .created }
        var contents = file.contents
        return contents.withUTF8 { bytes in
            existing.count == bytes.count
                && (bytes.isEmpty || existing.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
                ? .unchanged : .updated
        }
    }

    /// Renames `source` to `destination`, replacing a file there.
    private static func move(
        _ source: URL, to destination: URL, shown: String, action: FileSystemError.Action = .write
    )
        throws(FileSystemError)
    {
        guard rename(source.path, destination.path) == 0 else {
            throw FileSystemError(action, path: shown, reason: FileSystemError.reason(ofErrorNumber: errno))
        }
    }

    /// The files of `directory` that pagegen wrote as further parts of one of `names`
    /// (`CatalogModels3.swift` for `CatalogModels.swift`) and that are not among `names`.
    private static func oldParts(of names: Set<String>, in directory: URL) -> [String] {
        let header = Data("// Generated by pagegen".utf8)
        let present = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var parts: [String] = []
        for name in present.sorted() where name.hasSuffix(".swift") && !names.contains(name) {
            let stem = name.dropLast(".swift".count)
            let base = stem.reversed().drop(while: \.isNumber).reversed()
            guard base.count < stem.count, names.contains(String(base) + ".swift") else { continue }
            guard let handle = try? FileHandle(forReadingFrom: directory.appendingPathComponent(name)) else { continue }
            let start = try? handle.read(upToCount: header.count)
            try? handle.close()
            if start == header { parts.append(name) }
        }
        return parts
    }
}
