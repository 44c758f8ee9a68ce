import Foundation

/// Stage 4: renders a ``CodeModel`` with the templates into Swift files: the models
/// (`CatalogModels.swift`), the client (`CatalogClient.swift`) and the paging adapters
/// (`CatalogPaging.swift`), each by the template of the same name, so that a build
/// compiles them in parallel.
///
/// The files are always written, whatever the spec holds and whichever parts the
/// config turns off (a file with nothing to hold keeps only its header, the `Header`
/// template), so a build plugin can declare its outputs before the tool runs.
///
/// A large spec's models and client take several files each (``FileCounts``),
/// `CatalogModels2.swift`…: a debug build compiles a target's files in one batch per
/// core, in order, and waits for the largest batch, so files of similar sizes keep
/// every core busy.
///
/// Each file is rendered by swift-mustache and laid out by the generator's printer in one
/// pass; the files are rendered at the same time, the one place the generator works on
/// more than one core.
public enum SwiftRenderer {
    /// Renders `code`, its models in `modelFiles` files and its client in `clientFiles`
    /// files (by default, as many as ``FileCounts`` gives for its models and endpoints;
    /// one file when a user's template replaces the `Models` or the `Client` one, which
    /// may not render its file in parts).
    /// - Throws: ``GenerationFailed`` naming the template that did not render.
    public static func render(
        _ code: CodeModel, templates: TemplateSet, modelFiles: Int? = nil, clientFiles: Int? = nil
    ) throws -> [GeneratedFile] {
        let modelFiles = FileCounts.clamped(
            modelFiles
                ?? (templates.replaced.contains("Models") ? 1 : FileCounts.files(for: code.models.count, perFile: FileCounts.modelsPerFile))
        )
        let clientFiles = FileCounts.clamped(
            clientFiles
                ?? (templates.replaced.contains("Client")
                    ? 1 : FileCounts.files(for: code.client.endpoints.count, perFile: FileCounts.endpointsPerFile)))
        let models = code.emitModels ? FileCounts.split(code.models, into: modelFiles) { $0.fields.count + 3 } : []
        // The client's first file also holds the client type and every endpoint's
        // descriptors, about a quarter of an endpoint's code each: it gets fewer functions.
        let endpoints =
            code.emitClient
            ? FileCounts.split(code.client.endpoints, into: clientFiles, headStart: code.client.endpoints.count + 8) { _ in 4 } : []
        // Each file: its name, the template that renders it, and the code it holds (nil
        // for a file with nothing to hold, which keeps only its header). A part past the
        // first with no share of the models or endpoints keeps only its header.
        var parts: [(name: String, template: String, code: CodeModel?)] = []
        func addParts<Item>(_ template: String, count: Int, runs: [[Item]], holding: (inout CodeModel, [Item]) -> Void) {
            for index in 0..<count {
                let holds = index < runs.count && (index == 0 || !runs[index].isEmpty)
                var part = code
                if holds { holding(&part, runs[index]) }
                parts.append((FileCounts.name(code.fileStem, template, index), template, holds ? part : nil))
            }
        }
        addParts("Models", count: modelFiles, runs: models) { $0.models = $1 }
        addParts("Client", count: clientFiles, runs: endpoints) { $0.client.endpoints = $1 }
        parts.append((FileCounts.name(code.fileStem, "Paging", 0), "Paging", code.emitPaging && code.client.hasPaging ? code : nil))
        let namespaceFile = parts.firstIndex { $0.code != nil }
        let firstClientFile = parts.firstIndex { $0.template == "Client" }
        let rendered: [(template: String, code: CodeModel)] = parts.indices.map { index in
            let (name, template, part) = parts[index]
            var file = part ?? code
            file.file = FileCode(
                name: name, template: template, declaresNamespace: code.namespace != nil && index == namespaceFile,
                declaresClient: index == firstClientFile)
            return (part == nil ? "Header" : template, file)
        }
        let files = rendered.concurrentMap { template, file in
            Result { GeneratedFile(name: file.file.name, contents: CodeLayout.format(try templates.render(template, with: file))) }
        }
        return try files.map { try $0.get() }
    }
}

extension SwiftRenderer {
    /// Renders the paging extensions of a swift-openapi-generator client with the
    /// `OpenAPIPaging` template, laid out as every generated file is.
    /// - Throws: ``GenerationFailed`` naming the template that did not render.
    public static func render(_ code: OpenAPIPagingCode, templates: TemplateSet) throws -> String {
        CodeLayout.format(try templates.render("OpenAPIPaging", with: code))
    }
}

/// How many files a spec's models and client take: one for every ``modelsPerFile``
/// models and every ``endpointsPerFile`` endpoints, at most ``maximum`` each. The build
/// plugins count a spec's models and endpoints before pagegen runs and pass their
/// counts (`--model-files`, `--client-files`), so that they know the files it writes.
public enum FileCounts {
    /// Models per file.
    public static let modelsPerFile = 30
    /// Endpoints per file.
    public static let endpointsPerFile = 25
    /// The most files the models, or the client, take.
    public static let maximum = 8

    /// The files `items` things take, `perFile` to a file: at least 1, at most ``maximum``.
    public static func files(for items: Int, perFile: Int) -> Int {
        clamped((items + perFile - 1) / perFile)
    }

    /// `count` brought between 1 and ``maximum``.
    static func clamped(_ count: Int) -> Int {
        min(maximum, max(1, count))
    }

    /// The name of file `index` (from 0) of a kind: `CatalogModels.swift`, then
    /// `CatalogModels2.swift`, ….
    static func name(_ stem: String, _ suffix: String, _ index: Int) -> String {
        index == 0 ? "\(stem)\(suffix).swift" : "\(stem)\(suffix)\(index + 1).swift"
    }

    /// `items` cut into `count` runs in order, of about the same total weight, the
    /// first run holding `headStart` of weight before its items.
    static func split<Item>(_ items: [Item], into count: Int, headStart: Int = 0, weight: (Item) -> Int) -> [[Item]] {
        guard count > 1 else { return [items] }
        let total = items.reduce(headStart) { $0 + weight($1) }
        var runs: [[Item]] = [[]]
        var sum = headStart
        for item in items {
            // A new run once this one holds its share of the weight.
            if sum * count >= total * runs.count, runs.count < count { runs.append([]) }
            runs[runs.count - 1].append(item)
            sum += weight(item)
        }
        while runs.count < count { runs.append([]) }
        return runs
    }
}
