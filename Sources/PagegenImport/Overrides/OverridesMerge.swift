import PagegenYAML

/// Merges a Fern overrides file into a document, as Fern does before it reads one:
///
/// - mappings merge key by key, all the way down; a key only in the overrides is added;
/// - a list of parameters (every item has `name` and `in`) merges by name and location:
///   an override that matches a parameter merges into it, one that matches none is
///   added at the end;
/// - another list of mappings merges item by item, by position;
/// - any other value in the overrides (text, a number, a list of scalars) replaces the
///   document's;
/// - `null` in the overrides removes the key.
///
/// It also records which parts of the result came from the overrides, so that a note
/// about them names the overrides file.
struct OverridesMerge {
    /// The parts of the result that came from the overrides.
    private(set) var overridden: Set<JSONPointer> = []

    /// `base` with `overrides` merged in.
    mutating func merge(_ base: Node, _ overrides: Node) -> Node {
        merge(base, overrides, at: JSONPointer()) ?? base
    }

    /// The merged node, or nil when the overrides remove it.
    private mutating func merge(_ base: Node, _ overrides: Node, at pointer: JSONPointer) -> Node? {
        if overrides.isNull {
            return nil
        }
        switch (base.content, overrides.content) {
        case (.mapping(let basePairs), .mapping(let overridePairs)):
            var pairs = basePairs
            for pair in overridePairs {
                guard let key = pair.key.scalarText else { continue }
                let here = pointer.appending(key)
                if let index = pairs.firstIndex(where: { $0.key.scalarText == key }) {
                    if let merged = merge(pairs[index].value, pair.value, at: here) {
                        pairs[index].value = merged
                    } else {
                        pairs.remove(at: index)
                    }
                } else if !pair.value.isNull {
                    pairs.append(pair)
                    overridden.insert(here)
                }
            }
            return Node(.mapping(pairs), mark: base.mark)
        case (.sequence(let baseItems), .sequence(let overrideItems))
        where baseItems.allSatisfy({ $0.pairs != nil }) && overrideItems.allSatisfy({ $0.pairs != nil }):
            if baseItems.allSatisfy(Self.isParameter) && overrideItems.allSatisfy(Self.isParameter) {
                return Node(.sequence(mergeParameters(baseItems, overrideItems, at: pointer)), mark: base.mark)
            }
            var items = baseItems
            for (index, item) in overrideItems.enumerated() {
                let here = pointer.appending(String(index))
                if index < items.count {
                    items[index] = merge(items[index], item, at: here) ?? items[index]
                } else {
                    items.append(item)
                    overridden.insert(here)
                }
            }
            return Node(.sequence(items), mark: base.mark)
        default:
            overridden.insert(pointer)
            return overrides
        }
    }

    private mutating func mergeParameters(_ base: [Node], _ overrides: [Node], at pointer: JSONPointer) -> [Node] {
        var items = base
        var unmatched = Array(base.indices)
        for override in overrides {
            let identity = Self.identity(of: override)
            if let position = unmatched.firstIndex(where: { Self.identity(of: base[$0]) == identity }) {
                let index = unmatched.remove(at: position)
                items[index] = merge(items[index], override, at: pointer.appending(String(index))) ?? items[index]
            } else {
                overridden.insert(pointer.appending(String(items.count)))
                items.append(override)
            }
        }
        return items
    }

    private static func isParameter(_ node: Node) -> Bool {
        node["name"]?.scalarText != nil && node["in"]?.scalarText != nil
    }

    private static func identity(of node: Node) -> String {
        "\(node["in"]?.scalarText ?? ""):\(node["name"]?.scalarText ?? "")"
    }
}
