/// Parses Mustache text into a ``CompiledTemplate`` by swift-mustache's rules: the
/// same tags, the same standalone lines (a section, comment, partial or delimiter tag
/// alone on its line takes the line with it), the same whitespace kept before tags.
///
/// It reads only what swift-mustache has already parsed without error
/// (``TemplateSet`` parses every template with it first); what it does not cover
/// throws ``Unsupported``, and the set renders with swift-mustache instead.
struct TemplateParser {
    /// A tag this parser does not compile: a parent template, a block, a dynamic
    /// partial, an unknown content type, or text swift-mustache would not read.
    struct Unsupported: Error {
        var reason: String
    }

    private let characters: [Character]
    private var position = 0
    private var startDelimiter: [Character] = ["{", "{"]
    private var endDelimiter: [Character] = ["}", "}"]

    private init(_ text: String) {
        characters = Array(text)
    }

    /// Parses `text`.
    static func parse(_ text: String) throws(Unsupported) -> CompiledTemplate {
        var parser = TemplateParser(text)
        return CompiledTemplate(nodes: try parser.parseNodes(section: nil, newLine: true))
    }

    // MARK: The tags

    /// Reads nodes up to the end of `section` (or of the text).
    private mutating func parseNodes(section: (name: String, transforms: [String])?, newLine: Bool) throws(Unsupported) -> [TemplateNode] {
        var nodes: [TemplateNode] = []
        var newLine = newLine
        // A delimiter tag holds until the end of the section it is in.
        let delimiters = (startDelimiter, endDelimiter)
        defer { (startDelimiter, endDelimiter) = delimiters }
        var whiteSpaceBefore = ""
        while !reachedEnd {
            if newLine {
                whiteSpaceBefore = read { $0 == " " || $0 == "\t" }
            }
            let text = try readUntilDelimiterOrNewline()
            if current.isNewline {
                nodes.append(.text(whiteSpaceBefore + text + String(current)))
                newLine = true
                position += 1
                continue
            }
            if !text.isEmpty {
                nodes.append(.text(whiteSpaceBefore + text))
                whiteSpaceBefore = ""
                newLine = false
            }
            if reachedEnd { break }
            var setNewLine = false
            /// Writes the whitespace kept before a tag.
            func flushWhiteSpace() {
                if !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                    whiteSpaceBefore = ""
                }
            }
            switch current {
            case "#", "^":
                let inverted = current == "^"
                position += 1
                let (name, transforms) = try parseName()
                if isStandalone(newLine: newLine) {
                    setNewLine = true
                } else {
                    flushWhiteSpace()
                }
                let inner = try parseNodes(section: (name, transforms), newLine: setNewLine ? newLine : false)
                nodes.append(.section(TemplateName(name, transforms: transforms), inverted: inverted, inner))
            case "/":
                position += 1
                let (name, transforms) = try parseName()
                guard let section, name == section.name, transforms == section.transforms else {
                    throw Unsupported(reason: "a section closes that is not open")
                }
                if !isStandalone(newLine: newLine) {
                    flushWhiteSpace()
                }
                return nodes
            case "!":
                position += 1
                try skipComment()
                setNewLine = isStandalone(newLine: newLine)
            case "{":
                flushWhiteSpace()
                position += 1
                let (name, transforms) = try parseName()
                guard current == "}" else { throw Unsupported(reason: "an unfinished tag") }
                position += 1
                nodes.append(.variable(TemplateName(name, transforms: transforms), escaped: false))
            case "&":
                flushWhiteSpace()
                position += 1
                let (name, transforms) = try parseName()
                nodes.append(.variable(TemplateName(name, transforms: transforms), escaped: false))
            case ">":
                position += 1
                _ = read(while: \.isWhitespace)
                if current == "*" { throw Unsupported(reason: "a dynamic partial") }
                let name = try parsePartialName()
                if !whiteSpaceBefore.isEmpty {
                    nodes.append(.text(whiteSpaceBefore))
                }
                if isStandalone(newLine: newLine) {
                    setNewLine = true
                    nodes.append(.partial(name, indentation: whiteSpaceBefore))
                } else {
                    nodes.append(.partial(name, indentation: nil))
                }
                whiteSpaceBefore = ""
            case "<", "$":
                throw Unsupported(reason: "template inheritance")
            case "=":
                position += 1
                try parseDelimiters()
                setNewLine = isStandalone(newLine: newLine)
            case "%":
                position += 1
                nodes.append(try parseContentType())
                setNewLine = isStandalone(newLine: newLine)
            default:
                flushWhiteSpace()
                let (name, transforms) = try parseName()
                nodes.append(.variable(TemplateName(name, transforms: transforms), escaped: true))
            }
            newLine = setNewLine
        }
        guard section == nil else { throw Unsupported(reason: "a section is not closed") }
        return nodes
    }

    /// Reads text up to a newline (not read) or a start delimiter (read).
    private mutating func readUntilDelimiterOrNewline() throws(Unsupported) -> String {
        var text = ""
        let delimiterStart = startDelimiter[0]
        while !reachedEnd {
            text += read { $0 != "\n" && $0 != "\r\n" && $0 != delimiterStart }
            if reachedEnd || current.isNewline { break }
            if try readIfPresent(startDelimiter) { break }
            text.append(current)
            position += 1
        }
        return text
    }

    /// A name and its transforms: `reversed(items)` is `("items", ["reversed"])`.
    private mutating func parseName() throws(Unsupported) -> (String, [String]) {
        _ = read(while: \.isWhitespace)
        let text = read { Self.nameCharacters.contains($0) }
        _ = read(while: \.isWhitespace)
        guard try readIfPresent(endDelimiter) else { throw Unsupported(reason: "an unfinished tag") }

        let parts = Array(text)
        var index = parts.firstIndex { !Self.nameCharactersWithoutBrackets.contains($0) } ?? parts.endIndex
        if index == parts.endIndex { return (text, []) }
        guard parts[index] == "(" else { throw Unsupported(reason: "an unfinished tag") }
        var transforms = [String(parts[..<index])]
        index += 1
        while true {
            let start = index
            while index < parts.endIndex, Self.nameCharactersWithoutBrackets.contains(parts[index]) { index += 1 }
            let name = String(parts[start..<index])
            guard index < parts.endIndex else { throw Unsupported(reason: "an unfinished tag") }
            if parts[index] == "(" {
                transforms.append(name)
                index += 1
                continue
            }
            guard parts[index] == ")" else { throw Unsupported(reason: "an unfinished tag") }
            index += 1
            var closers = 0
            while index < parts.endIndex, parts[index] == ")" {
                closers += 1
                index += 1
            }
            guard closers + 1 == transforms.count, index == parts.endIndex else { throw Unsupported(reason: "an unfinished tag") }
            return (name, transforms)
        }
    }

    private mutating func parsePartialName() throws(Unsupported) -> String {
        _ = read(while: \.isWhitespace)
        let name = read { Self.partialNameCharacters.contains($0) }
        _ = read(while: \.isWhitespace)
        guard try readIfPresent(endDelimiter) else { throw Unsupported(reason: "an unfinished tag") }
        return name
    }

    /// Skips a comment up to its end delimiter, matched as swift-mustache matches it:
    /// after a partial match, the search starts again at the next character.
    private mutating func skipComment() throws(Unsupported) {
        var matched = 0
        while !reachedEnd {
            if characters[position] == endDelimiter[matched] {
                matched += 1
                if matched == endDelimiter.count {
                    position += 1
                    return
                }
            } else {
                matched = 0
            }
            position += 1
        }
        throw Unsupported(reason: "an unfinished comment")
    }

    /// `{{=<% %>=}}`.
    private mutating func parseDelimiters() throws(Unsupported) {
        _ = read(while: \.isWhitespace)
        let start = read { !$0.isWhitespace }
        _ = read(while: \.isWhitespace)
        let end = read { $0 != "=" && !$0.isWhitespace }
        _ = read(while: \.isWhitespace)
        guard current == "=" else { throw Unsupported(reason: "a bad delimiter tag") }
        position += 1
        guard try readIfPresent(endDelimiter), !start.isEmpty, !end.isEmpty else { throw Unsupported(reason: "a bad delimiter tag") }
        startDelimiter = Array(start)
        endDelimiter = Array(end)
    }

    /// `{{% CONTENT_TYPE: TEXT}}` or `HTML`, the two content types swift-mustache has.
    private mutating func parseContentType() throws(Unsupported) -> TemplateNode {
        _ = read(while: \.isWhitespace)
        let variable = read { Self.nameCharactersWithoutBrackets.contains($0) }
        _ = read(while: \.isWhitespace)
        guard current == ":" else { throw Unsupported(reason: "a bad configuration tag") }
        position += 1
        _ = read(while: \.isWhitespace)
        let value = read { Self.nameCharactersWithoutBrackets.contains($0) }
        _ = read(while: \.isWhitespace)
        guard try readIfPresent(endDelimiter), variable == "CONTENT_TYPE" else { throw Unsupported(reason: "a bad configuration tag") }
        switch value {
        case "TEXT": return .contentType(escapesHTML: false)
        case "HTML": return .contentType(escapesHTML: true)
        default: throw Unsupported(reason: "the content type '\(value)'")
        }
    }

    // MARK: Reading characters

    private var reachedEnd: Bool { position == characters.endIndex }

    /// The current character, or NUL at the end.
    private var current: Character { reachedEnd ? "\0" : characters[position] }

    private mutating func read(while condition: (Character) -> Bool) -> String {
        let start = position
        while !reachedEnd, condition(characters[position]) { position += 1 }
        return String(characters[start..<position])
    }

    /// Reads `string` if it comes next; there must be as many characters left as it has.
    private mutating func readIfPresent(_ string: [Character]) throws(Unsupported) -> Bool {
        guard characters.endIndex - position >= string.count else { throw Unsupported(reason: "text ends inside a tag") }
        guard characters[position..<position + string.count].elementsEqual(string) else { return false }
        position += string.count
        return true
    }

    /// True when the tag just read is alone on its line: the line then ends (or the
    /// text does) after spaces and tabs, and the newline is read.
    private mutating func isStandalone(newLine: Bool) -> Bool {
        guard newLine else { return false }
        if reachedEnd { return true }
        var end = position
        while end < characters.endIndex, characters[end] == " " || characters[end] == "\t" { end += 1 }
        guard end < characters.endIndex, characters[end].isNewline else { return false }
        position = end + 1
        return true
    }

    private static let nameCharactersWithoutBrackets = Set<Character>("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*")
    private static let nameCharacters = nameCharactersWithoutBrackets.union("()")
    private static let partialNameCharacters = nameCharacters.union("/")
}
