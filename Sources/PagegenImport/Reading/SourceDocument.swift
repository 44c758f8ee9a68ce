import Foundation
import PagegenCore
import PagegenYAML

/// One file the importer reads — the OpenAPI or Swagger document, or a Fern
/// overrides file — as a tree of nodes with their line and column.
struct SourceFile {
    /// How notes name the file: the path given on the command line.
    var name: String
    /// The document's root.
    var root: Node

    /// What the importer reads at most. Whole OpenAPI documents are larger than any
    /// spec (Microsoft Graph's is tens of megabytes), so the bounds on size and values
    /// are wider than a spec's; nesting and aliases are bounded as in a spec.
    static let limits = YAMLLimits(
        maxBytes: 256 << 20, maxDepth: YAMLLimits.standard.maxDepth,
        maxAliasValues: YAMLLimits.standard.maxAliasValues, maxValues: 20_000_000)

    /// Reads and parses `url` (JSON or YAML; JSON is read as the YAML it is).
    /// - Throws: ``ImportError`` when the file cannot be read, is not UTF-8 text, is
    ///   larger than ``limits`` allow or does not parse.
    static func read(_ url: URL, name: String) throws(ImportError) -> SourceFile {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ImportError(
                file: name, mark: nil, message: FileSystemError(.read, path: name, error: error).description,
                hint: "check the path")
        }
        let text: String
        do {
            text = try PagegenYAML.YAMLText.decode(Array(data), limits: limits)
        } catch {
            throw importError(error, name: name)
        }
        return try parse(text, name: name)
    }

    /// Parses document text: a JSON document with ``JSONReader``, which reads every
    /// JSON escape, and YAML (or text that looks like JSON but is not) with PagegenYAML.
    static func parse(_ text: String, name: String) throws(ImportError) -> SourceFile {
        let parsed: Node?
        var jsonFailure: JSONReader.Failure?
        if JSONReader.looksLikeJSON(text) {
            switch Result(catching: { () throws(JSONReader.Failure) in try JSONReader.parse(text, limits: limits) }) {
            case .success(let root): return try checked(root, name: name)
            // YAML's flow mappings start with '{' too: YAML reads it next.
            case .failure(let failure): jsonFailure = failure
            }
        }
        do {
            parsed = try YAMLParser.parse(text, limits: limits)
        } catch {
            // Of two readers that fail, the one that read further says what is wrong.
            if let jsonFailure, jsonFailure.mark > error.mark {
                let limit = jsonFailure.message.hasPrefix("the document")
                throw ImportError(
                    file: name, mark: jsonFailure.mark, message: limit ? jsonFailure.message : "malformed JSON: " + jsonFailure.message,
                    hint: nil)
            }
            throw importError(error, name: name)
        }
        return try checked(parsed, name: name)
    }

    /// The root of a parsed document, which must be a mapping.
    private static func checked(_ parsed: Node?, name: String) throws(ImportError) -> SourceFile {
        guard let root = parsed, !root.isNull else {
            throw ImportError(file: name, mark: Mark(line: 1, column: 1), message: "the document is empty", hint: nil)
        }
        guard root.pairs != nil else {
            throw ImportError(
                file: name, mark: root.mark, message: "the document must be a mapping, not \(root.kindDescription)", hint: nil)
        }
        return SourceFile(name: name, root: root)
    }

    /// The reader's error, located in `name`; JSON is read as YAML, so what the
    /// reader calls YAML may be either.
    private static func importError(_ error: YAMLError, name: String) -> ImportError {
        let tooLarge = error.message.hasPrefix("the file is larger than")
        return ImportError(
            file: name, mark: error.mark,
            message: error.message.replacingOccurrences(of: "malformed YAML:", with: "malformed JSON or YAML:"),
            hint: tooLarge ? "prune the document to the operations to import" : error.hint)
    }
}

/// A problem that stops the import, printed like a compiler's error.
public struct ImportError: Error, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// Where in it, when known.
    public var mark: Mark?
    /// What is wrong.
    public var message: String
    /// What to do about it.
    public var hint: String?
    /// Other problems found with it (every reference that cannot be followed in a
    /// document split across files), each on a line of its own.
    public var more: [ImportError] = []
    /// What the importer noted before it stopped (the warnings that say why no
    /// operation is left, for one), to print before the error.
    public var notes: [ImportNote] = []

    /// Creates an error.
    public init(file: String, mark: Mark?, message: String, hint: String? = nil) {
        self.file = file
        self.mark = mark
        self.message = message
        self.hint = hint
    }

    /// `file:line:column: error: message; hint`, and a line for each of ``more``.
    public var description: String {
        let position = mark.map { "\(file):\($0.line):\($0.column)" } ?? file
        let line = "\(position): error: \(message)" + (hint.map { "; \($0)" } ?? "")
        return ([line] + more.map(\.description)).joined(separator: "\n")
    }
}
