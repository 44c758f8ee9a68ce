import Foundation
import PagegenCore

/// A spec the mock server cannot serve, with the same file:line:column
/// diagnostics `pagegen lint` prints.
public struct MockSpecError: Error, Sendable, CustomStringConvertible {
    /// Every diagnostic, errors among them, sorted by position.
    public var diagnostics: [Diagnostic]

    /// Creates the error.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic per line, compiler style.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

/// Reads and checks specs for the mock server.
public enum MockSpecLoader {
    /// Reads the spec at `path` and checks it as `pagegen lint` does, then checks
    /// that the mock server can serve it.
    /// - Parameter displayName: how diagnostics name the file (the path as given by default).
    /// - Returns: the spec and any warnings.
    /// - Throws: ``MockSpecError`` when the file cannot be read or the spec has errors.
    public static func load(path: String, displayName: String? = nil) throws -> (spec: Spec, warnings: [Diagnostic]) {
        let name = displayName ?? path
        let text: String
        do {
            text = try GeneratorPipeline.read(URL(fileURLWithPath: path), displayName: name)
        } catch let failure as GenerationFailed {
            throw MockSpecError(diagnostics: failure.diagnostics)
        }
        return try load(text: text, file: name)
    }

    /// Checks spec text read from `file` (a name for diagnostics).
    /// - Throws: ``MockSpecError`` when the spec has errors.
    public static func load(text: String, file: String) throws -> (spec: Spec, warnings: [Diagnostic]) {
        let diagnostics = DiagnosticCollector()
        guard let spec = GeneratorPipeline().check(text, file: file, diagnostics: diagnostics) else {
            throw MockSpecError(diagnostics: diagnostics.sorted)
        }
        _ = MockPlan.make(spec, diagnostics: diagnostics)
        if diagnostics.hasErrors { throw MockSpecError(diagnostics: diagnostics.sorted) }
        return (spec, diagnostics.sorted)
    }
}
