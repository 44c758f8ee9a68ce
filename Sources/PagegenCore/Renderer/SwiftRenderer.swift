import Foundation

/// Stage 4: renders a ``CodeModel`` with the templates into Swift files: one for
/// the models, one for the client, one for the paging adapters, so that a build
/// compiles them in parallel.
///
/// The three files are always written, whatever the spec holds and whichever parts
/// the config turns off (a file with nothing to hold keeps only its header, the
/// `Header` template), so a build plugin can declare its outputs before the tool runs.
///
/// The work is shared among the cores in three steps, each on every core: the files
/// are rendered but for their sections over long lists (the models, the endpoints);
/// the items of those lists are rendered, a few dozen to a piece; then each file is
/// put together and laid out. A file's text depends on the code model and the
/// templates alone, and is the same however the work was shared.
public enum SwiftRenderer {
    /// The suffixes of the files every spec generates, in order: each is also the
    /// name of the template that renders it.
    public static let fileSuffixes = ["Models", "Client", "Paging"]

    /// The fewest items of a list whose section is rendered apart from its file.
    static let minimumItemsRenderedApart = 64
    /// The fewest items of a piece of a list rendered apart.
    static let minimumItemsPerPiece = 32

    /// Renders `code`.
    /// - Throws: ``GenerationFailed`` naming the template that did not render.
    public static func render(_ code: CodeModel, templates: TemplateSet) throws -> [GeneratedFile] {
        try render(code, templates: templates, withSwiftMustache: false)
    }

    /// Renders `code`, with swift-mustache itself when `withSwiftMustache` is true
    /// (what tests compare the compiled templates with), rendering apart the sections
    /// over lists of at least `minimumItemsApart` items, in pieces of at least
    /// `minimumPerPiece`.
    static func render(
        _ code: CodeModel, templates: TemplateSet, withSwiftMustache: Bool, minimumItemsApart: Int = minimumItemsRenderedApart,
        minimumPerPiece: Int = minimumItemsPerPiece
    ) throws -> [GeneratedFile] {
        let emits = [code.emitModels, code.emitClient, code.emitPaging && code.client.hasPaging]
        let namespaceFile = emits.firstIndex(of: true)
        let names = fileSuffixes.map { "\(code.fileStem)\($0).swift" }
        let partials = try Array(fileSuffixes.indices).concurrentMap(minimumPerThread: 1) { index in
            let suffix = fileSuffixes[index]
            var file = code
            file.file = FileCode(name: names[index], template: suffix, declaresNamespace: code.namespace != nil && index == namespaceFile)
            return Result {
                try templates.renderLeavingOutLists(
                    emits[index] ? suffix : "Header", with: file, minimumItems: minimumItemsApart, withSwiftMustache: withSwiftMustache)
            }
        }.map { try $0.get() }

        let pieces = partials.indices.flatMap { file in
            partials[file].sectionSizes.enumerated().flatMap { section, count in
                Self.pieces(of: count, minimumPerPiece: minimumPerPiece).map { (file: file, section: section, items: $0) }
            }
        }
        let texts = pieces.concurrentMap(minimumPerThread: 1) { piece in
            partials[piece.file].renderItems(of: piece.section, in: piece.items)
        }

        var parts = partials.map { $0.sectionSizes.map { _ in [String]() } }
        for (piece, text) in zip(pieces, texts) {
            parts[piece.file][piece.section].append(text)
        }
        return Array(partials.indices).concurrentMap(minimumPerThread: 1) { index in
            GeneratedFile(name: names[index], contents: CodeLayout.format(partials[index].assembled(parts[index])))
        }
    }

    /// The items of a list of `count` split into pieces of at least
    /// `minimumPerPiece`, a few for each core.
    private static func pieces(of count: Int, minimumPerPiece: Int) -> [Range<Int>] {
        let pieces = max(1, min(count / minimumPerPiece, ProcessInfo.processInfo.activeProcessorCount * 4))
        return (0..<pieces).map { piece in (piece * count / pieces)..<((piece + 1) * count / pieces) }
    }
}
