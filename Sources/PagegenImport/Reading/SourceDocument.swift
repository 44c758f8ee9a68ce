import Foundation
import PagegenYAML

/// One file the importer reads — the OpenAPI or Swagger document, or a Fern
/// overrides file — as a tree of nodes with their line and column.
struct SourceFile {
    /// How notes name the file: the path given on the command line.
    var name: String
    /// The document's root.
    var root: Node

    /// Reads and parses `url` (JSON or YAML; JSON is read as the YAML it is).
    /// - Throws: ``ImportError`` when the file cannot be read or parsed.
    static func read(_ url: URL, name: String) throws(ImportError) -> SourceFile {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ImportError(file: name, mark: nil, message: "cannot read \(name): \((error as NSError).localizedDescription)",
                              hint: "check that the file exists and is UTF-8 text")
        }
        return try parse(text, name: name)
    }

    /// Parses document text.
    static func parse(_ text: String, name: String) throws(ImportError) -> SourceFile {
        do {
            guard let root = try YAMLParser.parse(text) else {
                throw ImportError(file: name, mark: Mark(line: 1, column: 1), message: "the document is empty", hint: nil)
            }
            guard root.pairs != nil else {
                throw ImportError(file: name, mark: root.mark, message: "the document must be a mapping, not \(root.kindDescription)", hint: nil)
            }
            return SourceFile(name: name, root: root)
        } catch let error as YAMLError {
            throw ImportError(file: name, mark: error.mark, message: "malformed JSON or YAML: \(error.message)", hint: nil)
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(file: name, mark: nil, message: "\(error)", hint: nil)
        }
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

    /// Creates an error.
    public init(file: String, mark: Mark?, message: String, hint: String?) {
        self.file = file
        self.mark = mark
        self.message = message
        self.hint = hint
    }

    /// `file:line:column: error: message; hint`.
    public var description: String {
        let position = mark.map { "\(file):\($0.line):\($0.column)" } ?? file
        return "\(position): error: \(message)" + (hint.map { "; \($0)" } ?? "")
    }
}
