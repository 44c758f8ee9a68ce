import Mustache

/// Renders ``CompiledTemplate``s with a value by swift-mustache's rules, into one
/// string: a name is looked up in the values of the enclosing sections, innermost
/// first (each value's ``MustacheParent`` answer is found once, when its section
/// opens, not at every tag); sections iterate lists, test booleans and open values;
/// partials indent as swift-mustache indents them; transforms are swift-mustache's own.
///
/// The values are the code model's: they hold no lambdas and no templates, the two
/// kinds of value swift-mustache also renders, and this renderer does not.
struct TemplateRenderer {
    /// The templates by name; partials are looked up here.
    let templates: [String: CompiledTemplate]

    /// Renders the template `name` with `root`, or returns nil when there is no such template.
    func render(_ name: String, with root: Any) -> String? {
        guard let template = templates[name] else { return nil }
        var stack = [Frame(root)]
        var output = ""
        render(template.nodes, context: Context(), stack: &stack, into: &output)
        return output
    }

    /// What a template renders in, besides the values: as swift-mustache's context.
    private struct Context {
        /// The position in the list being iterated, for `first()`, `last()`, `index()`.
        var position: ListPosition?
        /// What a standalone partial indents its lines by.
        var indentation: String?
        /// False after `{{% CONTENT_TYPE: TEXT}}`.
        var escapesHTML = true
    }

    /// A value a section opened, with what answers names in it.
    private struct Frame {
        var value: Any
        /// The value names are looked up in, after its custom representation.
        var lookedUp: Any?
        var parent: (any MustacheParent)?

        init(_ value: Any) {
            self.value = value
            lookedUp = (value as? any MustacheCustomRepresentation).map(\.representation) ?? value
            parent = lookedUp as? any MustacheParent
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
            // starts it (not inside a text or a section's output), as swift-mustache does.
            var text = ""
            for node in nodes {
                var rendered = ""
                render(node, context: &context, stack: &stack, into: &rendered)
                if !rendered.isEmpty, text.last == "\n" { text += indentation }
                text += rendered
            }
            output += text
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
            let text = if let string = value as? String {
                string
            } else if let renderable = value as? any MustacheCustomRenderable {
                renderable.renderText
            } else {
                String(describing: unwrappingOptional(value))
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

    /// A section: once per item of a list, once for true, once inside any other value.
    private func render(_ nodes: [TemplateNode], for value: Any?, context: Context, stack: inout [Frame], into output: inout String) {
        switch value {
        case let sequence as any MustacheSequence:
            let items = Self.items(of: sequence)
            for (index, item) in items.enumerated() {
                var inner = context
                inner.position = ListPosition(first: index == 0, last: index == items.count - 1, index: index)
                stack.append(Frame(item))
                render(nodes, context: inner, stack: &stack, into: &output)
                stack.removeLast()
            }
        case let bool as Bool:
            if bool { render(nodes, context: context, stack: &stack, into: &output) }
        case let null as any MustacheCustomRenderable where null.isNull:
            return
        case .some(let value):
            var inner = context
            inner.position = nil
            stack.append(Frame(value))
            render(nodes, context: inner, stack: &stack, into: &output)
            stack.removeLast()
        case .none:
            return
        }
    }

    /// An inverted section: once for an empty list, false, a null or no value.
    private func renderInverted(_ nodes: [TemplateNode], for value: Any?, context: Context, stack: inout [Frame], into output: inout String) {
        switch value {
        case let sequence as any MustacheSequence:
            guard Self.items(of: sequence).isEmpty else { return }
            var inner = context
            inner.position = nil
            stack.append(Frame(sequence))
            render(nodes, context: inner, stack: &stack, into: &output)
            stack.removeLast()
        case let bool as Bool:
            if !bool { render(nodes, context: context, stack: &stack, into: &output) }
        case let null as any MustacheCustomRenderable where null.isNull:
            render(nodes, context: context, stack: &stack, into: &output)
        case .some:
            return
        case .none:
            render(nodes, context: context, stack: &stack, into: &output)
        }
    }

    // MARK: Looking up names

    private func lookUp(_ name: TemplateName, context: Context, stack: [Frame]) -> Any? {
        var value: Any?
        switch name.scope {
        case .current:
            value = stack[stack.count - 1].value
        case .listPosition:
            value = context.position
        case .currentOnly(let parts):
            value = Self.descend(parts[...], from: stack[stack.count - 1].value)
        case .enclosing(let parts):
            if let first = parts.first {
                value = nil
                for frame in stack.reversed() {
                    if let child = frame.child(named: first) {
                        value = Self.descend(parts.dropFirst(), from: child)
                        break
                    }
                }
            } else {
                value = stack[stack.count - 1].value
            }
        }
        if let custom = value as? any MustacheCustomRepresentation {
            value = custom.representation
        }
        guard var value else { return nil }
        for transform in name.transforms.reversed() {
            if let position = value as? ListPosition, let transformed = position.transform(transform) {
                value = transformed
            } else if let transformable = value as? any MustacheTransformable, let transformed = transformable.transform(transform) {
                value = transformed
            } else {
                return nil
            }
        }
        return value
    }

    /// The value at `parts` below `value`.
    private static func descend(_ parts: ArraySlice<String>, from value: Any) -> Any? {
        var value = value
        for part in parts {
            guard let child = Frame(value).child(named: part) else { return nil }
            value = child
        }
        return value
    }

    private static func items<S: Sequence>(of sequence: S) -> [Any] {
        sequence.map { $0 }
    }

    /// `<`, `>`, `&`, `"` and `'` as HTML entities, as swift-mustache escapes them.
    private static func escapingHTML(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") })
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

/// Where an item is in the list a section iterates: `first()`, `last()`, `index()`,
/// `even()`, `odd()`.
private struct ListPosition {
    var first: Bool
    var last: Bool
    var index: Int

    func transform(_ name: String) -> Any? {
        switch name {
        case "first": first
        case "last": last
        case "index": index
        case "even": index & 1 == 0
        case "odd": index & 1 == 1
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
