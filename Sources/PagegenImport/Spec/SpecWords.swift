import PagegenCore

/// How the importer names what it writes, by the generator's own rules
/// (``SpecNaming``): models and endpoints are named in the spec itself
/// (`simple-user` → `SimpleUser`, `issues/list-for-repo` → `issuesListForRepo`);
/// fields and parameters keep their names on the wire, and get a `swiftName:` where
/// two would become one Swift name.
enum SpecWords {
    /// The Swift name of a field or parameter, as the generator makes it.
    static func memberName(_ name: String) -> String {
        SpecNaming.memberName(name)
    }

    /// `simple-user` → `SimpleUser`.
    static func typeName(_ name: String) -> String {
        SpecNaming.typeName(name)
    }

    /// A Swift name for a field or parameter whose own is taken: its leading symbols
    /// spelled out (`-1` → `minus1`, `_id` → `underscoreID`), else the name followed
    /// by `Value` (`page` → `pageValue`, `1` → `value1`).
    static func alternative(to name: String) -> String {
        let leading = name.prefix { !($0.isLetter || $0.isNumber) }
        if !leading.isEmpty, leading.count < name.count {
            let spelled = leading.map { SpecNaming.memberName(String($0)) }
            return SpecNaming.memberName((spelled + [String(name.dropFirst(leading.count))]).joined(separator: "_"))
        }
        let base = SpecNaming.memberName(name)
        return base.hasPrefix("_") ? "value" + base.dropFirst() : base + "Value"
    }

    static func uppercaseFirst(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }
}

/// The Swift names given out in one scope (a model's properties, an endpoint's
/// arguments): a name that would be one Swift name with an earlier one gets another.
struct SwiftNames {
    private var holders: [String: String] = [:]

    /// Claims the Swift name of `name`; when an earlier name holds it, returns that
    /// name and a free `swiftName:` for this one.
    mutating func claim(_ name: String) -> (other: String, alternative: String)? {
        let swiftName = SpecWords.memberName(name)
        guard let other = holders[swiftName] else {
            holders[swiftName] = name
            return nil
        }
        var alternative = SpecWords.alternative(to: name)
        var number = 2
        while holders[alternative] != nil {
            alternative = SpecWords.alternative(to: name) + String(number)
            number += 1
        }
        holders[alternative] = alternative
        return (other, alternative)
    }

    /// Takes the Swift name `label` out of use, for the arguments the generated
    /// functions add.
    mutating func reserve(_ label: String, for holder: String) {
        holders[label] = holder
    }
}
