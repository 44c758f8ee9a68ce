import PagegenCore

/// The names the imported models take: unique, and never one the spec language
/// reserves — a built-in type's, a module's that generated code names its types
/// through, a name Swift reserves for types, `CodingKeys`, the spec's own name, its
/// client's or its namespace's — nor two that differ only in case or punctuation.
struct TypeNames {
    /// Names a model cannot take.
    static let reserved: Set<String> = [
        "String", "Int", "Int64", "Double", "Bool", "Date", "URL", "JSON",
        "Swift", "Foundation", "PagegenRuntime", "CodingKeys",
        "Self", "Any", "Type", "Protocol",
    ]

    private var taken: [String: String] = [:]

    /// Creates a registry in which `more` names (the spec's, its client's, its namespace) are taken too.
    init(also more: [String] = []) {
        for name in Self.reserved.union(more) { taken[SpecWords.key(name)] = name }
    }

    /// A free model name made from `base` (`customer_list` → `CustomerList`), with
    /// `Model` after a reserved one and a number after one already taken.
    mutating func claim(_ base: String) -> String {
        var name = SpecWords.typeName(base)
        if name.hasPrefix("_") { name = "Model" + name }
        if taken[SpecWords.key(name)].map(Self.reserved.contains) == true || SpecWords.keywords.contains(name) { name += "Model" }
        var candidate = name
        var number = 2
        while taken[SpecWords.key(candidate)] != nil {
            candidate = "\(name)\(number)"
            number += 1
        }
        taken[SpecWords.key(candidate)] = candidate
        return candidate
    }
}

/// Words for naming: singular forms of array names (`labels` → `label`).
enum Words {
    static func singular(_ word: String) -> String {
        if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("sses") || word.hasSuffix("xes") { return String(word.dropLast(2)) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 3 { return String(word.dropLast()) }
        return word
    }
}
