import Mustache

/// Renders ``CompiledTemplate``s with a value by swift-mustache's rules, into one
/// string: a name is looked up in the values of the enclosing sections, innermost
/// first; sections iterate lists, test booleans and open values; partials indent as
/// swift-mustache indents them; transforms are swift-mustache's own.
///
/// The code model's values are read as ``TemplateData``, by the keys the compiled
/// templates hold, without casts or reflection. What a transform returns is read as
/// swift-mustache reads any value. The values hold no lambdas and no templates, the
/// two kinds of value swift-mustache also renders, and this renderer does not.
struct TemplateRenderer {
    /// The templates by name; partials are looked up here.
    let templates: [String: CompiledTemplate]
    /// The protocols of each type of value met so far, for the values that are not
    /// the code model's.
    private let conformances = Conformances()
    /// Where the list sections left out of this render go, when it leaves them out.
    private let deferred: DeferredSections?

    /// A renderer of `templates`.
    init(templates: [String: CompiledTemplate]) {
        self.templates = templates
        deferred = nil
    }

    /// A renderer of `templates` that leaves out the sections over lists of at least
    /// `minimumItems` items.
    private init(templates: [String: CompiledTemplate], leavingOutListsOf minimumItems: Int) {
        self.templates = templates
        deferred = DeferredSections(minimumItems: minimumItems)
    }

    /// Renders the template `name` with `root`, or returns nil when there is no such template.
    func render(_ name: String, with root: any TemplateValue) -> String? {
        guard let template = templates[name] else { return nil }
        var stack = [Frame(.value(root))]
        var output = ""
        render(template.nodes, context: Context(), stack: &stack, into: &output)
        return output
    }

    /// Renders the template `name` with `root` but for its sections over long lists,
    /// which ``PartialRender/renderItems(of:in:)`` renders apart, on any thread, and
    /// ``PartialRender/assembled(_:)`` puts in place; nil when there is no such template.
    ///
    /// A section is left out only where what it writes cannot depend on what was
    /// written before it: outside a partial's indentation. The assembled text is the
    /// text ``render(_:with:)`` returns.
    func renderLeavingOutLists(_ name: String, with root: any TemplateValue, minimumItems: Int) -> PartialRender? {
        let renderer = TemplateRenderer(templates: templates, leavingOutListsOf: minimumItems)
        guard let text = renderer.render(name, with: root), let deferred = renderer.deferred else { return nil }
        return PartialRender(templates: templates, text: text, sections: deferred.sections)
    }

    /// What a template renders in, besides the values: as swift-mustache's context.
    fileprivate struct Context {
        /// The position in the list being iterated, for `first()`, `last()`, `index()`.
        var position: ListPosition?
        /// What a standalone partial indents its lines by.
        var indentation: String?
        /// False after `{{% CONTENT_TYPE: TEXT}}`.
        var escapesHTML = true
    }

    /// A value a section opened, which answers names.
    fileprivate struct Frame {
        var data: TemplateData

        init(_ data: TemplateData) {
            self.data = data
        }

        /// The value `part` names in this one, or nil when it names nothing here.
        func child(_ part: TemplateName.Part, _ conformances: Conformances) -> TemplateData? {
            switch data {
            case .value(let value): part.key.flatMap { value.child($0) }
            case .other(let other): OtherValue(other, conformances).child(named: part.name).map(TemplateData.init(any:))
            case .text, .bool, .list: nil
            }
        }
    }

    /// A value that is not the code model's, read as swift-mustache reads any value:
    /// through its custom representation, as a `MustacheParent`, or by reflection.
    private struct OtherValue {
        /// The value names are looked up in, after its custom representation.
        var lookedUp: Any?
        var parent: (any MustacheParent)?

        init(_ value: Any, _ conformances: Conformances) {
            lookedUp =
                conformances.of(value).contains(.representation)
                ? (value as? any MustacheCustomRepresentation).map(\.representation) ?? value
                : value
            parent = lookedUp.flatMap { conformances.of($0).contains(.parent) ? $0 as? any MustacheParent : nil }
        }

