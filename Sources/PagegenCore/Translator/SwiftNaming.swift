/// Idiomatic Swift names from JSON and spec names: `sale_price` → `salePrice`,
/// `category_id` → `categoryID`, `$top` → `top`, `page[size]` → `pageSize`,
/// `48x48` → `_48x48`, `self` → `` `self` ``.
public enum SwiftNaming {
    /// Words written in capitals when they are not the first word.
    static let acronyms: Set<String> = ["id", "url", "uri", "html", "json", "api", "http", "https", "ip", "uuid"]

    /// Swift keywords that need backticks as member names.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Any", "Type", "Protocol",
    ]

    /// The words of a name: split at separators, at lower-to-upper changes, and
    /// after an acronym that runs into the next word (`HTMLContent` → HTML, Content).
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            if !(character.isLetter || character.isNumber) {
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

    /// A property, parameter or case name, escaped when it is a keyword.
    public static func memberName(_ name: String) -> String {
        let identifier = lowerCamel(name)
        return keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    /// A parameter's declaration parts: its argument label and the name used inside
    /// the function. A keyword keeps its spelling as the label and gets a plain
    /// inner name (`self self_`), so that it never shadows `self`.
    public static func parameterNames(_ name: String) -> (label: String, inner: String) {
        let member = memberName(name)
        guard member.hasPrefix("`") else { return (member, member) }
        let bare = String(member.dropFirst().dropLast())
        return (bare, bare + "_")
    }

    /// The name without backticks, for building other names from it.
    public static func lowerCamel(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "_" }
        var result = first == first.uppercased() && first.count > 1 ? first.lowercased() : lowercaseFirst(first)
        for word in parts.dropFirst() {
            result += acronyms.contains(word.lowercased()) ? word.uppercased() : uppercaseFirst(word)
        }
        if let initial = result.first, initial.isNumber { result = "_" + result }
        return result
    }

    /// A type name: `status` → `Status`, `line_item` → `LineItem`.
    public static func typeName(_ name: String) -> String {
        let parts = words(name)
        var result = parts.map { acronyms.contains($0.lowercased()) && parts.count > 1 ? $0.uppercased() : uppercaseFirst($0) }.joined()
        if result.isEmpty { result = "_" }
        if let initial = result.first, initial.isNumber { result = "_" + result }
        return keywords.contains(result) ? result + "_" : result
    }

    /// True when `name` can be used as a Swift type name as it is.
    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.first, first.isLetter || first == "_" else { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !keywords.contains(name)
    }

    /// `products` + `Pages` → `productsPages`; `products` with prefix `all` → `allProducts`.
    static func prefixed(_ prefix: String, _ name: String) -> String {
        prefix + uppercaseFirst(lowerCamel(name))
    }

    static func uppercaseFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    static func lowercaseFirst(_ word: String) -> String {
        word.prefix(1).lowercased() + word.dropFirst()
    }

    /// A Swift string literal for `text`, with quotes, backslashes and controls escaped.
    static func stringLiteral(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
