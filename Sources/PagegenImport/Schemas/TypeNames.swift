import PagegenCore

/// The Swift type names the imported models take: unique, never a built-in type's,
/// the runtime's or a Swift keyword, and never two that differ only in case or
/// punctuation (which the generator would turn into the same Swift name).
struct TypeNames {
    /// Names a model cannot take: the spec's built-in types, what generated code and
    /// the runtime declare or use, and Swift's own types.
    static let reserved: Set<String> = [
        "String", "Int", "Int64", "Double", "Bool", "Date", "URL", "JSON", "JSONValue",
        "Client", "Page", "PageKey", "PageSequence", "ItemSequence", "PageLoader", "PagedList", "APIError",
        "Endpoint", "Cancellable", "Credential", "ClientRuntime", "RequestBuilder", "HTTPTransport", "HTTPRequest", "HTTPResponse",
        "Error", "Result", "Data", "Set", "Array", "Dictionary", "Optional", "Character", "Float", "Decimal", "UUID", "Void", "Never",
        "Codable", "Decodable", "Encodable", "Identifiable", "Sendable", "Hashable", "Equatable", "Foundation", "Swift", "PagegenRuntime",
        "Any", "AnyObject", "Type", "Protocol", "Self",
    ]

    private var taken: [String: String] = [:]

    /// Creates a registry in which `more` names (the client's, the namespace) are taken too.
    init(also more: [String] = []) {
        for name in Self.reserved.union(more) { taken[Self.key(name)] = name }
    }

    /// What makes two names the same for Swift: letters and digits, case ignored.
    static func key(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// A free type name made from `base` (`customer_list` → `CustomerList`), with
    /// `Model` after a reserved one and a number after one already taken.
    mutating func claim(_ base: String) -> String {
        var name = SwiftNaming.typeName(base)
        if name.hasPrefix("_") { name = "Model" + name }
        if Self.reserved.contains(name) || Self.key(name) == Self.key("JSON") { name += "Model" }
        var candidate = name
        var number = 2
        while taken[Self.key(candidate)] != nil {
            candidate = "\(name)\(number)"
            number += 1
        }
        taken[Self.key(candidate)] = candidate
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
