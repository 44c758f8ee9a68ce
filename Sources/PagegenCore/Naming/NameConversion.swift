/// Idiomatic Swift names from the names a spec writes: `sale_price` → `salePrice`,
/// `category_id` → `categoryID`, `$top` → `top`, `page[size]` → `pageSize`,
/// `48x48` → `_48x48`, `line_item` → `LineItem`, `+` → `plus`.
///
/// Conversion only spells a name; whether it is free is ``SpecNames``'s business.
enum NameConversion {
    /// Words written in capitals when they are not the first word.
    static let acronyms: Set<String> = ["id", "url", "uri", "html", "json", "api", "http", "https", "ip", "uuid"]

    /// What a name made only of symbols is called: `+` → `plus`, `""` → `empty`.
    static let symbolNames: [Character: String] = [
        "+": "plus", "-": "minus", "*": "asterisk", "/": "slash", "\\": "backslash", ".": "dot", ",": "comma",
        ":": "colon", ";": "semicolon", "!": "exclamation", "?": "question", "@": "at", "#": "hash", "$": "dollar",
        "%": "percent", "^": "caret", "&": "ampersand", "|": "bar", "~": "tilde", "=": "equals", "<": "less",
        ">": "greater", "_": "underscore", "'": "apostrophe", "\"": "quote", "`": "backtick", "(": "open",
        ")": "close", "[": "open", "]": "close", "{": "open", "}": "close", " ": "space",
    ]

    /// True for a character that can be part of a generated identifier: an ASCII
    /// letter or digit, or a letter of another script.
    static func isWordCharacter(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ASCII.isLetter(ascii) || ASCII.isDigit(ascii) }
        return character.isLetter
    }

    /// The words of a name: split at other characters, at lower-to-upper changes, and
    /// after an acronym that runs into the next word (`HTMLContent` → HTML, Content).
    static func words(_ name: String) -> [String] {
        name.utf8.allSatisfy({ $0 < 0x80 }) ? asciiWords(name) : characterWords(name)
    }

    /// ``words(_:)`` read character by character, for a name in any script.
    static func characterWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard isWordCharacter(character) else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if let previous, character.isUppercase,
                previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true)
            {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// ``words(_:)`` of a name written in ASCII, read byte by byte by the same rules.
    static func asciiWords(_ name: String) -> [String] {
        let bytes = Array(name.utf8)
        var words: [String] = []
        var wordStart: Int?
        for (index, byte) in bytes.enumerated() {
            guard ASCII.isLetter(byte) || ASCII.isDigit(byte) else {
                if let start = wordStart { words.append(String(decoding: bytes[start..<index], as: UTF8.self)) }
                wordStart = nil
                continue
            }
            if let start = wordStart, ASCII.isUppercase(byte) {
                let previous = bytes[index - 1]
                let nextIsLowercase = index + 1 < bytes.count && ASCII.isLowercase(bytes[index + 1])
                if ASCII.isLowercase(previous) || ASCII.isDigit(previous) || (ASCII.isUppercase(previous) && nextIsLowercase) {
                    words.append(String(decoding: bytes[start..<index], as: UTF8.self))
                    wordStart = index
                }
            }
            if wordStart == nil { wordStart = index }
        }
        if let start = wordStart { words.append(String(decoding: bytes[start...], as: UTF8.self)) }
        return words
    }

    /// The words of a name that has none of its own: its symbols spelled out
    /// (`-` → minus, `_` → underscore), `space` for blanks, `empty` for nothing.
    static func symbolWords(_ name: String) -> [String] {
        let words = name.compactMap { character -> String? in
            character.isWhitespace ? nil : symbolNames[character] ?? "symbol"
        }
        if !words.isEmpty { return words }
        return name.isEmpty ? ["empty"] : ["space"]
    }

    /// A property, parameter, case or function name: `sale_price` → `salePrice`.
    static func lowerCamel(_ name: String) -> String {
        var parts = words(name)
        if parts.isEmpty { parts = symbolWords(name) }
        let first = parts[0]
        var result = first == first.uppercased() && first.count > 1 ? first.lowercased() : lowercaseFirst(first)
        for word in parts.dropFirst() {
            result += acronyms.contains(word.lowercased()) ? word.uppercased() : uppercaseFirst(word)
        }
        if let initial = result.first, initial.isNumber { result = "_" + result }
        return result
    }

    /// A type name: `status` → `Status`, `line_item` → `LineItem`, `image_url` → `ImageURL`.
    static func upperCamel(_ name: String) -> String {
        var parts = words(name)
        if parts.isEmpty { parts = symbolWords(name) }
        var result = parts.map { acronyms.contains($0.lowercased()) && parts.count > 1 ? $0.uppercased() : uppercaseFirst($0) }.joined()
        if let initial = result.first, initial.isNumber { result = "_" + result }
        return result
    }

    /// `products` with `Pages` → `productsPages`.
    static func suffixed(_ name: String, _ suffix: String) -> String {
        name + suffix
    }

    /// `products` with `all` → `allProducts`.
    static func prefixed(_ prefix: String, _ name: String) -> String {
        prefix + uppercaseFirst(name)
    }

    /// True when `name` is an identifier as Swift writes one (with backticks when it
    /// is a keyword): a letter or `_`, then letters, digits and `_`; not `_` alone.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first == "_" || (isWordCharacter(first) && !first.isNumber), name != "_" else {
            return false
        }
        return name.allSatisfy { $0 == "_" || isWordCharacter($0) }
    }

    /// True when `name` can name a type as it is: an identifier that is neither a
    /// keyword nor a word that starts a type (`any`, `some`).
    static func isTypeName(_ name: String) -> Bool {
        isIdentifier(name) && !SwiftKeywords.reserved.contains(name) && !SwiftKeywords.reservedTypeNames.contains(name)
    }

    static func uppercaseFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    static func lowercaseFirst(_ word: String) -> String {
        word.prefix(1).lowercased() + word.dropFirst()
    }
}
