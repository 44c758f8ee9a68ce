import Foundation

/// A line scan of a spec for how many files pagegen writes its models and its client
/// in, which a build plugin must know before pagegen runs: one file for every 30
/// models and every 25 endpoints, at most 8 each (pagegen's `FileCounts`, whose
/// numbers these repeat; the package's tests check that the two agree).
///
/// It counts the keys one level under the top-level `models:` and `endpoints:` of a
/// spec written in block style, as specs are. The plugins pass the counts to pagegen
/// (`--model-files`, `--client-files`), so that a spec the scan miscounts still
/// generates the files the plugin declared, only split differently.
enum SpecScan {
    /// Models per file.
    static let modelsPerFile = 30
    /// Endpoints per file.
    static let endpointsPerFile = 25
    /// The most files the models, or the client, take.
    static let maximumFiles = 8

    /// The numbers of files of the models and of the client, for the spec `text`.
    static func fileCounts(in text: String) -> (models: Int, client: Int) {
        let entries = entryCounts(in: text)
        return (files(entries["models"] ?? 0, perFile: modelsPerFile), files(entries["endpoints"] ?? 0, perFile: endpointsPerFile))
    }

    /// The files `count` things take, `perFile` to a file.
    static func files(_ count: Int, perFile: Int) -> Int {
        min(maximumFiles, max(1, (count + perFile - 1) / perFile))
    }

    /// The number of keys one level under each top-level key of `text`.
    static func entryCounts(in text: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var section: String?
        var indentation: Int?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let content = line.drop { $0 == " " }
            guard let first = content.first, first != "#" else { continue }
            let indent = line.count - content.count
            if indent == 0 {
                section = line.firstIndex(of: ":").map { String(line[..<$0]) }
                indentation = nil
                continue
            }
            guard let name = section, first != "-", first != "\t", content.contains(":") else { continue }
            // The first line under a section sets the indentation of its keys.
            if indentation == nil { indentation = indent }
            if indent == indentation { counts[name, default: 0] += 1 }
        }
        return counts
    }
}
