internal import CYAML

/// Reads YAML text into a tree of ``Node``s with libyaml's event parser.
///
/// ```swift
/// let root = try YAMLParser.parse("name: Catalog\n")
/// root?["name"]?.scalarText // "Catalog"
/// ```
///
/// Aliases (`*name`) are resolved to a copy of their anchored node. Only the first
/// document of a stream is read; a second one is an error, as a spec is one document.
public enum YAMLParser {
    /// Parses `text` and returns the root node, or nil for an empty document.
    /// - Throws: ``YAMLError`` with the 1-based position of the first problem.
    public static func parse(_ text: String) throws(YAMLError) -> Node? {
        let reader = EventReader(text: text)
        return try reader.readDocument()
    }
}

/// Owns one `yaml_parser_t` and its input; releases both in `deinit`.
private final class EventReader {
    private var parser = yaml_parser_t()
    /// libyaml keeps a pointer to its input, so the bytes live in memory this class owns.
    private let input: UnsafeMutableBufferPointer<UInt8>
    private var anchors: [String: Node] = [:]

    init(text: String) {
        let bytes = Array(text.utf8)
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
            let event = try nextEvent()
            defer { event.release() }
            switch event.type {
            case YAML_STREAM_START_EVENT, YAML_DOCUMENT_END_EVENT:
                continue
            case YAML_STREAM_END_EVENT:
                return root
            case YAML_DOCUMENT_START_EVENT:
                if sawDocument {
                    throw YAMLError(
                        message: "a spec is one YAML document; remove the second '---'",
                        mark: event.mark)
                }
                sawDocument = true
            default:
                root = try readNode(startingWith: event)
            }
        }
    }

    private func readNode(startingWith event: Event) throws(YAMLError) -> Node {
        let mark = event.mark
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.value.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
            let quoted = scalar.style != YAML_PLAIN_SCALAR_STYLE && scalar.style != YAML_ANY_SCALAR_STYLE
            let node = Node(.scalar(.init(text: text, isQuoted: quoted)), mark: mark)
            remember(node, anchor: scalar.anchor)
            return node
        case YAML_SEQUENCE_START_EVENT:
            var items: [Node] = []
            while true {
                let child = try nextEvent()
                defer { child.release() }
                if child.type == YAML_SEQUENCE_END_EVENT { break }
                items.append(try readNode(startingWith: child))
            }
            let node = Node(.sequence(items), mark: mark)
            remember(node, anchor: event.value.data.sequence_start.anchor)
            return node
        case YAML_MAPPING_START_EVENT:
            var pairs: [Node.Pair] = []
            while true {
                let keyEvent = try nextEvent()
                defer { keyEvent.release() }
                if keyEvent.type == YAML_MAPPING_END_EVENT { break }
                let key = try readNode(startingWith: keyEvent)
                let valueEvent = try nextEvent()
                defer { valueEvent.release() }
                let value = try readNode(startingWith: valueEvent)
                pairs.append(Node.Pair(key: key, value: value))
            }
            let node = Node(.mapping(pairs), mark: mark)
            remember(node, anchor: event.value.data.mapping_start.anchor)
            return node
        case YAML_ALIAS_EVENT:
            let name = String(cString: event.value.data.alias.anchor)
            guard let node = anchors[name] else {
                throw YAMLError(message: "unknown alias '*\(name)'", mark: mark)
            }
            return node
        default:
            throw YAMLError(message: "unexpected YAML event", mark: mark)
        }
    }

    private func remember(_ node: Node, anchor: UnsafeMutablePointer<yaml_char_t>?) {
        guard let anchor else { return }
        anchors[String(cString: anchor)] = node
    }

    private func nextEvent() throws(YAMLError) -> Event {
        let event = Event()
        guard yaml_parser_parse(&parser, &event.raw) == 1 else {
            event.isFilled = false
            throw parserError()
        }
        return event
    }

    private func parserError() -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " \(context)"
        }
        let mark = Mark(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        return YAMLError(message: message, mark: mark)
    }
}

/// One libyaml event; deleted once read.
private final class Event {
    var raw = yaml_event_t()
    var isFilled = true

    var type: yaml_event_type_t { raw.type }
    var value: yaml_event_t { raw }
    var mark: Mark {
        Mark(line: Int(raw.start_mark.line) + 1, column: Int(raw.start_mark.column) + 1)
    }

    func release() {
        if isFilled {
            yaml_event_delete(&raw)
            isFilled = false
        }
    }

    deinit { release() }
}
