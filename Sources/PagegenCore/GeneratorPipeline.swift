import Foundation

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
        guard let spec = check(text, file: file, diagnostics: diagnostics), !diagnostics.hasErrors else {
            throw GenerationFailed(diagnostics: diagnostics.sorted)
        }
        let code = SpecTranslator.translate(spec, config: config)
        return try SwiftRenderer.render(code, templates: templates)
    }

    /// Reads `url` and runs every stage; `displayName` is how diagnostics name the file.
    public func generate(contentsOf url: URL, displayName: String? = nil, templates: TemplateSet, diagnostics: DiagnosticCollector) throws -> [GeneratedFile] {
        let text = try Self.read(url, displayName: displayName)
        return try generate(text, file: displayName ?? url.path, templates: templates, diagnostics: diagnostics)
    }

    /// Reads a spec file as UTF-8.
    /// - Throws: ``GenerationFailed`` naming the file when it cannot be read.
    public static func read(_ url: URL, displayName: String? = nil) throws -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw GenerationFailed(diagnostics: [Diagnostic(
                .error, "cannot read \(displayName ?? url.path): \((error as NSError).localizedDescription)",
                hint: "check that the file exists and is UTF-8 text")])
        }
    }
}
