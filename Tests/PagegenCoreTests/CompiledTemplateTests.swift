import Foundation
import Testing

@testable import PagegenCore

/// Compiled templates render exactly what swift-mustache renders from the same text:
/// the bundled templates with every spec in specs/, and templates written to reach
/// the corners of Mustache (standalone lines, CRLF, comments, delimiters, HTML
/// escaping, transforms, dotted and current-only names, partial indentation).
@Suite struct CompiledTemplateTests {
    static let root = TemplateTests.root

    static var specNames: [String] { ReferenceTests.specNames }

    static func code(ofSpec name: String) throws -> CodeModel {
        try TemplateTests.code(String(contentsOf: root.appendingPathComponent("specs/\(name).pagegen.yaml"), encoding: .utf8))
    }

    /// Renders every template of `templates` with `code` both ways and compares; and
    /// compares the compiled render with one that renders every list section it can
    /// apart, item by item, and puts the items in place.
    static func expectSameRendering(_ templates: TemplateSet, code: CodeModel, context: String) throws {
        #expect(templates.compiled != nil, "the templates should compile (\(context))")
        for name in TemplateSet.names {
            var file = code
            file.file = FileCode(name: "X\(name).swift", template: name, declaresNamespace: true)
            let compiled = try templates.render(name, with: file)
            let reference = try templates.render(name, with: file, withSwiftMustache: true)
            #expect(
                compiled == reference,
                """
                \(name) renders differently from swift-mustache (\(context)):
                \(UnifiedDiff.make(expected: reference, actual: compiled, name: name))
                """)
            let partial = try templates.renderLeavingOutLists(name, with: file, minimumItems: 1)
            let apart = partial.assembled(
                partial.sectionSizes.indices.map { section in
                    (0..<partial.sectionSizes[section]).map { partial.renderItems(of: section, in: $0..<$0 + 1) }
                })
            #expect(
                apart == compiled,
                """
                \(name) renders differently with its lists rendered apart (\(context)):
                \(UnifiedDiff.make(expected: compiled, actual: apart, name: name))
                """)
        }
    }

    @Test(arguments: specNames)
    func bundledTemplatesRenderAsSwiftMustacheDoes(_ spec: String) throws {
        let code = try Self.code(ofSpec: spec)
        try Self.expectSameRendering(try TemplateSet.load(), code: code, context: "specs/\(spec).pagegen.yaml")
        let files = try SwiftRenderer.render(code, templates: try TemplateSet.load())
        let reference = try SwiftRenderer.render(code, templates: try TemplateSet.load(), withSwiftMustache: true)
        #expect(files == reference)
        let apart = try SwiftRenderer.render(
            code, templates: try TemplateSet.load(), withSwiftMustache: false, minimumItemsApart: 1, minimumPerPiece: 1)
        #expect(apart == reference, "the files differ when every list is rendered apart")
    }

    /// Templates that reach the corners of Mustache, each a full set of overrides.
    static let cornerCases: [(name: String, files: [String: String])] = [
        (
            "standalone and inline tags",
            [
                "Models.mustache": """
                {{% CONTENT_TYPE: TEXT}}
                {{> Header}}
                  {{#models}}  
                {{name}}: {{#fields}}{{name}}{{^last()}}, {{/last()}}{{/fields}}
                   {{#docLines}}  /// {{.}}
                {{/docLines}}
                {{^fields}}none{{/fields}} {{#isClass}}class{{/isClass}}{{^isClass}}struct{{/isClass}}
                	{{! a comment alone on its line }}
                x {{! an inline comment }} y
                  {{/models}}
                {{#client}}{{#endpoints}}
                  {{name}}({{#functionParameters}}{{declaration}}{{^last()}}, {{/last()}}{{/functionParameters}}) {{index()}} {{first()}} {{even()}} {{odd()}}
                {{/endpoints}}{{/client}}
                """
            ]
        ),
        (
            "CRLF line ends and a missing name",
            [
                "Client.mustache":
                    "{{% CONTENT_TYPE: TEXT}}\r\n{{> Header}}\r\n{{#client}}\r\n  {{#endpoints}}\r\n  {{name}} {{path}} {{method.text}}\r\n  {{/endpoints}}\r\n{{/client}}\r\n{{specFile}}\r\n"
            ]
        ),
        (
            "HTML escaping without a content type",
            [
                "Paging.mustache": """
                {{#client}}{{#endpoints}}{{path}} {{{path}}} {{&specName}} {{descriptor}}
                {{/endpoints}}{{baseURL}}{{/client}}
                """
            ]
        ),
        (
            "delimiters, set and set back inside a section",
            [
                "Paging.mustache": """
                {{% CONTENT_TYPE: TEXT}}
                {{#client}}
                {{=<% %>=}}
                <%#endpoints%>
                <%name%> {{not a tag}}
                <%/endpoints%>
                <%={{ }}=%>
                {{/client}}
                {{access}}
                """
            ]
        ),
        (
            "transforms, dotted and current-only names",
            [
                "Models.mustache": """
                {{% CONTENT_TYPE: TEXT}}
                {{count(models)}} {{#empty(models)}}no models{{/empty(models)}}{{^empty(models)}}models{{/empty(models)}}
                {{#reversed(models)}}
                {{name}} {{.name}} {{.access}} {{access}} {{uppercased(name)}} {{lowercased(kind)}} {{capitalized(kind)}}
                {{#sorted(conformances)}}[{{.}}]{{/sorted(conformances)}}
                {{#fields}}{{name.bare}}:{{type.wrapped}}:{{type.isOptional}}:{{initializerParameter.declaration}};{{/fields}}
                {{#first(fields)}}first {{name}}{{/first(fields)}} {{#last(fields)}}last {{name}}{{/last(fields)}}
                {{/reversed(models)}}
                {{file.name}} {{#file}}{{template}} {{specFile}}{{/file}}
                """
            ]
        ),
        (
            "partials indented inside sections",
            [
                "Models.mustache": """
                {{% CONTENT_TYPE: TEXT}}
                {{#models}}
                  {{#enums}}
                    {{> Enum}}
                  {{/enums}}
                    {{> Enum}}
                {{/models}}
                  {{> Header}}
                """,
                "Enum.mustache": """
                {{% CONTENT_TYPE: TEXT}}
                enum {{name}} {
                {{#cases}}
                    case {{name}} = {{value}}
                {{/cases}}
                {{^cases}}
                    {{#models}}{{name}} {{/models}}
                {{/cases}}
                }
                """,
                "Header.mustache": """
                // {{specFile}}
                  {{#imports}}import {{.}}{{/imports}}
                {{#namespace}}enum {{.}} {}{{/namespace}}
                """,
            ]
        ),
    ]

    @Test(arguments: cornerCases.indices)
    func templatesWrittenToReachTheCornersRenderAsSwiftMustacheDoes(_ index: Int) throws {
        let (name, files) = Self.cornerCases[index]
        let templates = try TemplateSet.load(overrides: try TemplateTests.overrides(files))
        for spec in ["numbers", "github", "stripe", "algolia", "hackernews"] {
            try Self.expectSameRendering(templates, code: try Self.code(ofSpec: spec), context: "\(name), specs/\(spec).pagegen.yaml")
        }
    }

    @Test(arguments: ["{{<Header}}{{/Header}}", "{{$title}}x{{/title}}", "{{>*name}}"])
    func templateInheritanceAndDynamicPartialsAreLeftToSwiftMustache(_ text: String) {
        #expect(throws: TemplateParser.Unsupported.self) { try TemplateParser.parse(text) }
    }

    @Test func aSetThatDoesNotCompileRendersWithSwiftMustache() throws {
        let bundled = try TemplateSet.load()
        let uncompiled = TemplateSet(library: bundled.library, compiled: nil)
        let code = try Self.code(ofSpec: "numbers")
        #expect(try SwiftRenderer.render(code, templates: uncompiled) == SwiftRenderer.render(code, templates: bundled))
    }
}
