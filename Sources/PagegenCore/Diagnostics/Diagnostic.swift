import PagegenYAML

/// A position in a spec file.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file, as the user named it.
    public var file: String
    /// The 1-based line and column.
    public var mark: Mark

    /// Creates a location.
    public init(file: String, mark: Mark) {
        self.file = file
        self.mark = mark
    }

    /// `specs/x.pagegen.yaml:12:5`
    public var description: String { "\(file):\(mark.line):\(mark.column)" }
}

/// A problem found in a spec, printed like a compiler's:
/// `specs/x.pagegen.yaml:12:5: error: unknown paging style 'offest'; did you mean 'offset'?`
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How bad it is.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// Generation goes on; the output may not be what the user meant.
        case warning
        /// The spec cannot be generated.
        case error

        /// Orders warnings before errors.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    /// How bad it is.
    public var severity: Severity
    /// What is wrong.
    public var message: String
    /// What to do about it, such as "did you mean 'offset'?".
    public var hint: String?
    /// Where, when the problem has a place in a file.
    public var location: SourceLocation?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, hint: String? = nil, at location: SourceLocation? = nil) {
        self.severity = severity
        self.message = message
        self.hint = hint
        self.location = location
    }

    /// The diagnostic as one line, compiler style.
    public var description: String {
        var text = location.map { "\($0): " } ?? ""
        text += "\(severity.rawValue): \(message)"
        if let hint { text += "; \(hint)" }
        return text
    }
}

/// Collects the diagnostics of a run. Recoverable problems are added here; only a
/// spec that cannot be read at all stops the run.
public final class DiagnosticCollector {
    /// Everything collected, in the order found.
    public private(set) var diagnostics: [Diagnostic] = []

    /// Creates an empty collector.
    public init() {}

    /// Adds a diagnostic.
    public func emit(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    /// True when at least one error was collected.
    public var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }

    /// The diagnostics sorted by file and position (stable for equal positions).
    public var sorted: [Diagnostic] {
        diagnostics.enumerated().sorted { lhs, rhs in
            let l = lhs.element.location
            let r = rhs.element.location
            if l?.file != r?.file { return (l?.file ?? "") < (r?.file ?? "") }
            if l?.mark != r?.mark, let lm = l?.mark, let rm = r?.mark { return lm < rm }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}

/// Thrown when a run stops on errors; holds every diagnostic found.
public struct GenerationFailed: Error, Sendable, CustomStringConvertible {
    /// The diagnostics, errors among them.
    public var diagnostics: [Diagnostic]

    /// Creates the error.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// Every diagnostic as a compiler prints it, one a line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
