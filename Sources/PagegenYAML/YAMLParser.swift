internal import CYAML

/// Reads YAML text into a tree of ``Node``s with libyaml's event parser.
///
/// ```swift
/// let root = try YAMLParser.parse("name: Catalog\n")
/// root?["name"]?.scalarText // "Catalog"
/// ```
///
/// Aliases (`*name`) are resolved to a copy of their anchored node, and merge keys
/// (`<<: *base`) to the pairs of the merged mappings that the mapping does not set
/// itself. Only the first document of a stream is read; a second one is an error,
/// as a spec is one document.
///
/// Whatever the text, parsing ends with a tree or a ``YAMLError`` at a line and
/// column: the ``YAMLLimits`` bound the nesting depth (deeper trees would overflow
/// the stack of whoever walks them), the values aliases copy (an alias bomb doubles
/// a document with every line) and the size of the document.
public enum YAMLParser {
    /// Parses `text` and returns the root node, or nil for an empty document.
    /// A byte-order mark at the start is ignored.
    /// - Throws: ``YAMLError`` with the 1-based position of the first problem.
    public static func parse(_ text: String, limits: YAMLLimits = .standard) throws(YAMLError) -> Node? {
        guard text.utf8.count <= limits.maxBytes else {
            throw YAMLError(
                message: "the file is larger than \(YAMLText.describeSize(limits.maxBytes))",
                mark: Mark(line: 1, column: 1),
                hint: "a spec is a few thousand lines at most; check that this is the right file")
        }
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" {
            text.unicodeScalars.removeFirst()
        }
        try YAMLText.check(text)
        return try EventReader(text: text, limits: limits).readDocument()
    }
}

/// A node as it was built, with what the limits count: the values it holds (itself
/// included, aliases expanded), the bytes of their text, and how many levels of
/// mappings and lists it nests.
private struct BuiltNode {
    var node: Node
    var values: Int
    var bytes: Int
    var height: Int
}

/// Owns one `yaml_parser_t` and its input; releases both in `deinit`.
///
/// libyaml's parser points to itself, so it lives in a class, where it does not
/// move. Only the reader's own methods touch its state, one at a time, so its
/// properties go without the run-time exclusivity checks of a class's properties
/// (which cost as much as reading a small document's events).
private final class EventReader {
    @exclusivity(unchecked) private var parser = yaml_parser_t()
    /// libyaml keeps a pointer to its input, so the bytes live in memory this class owns.
    private let input: UnsafeMutableBufferPointer<UInt8>
    /// The text's length in bytes (the buffer has at least one byte).
    private let length: Int
    private let limits: YAMLLimits
    @exclusivity(unchecked) private var anchors: [String: BuiltNode] = [:]
    /// Values read so far, aliases expanded.
    @exclusivity(unchecked) private var values = 0
    /// Values copied by aliases so far, and the bytes of their text.
    @exclusivity(unchecked) private var aliasValues = 0
    @exclusivity(unchecked) private var aliasBytes = 0

    init(text: String, limits: YAMLLimits) {
        let bytes = Array(text.utf8)
        self.limits = limits
        length = bytes.count
        input = .allocate(capacity: max(bytes.count, 1))
        _ = input.initialize(from: bytes)
        yaml_parser_initialize(&parser)
        yaml_parser_set_input_string(&parser, input.baseAddress, bytes.count)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
    }

    deinit {
        yaml_parser_delete(&parser)
        input.deallocate()
    }

    func readDocument() throws(YAMLError) -> Node? {
        var root: Node?
        var sawDocument = false
        while true {
            var event = try nextEvent()
            defer { event.release() }
            switch event.type {
            case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
                continue
            case YAML_STREAM_END_EVENT:
                return root
            case YAML_DOCUMENT_START_EVENT:
                if sawDocument {
                    throw YAMLError(
                        message: "malformed YAML: a spec is one YAML document; remove the second '---'",
                        mark: mark(of: event))
                }
                sawDocument = true
            default:
                root = try readNode(startingWith: event, level: 1).node
            }
        }
    }

    /// Where `event` starts in the document.
    private func mark(of event: Event) -> Mark {
        Mark(line: Int(event.raw.start_mark.line) + 1, column: Int(event.raw.start_mark.column) + 1)
    }

