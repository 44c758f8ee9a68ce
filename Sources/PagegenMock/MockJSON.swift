import Foundation

/// A JSON value as the mock server writes it: objects keep their keys in the
/// order of the spec's fields, so responses read like the spec.
public indirect enum MockJSON: Sendable, Hashable {
    /// `null`
    case null
    /// `true` / `false`
    case bool(Bool)
    /// A whole number.
    case int(Int)
    /// A number with a fraction.
    case double(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([MockJSON])
    /// An object, keys in order.
    case object([(key: String, value: MockJSON)])

    public static func == (lhs: MockJSON, rhs: MockJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let l), .bool(let r)): l == r
        case (.int(let l), .int(let r)): l == r
        case (.double(let l), .double(let r)): l == r
        case (.string(let l), .string(let r)): l == r
        case (.array(let l), .array(let r)): l == r
        case (.object(let l), .object(let r)): l.map(\.key) == r.map(\.key) && l.map(\.value) == r.map(\.value)
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text())
    }

    /// The value of `key` in an object.
    public subscript(key: String) -> MockJSON? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The elements of an array.
    public var arrayValue: [MockJSON]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The text of a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The value of a whole number.
    public var intValue: Int? {
        if case .int(let number) = self { return number }
        return nil
    }

    /// The value of a flag.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The value as JSON text: compact, or indented by two spaces.
    public func text(pretty: Bool = false) -> String {
        var output = ""
        write(to: &output, pretty: pretty, indent: 0)
        return output
    }

    /// The value as UTF-8 JSON.
    public func data(pretty: Bool = false) -> Data {
        Data(text(pretty: pretty).utf8)
    }

    private func write(to output: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number): output += Self.format(number)
        case .string(let text): Self.writeString(text, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
                element.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { output += "\n" + String(repeating: "  ", count: indent) }
            output += "]"
        case .object(let pairs):
            guard !pairs.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (index, pair) in pairs.enumerated() {
                if index > 0 { output += "," }
                if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
                Self.writeString(pair.key, to: &output)
                output += pretty ? ": " : ":"
                pair.value.write(to: &output, pretty: pretty, indent: indent + 1)
            }
            if pretty { output += "\n" + String(repeating: "  ", count: indent) }
            output += "}"
        }
    }

    private static func format(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) + ".0" }
        return String(number)
    }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += text  // nothing to escape: most keys and values
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
