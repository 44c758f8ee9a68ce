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
/// are rendered but for their sections over long lists (the models, the endpoints),
/// and what they render is laid out; the items of those lists are rendered and laid
/// out, a few dozen to a piece; then each file's laid-out parts are joined. A file's
/// text depends on the code model and the templates alone, and is the same however
/// the work was shared: where a piece does not close every bracket it opens, or
/// does not end a line, the file's parts are put together first and laid out as one.
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
        let files = try Array(fileSuffixes.indices).concurrentMap(minimumPerThread: 1) { index in
            let suffix = fileSuffixes[index]
            var file = code
            file.file = FileCode(name: names[index], template: suffix, declaresNamespace: code.namespace != nil && index == namespaceFile)
            return Result {
                FileParts(
                    try templates.renderLeavingOutLists(
                        emits[index] ? suffix : "Header", with: file, minimumItems: minimumItemsApart, withSwiftMustache: withSwiftMustache)
                )
            }
        }.map { try $0.get() }

        let pieces = files.indices.flatMap { file in
            files[file].partial.sectionSizes.enumerated().flatMap { section, count in
                Range.pieces(of: count, minimumPerPiece: minimumPerPiece).map { (file: file, section: section, items: $0) }
            }
        }
        let laidOutPieces = pieces.concurrentMap(minimumPerThread: 1) { piece in
            let text = files[piece.file].partial.renderItems(of: piece.section, in: piece.items)
            return (text: text, fragment: CodeLayout.layOut(text, from: files[piece.file].sectionStarts[piece.section]))
        }

        var parts = files.map { $0.partial.sectionSizes.map { _ in [(text: String, fragment: CodeLayout.Fragment)]() } }
        for (piece, laidOut) in zip(pieces, laidOutPieces) {
            parts[piece.file][piece.section].append(laidOut)
        }
        return Array(files.indices).concurrentMap(minimumPerThread: 1) { index in
            GeneratedFile(name: names[index], contents: files[index].joined(parts[index]))
        }
    }
}

/// A file rendered but for its long lists, with its own text laid out in segments
/// (around the lists), each from the brackets open where it starts, as if each list
/// closed every bracket it opens. Sendable as its ``TemplateRenderer/PartialRender`` is.
private struct FileParts: @unchecked Sendable {
    let partial: TemplateRenderer.PartialRender
    /// The text before the first list, between two lists, and after the last.
    let segments: [CodeLayout.Fragment]
    /// The brackets open where each list starts.
    let sectionStarts: [CodeLayout.Brackets]
    /// True when each list starts at the start of a line.
    let listsStartLines: Bool

    init(_ partial: TemplateRenderer.PartialRender) {
        self.partial = partial
        let text = partial.text
        let utf8 = text.utf8
        var bounds = [utf8.startIndex]
        var listsStartLines = true
        for offset in partial.sectionOffsets {
            let bound = utf8.index(utf8.startIndex, offsetBy: offset)
            listsStartLines = listsStartLines && (bound == utf8.startIndex || utf8[utf8.index(before: bound)] == UInt8(ascii: "\n"))
            bounds.append(bound)
        }
        bounds.append(utf8.endIndex)
        var segments: [CodeLayout.Fragment] = []
        var sectionStarts: [CodeLayout.Brackets] = []
        var brackets = CodeLayout.Brackets()
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            if !segments.isEmpty { sectionStarts.append(brackets) }
            let segment = CodeLayout.layOut(String(text[start..<end]), from: brackets)
            segments.append(segment)
            brackets = segment.end
        }
        self.segments = segments
        self.sectionStarts = sectionStarts
        self.listsStartLines = listsStartLines
    }

    /// The file laid out, from the lists' pieces (for each list, the texts of its
    /// items in order, each laid out from the brackets where the list starts).
    func joined(_ pieces: [[(text: String, fragment: CodeLayout.Fragment)]]) -> String {
        let fitsTogether =
            listsStartLines
            && zip(sectionStarts, pieces).allSatisfy { start, pieces in
                pieces.allSatisfy { $0.fragment.end == start && ($0.text.isEmpty || $0.text.utf8.last == UInt8(ascii: "\n")) }
            }
        guard fitsTogether else { return CodeLayout.format(partial.assembled(pieces.map { $0.map(\.text) })) }
        var joiner = CodeLayout.Joiner()
        joiner.reserveCapacity(segments.reduce(0) { $0 + $1.bytes.count } + pieces.joined().reduce(0) { $0 + $1.fragment.bytes.count })
        for (index, segment) in segments.enumerated() {
            joiner.append(segment)
            if index < pieces.count {
                for piece in pieces[index] { joiner.append(piece.fragment) }
            }
        }
        return joiner.text
    }
}
