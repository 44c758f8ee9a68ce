import PagegenYAML

/// The names taken in one Swift scope, and what took each: what ``SpecNames`` asks
/// before it gives out a name.
struct NameScope {
    /// The names of the enclosing scope, which this one reads and never changes (so
    /// that a scope nested in a large one costs what its own names cost).
    private var enclosing: [String: String] = [:]
    private var owners: [String: String] = [:]

    /// A scope where `reserved` are taken, each by what its value says.
    init(reserved: [String: String] = [:]) {
        owners = reserved
    }

    /// A scope nested in `outer`: the names taken there are taken here, and the names
    /// taken here stay here.
    init(inside outer: NameScope) {
        enclosing = outer.enclosing.isEmpty ? outer.owners : outer.enclosing.merging(outer.owners) { _, inner in inner }
    }

    /// What holds `name`, if anything.
    func owner(of name: String) -> String? { owners[name] ?? enclosing[name] }

    /// True when `name` is taken.
    func isTaken(_ name: String) -> Bool { owner(of: name) != nil }

    /// Takes `name` for `owner`.
    /// - Returns: what already held it (the name is then left to it), or nil.
    @discardableResult
    mutating func claim(_ name: String, by owner: String) -> String? {
        if let holder = self.owner(of: name) { return holder }
        owners[name] = owner
        return nil
    }

    /// Takes the first free name of `name`, `name + word`, then `name + word` numbered
    /// from 2: `type`, `typeValue`, `typeValue2`.
    mutating func claimFree(_ name: String, word: String, by owner: String) -> String {
        claimFirstFree([name, name + word], by: owner)
    }

    /// Takes the first free name of `candidates`, then the last one numbered from 2.
    mutating func claimFirstFree(_ candidates: [String], by owner: String) -> String {
        var chosen = candidates.first { !isTaken($0) }
        var number = 2
        while chosen == nil {
            let numbered = "\(candidates[candidates.count - 1])\(number)"
            if !isTaken(numbered) { chosen = numbered }
            number += 1
        }
        owners[chosen!] = owner
        return chosen!
    }
}

/// A name the spec gives that Swift cannot take as it is, where the spec gives it.
struct NamingProblem: Sendable, Hashable {
    /// What is wrong.
    var message: String
    /// Where.
    var mark: Mark
    /// What to do.
    var hint: String?
}

/// Spec text for a hint: how to give a field or parameter another Swift name.
enum SwiftNameHint {
    /// "give it another Swift name with 'swiftName:', such as `page: { type: Int, swiftName: pageValue }`"
    static func rename(_ name: String, type: TypeReference, suggesting suggestion: String, subject: String = "it") -> String {
        "give \(subject) another Swift name with 'swiftName:', such as '\(key(name)): \(longForm(type, swiftName: suggestion))'"
    }

    /// The long form of `type` with a `swiftName`.
    static func longForm(_ type: TypeReference, swiftName: String) -> String {
        var parts: [String]
        switch type.unwrapped {
        case .enumeration(let cases): parts = ["enum: [\(cases.map(scalar).joined(separator: ", "))]"]
        case .map(let value): parts = ["map: \(scalar(value.description))"]
        default: parts = ["type: \(scalar(type.unwrapped.description))"]
        }
        if type.isOptional { parts.append("optional: true") }
        parts.append("swiftName: \(swiftName)")
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    /// A mapping key as YAML needs it written.
    static func key(_ name: String) -> String {
        isPlain(name) ? name : "'" + name.replacingOccurrences(of: "'", with: "''") + "'"
    }

    private static func scalar(_ text: String) -> String {
        isPlain(text) && !text.contains("[") && !text.contains("]") ? text : "\"" + text + "\""
    }

    private static func isPlain(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first.isNumber || first == "_" || first == "$" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || "_$-.[]?".contains($0) }
    }
}
