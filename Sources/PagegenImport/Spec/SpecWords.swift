/// How the importer makes names for the spec it writes, and how it tells which names
/// the generator would turn into the same Swift name.
///
/// Models and endpoints are named in the spec itself (`simple-user` → `SimpleUser`,
/// `issues/list-for-repo` → `issuesListForRepo`); fields and parameters keep their
/// names on the wire, and get a `swiftName:` where two would become one Swift name.
enum SpecWords {
    /// Words written in capitals when they are not the first word of a type name.
    static let acronyms: Set<String> = ["id", "url", "uri", "html", "json", "api", "http", "https", "ip", "uuid"]

    /// Swift's keywords: no endpoint is named like one.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false",
        "is", "nil", "self", "Self", "super", "throws", "true", "try", "Any", "Type", "Protocol", "some", "any", "await",
    ]

    /// What a symbol is called where a name has only symbols before its letters.
    static let symbols: [Character: String] = [
        "+": "plus", "-": "minus", "*": "asterisk", "/": "slash", ".": "dot", ",": "comma", ":": "colon", "!": "exclamation",
        "?": "question", "@": "at", "#": "hash", "$": "dollar", "%": "percent", "^": "caret", "&": "ampersand", "|": "bar",
        "~": "tilde", "=": "equals", "<": "less", ">": "greater", "_": "underscore",
    ]

    /// The words of a name: split at characters other than letters and digits, and at
    /// case changes (`HTMLContent` → HTML, Content).
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if let previous, character.isUppercase,
               previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `issues/list-for-repo` → `issuesListForRepo`.
    static func lowerCamel(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "" }
        var result = first == first.uppercased() && first.count > 1 ? first.lowercased() : lowercaseFirst(first)
        for word in parts.dropFirst() {
            result += acronyms.contains(word.lowercased()) ? word.uppercased() : uppercaseFirst(word)
        }
        return result
    }

    /// `simple-user` → `SimpleUser`, `image_url` → `ImageURL`; a leading digit gets `_`.
    static func typeName(_ name: String) -> String {
        let parts = words(name)
        var result = parts.map { acronyms.contains($0.lowercased()) && parts.count > 1 ? $0.uppercased() : uppercaseFirst($0) }.joined()
        if result.isEmpty { result = "_" }
        if let initial = result.first, initial.isNumber { result = "_" + result }
        return result
    }

    /// What makes two names one Swift name: their letters and digits, case ignored;
    /// for a name of symbols only, the symbols spelled out (`+` and `-` are two names).
    static func key(_ name: String) -> String {
        let letters = String(name.lowercased().filter { $0.isLetter || $0.isNumber })
        return letters.isEmpty ? name.map { symbols[$0] ?? "symbol" }.joined() : letters
    }

    /// A Swift name for a field or parameter whose own is taken: its leading symbols
    /// spelled out (`-1` → `minus1`), else the name followed by `Value`.
    static func alternative(to name: String) -> String {
        let leading = name.prefix { !($0.isLetter || $0.isNumber) }
        let spelled = leading.compactMap { symbols[$0] }
        if !spelled.isEmpty, spelled.count == leading.count {
            return lowerCamel((spelled + [String(name.dropFirst(leading.count))]).joined(separator: "_"))
        }
        let base = lowerCamel(name)
        return (base.isEmpty || base.first?.isNumber == true ? "value" + base : base) + "Value"
    }

    static func uppercaseFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    static func lowercaseFirst(_ word: String) -> String {
        word.prefix(1).lowercased() + word.dropFirst()
    }
}