        func child(named name: String) -> Any? {
            if let parent { return parent.child(named: name) }
            return lookedUp.flatMap { reflectedChild(named: name, of: $0) }
        }
    }

    private func render(_ nodes: [TemplateNode], context: Context, stack: inout [Frame], into output: inout String) {
        var context = context
        if let indentation = context.indentation, !indentation.isEmpty {
            // A line of a partial starts with its indentation when a tag's output
            // starts it (not inside a text or a section's output), as swift-mustache does:
            // when what these nodes wrote so far ends with a newline, the indentation is
            // written, and taken back if the node writes nothing.
            let start = output.utf8.count
            for node in nodes {
                let before = output.utf8.count
                let indents = Self.endsWithNewline(output.utf8, after: start)
                if indents { output += indentation }
                let written = output.utf8.count
                render(node, context: &context, stack: &stack, into: &output)
                if indents, output.utf8.count == written {
                    output.removeSubrange(output.utf8.index(output.utf8.startIndex, offsetBy: before)...)
                }
            }
        } else {
            for node in nodes {
                render(node, context: &context, stack: &stack, into: &output)
            }
        }
    }

    private func render(_ node: TemplateNode, context: inout Context, stack: inout [Frame], into output: inout String) {
        switch node {
        case .text(let text):
            output += text
        case .variable(let name, let escaped):
            guard let value = lookUp(name, context: context, stack: stack) else { return }
            let text =
                switch value {
                case .text(let text): text
                case .bool(let bool): bool ? "true" : "false"
                case .value(let value): value.templateText
                case .list(let list): printed(list.anyValue)
                case .other(let value): printed(value)
                }
            output += escaped && context.escapesHTML ? Self.escapingHTML(text) : text
        case .section(let name, let inverted, let nodes):
            let value = lookUp(name, context: context, stack: stack)
            if inverted {
                renderInverted(nodes, for: value, context: context, stack: &stack, into: &output)
            } else {
                render(nodes, for: value, context: context, stack: &stack, into: &output)
            }
        case .partial(let name, let indentation):
            guard let partial = templates[name] else { return }
            var inner = Context(position: nil, indentation: context.indentation, escapesHTML: true)
            if let indentation { inner.indentation = (context.indentation ?? "") + indentation }
            render(partial.nodes, context: inner, stack: &stack, into: &output)
        case .contentType(let escapesHTML):
            context.escapesHTML = escapesHTML
        }
    }

    /// What `{{name}}` prints for a value that is not the code model's, as swift-mustache prints it.
    private func printed(_ value: Any) -> String {
        let kinds = conformances.of(value)
        return if kinds.contains(.string), let string = value as? String {
            string
        } else if kinds.contains(.renderable), let renderable = value as? any MustacheCustomRenderable {
            renderable.renderText
        } else if kinds.contains(.described), let described = value as? any CustomStringConvertible {
            described.description
        } else {
            String(describing: kinds.contains(.optional) ? unwrappingOptional(value) : value)
        }
    }

    /// A section: once per item of a list, once for true, once inside any other value.
    private func render(
        _ nodes: [TemplateNode], for value: TemplateData?, context: Context, stack: inout [Frame], into output: inout String
    ) {
        guard let value else { return }
        switch value {
        case .list(let list):
            let count = list.count
            if let deferred, count >= deferred.minimumItems, context.indentation?.isEmpty ?? true {
                deferred.sections.append(
                    DeferredSection(offset: output.utf8.count, nodes: nodes, list: list, context: context, stack: stack))
                return
            }
            for index in 0..<count {
                renderItem(nodes, list.item(at: index), at: index, of: count, context: context, stack: &stack, into: &output)
            }
        case .bool(let bool):
            if bool { render(nodes, context: context, stack: &stack, into: &output) }
        case .text, .value:
            renderInside(nodes, value, context: context, stack: &stack, into: &output)
        case .other(let other):
            let kinds = conformances.of(other)
            if kinds.contains(.sequence), let sequence = other as? any MustacheSequence {
                let items = Self.items(of: sequence)
                for (index, item) in items.enumerated() {
                    renderItem(nodes, TemplateData(any: item), at: index, of: items.count, context: context, stack: &stack, into: &output)
                }
            } else if kinds.contains(.bool), let bool = other as? Bool {
                if bool { render(nodes, context: context, stack: &stack, into: &output) }
            } else if kinds.contains(.renderable), let null = other as? any MustacheCustomRenderable, null.isNull {
                return
            } else {
                renderInside(nodes, value, context: context, stack: &stack, into: &output)
            }
        }
    }

