import Foundation
import Mustache
import PagegenTemplates
import PagegenYAML

/// The templates a run renders with: the bundled ones, each replaced by a file of
/// the same name from a user's folder when one is given, parsed by swift-mustache.
///
/// Every template of a user's folder is checked when it is loaded: a name it uses
/// that the code model does not have (``TemplateNames``), or a partial that does not
/// exist, is an error at its line and column, so that a typo cannot render as
/// nothing. (The bundled templates are checked the same way by the package's tests.)
public struct TemplateSet: Sendable {
    /// The names every template set has: a template per file (`Models`, `Client`,
    /// `Paging`), and the partials they include: `Header` (the file header, imports
    /// and namespace) and `Enum` (an enumeration).
    public static let names = BundledTemplates.names

    /// The templates, parsed.
    let library: MustacheLibrary
    /// The names of the templates a user's folder replaced.
    let replaced: Set<String>

    /// Loads the bundled templates, overridden by those in `overrides`.
    /// - Throws: ``GenerationFailed`` when a template is missing, does not parse, or
    ///   uses a name the code model does not have.
    public static func load(overrides: URL? = nil) throws -> TemplateSet {
        if let overrides {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: overrides.path, isDirectory: &isDirectory)
            guard exists, isDirectory.boolValue else {
                throw GenerationFailed(diagnostics: [
                    Diagnostic(
                        .error, "the templates folder '\(overrides.path)' \(exists ? "is a file, not a folder" : "does not exist")",
                        hint: "pass a folder holding any of \(names.map { "\($0).mustache" }.joined(separator: ", "))")
                ])
            }
        }
        var problems: [Diagnostic] = []
        var library = MustacheLibrary()
        var replaced: Set<String> = []
        for name in names {
            let file = "\(name).mustache"
            let override = overrides?.appendingPathComponent(file)
            let usersURL = override.flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }
            let isUsers = usersURL != nil
            let shownName = usersURL?.path ?? "the bundled \(file)"
            let text: String
            if let usersURL {
                do {
                    text = try String(contentsOf: usersURL, encoding: .utf8)
                } catch {
                    throw GenerationFailed(diagnostics: [
                        Diagnostic(.error, "cannot read the template \(shownName): \(FileSystemError.reason(of: error))")
                    ])
                }
            } else if let bundled = BundledTemplates.text(named: name) {
                text = bundled
            } else {
                throw GenerationFailed(diagnostics: [Diagnostic(.error, "\(shownName) is missing from this build of pagegen")])
            }
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch {
                throw GenerationFailed(diagnostics: [Diagnostic(.error, "the template \(shownName) does not parse: \(error)")])
            }
            if isUsers {
                replaced.insert(name)
                problems += TemplateCheck.problems(in: text, file: shownName, partials: Set(names))
            }
        }
        if !problems.isEmpty { throw GenerationFailed(diagnostics: problems) }
        return TemplateSet(library: library, replaced: replaced)
    }

    /// Renders the template `name` with `code`, the root of its code model.
    /// - Throws: ``GenerationFailed`` when there is no such template.
    func render(_ name: String, with code: some TemplateValue) throws -> String {
        guard let text = library.render(code, withTemplate: name) else {
            throw GenerationFailed(diagnostics: [
                Diagnostic(.error, "the template \(name).mustache did not render: there is no such template")
            ])
        }
        return text
    }
}

/// Checks the tags of a template against the code model's names.
enum TemplateCheck {
    /// What Mustache can apply to a name: `{{#reversed(items)}}`, and inside a list
    /// `{{#first()}}`, `{{^last()}}`, `{{index()}}`.
    static let transforms: Set<String> = [
        "first", "last", "index", "even", "odd", "reversed", "count", "empty", "sorted", "enumerated",
        "capitalized", "lowercased", "uppercased", "plusone", "minusone", "equalzero",
    ]

    /// A diagnostic for each tag that names something the code model does not have.
    static func problems(in text: String, file: String, partials: Set<String>) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        /// The blocks and parents opened so far, whose closing tags name no value.
        var blocks: Set<String> = []
        var rest = Substring(text)
        // A tag's mark is worked out only for a problem.
        while let open = rest.firstRange(of: "{{") {
            var tagStart = open.upperBound
            var closing = "}}"
            if rest[tagStart...].hasPrefix("{") {
                tagStart = rest.index(after: tagStart)
                closing = "}}}"
            }
            guard let close = rest[tagStart...].firstRange(of: closing) else { break }
            let tag = rest[tagStart..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            var mark: Mark { self.mark(of: open.lowerBound, in: text) }
            rest = rest[close.upperBound...]
            guard let kind = tag.first else { continue }
            switch kind {
            case "!", "%":
                continue
            case "=":
                // Custom delimiters: the tags after this are not checked.
                return problems
            case ">", "<", "$":
                let partial = tag.dropFirst().trimmingCharacters(in: .whitespaces)
                if kind != ">" { blocks.insert(partial) }
                if kind != "$", !partials.contains(partial) {
                    problems.append(
                        Diagnostic(
                            .error, "the template uses the partial '\(partial)', which does not exist",
                            hint: Suggestion.didYouMean(partial, in: partials)
                                ?? "the partials are \(partials.sorted().joined(separator: ", "))",
                            at: SourceLocation(file: file, mark: mark)))
                }
                continue
            default:
                let name = "#^/&".contains(kind) ? tag.dropFirst().trimmingCharacters(in: .whitespaces) : tag
                if kind == "/", blocks.contains(name) { continue }
                if let problem = problem(with: name) {
                    problems.append(Diagnostic(.error, problem.message, hint: problem.hint, at: SourceLocation(file: file, mark: mark)))
                }
            }
        }
        return problems
    }

    /// Why `name` (`models`, `.`, `name.bare`, `last()`, `reversed(items)`) names nothing.
    static func problem(with name: String) -> (message: String, hint: String)? {
        var name = Substring(name)
        if let open = name.firstIndex(of: "("), name.hasSuffix(")") {
            let transform = String(name[..<open])
            guard transforms.contains(transform) else {
                return (
                    "the template applies '\(transform)()', which Mustache does not have",
                    Suggestion.didYouMean(transform, in: transforms) ?? "the transforms are \(transforms.sorted().joined(separator: ", "))"
                )
            }
            name = name[name.index(after: open)..<name.index(before: name.endIndex)]
        }
        for part in name.split(separator: ".") where !TemplateNames.all.contains(String(part)) {
            return (
                "the template uses '\(part)', which is not a name of the code model",
                Suggestion.didYouMean(String(part), in: TemplateNames.all) ?? "the names are documented in docs/templates.md"
            )
        }
        return nil
    }

    /// The 1-based line and column of `index` in `text`.
    static func mark(of index: String.Index, in text: String) -> Mark {
        let before = text[..<index]
        let line = before.utf8.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column =
            before.distance(from: before.lastIndex(of: "\n").map(before.index(after:)) ?? before.startIndex, to: before.endIndex) + 1
        return Mark(line: line, column: column)
    }
}
