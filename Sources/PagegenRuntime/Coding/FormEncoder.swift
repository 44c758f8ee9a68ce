import Foundation

/// How a list inside a form body or a `deepObject` query parameter is written.
///
/// | style | `tags: ["a", "b"]` |
/// | --- | --- |
/// | ``indexed`` | `tags[0]=a&tags[1]=b` (Stripe's bodies) |
/// | ``brackets`` | `tags[]=a&tags[]=b` (Stripe's `expand[]`, PHP and Rails) |
/// | ``repeated`` | `tags=a&tags=b` (OpenAPI's `form` with `explode: true`) |
/// | ``commaSeparated`` | `tags=a,b` (OpenAPI's `form` with `explode: false`) |
///
/// Objects are always written with their keys in brackets: `metadata[order_id]=6735`,
/// `items[0][price]=price_1`. A nil value is left out.
public enum FormArrayStyle: String, Sendable, Hashable, CaseIterable {
    /// `tags[0]=a&tags[1]=b`.
    case indexed
    /// `tags[]=a&tags[]=b`.
    case brackets
    /// `tags=a&tags=b`.
    case repeated
    /// `tags=a,b`.
    case commaSeparated
}

/// Flattens an `Encodable` value into name–value pairs, in the order the value
/// encodes its properties: the fields of an `application/x-www-form-urlencoded`
/// body, or the query items of a `deepObject` parameter.
///
/// ```swift
/// let fields = try FormEncoder(arrays: .indexed).fields(of: customer)
/// // [("email", "a@example.com"), ("metadata[order_id]", "6735"), ("items[0][price]", "price_1")]
/// ```
///
/// Numbers are written as Swift prints them, but a whole `Double` is written without
/// its fraction (`1700000000`, not `1700000000.0`); Booleans as `true` and `false`;
/// dates as ``dateFormat`` says (Unix seconds are whole numbers).
public struct FormEncoder: Sendable {
    /// How lists are written.
    public var arrays: FormArrayStyle
    /// How dates are written.
    public var dateFormat: DateFormat

    /// Creates an encoder.
    public init(arrays: FormArrayStyle = .indexed, dateFormat: DateFormat = .iso8601) {
        self.arrays = arrays
        self.dateFormat = dateFormat
    }

    /// The fields of `value`, each name with the brackets its place needs. A value
    /// that is not an object names its fields after `name` (`tags[0]`, `tags`).
    /// - Throws: `EncodingError` when the value cannot be encoded.
    public func fields(of value: some Encodable, name: String? = nil) throws -> [(name: String, value: String)] {
        let storage = FormStorage(arrays: arrays, dateFormat: dateFormat)
        let encoder = FormEncoding(storage: storage, path: name.map { [.key($0)] } ?? [])
        try encoder.encodeValue(value)
        return storage.finished()
    }

    /// `value` as an `application/x-www-form-urlencoded` body: the fields, each name
    /// and value percent-encoded, joined with `&`.
    public func body(of value: some Encodable) throws -> Data {
        let fields = try fields(of: value)
        let text = fields.map { PercentEncoding.queryComponent($0.name) + "=" + PercentEncoding.queryComponent($0.value) }
        return Data(text.joined(separator: "&").utf8)
    }
}

/// A step of a field's name: a key or a list position.
enum FormPathStep {
    case key(String)
    case index(Int)
}

/// The fields written so far. A class: every container of one encoding writes here.
final class FormStorage {
    let arrays: FormArrayStyle
    let dateFormat: DateFormat
    private var fields: [(name: String, value: String)] = []
    /// Where a comma-separated list's values gather, by the field name they join under.
    private var joined: [String: Int] = [:]
    /// Whether a ``FileUpload`` is kept as a file (a multipart form's part) rather than
    /// written as its properties.
    let keepsFiles: Bool
    /// The files kept, by the position of their field.
    private(set) var files: [Int: FileUpload] = [:]

    init(arrays: FormArrayStyle, dateFormat: DateFormat, keepsFiles: Bool = false) {
        self.arrays = arrays
        self.dateFormat = dateFormat
        self.keepsFiles = keepsFiles
    }

    /// Keeps `file` as the field at `path`.
    func appendFile(_ file: FileUpload, at path: [FormPathStep]) {
        files[fields.count] = file
        append(file.filename, at: path)
    }

    func append(_ value: String, at path: [FormPathStep]) {
        var name = ""
        var joinsWithComma = false
        for (offset, step) in path.enumerated() {
            switch step {
            case .key(let key): name += offset == 0 ? key : "[\(key)]"
            case .index(let index):
                switch arrays {
                case .indexed: name += "[\(index)]"
                case .brackets: name += "[]"
                case .repeated: break
                case .commaSeparated: joinsWithComma = offset == path.count - 1
                }
            }
        }
        if joinsWithComma, let at = joined[name] {
            fields[at].value += "," + value
        } else {
            if joinsWithComma { joined[name] = fields.count }
            fields.append((name, value))
        }
    }