    /// Reads the node that `event` starts; a mapping or list there would be at `level`.
    private func readNode(startingWith event: Event, level: Int) throws(YAMLError) -> BuiltNode {
        let mark = mark(of: event)
        if event.type == YAML_ALIAS_EVENT {
            return try resolveAlias(event, level: level)
        }
        try count(1, at: mark)
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.value.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let quoted = scalar.style != YAML_PLAIN_SCALAR_STYLE && scalar.style != YAML_ANY_SCALAR_STYLE
            let built = BuiltNode(
                node: Node(.scalar(.init(text: text, isQuoted: quoted)), mark: mark),
                values: 1, bytes: scalar.length, height: 0)
            remember(built, anchor: scalar.anchor)
            return built
        case YAML_SEQUENCE_START_EVENT:
            try checkDepth(level, at: mark)
            var items: [Node] = []
            var built = BuiltNode(node: Node(.sequence([]), mark: mark), values: 1, bytes: 0, height: 1)
            while true {
                var child = try nextEvent()
                defer { child.release() }
                if child.type == YAML_SEQUENCE_END_EVENT { break }
                let item = try readNode(startingWith: child, level: level + 1)
                items.append(item.node)
                built.add(item)
            }
            built.node.content = .sequence(items)
            remember(built, anchor: event.value.data.sequence_start.anchor)
            return built
        case YAML_MAPPING_START_EVENT:
            try checkDepth(level, at: mark)
            var pairs: [Node.Pair] = []
            var built = BuiltNode(node: Node(.mapping([]), mark: mark), values: 1, bytes: 0, height: 1)
            while true {
                var keyEvent = try nextEvent()
                defer { keyEvent.release() }
                if keyEvent.type == YAML_MAPPING_END_EVENT { break }
                let key = try readNode(startingWith: keyEvent, level: level + 1)
                var valueEvent = try nextEvent()
                defer { valueEvent.release() }
                let value = try readNode(startingWith: valueEvent, level: level + 1)
                pairs.append(Node.Pair(key: key.node, value: value.node))
                built.add(key)
                built.add(value)
            }
            built.node.content = .mapping(try MergeKeys.resolve(pairs))
            remember(built, anchor: event.value.data.mapping_start.anchor)
            return built
        default:
            throw YAMLError(message: "malformed YAML: unexpected YAML event", mark: mark)
        }
    }

    /// A copy of the anchored node, counted against the limits as if written out.
    private func resolveAlias(_ event: Event, level: Int) throws(YAMLError) -> BuiltNode {
        let name = String(cString: event.value.data.alias.anchor)
        guard let anchored = anchors[name] else {
            throw YAMLError(
                message: "malformed YAML: unknown alias '*\(name)'", mark: mark(of: event),
                hint: "define '&\(name)' on a value before this line")
        }
        aliasValues += anchored.values
        guard aliasValues <= limits.maxAliasValues else {
            throw YAMLError(
                message: "aliases copy more than \(limits.maxAliasValues) values",
                mark: mark(of: event),
                hint: "aliases that copy aliases grow the document exponentially (an alias bomb); write the values out")
        }
        aliasBytes += anchored.bytes
        guard aliasBytes <= limits.maxBytes else {
            throw YAMLError(
                message: "aliases copy more than \(YAMLText.describeSize(limits.maxBytes)) of text",
                mark: mark(of: event), hint: "write the values out, or use fewer aliases of long text")
        }
        try count(anchored.values, at: mark(of: event))
        if anchored.height > 0 {
            try checkDepth(level + anchored.height - 1, at: mark(of: event))
        }
        return anchored
    }

    private func checkDepth(_ level: Int, at mark: Mark) throws(YAMLError) {
        guard level <= limits.maxDepth else {
            throw YAMLError(
                message: "the document nests mappings and lists more than \(limits.maxDepth) levels deep",
                mark: mark, hint: "a spec needs a few levels; look for a '[' or '{' that is not closed")
        }
    }

    private func count(_ added: Int, at mark: Mark) throws(YAMLError) {
        values += added
        guard values <= limits.maxValues else {
            throw YAMLError(
                message: "the document holds more than \(limits.maxValues) values", mark: mark,
                hint: "a spec holds a few thousand; check that this is the right file")
        }
    }

    private func remember(_ built: BuiltNode, anchor: UnsafeMutablePointer<yaml_char_t>?) {
        guard let anchor else { return }
        anchors[String(cString: anchor)] = built
    }

    /// The next event, which the caller releases.
    private func nextEvent() throws(YAMLError) -> Event {
        var event = Event()
        guard yaml_parser_parse(&parser, &event.raw) == 1 else { throw parserError() }
        return event
    }

    /// The input text.
    private var text: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: input[..<length])
    }

    private func parserError() -> YAMLError {
        if parser.error == YAML_MEMORY_ERROR {
            return YAMLError(message: "libyaml ran out of memory", mark: Mark(line: 1, column: 1))
        }
        var message = "malformed YAML: " + (parser.problem.map { String(cString: $0) } ?? "libyaml cannot read it")
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " \(context)"
        }
        if parser.error == YAML_READER_ERROR {
            // The reader reports a byte offset, not a mark.
            let mark = TextPosition.mark(atByteOffset: parser.problem_offset, in: text)
            return YAMLError(message: message, mark: mark)
        }
        let mark = Mark(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        // At the end of a text without a last line break, libyaml counts one more
        // line than the text has; the problem is at the end of the last line.
        let end = TextPosition.mark(atByteOffset: length, in: text)
        if let tab = tabProblem(at: mark) { return tab }
        return YAMLError(message: message, mark: min(mark, end), hint: bracketedValueHint(at: mark))
    }

    /// A value that starts with `[` or `{` is a YAML list or mapping, which then ends
    /// at its bracket: a type written `[String]?` or `{String: Int}?` is malformed
    /// YAML. The hint says to quote it.
    private func bracketedValueHint(at mark: Mark) -> String? {
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard mark.line >= 1, mark.line <= lines.count else { return nil }
        let line = lines[mark.line - 1]
        guard let colon = line.firstRange(of: ": ") else { return nil }
        var value = line[colon.upperBound...].trimmingPrefix(" ")
        if let comment = value.firstRange(of: " #") { value = value[..<comment.lowerBound] }
        let trimmed = String(value.reversed().drop { $0 == " " || $0 == "\r" }.reversed())
        guard let first = trimmed.first, first == "[" || first == "{", let last = trimmed.last, last != "]" && last != "}" else {
            return nil
        }
        return "a value that starts with '\(first)' is a YAML \(first == "[" ? "list" : "mapping"); quote a type written so: \"\(trimmed)\""
    }

    /// libyaml's words for a tab where YAML wants a space ("found character that
    /// cannot start any token") never say "tab": when the character at `mark` is
    /// one, the error says so, and what to write instead.
    private func tabProblem(at mark: Mark) -> YAMLError? {
        var position = TextPosition()
        var lineIsBlank = true
        for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
            if position.mark == mark {
                guard scalar == "\t" else { return nil }
                return YAMLError(
                    message: lineIsBlank
                        ? "a tab in the indentation: YAML indents with spaces"
                        : "a tab where YAML needs a space: YAML separates and indents with spaces",
                    mark: mark, hint: "replace the tab with spaces")
            }
            position.advance(over: scalar.value)
            if position.mark.column == 1 {
                lineIsBlank = true
            } else if scalar != " " && scalar != "\t" {
                lineIsBlank = false
            }
            if position.mark.line > mark.line { return nil }
        }
        return nil
    }
}

extension BuiltNode {
    /// Counts a child: its values, and its levels under this one.
    mutating func add(_ child: BuiltNode) {
        values += child.values
        bytes += child.bytes
        height = max(height, child.height + 1)
    }
}

/// One libyaml event, which its reader releases (`defer { event.release() }`) once read.
private struct Event {
    var raw = yaml_event_t()

    var type: yaml_event_type_t { raw.type }
    var value: yaml_event_t { raw }

    /// Frees what libyaml allocated for the event; releasing twice does nothing.
    mutating func release() {
        yaml_event_delete(&raw)
    }
}
