/// A value as the compiled renderer reads it: the kinds of value the code model holds,
/// each with what it needs to render, so that rendering needs no casts.
///
/// Each kind renders as swift-mustache renders the Swift value it stands for:
/// ``anyValue`` is that value.
enum TemplateData {
    /// A string: `{{name}}` prints it; a section opens it.
    case text(String)
    /// A flag: a section renders when it is true, an inverted one when it is false.
    case bool(Bool)
    /// A list: a section renders once per item.
    case list(any TemplateList)
    /// A value of the code model: it answers names, and prints its ``TemplateValue/templateText``.
    case value(any TemplateValue)
    /// Any other value, such as what a transform returns (`count(models)`,
    /// `reversed(fields)`): read by swift-mustache's rules for any value.
    case other(Any)

    /// Reads `value` as the kind it is.
    init(any value: Any) {
        if let text = value as? String {
            self = .text(text)
        } else if let bool = value as? Bool {
            self = .bool(bool)
        } else if let templateValue = value as? any TemplateValue {
            self = .value(templateValue)
        } else {
            self = .other(value)
        }
    }

    /// The Swift value this stands for, as swift-mustache reads it.
    var anyValue: Any {
        switch self {
        case .text(let text): text
        case .bool(let bool): bool
        case .list(let list): list.anyValue
        case .value(let value): value.templateAnyValue
        case .other(let value): value
        }
    }
}

/// A value that templates can read: a string, a flag, a value of the code model, a
/// list of those, or an optional one.
protocol TemplateDataConvertible {
    /// The value as the renderer reads it; nil for an optional without a value (which
    /// a template looks up in the enclosing values instead, as swift-mustache does).
    var templateData: TemplateData? { get }

    /// The item at `index` of `list` as the renderer reads it: ``templateData``,
    /// unless the type can answer for an item without copying it out of the list.
    static func templateData(of list: [Self], at index: Int) -> TemplateData?
}

extension TemplateDataConvertible {
    static func templateData(of list: [Self], at index: Int) -> TemplateData? {
        list[index].templateData
    }
}

/// A list a section iterates, read by position.
protocol TemplateList {
    /// The number of items.
    var count: Int { get }
    /// The item at `index`, from 0 to ``count`` - 1.
    func item(at index: Int) -> TemplateData
    /// The list as a Swift value, as swift-mustache reads it.
    var anyValue: Any { get }
}

extension String: TemplateDataConvertible {
    var templateData: TemplateData? { .text(self) }
}

extension Bool: TemplateDataConvertible {
    var templateData: TemplateData? { .bool(self) }
}

extension Optional: TemplateDataConvertible where Wrapped: TemplateDataConvertible {
    var templateData: TemplateData? { self?.templateData }
}

extension Array: TemplateDataConvertible where Element: TemplateDataConvertible {
    var templateData: TemplateData? { .list(self) }
}

extension Array: TemplateList where Element: TemplateDataConvertible {
    func item(at index: Int) -> TemplateData {
        Element.templateData(of: self, at: index) ?? .other(self[index])
    }

    var anyValue: Any { self }
}
