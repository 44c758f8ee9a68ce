import Foundation
import PagegenYAML

/// The whole generator: spec text in, Swift files out, through four named stages:
///
/// 1. ``SpecLoader``: YAML text → ``Spec``
/// 2. ``SpecValidator``: ``Spec`` → checked ``Spec``
/// 3. ``SpecTranslator``: ``Spec`` → ``CodeModel``
/// 4. ``SwiftRenderer``: ``CodeModel`` + templates → [``GeneratedFile``]
///
/// Each stage reports recoverable problems to the collector; the pipeline stops
/// after validation when any error was found.
public struct GeneratorPipeline {
    /// The options.
    public var config: GeneratorConfig

    /// Creates a pipeline.
    public init(config: GeneratorConfig = GeneratorConfig()) {
        self.config = config
    }

    /// Loads and validates a spec without generating code (what `pagegen lint` does).
    /// - Returns: the spec, or nil when it could not be read at all.
    public func check(_ text: String, file: String, diagnostics: DiagnosticCollector) -> Spec? {
        guard let spec = SpecLoader.load(text, file: file, diagnostics: diagnostics) else { return nil }
        SpecValidator.validate(spec, config: config, diagnostics: diagnostics)
        return spec
    }

    /// Runs every stage.
    /// - Throws: ``GenerationFailed`` with every diagnostic when the spec has errors.
    public func generate(_ text: String, file: String, templates: TemplateSet, diagnostics: DiagnosticCollector) throws -> [GeneratedFile] {
        guard let spec = SpecLoader.load(text, file: file, diagnostics: diagnostics) else {
            throw GenerationFailed(diagnostics: diagnostics.sorted)
        }
        // The names are decided once, for the validator and the translator.
        let names = SpecNames(spec: spec, config: config)
        SpecValidator.validate(spec, names: names, diagnostics: diagnostics)
        guard !diagnostics.hasErrors else { throw GenerationFailed(diagnostics: diagnostics.sorted) }
        return try SwiftRenderer.render(
            SpecTranslator.translate(spec, config: config, names: names), templates: templates,
            modelFiles: config.modelFiles, clientFiles: config.clientFiles)
    }

    /// Reads `url` and runs every stage; `displayName` is how diagnostics name the file.
    public func generate(
        contentsOf url: URL, displayName: String? = nil, templates: TemplateSet, diagnostics: DiagnosticCollector
    ) throws -> [GeneratedFile] {
        let text = try Self.read(url, displayName: displayName)
        return try generate(text, file: displayName ?? url.path, templates: templates, diagnostics: diagnostics)
    }

    /// Reads a spec (or config) file: UTF-8 text, a byte-order mark allowed, of at
    /// most `YAMLLimits.standard.maxBytes`.
    /// - Throws: ``GenerationFailed`` naming the file when it cannot be read, and at
    ///   the line and column of the first byte that is not UTF-8 text.
    public static func read(_ url: URL, displayName: String? = nil) throws -> String {
        let name = displayName ?? url.path
        let bytes: [UInt8]
        do {
            bytes = try readBytes(url, atMost: YAMLLimits.standard.maxBytes + 1)
        } catch {
            throw GenerationFailed(diagnostics: [Diagnostic(.error, "cannot read \(name): \(error.reason)", hint: error.hint)])
        }
        return try text(of: bytes, file: name)
    }

    /// Decodes the bytes of a spec file read from `file` (a name for diagnostics), as
    /// ``read(_:displayName:)`` does.
    /// - Throws: ``GenerationFailed`` at the line and column of the first byte that
    ///   is not UTF-8 text, or at 1:1 for a file that is too large or UTF-16.
    public static func text(of bytes: [UInt8], file: String) throws -> String {
        do {
            return try YAMLText.decode(bytes)
        } catch {
            throw GenerationFailed(diagnostics: [
                Diagnostic(
                    .error, error.message, hint: error.hint, at: SourceLocation(file: file, mark: error.mark))
            ])
        }
    }

    /// Reads at most `limit` bytes of `url`, so that a huge file or a device such as
    /// /dev/zero cannot exhaust the memory.
    private static func readBytes(_ url: URL, atMost limit: Int) throws(FileReadError) -> [UInt8] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw FileReadError(reason: "no such file", hint: "check the path")
        }
        if isFolder.boolValue {
            throw FileReadError(reason: "it is a folder", hint: "name a *.pagegen.yaml file")
        }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            return Array(try handle.read(upToCount: limit) ?? Data())
        } catch {
            throw FileReadError(reason: FileSystemError.reason(of: error), hint: "check that the file can be read")
        }
    }
}

/// Why a file could not be read.
private struct FileReadError: Error {
    var reason: String
    var hint: String
}
