import Foundation
@_spi(Generated) import PagegenRuntime

/// Moving paging values between Pagegen's keys and a generated input or answer, whatever
/// Swift type the document gave the parameter or field (`Int`, `Int32`, `Int64`, a
/// string, an optional): the generated code assigns and reads, and the types decide.
/// Every assignment may throw, so that the generated code writes `try` whatever the
/// parameter's type; only a cursor that is not a value of the parameter's type does.
extension OpenAPIPaging {
    // MARK: Into the input

    /// Sets a page number, an offset or a size.
    public static func assign<Target: BinaryInteger>(_ value: Int, to target: inout Target?) throws(APIError) {
        target = Target(clamping: value)
    }

    /// Sets a page number, an offset or a size the input requires.
    public static func assign<Target: BinaryInteger>(_ value: Int, to target: inout Target) throws(APIError) {
        target = Target(clamping: value)
    }

    /// Sets a page number, an offset or a size the document types as a number.
    public static func assign<Target: BinaryFloatingPoint>(_ value: Int, to target: inout Target?) throws(APIError) {
        target = Target(value)
    }

    /// Sets a page number, an offset or a size the document types as a string.
    public static func assign(_ value: Int, to target: inout String?) throws(APIError) {
        target = String(value)
    }

    /// Sets a cursor.
    public static func assign(_ cursor: String, to target: inout String?) throws(APIError) {
        target = cursor
    }

    /// Sets a cursor the input requires.
    public static func assign(_ cursor: String, to target: inout String) throws(APIError) {
        target = cursor
    }

    /// Sets a cursor the document types otherwise (an id that is a number).
    /// - Throws: a paging error when the cursor is not a value of that type.
    public static func assign<Target: LosslessStringConvertible>(_ cursor: String, to target: inout Target?) throws(APIError) {
        guard let value = Target(cursor) else {
            throw APIError(.paging("the cursor '\(cursor)' is not a \(Target.self), as the operation's parameter is"))
        }
        target = value
    }

    /// The page size an input asks for, or `default` (which is then set in the input,
    /// so that the server sends pages of the size the list counts with).
    public static func size<Value: BinaryInteger>(_ value: inout Value?, default defaultValue: Int) -> Int {
        if let value { return Int(clamping: value) }
        value = Value(clamping: defaultValue)
        return defaultValue
    }

    /// The page size an input requires.
    public static func size<Value: BinaryInteger>(_ value: inout Value, default defaultValue: Int) -> Int {
        Int(clamping: value)
    }

    /// The page size of an input that types it as a number.
    public static func size<Value: BinaryFloatingPoint>(_ value: inout Value?, default defaultValue: Int) -> Int {
        if let value, value.isFinite { return Int(value) }
        value = Value(defaultValue)
        return defaultValue
    }

    /// The page size of an input that types it as a string.
    public static func size(_ value: inout String?, default defaultValue: Int) -> Int {
        if let value, let size = Int(value) { return size }
        value = String(defaultValue)
        return defaultValue
    }

    // MARK: Out of the answer

    /// A cursor, a link or a header value as text; nil for nil.
    public static func text<Value: LosslessStringConvertible>(_ value: Value?) -> String? {
        value.map(\.description)
    }

    /// A cursor that is a `URL` (`next` links typed `format: uri`).
    public static func text(_ value: URL?) -> String? {
        value?.absoluteString
    }

    /// A cursor of an enum type (rare, but a document may say so).
    public static func text<Value: RawRepresentable>(_ value: Value?) -> String? where Value.RawValue == String {
        value?.rawValue
    }

    /// A count (a total, a number of pages); nil for nil or a negative one.
    public static func count<Value: BinaryInteger>(_ value: Value?) -> Int? {
        guard let value, value >= 0 else { return nil }
        return Int(clamping: value)
    }

    /// A count the document types as a number.
    public static func count<Value: BinaryFloatingPoint>(_ value: Value?) -> Int? {
        guard let value, value >= 0, value.isFinite else { return nil }
        return Int(value)
    }

    /// A flag.
    public static func flag(_ value: Bool?) -> Bool? {
        value
    }

    /// The document's first server, which relative next links resolve against: the
    /// URL the text spells, or `/` when the document's text is not a URL.
    public static func serverURL(_ text: String) -> URL {
        URL(string: text) ?? URL(string: "/")!
    }
}