    /// An inverted section: once for an empty list, false, a null or no value.
    private func renderInverted(
        _ nodes: [TemplateNode], for value: TemplateData?, context: Context, stack: inout [Frame], into output: inout String
    ) {
        guard let value else {
            render(nodes, context: context, stack: &stack, into: &output)
            return
        }
        switch value {
        case .list(let list):
            if list.count == 0 { renderInside(nodes, value, context: context, stack: &stack, into: &output) }
        case .bool(let bool):
            if !bool { render(nodes, context: context, stack: &stack, into: &output) }
        case .text, .value:
            return
        case .other(let other):
            let kinds = conformances.of(other)
            if kinds.contains(.sequence), let sequence = other as? any MustacheSequence {
                if Self.items(of: sequence).isEmpty { renderInside(nodes, value, context: context, stack: &stack, into: &output) }
            } else if kinds.contains(.bool), let bool = other as? Bool {
                if !bool { render(nodes, context: context, stack: &stack, into: &output) }
            } else if kinds.contains(.renderable), let null = other as? any MustacheCustomRenderable, null.isNull {
                render(nodes, context: context, stack: &stack, into: &output)
            }
        }
    }

    /// Renders `nodes` once for the item at `index` of a list of `count` items.
    fileprivate func renderItem(
        _ nodes: [TemplateNode], _ item: TemplateData, at index: Int, of count: Int, context: Context, stack: inout [Frame],
        into output: inout String
    ) {
        var inner = context
        inner.position = ListPosition(first: index == 0, last: index == count - 1, index: index)
        stack.append(Frame(item))
        render(nodes, context: inner, stack: &stack, into: &output)
        stack.removeLast()
    }

    /// Renders `nodes` once inside `value`, outside any list position.
    private func renderInside(
        _ nodes: [TemplateNode], _ value: TemplateData, context: Context, stack: inout [Frame], into output: inout String
    ) {
        var inner = context
        inner.position = nil
        stack.append(Frame(value))
        render(nodes, context: inner, stack: &stack, into: &output)
        stack.removeLast()
    }

    // MARK: Looking up names

    private func lookUp(_ name: TemplateName, context: Context, stack: [Frame]) -> TemplateData? {
        var value: TemplateData?
        switch name.scope {
        case .current:
            value = stack[stack.count - 1].data
        case .listPosition:
            guard let position = context.position else { return nil }
            // `{{^last()}}` and its kind, read without a cast.
            if name.transforms.count == 1 { return position.data(for: name.transforms[0]) }
            value = .other(position)
        case .currentOnly(let parts):
            value = descend(parts[...], from: stack[stack.count - 1].data)
        case .enclosing(let parts):
            if let first = parts.first {
                value = nil
                for index in stack.indices.reversed() {
                    if let child = stack[index].child(first, conformances) {
                        value = descend(parts.dropFirst(), from: child)
                        break
                    }
                }
            } else {
                value = stack[stack.count - 1].data
            }
        }
        if case .other(let found) = value, conformances.of(found).contains(.representation),
            let custom = found as? any MustacheCustomRepresentation
        {
            value = custom.representation.map(TemplateData.init(any:))
        }
        guard var value else { return nil }
        for transform in name.transforms.reversed() {
            let found = value.anyValue
            if let position = found as? ListPosition, let transformed = position.data(for: transform) {
                value = transformed
            } else if let transformable = found as? any MustacheTransformable, let transformed = transformable.transform(transform) {
                value = TemplateData(any: transformed)
            } else {
                return nil
            }
        }
        return value
    }

