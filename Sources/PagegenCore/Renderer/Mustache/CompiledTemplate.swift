/// A Mustache template parsed once into nodes that render without re-reading names:
/// each tag's name is split into its parts and its transforms when the template is
/// loaded, and a section holds its nodes.
///
/// It renders exactly as swift-mustache renders the same text (the parsing rules for
/// standalone lines, the partial indentation, the lookup through the enclosing
/// values, the transforms), which a test checks on every template and spec; a
/// template that uses what it does not cover (a parent template `{{<…}}`, a block
/// `{{$…}}` or a dynamic partial `{{>*…}}`) is not compiled, and the set renders
/// with swift-mustache itself (``TemplateSet``).
struct CompiledTemplate: Sendable {
    var nodes: [TemplateNode]
}

/// One part of a compiled template.
indirect enum TemplateNode: Sendable {
    /// Text, written as it is.
    case text(String)
    /// `{{name}}` (escaped when the content type is HTML) or `{{{name}}}`, `{{&name}}`.
    case variable(TemplateName, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(TemplateName, inverted: Bool, [TemplateNode])
    /// `{{>name}}`; a standalone partial indents its lines by the tag's indentation.
    case partial(String, indentation: String?)
    /// `{{% CONTENT_TYPE: TEXT}}` (false) or `HTML` (true): whether what follows is HTML-escaped.
    case contentType(escapesHTML: Bool)
}

/// A name as a tag writes it: `access`, `name.bare`, `.`, `last()`, `reversed(items)`.
struct TemplateName: Sendable, Equatable {
    /// Where the value comes from.
    enum Scope: Sendable, Equatable {
        /// `.`: the current value.
        case current
        /// `first()`, `last()`…: the position in the enclosing list.
        case listPosition
        /// `.name`: a name of the current value only.
        case currentOnly([Part])
        /// `name` or `a.b`: the first part looked up in the enclosing values, innermost first.
        case enclosing([Part])
    }

    /// One part of a dotted name, with its key in the code model's vocabulary.
    struct Part: Sendable, Equatable {
        var name: String
        /// Nil for a name the code model does not have, which no value of the model answers.
        var key: TemplateKey?

        init(_ name: Substring) {
            self.name = String(name)
            key = TemplateKey(rawValue: self.name)
        }
    }

    var scope: Scope
    /// The transforms, outermost first: `reversed(items)` has `["reversed"]`.
    var transforms: [String]

    init(_ name: String, transforms: [String]) {
        self.transforms = transforms
        if name == "." {
            scope = .current
        } else if name.isEmpty, !transforms.isEmpty {
            scope = .listPosition
        } else if name.first == "." {
            scope = .currentOnly(name.split(separator: ".").map(Part.init))
        } else {
            scope = .enclosing(name.split(separator: ".").map(Part.init))
        }
    }
}
