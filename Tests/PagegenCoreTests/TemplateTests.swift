import Foundation
import Mustache
import PagegenTemplates
import Testing

@testable import PagegenCore

/// The templates' side: the vocabulary the code model answers (and that
/// docs/templates.md documents), templates checked when they load, overrides, and the
/// printer that indents what they render.
@Suite struct TemplateTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func code(_ spec: String) throws -> CodeModel {
        let diagnostics = DiagnosticCollector()
        let checked = try #require(GeneratorPipeline().check(spec, file: "specs/x.pagegen.yaml", diagnostics: diagnostics))
        #expect(!diagnostics.hasErrors, "\(diagnostics.diagnostics)")
        return SpecTranslator.translate(checked, config: GeneratorConfig())
    }

    static let numbers = (try? String(contentsOf: root.appendingPathComponent("specs/numbers.pagegen.yaml"), encoding: .utf8)) ?? ""

    // MARK: The vocabulary

    @Test func everyStoredValueIsANameOfTheVocabulary() throws {
        let code = try Self.code(Self.numbers)
        var seen: Set<String> = []
        func visit(_ value: Any) {
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle != .optional, let templateValue = value as? any TemplateValue, !(value is any TemplateExpression) {
                let type = "\(Swift.type(of: templateValue))"
                let names = Swift.type(of: templateValue).templateNames
                #expect(Set(names).count == names.count, "\(type) lists a name twice")
                // A name and a type are what they print; their parts are their template names.
                let printed = type == "SwiftIdentifier" || type == "SwiftType"
                for case (let label?, _) in mirror.children where !printed && !(type == "ParameterCode" && label == "names") {
                    #expect(names.contains(label), "\(type).\(label) is not one of its template names")
                }
                seen.insert(type)
            }
            for child in mirror.children { visit(child.value) }
        }
        visit(code)
        #expect(
            seen.isSuperset(of: [
                "CodeModel", "FileCode", "ModelCode", "FieldCode", "ClientCode", "EndpointCode",
                "ParameterCode", "PagingCode", "WindowCode", "SwiftIdentifier", "SwiftType", "StringLiteral",
            ]))
    }

    @Test func docsTemplatesDocumentsEveryNameOfEveryType() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/templates.md"), encoding: .utf8)
        var documented: [String: [String]] = [:]
        var current: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("### ") {
                current = String(line.dropFirst(4))
                documented[current!] = []
            } else if let type = current, line.hasPrefix("| `"), let end = line.dropFirst(3).firstIndex(of: "`") {
                documented[type]?.append(String(line.dropFirst(3)[..<end]))
            }
        }
        for (type, names) in TemplateNames.byType {
            #expect(documented[type] == names, "docs/templates.md should list the names of \(type) in order: \(names)")
        }
        #expect(
            Set(documented.keys) == Set(TemplateNames.byType.map(\.type)), "docs/templates.md documents a type the code model does not have"
        )
    }

    // MARK: Loading

    static func overrides(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    @Test func aTemplateThatUsesAnUnknownNameIsAnErrorAtItsLineAndColumn() throws {
        let folder = try Self.overrides([
            "Models.mustache": """
            {{% CONTENT_TYPE: TEXT}}
            {{> Header}}
            {{#modles}}
            struct {{name}} {}
            {{/modles}}
            {{#models}}{{^lsat()}}x{{/lsat()}}{{/models}}
            {{> Footer}}
            """
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect {
            _ = try TemplateSet.load(overrides: folder)
        } throws: { error in
            let printed = (error as? GenerationFailed)?.diagnostics.map(\.description) ?? []
            let file = folder.appendingPathComponent("Models.mustache").path
            return printed == [
                "\(file):3:1: error: the template uses 'modles', which is not a name of the code model; did you mean 'models'?",
                "\(file):5:1: error: the template uses 'modles', which is not a name of the code model; did you mean 'models'?",
                "\(file):6:12: error: the template applies 'lsat()', which Mustache does not have; did you mean 'last'?",
                "\(file):6:24: error: the template applies 'lsat()', which Mustache does not have; did you mean 'last'?",
                "\(file):7:1: error: the template uses the partial 'Footer', which does not exist; the partials are Client, Enum, Header, Models, Paging",
            ]
        }
    }

    /// What loading checks in a user's templates, the bundled ones pass: they parse
    /// with swift-mustache, compile, and use only names of the code model.
    @Test func theBundledTemplatesParseCompileAndUseOnlyNamesOfTheCodeModel() throws {
        let folder = try #require(BundledTemplates.directory)
        for name in TemplateSet.names {
            let text = try String(contentsOf: folder.appendingPathComponent("\(name).mustache"), encoding: .utf8)
            _ = try MustacheTemplate(string: text)
            _ = try TemplateParser.parse(text)
            #expect(TemplateCheck.problems(in: text, file: "\(name).mustache", partials: Set(TemplateSet.names)).isEmpty)
        }
        let templates = try TemplateSet.load()
        #expect(templates.compiled != nil)
        #expect(TemplateSet.names.allSatisfy { templates.library.getTemplate(named: $0) != nil })
    }

    @Test func anOverrideReplacesItsTemplateAndKeepsTheOthers() throws {
        let folder = try Self.overrides([
            "Header.mustache": """
            {{% CONTENT_TYPE: TEXT}}
            // Licensed to the reader. Generated from {{specFile}}.
            @_spi(Generated) import PagegenRuntime
            """
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try GeneratorPipeline().generate(
            Self.numbers, file: "numbers.pagegen.yaml", templates: TemplateSet.load(overrides: folder), diagnostics: DiagnosticCollector())
        #expect(files.allSatisfy { $0.contents.hasPrefix("// Licensed to the reader. Generated from numbers.pagegen.yaml.\n") })
        #expect(
            files[0].contents.contains("public struct NumberItem: Swift.Decodable"),
            "the bundled Models template renders with the override's header")
    }

    // MARK: The printer

    @Test func thePrinterIndentsByNestingWithCasesAtTheLevelOfTheirSwitch() {
        let rendered = """
            enum E {
            case a
                  case b
            init(raw: String) {
            switch raw {
                case "{": self = .a
            default:
            self = .b
            }
            }
            let x = [
            "}", // a comment with }
            ]
            }
            """
        #expect(
            CodeLayout.format(rendered) == """
                enum E {
                    case a
                    case b
                    init(raw: String) {
                        switch raw {
                        case "{": self = .a
                        default:
                            self = .b
                        }
                    }
                    let x = [
                        "}", // a comment with }
                    ]
                }

                """)
    }

    @Test func thePrinterKeepsOneBlankLineAtMostAndNoneInsideBraces() {
        #expect(
            CodeLayout.format("\n\nstruct A {\n\n   let a = 1   \n\n\n   let b = 2\n\n}\n\n\n")
                == "struct A {\n    let a = 1\n\n    let b = 2\n}\n")
    }

    @Test func thePrinterBreaksALongLineAfterItsFirstParenthesisAndPacksTheArguments() {
        let parameters = (1...12).map { "parameter\($0): Swift.String" }.joined(separator: ", ")
        let arguments = (1...12).map { "parameter\($0): fields.value(\"a, (b\")" }.joined(separator: ", ")
        let rendered = """
            struct A {
            init(\(parameters)) async -> Swift.Result<Swift.Int, Swift.Never> {
            try self.init(\(arguments))
            }
            /// A comment longer than 140 columns stays whole: \(parameters)
            let short = f(a, b)
            }
            """
        #expect(
            CodeLayout.format(rendered) == """
                struct A {
                    init(
                        parameter1: Swift.String, parameter2: Swift.String, parameter3: Swift.String, parameter4: Swift.String, parameter5: Swift.String,
                        parameter6: Swift.String, parameter7: Swift.String, parameter8: Swift.String, parameter9: Swift.String, parameter10: Swift.String,
                        parameter11: Swift.String, parameter12: Swift.String
                    ) async -> Swift.Result<Swift.Int, Swift.Never> {
                        try self.init(
                            parameter1: fields.value("a, (b"), parameter2: fields.value("a, (b"), parameter3: fields.value("a, (b"),
                            parameter4: fields.value("a, (b"), parameter5: fields.value("a, (b"), parameter6: fields.value("a, (b"),
                            parameter7: fields.value("a, (b"), parameter8: fields.value("a, (b"), parameter9: fields.value("a, (b"),
                            parameter10: fields.value("a, (b"), parameter11: fields.value("a, (b"), parameter12: fields.value("a, (b")
                        )
                    }
                    /// A comment longer than 140 columns stays whole: \(parameters)
                    let short = f(a, b)
                }

                """)
    }

    /// Laid out in fragments that start at any line, each from the brackets the ones
    /// before it leave open, and joined, a text reads as laid out whole: the blank
    /// lines and lone commas around each join come out the same.
    @Test(arguments: CompiledTemplateTests.specNames)
    func thePrinterJoinsFragmentsLaidOutApartAsItLaysOutTheWhole(_ spec: String) throws {
        let templates = try TemplateSet.load()
        let code = try CompiledTemplateTests.code(ofSpec: spec)
        for name in ["Models", "Client", "Paging"] {
            var file = code
            file.file = FileCode(name: "X\(name).swift", template: name, declaresNamespace: true)
            // Blank lines, spaces and a lone element around the joins, too.
            let rendered = try templates.render(name, with: file) + "\n\n  let list = [\n\n    1,\n\n  ]\n\n"
            let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
            for size in [1, 2, 7] {
                var joiner = CodeLayout.Joiner()
                var brackets = CodeLayout.Brackets()
                for start in stride(from: 0, to: lines.count, by: size) {
                    let fragmentLines = lines[start..<min(start + size, lines.count)]
                    let text = fragmentLines.joined(separator: "\n") + (start + size < lines.count ? "\n" : "")
                    let fragment = CodeLayout.layOut(text, from: brackets)
                    joiner.append(fragment)
                    brackets = fragment.end
                }
                let whole = CodeLayout.format(rendered)
                #expect(
                    joiner.text == whole,
                    "\(spec) \(name), fragments of \(size) lines:\n\(UnifiedDiff.make(expected: whole, actual: joiner.text, name: name))")
            }
        }
    }

    @Test func thePrinterRemovesTheCommaOfALoneElementOfAMultiLineCollectionLiteral() {
        let rendered = """
            let one = [
            a,
            ]
            let two = [
            a,
            b,
            ]
            let call = f(
            a,
            ]
            """
        #expect(
            CodeLayout.format(rendered) == """
                let one = [
                    a
                ]
                let two = [
                    a,
                    b,
                ]
                let call = f(
                    a,
                ]

                """)
    }

    @Test func thePrinterBreaksALongCaseAfterItsPatternAndALongPropertyBeforeItsType() {
        let name = String(repeating: "long_", count: 26)
        let type = "PagegenRuntime.Paging<" + (1...6).map { "Module.Type\($0)" }.joined(separator: ", ") + ">"
        let rendered = """
            switch value {
            case "\(name)": self = .long(":")
            case #"\(name): ""#: self = .raw
            case "short": self = .short
            }
            static var descriptor: \(type) {
            Paging()
            }
            """
        #expect(
            CodeLayout.format(rendered) == """
                switch value {
                case "\(name)":
                    self = .long(":")
                case #"\(name): ""#:
                    self = .raw
                case "short": self = .short
                }
                static var descriptor: \(type) {
                    Paging()
                }

                """)
        let longType = type + String(repeating: ", Module.Extra", count: 6)
        #expect(
            CodeLayout.format("static var descriptor: \(longType) {\nPaging()\n}\n") == """
                static var descriptor:
                    \(longType)
                {
                    Paging()
                }

                """)
    }

    @Test func thePrinterReadsStringLiteralsAndTextThatIsNotASCIIWhenItBreaksALine() {
        // Raw and escaped string literals hold brackets and commas that do not count;
        // letters that are not ASCII, in names and in literals, take their bytes.
        let arguments = (1...6).map { "naïve\($0): #\"ü \"(x\", y)\"#" }.joined(separator: ", ")
        let rendered = """
            let café = make(\(arguments), emoji: "🙂\\"(", generic: Swift.Array<Swift.Result<Swift.Int, Swift.Never>>(), arrow: { (a: Swift.Int) -> Swift.Int in a })
            """
        #expect(
            CodeLayout.format(rendered) == """
                let café = make(
                    naïve1: #"ü "(x", y)"#, naïve2: #"ü "(x", y)"#, naïve3: #"ü "(x", y)"#, naïve4: #"ü "(x", y)"#, naïve5: #"ü "(x", y)"#,
                    naïve6: #"ü "(x", y)"#, emoji: "🙂\\"(", generic: Swift.Array<Swift.Result<Swift.Int, Swift.Never>>(),
                    arrow: { (a: Swift.Int) -> Swift.Int in a }
                )

                """)
    }
}
