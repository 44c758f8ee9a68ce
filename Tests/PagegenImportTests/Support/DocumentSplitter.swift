import Foundation
import PagegenYAML

@testable import PagegenImport

/// Splits a whole OpenAPI 3 document into files, the way repositories that keep their
/// API in many files lay it out (Redocly's `split`, and many companies' own):
///
/// ```text
/// openapi.yaml                         info, servers, security; every path and component a $ref
/// paths/repos/{owner}@{repo}@issues.yaml   a path item per file, in a folder per first segment
/// components/schemas/Issue.json        a schema per file, JSON and YAML in turn
/// components/schemas/a.yaml            …or several in one file, referenced as a.yaml#/Account
/// components/parameters/per-page.yaml  parameters, responses, request bodies, headers
/// ```
///
/// References inside each file are rewritten relative to that file
/// (`../../components/schemas/Issue.json`), so the split document says what the whole
/// one says. The tests build split copies in a temporary folder and import them.
struct DocumentSplitter {
    /// The whole document's tree.
    let root: Node

    /// Where each component went: `#/components/schemas/Issue` → file and fragment.
    private var places: [String: (file: String, fragment: String)] = [:]
    /// The files to write, by path relative to the folder.
    private(set) var files: [String: String] = [:]
    /// The file names given out.
    private var claimed: Set<String> = []

    init(root: Node) {
        self.root = root
    }

