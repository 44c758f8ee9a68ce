import PagegenYAML

/// The document the importer works on — OpenAPI 3, after a Swagger 2.0 document is
/// converted and a Fern overrides file merged in — and where each of its parts was
/// written, so that a note about any part names the right file, line and column.
struct DocumentSource {
    /// The document, as an OpenAPI 3 tree.
    var root: Node
    /// The document's file name, as given.
    var file: String
    /// The overrides file's name, when one was merged.
    var overridesFile: String?
    /// The parts of `root` that came from the overrides file.
    var overridden: Set<JSONPointer> = []
    /// True when `root` was converted from Swagger 2.0: pointers into components are
    /// printed as the 2.0 document wrote them (`/definitions/Pet`).
    var convertedFromSwagger2 = false
    /// The parts of `root` read from other files of a split document, by where they
    /// are in `root` (as the document was written, before a Swagger 2.0 conversion).
    var grafts: [JSONPointer: SplitDocument.Graft] = [:]

    /// The file, line and column of `pointer`, and the pointer as the file writes it.
    func location(of pointer: JSONPointer) -> (file: String, mark: Mark, pointer: JSONPointer) {
        let mark = root.mark(of: pointer)
        if let overridesFile, overridden.contains(where: { pointer.isWithin($0) }) {
            return (overridesFile, mark, pointer)
        }
        let written = convertedFromSwagger2 ? Self.swagger2Pointer(pointer) : pointer
        if !grafts.isEmpty {
            // The innermost part read from another file holds it.
            for length in stride(from: written.tokens.count, through: 1, by: -1) {
                let prefix = JSONPointer(Array(written.tokens.prefix(length)))
                guard let graft = grafts[prefix] else { continue }
                // The part itself is where its file writes it, not where it is referenced.
                let place = length == written.tokens.count ? (root.node(at: pointer)?.mark ?? mark) : mark
                return (graft.file, place, graft.pointer.appending(Array(written.tokens.dropFirst(length))))
            }
        }
        return (file, mark, written)
    }

    /// A 3.0 pointer as the 2.0 document writes it: `/components/schemas/Pet` →
    /// `/definitions/Pet`; paths are the same in both.
    static func swagger2Pointer(_ pointer: JSONPointer) -> JSONPointer {
        let tokens = pointer.tokens
        guard tokens.count >= 2, tokens[0] == "components" else { return pointer }
        let renamed: String? =
            switch tokens[1] {
            case "schemas": "definitions"
            case "parameters", "requestBodies": "parameters"
            case "responses": "responses"
            case "securitySchemes": "securityDefinitions"
            default: nil
            }
        guard let renamed else { return pointer }
        return JSONPointer([renamed] + tokens.dropFirst(2))
    }
}

/// Writes notes about a document: each note gets the file, line and column of the
/// part it is about.
struct NoteWriter {
    let source: DocumentSource
    let log: NoteLog

    func note(_ pointer: JSONPointer, _ topic: String, _ message: String) {
        add(.note, pointer, topic, message)
    }

    func warning(_ pointer: JSONPointer, _ topic: String, _ message: String) {
        add(.warning, pointer, topic, message)
    }

    func add(_ severity: ImportNote.Severity, _ pointer: JSONPointer, _ topic: String, _ message: String) {
        let place = source.location(of: pointer)
        log.add(ImportNote(severity, file: place.file, mark: place.mark, pointer: place.pointer, topic: topic, message: message))
    }
}
