import Foundation
import Mustache
import PagegenTemplates

/// The templates a run renders with: the bundled ones, each replaced by a file of
/// the same name from a user's folder when one is given.
public struct TemplateSet: Sendable {
    /// The names every template set has: a template per file, and `Enum`, a partial
    /// the others include.
    public static let names = ["Models", "Client", "Paging", "Enum"]

    let library: MustacheLibrary

    /// Loads the bundled templates, overridden by those in `overrides`.
    /// - Throws: ``GenerationFailed`` when a template is missing or does not parse.
    public static func load(overrides: URL? = nil) throws -> TemplateSet {
        var library = MustacheLibrary()
        guard let bundled = BundledTemplates.directory else {
            throw GenerationFailed(diagnostics: [Diagnostic(.error, "the bundled templates are missing from this build of pagegen")])
        }
        if let overrides {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: overrides.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw GenerationFailed(diagnostics: [Diagnostic(.error, "the templates folder '\(overrides.path)' does not exist",
                                                                hint: "pass a folder holding Models.mustache, Client.mustache or Paging.mustache")])
            }
        }
        for name in names {
            let file = "\(name).mustache"
            let override = overrides?.appendingPathComponent(file)
            let url = override.flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil }
                ?? bundled.appendingPathComponent(file)
            do {
                let text = try String(contentsOf: url, encoding: .utf8)
                library.register(try MustacheTemplate(string: text), named: name)
            } catch {
                throw GenerationFailed(diagnostics: [Diagnostic(.error, "cannot read the template \(url.lastPathComponent): \(error)")])
            }
        }
        return TemplateSet(library: library)
    }

    /// Renders the template `name` with `object`.
    func render(_ name: String, with object: Any) -> String {
        library.render(object, withTemplate: name) ?? ""
    }
}