    /// The value at `parts` below `value`.
    private func descend(_ parts: ArraySlice<TemplateName.Part>, from value: TemplateData) -> TemplateData? {
        var value = value
        for part in parts {
            guard let child = Frame(value).child(part, conformances) else { return nil }
            value = child
        }
        return value
    }

    /// True when the text after the first `start` bytes of `utf8` ends with the
    /// character `"\n"` (a `"\r\n"` is another character).
    private static func endsWithNewline(_ utf8: String.UTF8View, after start: Int) -> Bool {
        guard utf8.count > start, utf8.last == UInt8(ascii: "\n") else { return false }
        guard utf8.count > start + 1 else { return true }
        return utf8[utf8.index(utf8.endIndex, offsetBy: -2)] != UInt8(ascii: "\r")
    }

    private static func items<S: Sequence>(of sequence: S) -> [Any] {
        sequence.map { $0 }
    }

    /// `<`, `>`, `&`, `"` and `'` as HTML entities, as swift-mustache escapes them.
    private static func escapingHTML(_ text: String) -> String {
        guard
            text.utf8.contains(where: {
                $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "\"")
                    || $0 == UInt8(ascii: "'")
            })
        else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

extension TemplateRenderer {
    /// The text of a render without its sections over long lists, and those sections,
    /// to render apart: the items of a long list can be rendered on several threads.
    ///
    /// Sendable as it is used: the values its sections hold are the code model's and
    /// the templates', which threads only read, and each rendering of items has a
    /// renderer of its own.
    struct PartialRender: @unchecked Sendable {
        fileprivate let templates: [String: CompiledTemplate]
        /// The text, without the sections left out.
        let text: String
        fileprivate let sections: [DeferredSection]

        /// A render that left nothing out.
        init(text: String) {
            self.init(templates: [:], text: text, sections: [])
        }

        fileprivate init(templates: [String: CompiledTemplate], text: String, sections: [DeferredSection]) {
            self.templates = templates
            self.text = text
            self.sections = sections
        }

        /// The number of items of each section left out, in the text's order.
        var sectionSizes: [Int] { sections.map(\.list.count) }

        /// The byte offset in ``text`` of each section left out, in order.
        var sectionOffsets: [Int] { sections.map(\.offset) }

        /// The text of the items `range` of the section left out at `index`: one part
        /// of that section's text, with a renderer of its own (so on any thread).
        func renderItems(of index: Int, in range: Range<Int>) -> String {
            let section = sections[index]
            let renderer = TemplateRenderer(templates: templates)
            var stack = section.stack
            var output = ""
            let count = section.list.count
            for item in range {
                renderer.renderItem(
                    section.nodes, section.list.item(at: item), at: item, of: count, context: section.context, stack: &stack,
                    into: &output)
            }
            return output
        }

        /// The whole text: each section's parts, in order, put where the section was.
        /// - Parameter parts: for each section, the texts of its items in order.
        func assembled(_ parts: [[String]]) -> String {
            guard !sections.isEmpty else { return text }
            let utf8 = text.utf8
            var whole = ""
            whole.reserveCapacity(utf8.count + parts.joined().reduce(0) { $0 + $1.utf8.count })
            var written = utf8.startIndex
            for (section, texts) in zip(sections, parts) {
                let offset = utf8.index(utf8.startIndex, offsetBy: section.offset)
                whole += text[written..<offset]
                for part in texts { whole += part }
                written = offset
            }
            whole += text[written...]
            return whole
        }
    }

    /// A section left out of a render: where its text goes, and what it renders with.
    fileprivate struct DeferredSection {
        /// The byte offset in the text.
        var offset: Int
        var nodes: [TemplateNode]
        var list: any TemplateList
        var context: Context
        var stack: [Frame]
    }