    func finished() -> [(name: String, value: String)] { fields }
}

/// The `Encoder` that writes one value's fields at `path`.
struct FormEncoding: Encoder {
    let storage: FormStorage
    let path: [FormPathStep]
    var codingPath: [any CodingKey] {
        path.map { step in
            switch step {
            case .key(let key): FormKey(stringValue: key)
            case .index(let index): FormKey(intValue: index)
            }
        }
    }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FormKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FormUnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FormSingleValueContainer(encoder: self)
    }

    func at(_ step: FormPathStep) -> FormEncoding {
        FormEncoding(storage: storage, path: path + [step])
    }

    /// Writes `value`: a scalar as one field, a date as the date format says, anything
    /// else through its own `encode(to:)`.
    func encodeValue(_ value: some Encodable) throws {
        if storage.keepsFiles, let file = value as? FileUpload {
            storage.appendFile(file, at: path)
        } else if let date = value as? Date {
            try storage.dateFormat.encode(date, to: self)
        } else if let url = value as? URL {
            storage.append(url.absoluteString, at: path)
        } else if let decimal = value as? Decimal {
            storage.append("\(decimal)", at: path)
        } else if let integer = value as? any FixedWidthInteger {
            // Int8…UInt64: their containers' defaults would come back here through `encode(to:)`.
            storage.append(String(describing: integer), at: path)
        } else {
            try value.encode(to: self)
        }
    }

    func write(_ text: String) {
        storage.append(text, at: path)
    }

    static func text(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}

struct FormKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

struct FormKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: FormEncoding
    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil(forKey key: Key) throws {}
    func encode(_ value: Bool, forKey key: Key) throws { encoder.at(.key(key.stringValue)).write(value ? "true" : "false") }
    func encode(_ value: String, forKey key: Key) throws { encoder.at(.key(key.stringValue)).write(value) }
    func encode(_ value: Double, forKey key: Key) throws { encoder.at(.key(key.stringValue)).write(FormEncoding.text(value)) }
    func encode(_ value: Float, forKey key: Key) throws { encoder.at(.key(key.stringValue)).write(FormEncoding.text(Double(value))) }
    func encode(_ value: Int, forKey key: Key) throws { encoder.at(.key(key.stringValue)).write(String(value)) }
    func encode(_ value: Int64, forKey key: Key) throws { encoder.at(.key(key.stringValue)).write(String(value)) }
    func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encoder.at(.key(key.stringValue)).encodeValue(value) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.at(.key(key.stringValue)).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.at(.key(key.stringValue)).unkeyedContainer()
    }

    func superEncoder() -> any Encoder { encoder.at(.key("super")) }
    func superEncoder(forKey key: Key) -> any Encoder { encoder.at(.key(key.stringValue)) }
}

/// A class: the count moves as elements are written through copies of the container.
final class FormUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: FormEncoding
    private(set) var count = 0
    var codingPath: [any CodingKey] { encoder.codingPath }

    init(encoder: FormEncoding) {
        self.encoder = encoder
    }

    private func next() -> FormEncoding {
        defer { count += 1 }
        return encoder.at(.index(count))
    }

    func encodeNil() throws { count += 1 }
    func encode(_ value: Bool) throws { next().write(value ? "true" : "false") }
    func encode(_ value: String) throws { next().write(value) }
    func encode(_ value: Double) throws { next().write(FormEncoding.text(value)) }
    func encode(_ value: Float) throws { next().write(FormEncoding.text(Double(value))) }
    func encode(_ value: Int) throws { next().write(String(value)) }
    func encode(_ value: Int64) throws { next().write(String(value)) }
    func encode<T: Encodable>(_ value: T) throws { try next().encodeValue(value) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        next().container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
    func superEncoder() -> any Encoder { next() }
}

struct FormSingleValueContainer: SingleValueEncodingContainer {
    let encoder: FormEncoding
    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil() throws {}
    func encode(_ value: Bool) throws { encoder.write(value ? "true" : "false") }
    func encode(_ value: String) throws { encoder.write(value) }
    func encode(_ value: Double) throws { encoder.write(FormEncoding.text(value)) }
    func encode(_ value: Float) throws { encoder.write(FormEncoding.text(Double(value))) }
    func encode(_ value: Int) throws { encoder.write(String(value)) }
    func encode(_ value: Int64) throws { encoder.write(String(value)) }
    func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
}
