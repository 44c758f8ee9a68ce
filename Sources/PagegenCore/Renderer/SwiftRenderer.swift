/// Stage 4: renders a ``CodeModel`` with the templates into Swift files: one for
/// the models, one for the client, one for the paging adapters, so that a build
/// compiles them in parallel.
///
/// The three files are always written, whatever the spec holds and whichever parts
/// the config turns off (a file with nothing to hold keeps only its header, the
/// `Header` template), so a build plugin can declare its outputs before the tool runs.
/// They are rendered and laid out at the same time, each on its own thread: a file's
/// text depends on the code model and the templates alone.
public enum SwiftRenderer {
    /// The suffixes of the files every spec generates, in order: each is also the
    /// name of the template that renders it.
    public static let fileSuffixes = ["Models", "Client", "Paging"]

    /// Renders `code`.
    /// - Throws: ``GenerationFailed`` naming the template that did not render.
    public static func render(_ code: CodeModel, templates: TemplateSet) throws -> [GeneratedFile] {
        try render(code, templates: templates, withSwiftMustache: false)
    }

    /// Renders `code`, with swift-mustache itself when `withSwiftMustache` is true
    /// (what tests compare the compiled templates with).
    static func render(_ code: CodeModel, templates: TemplateSet, withSwiftMustache: Bool) throws -> [GeneratedFile] {
        let emits = [code.emitModels, code.emitClient, code.emitPaging && code.client.hasPaging]
        let namespaceFile = emits.firstIndex(of: true)
        let files = Array(fileSuffixes.indices).concurrentMap(minimumPerThread: 1) { index in
            let suffix = fileSuffixes[index]
            let name = "\(code.fileStem)\(suffix).swift"
            var file = code
            file.file = FileCode(name: name, template: suffix, declaresNamespace: code.namespace != nil && index == namespaceFile)
            return Result {
                let text = try templates.render(emits[index] ? suffix : "Header", with: file, withSwiftMustache: withSwiftMustache)
                return GeneratedFile(name: name, contents: CodeLayout.format(text))
            }
        }
        return try files.map { try $0.get() }
    }
}
