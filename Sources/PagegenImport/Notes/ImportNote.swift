import PagegenYAML

/// Something the importer tells about what it read: an inference to confirm, a part
/// of the document it could not translate, or a contradiction it resolved.
///
/// Printed like a compiler's diagnostic, with the document's line and column and
/// the JSON Pointer of what it is about:
///
/// ```text
/// github.openapi.json:8563:7: note: /paths/~1repos~1{owner}~1{repo}~1issues/get: paging: next link from the Link header (inferred from …)
/// ```
public struct ImportNote: Sendable, Hashable, CustomStringConvertible {
    /// How much it matters.
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// An inference or a choice, carried into the spec as a comment.
        case note
        /// Something not translated, or a contradiction in the document.
        case warning
        /// What stops the import.
        case error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
    }

    /// How much it matters.
    public var severity: Severity
    /// The file it is about, as given on the command line.
    public var file: String
    /// Where in the file, when known.
    public var mark: Mark?
    /// What it is about in the document.
    public var pointer: JSONPointer
    /// The subject: `paging`, `model`, `parameter`, `auth`…
    public var topic: String
    /// What was inferred, chosen or left out.
    public var message: String

    /// Creates a note.
    public init(_ severity: Severity, file: String, mark: Mark?, pointer: JSONPointer, topic: String, message: String) {
        self.severity = severity
        self.file = file
        self.mark = mark
        self.pointer = pointer
        self.topic = topic
        self.message = message
    }

    /// `topic: message`, as the written spec carries it in a comment.
    public var comment: String { "\(topic): \(message)" }

    /// `file:line:column: severity: pointer: topic: message`.
    public var description: String {
        let position = mark.map { "\(file):\($0.line):\($0.column)" } ?? file
        let place = pointer.tokens.isEmpty ? "" : "\(pointer): "
        return "\(position): \(severity.rawValue): \(place)\(topic): \(message)"
    }
}

/// Where the importer collects its notes while it works.
final class NoteLog {
    private(set) var notes: [ImportNote] = []
    private var seen: Set<ImportNote> = []

    /// Records a note once (the same note about the same place is kept once).
    func add(_ note: ImportNote) {
        guard seen.insert(note).inserted else { return }
        notes.append(note)
    }

    /// Takes back the notes that `matches` picks (a "not paged" that a later pass pages).
    func retract(where matches: (ImportNote) -> Bool) {
        notes.removeAll(where: matches)
        seen = Set(notes)
    }
}

extension ImportNote {
    /// `notes` in the order of the document: by file (the root first, the others as
    /// the notes first name them), then line and column; a note without a place keeps
    /// its turn after those of its file. Notes at one place keep the order they were made.
    static func inDocumentOrder(_ notes: [ImportNote]) -> [ImportNote] {
        var files: [String: Int] = [:]
        for note in notes where files[note.file] == nil { files[note.file] = files.count }
        return notes.enumerated().sorted { first, second in
            let (a, b) = (first.element, second.element)
            if a.file != b.file { return files[a.file]! < files[b.file]! }
            switch (a.mark, b.mark) {
            case (let x?, let y?) where x != y: return x < y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return first.offset < second.offset
            }
        }.map(\.element)
    }
}
