import Foundation

/// Stage 4: renders a ``CodeModel`` with the templates into Swift files: one for
/// the models, one for the client, one for the paging adapters, so that a build
/// compiles them in parallel.
///
/// The three files are always written, whatever the spec holds and whichever parts
/// the config turns off (a file with nothing to hold keeps only its header, the
/// `Header` template), so a build plugin can declare its outputs before the tool runs.
///
/// Each file is rendered by swift-mustache and laid out by the generator's printer in one
/// pass; the three files are rendered at the same time, the one place the
/// generator works on more than one core.
public enum SwiftRenderer {
    /// The suffixes of the files every spec generates, in order: each is also the
    /// name of the template that renders it.
    public static let fileSuffixes = ["Models", "Client", "Paging"]

    /// Renders `code`.
    /// - Throws: ``GenerationFailed`` naming the template that did not render.
    public static func render(_ code: CodeModel, templates: TemplateSet) throws -> [GeneratedFile] {
        let emits = [code.emitModels, code.emitClient, code.emitPaging && code.client.hasPaging]
        let namespaceFile = emits.firstIndex(of: true)
        let files = Array(fileSuffixes.indices).concurrentMap { index in
            var file = code
            let name = "\(code.fileStem)\(fileSuffixes[index]).swift"
            file.file = FileCode(
                name: name, template: fileSuffixes[index], declaresNamespace: code.namespace != nil && index == namespaceFile)
            return Result {
                GeneratedFile(
                    name: name, contents: CodeLayout.format(try templates.render(emits[index] ? fileSuffixes[index] : "Header", with: file))
                )
            }
        }
        return try files.map { try $0.get() }
    }
}
