import PagegenCore

/// The names the imported models take: unique, and never one the generator refuses
/// for a model (``SpecNaming/canNameModel(_:)``: a keyword, a built-in type, a module
/// generated code names its types through), nor `CodingKeys`, the spec's own name, its
/// client's or its namespace's.
struct TypeNames {
    private var taken: Set<String> = []
    /// The next number to try after a name, so that many models of one name are
    /// numbered without trying every number before.
    private var nextNumber: [String: Int] = [:]

    /// Creates a registry in which `more` names (the spec's, its client's, its namespace) are taken too.
    init(also more: [String] = []) {
        taken = Set(more)
    }

    /// A free model name made from `base` (`customer_list` → `CustomerList`), with
    /// `Model` after a name a model cannot take and a number after one already taken.
    mutating func claim(_ base: String) -> String {
        var name = SpecWords.typeName(base)
        if name.hasPrefix("_") { name = "Model" + name }
        if !SpecNaming.canNameModel(name) || name == "CodingKeys" { name += "Model" }
        var candidate = name
        var number = nextNumber[name] ?? 2
        while taken.contains(candidate) {
            candidate = "\(name)\(number)"
            number += 1
        }
        nextNumber[name] = number
        taken.insert(candidate)
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
