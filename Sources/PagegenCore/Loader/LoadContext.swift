import PagegenYAML

/// What the loader carries while it reads one file: the file name and the collector.
struct LoadContext {
    let file: String
    let diagnostics: DiagnosticCollector

    func location(_ mark: Mark) -> SourceLocation {
        SourceLocation(file: file, mark: mark)
    }

    func error(_ message: String, at mark: Mark, hint: String? = nil) {
        diagnostics.emit(diagnostic(.error, message, at: mark, hint: hint))
    }

    func warning(_ message: String, at mark: Mark, hint: String? = nil) {
        diagnostics.emit(diagnostic(.warning, message, at: mark, hint: hint))
    }

    /// A diagnostic at `mark`, its texts shortened where they quote the spec at length.
    func diagnostic(_ severity: Diagnostic.Severity, _ message: String, at mark: Mark, hint: String? = nil) -> Diagnostic {
        Diagnostic(severity, Excerpt.shortened(message), hint: hint.map(Excerpt.shortened), at: location(mark))
    }
}

extension LoadContext {
    /// Reads a mapping of named declarations (models, endpoints) in document order,
    /// reporting a name that is not text or is declared twice.
    ///
    /// - Parameters:
    ///   - section: the section's key, such as `models`.
    ///   - entry: what one entry is called, such as `model`.
    ///   - values: what the names map to, for the message when the section is not a mapping.
    ///   - read: reads one entry, reporting to the context it is given.
    func namedEntries<Entry>(
        _ node: Node, section: String, entry: String, values: String,
        read: (Located<String>, Node, LoadContext) -> Entry?
    ) -> [Entry] {
        guard let pairs = node.pairs else {
            error("'\(section)' must be a mapping of \(entry) names to \(values)", at: node.mark)
            return []
        }
        var entries: [Entry] = []
        var seen: Set<String> = []
        let article = "aeiou".contains(entry.first ?? "x") ? "an" : "a"
        for pair in pairs {
            guard let name = pair.key.scalarText else {
                error("\(article) \(entry) name must be text", at: pair.key.mark)
                continue
            }
            guard seen.insert(name).inserted else {
                error("the \(entry) '\(name)' is declared twice", at: pair.key.mark, hint: "rename or remove one")
                continue
            }
            if let read = read(Located(name, at: pair.key.mark), pair.value, self) { entries.append(read) }
        }
        return entries
    }
}

/// Reads one YAML mapping of a spec, checking its keys: a key outside `allowed` is
/// an error with a did-you-mean, and so is a key written twice.
struct MappingReader {
    let node: Node
    let what: String
    let context: LoadContext
    private(set) var pairs: [Node.Pair] = []

    /// Nil (after an error) when `node` is not a mapping.
    init?(_ node: Node, what: String, allowed: [String], context: LoadContext) {
        self.node = node
        self.what = what
        self.context = context
        guard let pairs = node.pairs else {
            context.error("\(what) must be a mapping, not \(node.kindDescription)", at: node.mark)
            return nil
        }
        var seen: Set<String> = []
        for pair in pairs {
            guard let key = pair.key.scalarText else {
                context.error("a key in \(what) must be a name, not \(pair.key.kindDescription)", at: pair.key.mark)
                continue
            }
            guard seen.insert(key).inserted else {
                context.error("'\(key)' is written twice in \(what)", at: pair.key.mark, hint: "remove one of them")
                continue
            }
            guard allowed.contains(key) else {
                context.error(
                    "unknown key '\(key)' in \(what)", at: pair.key.mark,
                    hint: Suggestion.didYouMean(key, in: allowed) ?? "expected one of: \(allowed.joined(separator: ", "))")
                continue
            }
            self.pairs.append(pair)
        }
    }

    /// The value of `key`, if present.
    subscript(key: String) -> Node? {
        pairs.first { $0.key.scalarText == key }?.value
    }

    /// The key node of `key`, if present.
    func keyNode(_ key: String) -> Node? {
        pairs.first { $0.key.scalarText == key }?.key
    }

    /// True when `key` is present.
    func has(_ key: String) -> Bool { self[key] != nil }

    /// A scalar value; reports an error when the value is not a scalar.
    func string(_ key: String) -> Located<String>? {
        guard let value = self[key] else { return nil }
        guard let text = value.scalarText, !value.isNull || value.scalarText == "" else {
            context.error("'\(key)' in \(what) must be text, not \(value.kindDescription)", at: value.mark)
            return nil
        }
        return Located(text, at: value.mark)
    }

    /// A required scalar value; reports an error when missing.
    func requiredString(_ key: String, hint: String? = nil) -> Located<String>? {
        guard has(key) else {
            context.error("\(what) needs '\(key)'", at: node.mark, hint: hint)
            return nil
        }
        return string(key)
    }

    /// An integer value.
    func int(_ key: String) -> Located<Int>? {
        guard let text = string(key) else { return nil }
        guard let value = Int(text.value) else {
            context.error("'\(key)' in \(what) must be a whole number, not '\(text.value)'", at: text.mark)
            return nil
        }
        return Located(value, at: text.mark)
    }

    /// A boolean value (`true`/`false`).
    func bool(_ key: String) -> Bool? {
        guard let text = string(key) else { return nil }
        switch text.value {
        case "true", "True", "yes": return true
        case "false", "False", "no": return false
        default:
            context.error("'\(key)' in \(what) must be true or false, not '\(text.value)'", at: text.mark)
            return nil
        }
    }

    /// A response path value.
    func path(_ key: String) -> Located<ResponsePath>? {
        guard let text = string(key) else { return nil }
        return PathReader.parse(text, what: "'\(key)'", context: context)
    }
}

/// Parses response paths, reporting syntax errors at the path's mark.
enum PathReader {
    static func parse(_ text: Located<String>, what: String, context: LoadContext) -> Located<ResponsePath>? {
        switch ResponsePath.parse(text.value) {
        case .success(let path):
            return Located(path, at: text.mark)
        case .failure(let error):
            context.error(
                "\(what) is not a valid path: \(error.reason)", at: text.mark,
                hint: "write keys with dots (response.items), special names in brackets ([\"@odata.nextLink\"]), [] for every element")
            return nil
        }
    }
}
