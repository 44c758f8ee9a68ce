import Foundation
import PagegenYAML

/// Reads the page store's policies: the spec's `store: { maxItems: 50000, maxBytes: 50MB }`
/// (how much an app's store keeps at most) and an endpoint's `store: { maxAge: 1h }`
/// (how old its stored pages may be and still be shown).
enum StoreLoader {
    /// The top-level `store:`.
    static func limits(_ node: Node, context: LoadContext) -> StoreSpec? {
        guard let reader = MappingReader(node, what: "'store'", allowed: ["maxItems", "maxBytes"], context: context) else { return nil }
        let maxItems = reader.string("maxItems").flatMap { count($0, key: "maxItems", units: [:], context: context) }
        let maxBytes = reader.string("maxBytes").flatMap {
            count($0, key: "maxBytes", units: ["KB": 1_000, "MB": 1_000_000, "GB": 1_000_000_000], context: context)
        }
        if maxItems == nil, maxBytes == nil, reader.node.pairs?.isEmpty ?? true {
            context.error("'store' bounds nothing", at: node.mark, hint: "give 'maxItems', 'maxBytes' or both, or remove it")
        }
        return StoreSpec(maxItems: maxItems, maxBytes: maxBytes)
    }

    /// An endpoint's `store:`.
    static func endpoint(_ node: Node, what: String, context: LoadContext) -> EndpointStoreSpec? {
        guard let reader = MappingReader(node, what: "'store' of \(what)", allowed: ["maxAge"], context: context) else { return nil }
        guard let text = reader.requiredString("maxAge", hint: "write 'maxAge: 1h' (s, m, h or d; a number is seconds)") else {
            return nil
        }
        guard let seconds = count(text, key: "maxAge", units: ["s": 1, "m": 60, "h": 3_600, "d": 86_400], context: context) else {
            return nil
        }
        return EndpointStoreSpec(maxAge: Located(seconds, at: text.mark))
    }

    /// A positive whole number, with an optional unit suffix (`15m`, `50MB`).
    private static func count(_ text: Located<String>, key: String, units: [String: Int], context: LoadContext) -> Int? {
        let value = text.value.trimmingCharacters(in: .whitespaces)
        let digits = value.prefix { $0.isNumber }
        let unit = String(value.dropFirst(digits.count)).trimmingCharacters(in: .whitespaces)
        let unitNames = units.keys.sorted { units[$0]! < units[$1]! }
        guard let number = Int(digits), unit.isEmpty || units[unit] != nil else {
            context.error(
                "'\(key)' must be a whole number\(units.isEmpty ? "" : " with an optional unit"), not '\(text.value)'", at: text.mark,
                hint: units.isEmpty ? "write '\(key): 50000'" : "units: \(unitNames.joined(separator: ", "))")
            return nil
        }
        let (total, overflow) = number.multipliedReportingOverflow(by: units[unit] ?? 1)
        guard number > 0, !overflow else {
            context.error("'\(key)' must be more than 0, not '\(text.value)'", at: text.mark, hint: "remove it to bound nothing")
            return nil
        }
        return total
    }
}
