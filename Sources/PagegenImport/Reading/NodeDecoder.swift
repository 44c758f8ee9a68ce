import Foundation
import OpenAPIKit
import PagegenYAML

/// A `Decoder` over a YAML or JSON document read by PagegenYAML, so that OpenAPIKit's
/// `Decodable` types read the same tree the importer locates its notes in.
///
/// Mappings keep their document order (OpenAPIKit's ordered dictionaries read
/// `allKeys`, so paths, properties and parameters come out in the order the document
/// writes them). Scalars follow YAML 1.2's core schema: an unquoted `12` is a number,
/// `true` a Bool and `null` or `~` a null, while a quoted `"12"` is only ever text.
struct NodeDecoder: Decoder {
    let node: Node
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]

    init(node: Node, codingPath: [any CodingKey] = []) {
        self.node = node
        self.codingPath = codingPath
    }

    /// Decodes `type` from `node`, which is at `path` in its document (OpenAPIKit's
    /// errors read the coding path, and expect the one of a whole document).
    static func decode<T: Decodable>(_ type: T.Type, from node: Node, at path: [String] = []) throws -> T {
        try value(type, of: node, at: path.map { NodeCodingKey(stringValue: $0) })
    }

    /// Decodes `type` from `node`, at `codingPath`: every container decodes its
    /// values through this.
    ///
    /// OpenAPIKit reads every example, default, enumeration value and vendor extension
    /// as `AnyCodable`, which tries Bool, Int, UInt, Double, String, a list and a
    /// mapping in turn and keeps the first that decodes, each miss a thrown
    /// `DecodingError`. Here a node becomes that same `AnyCodable` without the misses;
    /// one holding a null takes the general way. (Under a test runner that records a
    /// backtrace for every thrown error, the misses made importing a large document
    /// six times slower.)
    static func value<T: Decodable>(_ type: T.Type, of node: Node, at codingPath: [any CodingKey]) throws -> T {
        if T.self == AnyCodable.self, let value = SingleNodeContainer.anyCodable(node) as? T { return value }
        return try T(from: NodeDecoder(node: node, codingPath: codingPath))
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let pairs = node.pairs else {
            throw DecodingError.typeMismatch(
                [String: Any].self,
                .init(
                    codingPath: codingPath, debugDescription: "expected a mapping, found \(node.kindDescription)"))
        }
        return KeyedDecodingContainer(KeyedNodeContainer<Key>(pairs: pairs, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let items = node.items else {
            throw DecodingError.typeMismatch(
                [Any].self,
                .init(
                    codingPath: codingPath, debugDescription: "expected a list, found \(node.kindDescription)"))
        }
        return UnkeyedNodeContainer(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

/// A key of a mapping or an index of a list, for coding paths.
struct NodeCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let codingPath: [any CodingKey]
    /// The first value of each key; a key written twice keeps its first value.
    private let values: [String: Node]
    private let orderedKeys: [String]

    init(pairs: [Node.Pair], codingPath: [any CodingKey]) {
        self.codingPath = codingPath
        var values: [String: Node] = [:]
        var ordered: [String] = []
        for pair in pairs {
            guard let key = pair.key.scalarText, values[key] == nil else { continue }
            values[key] = pair.value
            ordered.append(key)
        }
        self.values = values
        orderedKeys = ordered
    }

    var allKeys: [Key] { orderedKeys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

    private func node(for key: Key) throws -> Node {
        guard let node = values[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no key '\(key.stringValue)'"))
        }
        return node
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try node(for: key).isNull
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try NodeDecoder.value(type, of: node(for: key), at: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(node: node(for: key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(node: node(for: key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "super decoders are not supported"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        NodeDecoder(node: try node(for: key), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let items: [Node]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [Node], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next(_ type: Any.Type) throws -> NodeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "the list has no more items"))
        }
        defer { currentIndex += 1 }
        return NodeDecoder(node: items[currentIndex], codingPath: codingPath + [NodeCodingKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = try next(type)
        return try NodeDecoder.value(type, of: decoder.node, at: decoder.codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next([String: Any].self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        try next(Any.self)
    }
}

private struct SingleNodeContainer: SingleValueDecodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { node.isNull }

    /// The text of a scalar that is not a null, or a type mismatch.
    private func text(for type: Any.Type) throws -> String {
        guard case .scalar(let scalar) = node.content, !node.isNull else {
            throw DecodingError.typeMismatch(
                type,
                .init(
                    codingPath: codingPath, debugDescription: "expected \(type), found \(node.isNull ? "null" : node.kindDescription)"))
        }
        return scalar.text
    }

    /// The text of an unquoted scalar: a quoted one is text, never a number or a Bool.
    private func plainText(for type: Any.Type) throws -> String {
        let text = try text(for: type)
        if case .scalar(let scalar) = node.content, scalar.isQuoted {
            throw DecodingError.typeMismatch(
                type, .init(codingPath: codingPath, debugDescription: "expected \(type), found the text \"\(text)\""))
        }
        return text
    }

    private func mismatch(_ type: Any.Type, _ text: String) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(type), found '\(text)'"))
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        let text = try plainText(for: type)
        guard let value = Self.bool(text) else { throw mismatch(type, text) }
        return value
    }

    func decode(_ type: String.Type) throws -> String { try text(for: type) }

    func decode(_ type: Double.Type) throws -> Double {
        let text = try plainText(for: type)
        guard let value = Self.double(text) else { throw mismatch(type, text) }
        return value
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let text = try plainText(for: type)
        guard let value = Self.integer(text, as: type) else { throw mismatch(type, text) }
        return value
    }

    /// The Bool an unquoted scalar's text spells, if it spells one.
    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": true
        case "false", "False", "FALSE": false
        default: nil
        }
    }

    /// The number an unquoted scalar's text spells, if it spells one.
    static func double(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default:
            guard let value = Double(text), text.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true else {
                return nil
            }
            return value
        }
    }

    /// The whole number of type `T` an unquoted scalar's text spells, if it spells one.
    static func integer<T: FixedWidthInteger>(_ text: String, as type: T.Type) -> T? {
        if let value = T(text) { return value }
        if text.hasPrefix("0x"), let value = T(text.dropFirst(2), radix: 16) { return value }
        if text.hasPrefix("0o"), let value = T(text.dropFirst(2), radix: 8) { return value }
        // A whole number written with a fraction or an exponent (`1.0`, `1e3`), as JSON allows.
        if let double = Double(text), double.rounded() == double, let value = T(exactly: double) { return value }
        return nil
    }

    /// What `AnyCodable(from:)` decodes from `node`, without a thrown error for each
    /// type it tries; nil where the node holds a null, which takes the general way.
    static func anyCodable(_ node: Node) -> AnyCodable? {
        plainValue(node).map { AnyCodable($0) }
    }

    /// The value `AnyCodable(from:)` keeps for `node`: for a scalar the first of Bool,
    /// Int, UInt, Double and String it spells (a quoted scalar is only ever text), for
    /// a list its items' values, for a mapping its keys' first values. Nil where a null
    /// is (`AnyCodable` keeps `NSNull` there).
    private static func plainValue(_ node: Node) -> (any Sendable)? {
        switch node.content {
        case .scalar(let scalar):
            if node.isNull { return nil }
            let text = scalar.text
            if scalar.isQuoted { return text }
            if let value = bool(text) { return value }
            if let value = integer(text, as: Int.self) { return value }
            if let value = integer(text, as: UInt.self) { return value }
            if let value = double(text) { return value }
            return text
        case .sequence(let items):
            var values: [any Sendable] = []
            values.reserveCapacity(items.count)
            for item in items {
                guard let value = plainValue(item) else { return nil }
                values.append(value)
            }
            return values
        case .mapping(let pairs):
            var values: [String: any Sendable] = [:]
            for pair in pairs {
                guard let key = pair.key.scalarText, values[key] == nil else { continue }
                guard let value = plainValue(pair.value) else { return nil }
                values[key] = value
            }
            return values
        }
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try NodeDecoder.value(type, of: node, at: codingPath)
    }
}