    /// The sections a render leaves out, as it goes.
    fileprivate final class DeferredSections {
        let minimumItems: Int
        var sections: [DeferredSection] = []

        init(minimumItems: Int) {
            self.minimumItems = minimumItems
        }
    }
}

/// Which of swift-mustache's protocols each type of value conforms to, found once
/// per type: a cast to a protocol costs a search of the conformances, and most of
/// a renderer's casts would fail. An optional's answers depend on what it holds, so
/// they are found anew each time.
private final class Conformances {
    struct Kinds: OptionSet {
        let rawValue: UInt8
        static let representation = Kinds(rawValue: 1 << 0)
        static let parent = Kinds(rawValue: 1 << 1)
        static let sequence = Kinds(rawValue: 1 << 2)
        static let renderable = Kinds(rawValue: 1 << 3)
        static let string = Kinds(rawValue: 1 << 4)
        static let bool = Kinds(rawValue: 1 << 5)
        static let optional = Kinds(rawValue: 1 << 6)
        /// `CustomStringConvertible` and not `TextOutputStreamable`: what
        /// `String(describing:)` prints is its `description`.
        static let described = Kinds(rawValue: 1 << 7)
    }

    private var known: [ObjectIdentifier: Kinds] = [:]
    /// The last type met in each slot, found by its address without hashing it: a
    /// render meets a few dozen types millions of times.
    private var recent = [(type: ObjectIdentifier?, kinds: Kinds)](repeating: (nil, []), count: 64)

    /// What `value` may be cast to (a kind it lacks, it is not).
    func of(_ value: Any) -> Kinds {
        let type = ObjectIdentifier(Swift.type(of: value))
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: type) >> 4) & (recent.count - 1)
        if recent[slot].type == type { return recent[slot].kinds }
        if let kinds = known[type] {
            recent[slot] = (type, kinds)
            return kinds
        }
        var kinds: Kinds = []
        if value is any MustacheCustomRepresentation { kinds.insert(.representation) }
        if value is any MustacheParent { kinds.insert(.parent) }
        if value is any MustacheSequence { kinds.insert(.sequence) }
        if value is any MustacheCustomRenderable { kinds.insert(.renderable) }
        if value is String { kinds.insert(.string) }
        if value is Bool { kinds.insert(.bool) }
        if value is any CustomStringConvertible, !(value is any TextOutputStreamable) { kinds.insert(.described) }
        if value is any OptionalValue {
            kinds.insert(.optional)
        } else {
            known[type] = kinds
            recent[slot] = (type, kinds)
        }
        return kinds
    }
}

/// Where an item is in the list a section iterates: `first()`, `last()`, `index()`,
/// `even()`, `odd()`.
private struct ListPosition {
    var first: Bool
    var last: Bool
    var index: Int

    /// The value of the transform `name`, or nil when there is no such transform.
    func data(for name: String) -> TemplateData? {
        switch name {
        case "first": .bool(first)
        case "last": .bool(last)
        case "index": .other(index)
        case "even": .bool(index & 1 == 0)
        case "odd": .bool(index & 1 == 1)
        default: nil
        }
    }
}

/// A value that is an optional, whatever it wraps.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { self }
}

/// The value inside `value` when it is an optional holding one.
private func unwrappingOptional(_ value: Any) -> Any {
    guard let optional = value as? any OptionalValue else { return value }
    return optional.wrappedValue ?? value
}

/// The child of a value that is not a ``MustacheParent``, found by reflection as
/// swift-mustache finds it: the first stored property with that label, unwrapped
/// when it is an optional.
private func reflectedChild(named name: String, of value: Any) -> Any? {
    guard let matched = Mirror(reflecting: value).children.first(where: { $0.label == name }) else { return nil }
    let mirror = Mirror(reflecting: matched.value)
    guard mirror.displayStyle == .optional else { return matched.value }
    return mirror.children.first?.value
}