    /// Splits the document at `url` into `folder`; returns the root file and the
    /// number of files written.
    static func split(_ url: URL, into folder: URL) throws -> (root: URL, files: Int) {
        let file = try SourceFile.read(url, name: url.lastPathComponent)
        var splitter = DocumentSplitter(root: file.root)
        splitter.layOut()
        for (path, text) in splitter.files {
            let target = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: target)
        }
        return (folder.appendingPathComponent("openapi.yaml"), splitter.files.count)
    }

    mutating func layOut() {
        // Where every component goes, before any file is written.
        var grouped: [String: [(name: String, node: Node)]] = [:]
        for kind in root["components"]?.pairs ?? [] {
            guard let kindName = kind.key.scalarText else { continue }
            for (index, entry) in (kind.value.pairs ?? []).enumerated() {
                guard let name = entry.key.scalarText else { continue }
                let fileStem = Self.fileName(name)
                // Schemas whose names start with a to f share a file per letter (fragments);
                // the rest have a file each, JSON and YAML in turn.
                if kindName == "schemas", let first = name.lowercased().first, ("a"..."f").contains(first) {
                    let file = "components/schemas/\(first).yaml"
                    places["#/components/schemas/\(name)"] = (file, "/" + Self.escaped(name))
                    grouped[file, default: []].append((name, entry.value))
                } else {
                    let file = unique("components/\(kindName)/\(fileStem).\(index % 2 == 0 ? "yaml" : "json")")
                    places["#/components/\(kindName)/\(name)"] = (file, "")
                }
            }
        }
        // The root: every path and component a reference.
        var rootPairs: [(String, Node)] = []
        for pair in root.pairs ?? [] {
            guard let key = pair.key.scalarText else { continue }
            switch key {
            case "paths":
                var paths: [(String, Node)] = []
                for path in pair.value.pairs ?? [] {
                    guard let name = path.key.scalarText else { continue }
                    let file = unique(Self.pathFile(name))
                    files[file] = Self.text(rewritten(path.value, in: file), json: file.hasSuffix(".json"))
                    paths.append((name, Self.reference(file)))
                }
                rootPairs.append((key, .mapping(paths, at: pair.value.mark)))
            case "components":
                var kinds: [(String, Node)] = []
                for kind in pair.value.pairs ?? [] {
                    guard let kindName = kind.key.scalarText else { continue }
                    var entries: [(String, Node)] = []
                    for entry in kind.value.pairs ?? [] {
                        guard let name = entry.key.scalarText, let place = places["#/components/\(kindName)/\(name)"] else { continue }
                        if place.fragment.isEmpty {
                            files[place.file] = Self.text(rewritten(entry.value, in: place.file), json: place.file.hasSuffix(".json"))
                        }
                        entries.append((name, Self.reference(place.file + (place.fragment.isEmpty ? "" : "#" + place.fragment))))
                    }
                    kinds.append((kindName, .mapping(entries, at: kind.value.mark)))
                }
                rootPairs.append((key, .mapping(kinds, at: pair.value.mark)))
            default:
                rootPairs.append((key, rewritten(pair.value, in: "openapi.yaml")))
            }
        }
        for (file, entries) in grouped {
            let node = Node.mapping(entries.map { ($0.name, rewritten($0.node, in: file)) }, at: root.mark)
            files[file] = Self.text(node, json: false)
        }
        files["openapi.yaml"] = Self.text(.mapping(rootPairs, at: root.mark), json: false)
    }

    /// `file`, or with a number before its extension when another part has that name
    /// (names differ only in characters a file name does not keep).
    private mutating func unique(_ file: String) -> String {
        let stem = (file as NSString).deletingPathExtension
        let ext = (file as NSString).pathExtension
        var name = file
        var number = 2
        while claimed.contains(name.lowercased()) {
            name = "\(stem)-\(number).\(ext)"
            number += 1
        }
        claimed.insert(name.lowercased())
        return name
    }

    /// `node` with its references rewritten relative to `file`.
    private func rewritten(_ node: Node, in file: String) -> Node {
        switch node.content {
        case .scalar:
            return node
        case .sequence(let items):
            return Node(.sequence(items.map { rewritten($0, in: file) }), mark: node.mark)
        case .mapping(let pairs):
            return Node(
                .mapping(
                    pairs.map { pair in
                        guard pair.key.scalarText == "$ref", let target = pair.value.scalarText, target.hasPrefix("#") else {
                            return Node.Pair(key: pair.key, value: rewritten(pair.value, in: file))
                        }
                        return Node.Pair(key: pair.key, value: .text(relative(target, from: file), at: pair.value.mark))
                    }), mark: node.mark)
        }
    }

    /// A reference of the whole document, as the file `from` writes it.
    private func relative(_ target: String, from file: String) -> String {
        let up = String(repeating: "../", count: file.split(separator: "/").count - 1)
        guard let place = places[target] else {
            // A place that is not a component is the root's.
            return up + "openapi.yaml" + target
        }
        let sameFolder = (place.file as NSString).deletingLastPathComponent == (file as NSString).deletingLastPathComponent
        let path = place.file == file ? "" : sameFolder ? "./" + (place.file as NSString).lastPathComponent : up + place.file
        return path + (place.fragment.isEmpty ? "" : "#" + place.fragment)
    }

    /// `paths/repos/{owner}@{repo}@issues.yaml` for `/repos/{owner}/{repo}/issues`; every
    /// third one JSON.
    static func pathFile(_ path: String) -> String {
        let segments = path.split(separator: "/").map(String.init)
        let folder = segments.first.map(fileName) ?? "root"
        let rest = segments.dropFirst().map(fileName).joined(separator: "@")
        let name = rest.isEmpty ? "index" : rest
        return "paths/\(folder)/\(name).\(abs(path.hashValueStable) % 3 == 0 ? "json" : "yaml")"
    }

    private static func fileName(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber || "{}-_.".contains($0) ? $0 : "_" })
    }

    private static func escaped(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    private static func reference(_ target: String) -> Node {
        .mapping([("$ref", .text(target, at: Mark(line: 1, column: 1)))], at: Mark(line: 1, column: 1))
    }

    // MARK: Writing

    /// The tree as JSON or as block YAML.
    static func text(_ node: Node, json: Bool) -> String {
        var out = ""
        if json { writeJSON(node, indent: 0, into: &out) } else { writeYAML(node, indent: 0, into: &out, inline: false) }
        return out + "\n"
    }

    private static func writeJSON(_ node: Node, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent + 1)
        switch node.content {
        case .scalar(let scalar):
            out += plain(scalar) ?? quoted(scalar.text)
        case .sequence(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += pad
                writeJSON(item, indent: indent + 1, into: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .mapping(let pairs):
            guard !pairs.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            for (index, pair) in pairs.enumerated() {
                out += pad + quoted(pair.key.scalarText ?? "") + ": "
                writeJSON(pair.value, indent: indent + 1, into: &out)
                out += index == pairs.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    private static func writeYAML(_ node: Node, indent: Int, into out: inout String, inline: Bool) {
        let pad = String(repeating: "  ", count: indent)
        switch node.content {
        case .scalar(let scalar):
            out += plain(scalar) ?? quoted(scalar.text)
        case .sequence(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            for (index, item) in items.enumerated() {
                if index > 0 || !inline { out += "\n" + pad }
                out += "- "
                if item.pairs?.isEmpty == false {
                    writeYAML(item, indent: indent + 1, into: &out, inline: true)
                } else {
                    writeYAML(item, indent: indent + 1, into: &out, inline: false)
                }
            }
        case .mapping(let pairs):
            guard !pairs.isEmpty else {
                out += "{}"
                return
            }
            for (index, pair) in pairs.enumerated() {
                if index > 0 || !inline { out += (out.isEmpty ? "" : "\n") + pad }
                out += quoted(pair.key.scalarText ?? "") + ":"
                switch pair.value.content {
                case .scalar:
                    out += " "
                    writeYAML(pair.value, indent: indent + 1, into: &out, inline: false)
                case .sequence(let items) where items.isEmpty: out += " []"
                case .mapping(let inner) where inner.isEmpty: out += " {}"
                case .sequence: writeYAML(pair.value, indent: indent, into: &out, inline: false)
                case .mapping: writeYAML(pair.value, indent: indent + 1, into: &out, inline: false)
                }
            }
        }
    }

    /// A scalar written plain, as JSON writes it: a number, a Bool or a null as YAML
    /// 1.2's core schema reads it; nil for text.
    private static func plain(_ scalar: Node.Scalar) -> String? {
        guard !scalar.isQuoted else { return nil }
        let text = scalar.text
        switch text {
        case "true", "True", "TRUE": return "true"
        case "false", "False", "FALSE": return "false"
        case "null", "Null", "NULL", "~": return "null"
        default: break
        }
        let number = #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$"#
        return text.range(of: number, options: .regularExpression) != nil ? text : nil
    }

    /// A double-quoted string, in the escapes JSON and YAML share.
    private static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || [0xFEFF, 0x2028, 0x2029, 0xFFFE, 0xFFFF].contains(scalar.value)
                {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension String {
    /// A hash that is the same on every run (Swift's `hashValue` is seeded per process).
    fileprivate var hashValueStable: Int {
        var hash = 5381
        for byte in utf8 { hash = (hash &* 33) &+ Int(byte) }
        return hash
    }
}
