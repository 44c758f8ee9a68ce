internal import CYAML
import Dispatch

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
        try parse(text, limits: limits, inTwoParts: true)
    }

    /// Parses `text`, in two parts at the same time where ``TwoPartReading`` can
    /// when `inTwoParts` is true (what tests compare with reading it whole).
    static func parse(_ text: String, limits: YAMLLimits, inTwoParts: Bool) throws(YAMLError) -> Node? {
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
        if inTwoParts, let root = TwoPartReading.parse(text, limits: limits) { return root }
        let reader = EventReader(text: text, limits: limits)
        return try reader.readDocument()
    }
}

/// A large document read in two parts at the same time, on two cores: the text up to
/// a top-level key near its middle, and the rest, each a document of its own, whose
/// root mappings are then joined.
///
/// Only where the two parts are sure to read as the whole would: the split is at a
/// line that starts with a plain key at the first column, so the first part ends
/// whatever it holds (a scalar, a block scalar, a comment) and a flow collection or
/// quoted scalar left open there is an error of the first part; the text has no
/// second document (`---`, `...`), no `<<` (a merge key) and no lone `\r`
/// or other line break than `\n` and `\r\n` before the split (so the second part's
/// lines are numbered on). Whatever goes wrong in either part (an error, an alias
/// to an anchor of the other part, a limit the parts pass together) is left to a
/// reading of the whole text, which tells it as it always does.
enum TwoPartReading {
    /// The smallest text read in two parts: below it, a second thread costs more than it saves.
    static let minimumBytes = 128 << 10

    /// The root of `text`, or nil when it is not read in two parts.
    static func parse(_ text: String, limits: YAMLLimits) -> Node? {
        var text = text
        guard let split = text.withUTF8({ splitPoint(in: $0) }) else { return nil }
        let utf8 = text.utf8
        let middle = utf8.index(utf8.startIndex, offsetBy: split.offset)
        let parts = [String(text[..<middle]), String(text[middle...])]
        let results = PartResults()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let reader = EventReader(text: parts[index], limits: limits, lineOffset: index == 0 ? 0 : split.lines)
            results.store(index, reader.readPart())
        }
        guard let first = results.parts[0], let second = results.parts[1], let firstPairs = first.root.pairs,
            let secondPairs = second.root.pairs,
            first.values + second.values <= limits.maxValues, first.aliasValues + second.aliasValues <= limits.maxAliasValues,
            first.aliasBytes + second.aliasBytes <= limits.maxBytes
        else { return nil }
        return Node(.mapping(firstPairs + secondPairs), mark: first.root.mark)
    }

    /// The byte offset of the line nearest the middle of `bytes` that starts with a
    /// plain key, and the lines before it; nil when the text is not split (no such
    /// line leaves a quarter of the text on each side).
    static func splitPoint(in bytes: UnsafeBufferPointer<UInt8>) -> (offset: Int, lines: Int)? {
        guard bytes.count >= minimumBytes else { return nil }
        var before: (offset: Int, lines: Int)?
        var after: (offset: Int, lines: Int)?
        var lines = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                index += 1
                guard index < bytes.count else { continue }
                // No second document.
                if bytes[index...].starts(with: "---".utf8) || bytes[index...].starts(with: "...".utf8) { return nil }
                if after == nil {
                    lines += 1
                    if startsWithPlainKey(bytes, at: index) {
                        if index < bytes.count / 2 { before = (index, lines) } else { after = (index, lines) }
                    }
                }
                continue
            case UInt8(ascii: "<") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "<"):
                // A merge key, which each part would resolve on its own, however it is written
                // (`<<:`, `? <<`); `<<` in any text is taken for one.
                return nil
            case UInt8(ascii: "\r") where after == nil:
                // `\r\n` is one line break; a lone `\r` is one too, which the count would miss.
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") else { return nil }
            case 0xC2 where after == nil && index + 1 < bytes.count && bytes[index + 1] == 0x85:
                return nil  // NEL, a line break to YAML 1.1
            case 0xE2
            where after == nil && index + 2 < bytes.count && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                return nil  // the line and paragraph separators
            default:
                break
            }
            index += 1
        }
        let nearest = [before, after].compactMap { $0 }.min { abs($0.offset - bytes.count / 2) < abs($1.offset - bytes.count / 2) }
        return nearest.flatMap { $0.offset >= bytes.count / 4 && $0.offset <= bytes.count - bytes.count / 4 ? $0 : nil }
    }

    /// A key of letters, digits, `_` and `-`, starting with a letter, then `:` and a
    /// space or line break.
    private static func startsWithPlainKey(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        guard index < bytes.count, isLetter(bytes[index]) else { return false }
        var cursor = index + 1
        while cursor < bytes.count,
            isLetter(bytes[cursor]) || (bytes[cursor] >= UInt8(ascii: "0") && bytes[cursor] <= UInt8(ascii: "9"))
                || bytes[cursor] == UInt8(ascii: "_") || bytes[cursor] == UInt8(ascii: "-")
        {
            cursor += 1
        }
        guard cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: ":") else { return false }
        return bytes[cursor + 1] == UInt8(ascii: " ") || bytes[cursor + 1] == UInt8(ascii: "\n") || bytes[cursor + 1] == UInt8(ascii: "\r")
    }

    /// What the two threads read, each into a slot of its own that only it writes.
    private final class PartResults: @unchecked Sendable {
        private let slots = UnsafeMutablePointer<EventReader.Part?>.allocate(capacity: 2)

        init() { slots.initialize(repeating: nil, count: 2) }

        deinit {
            slots.deinitialize(count: 2)
            slots.deallocate()
        }

        /// What the thread of part `index` read; nil when it did not read a mapping.
        func store(_ index: Int, _ part: EventReader.Part?) { slots[index] = part }

        /// The parts, once both threads are done.
        var parts: [EventReader.Part?] { [slots[0], slots[1]] }
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
    /// The lines of the document before the text, when the text is a part of it.
    private let lineOffset: Int
    @exclusivity(unchecked) private var anchors: [String: BuiltNode] = [:]
    /// Values read so far, aliases expanded.
    @exclusivity(unchecked) private var values = 0
    /// Values copied by aliases so far, and the bytes of their text.
    @exclusivity(unchecked) private var aliasValues = 0
    @exclusivity(unchecked) private var aliasBytes = 0

    init(text: String, limits: YAMLLimits, lineOffset: Int = 0) {
        let bytes = Array(text.utf8)
        self.limits = limits
        self.lineOffset = lineOffset
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

    /// A part of a document read as one (see ``TwoPartReading``): its root mapping,
    /// and what it counts against the limits.
    struct Part {
        var root: Node
        var values: Int
        var aliasValues: Int
        var aliasBytes: Int
    }

    /// Reads the text as a part of a document: nil when it is not a mapping, or on
    /// any error (which reading the whole document tells).
    func readPart() -> Part? {
        guard let root = try? readDocument(), root.pairs != nil else { return nil }
        return Part(root: root, values: values, aliasValues: aliasValues, aliasBytes: aliasBytes)
    }

    /// Where `event` starts in the document.
    private func mark(of event: Event) -> Mark {
        Mark(line: Int(event.raw.start_mark.line) + 1 + lineOffset, column: Int(event.raw.start_mark.column) + 1)
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
        return YAMLError(message: message, mark: min(mark, end))
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
