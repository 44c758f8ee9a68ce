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

    /// The names a value's type declares.
    static func names<Value: TemplateValue>(of value: Value) -> [String] {
        Value.vocabulary.names.map(\.name)
    }

    @Test func everyStoredValueIsANameOfTheVocabulary() throws {
        let code = try Self.code(Self.numbers)
        var seen: Set<String> = []
        func visit(_ value: Any) {
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle != .optional, let templateValue = value as? any TemplateValue {
                let type = "\(Swift.type(of: templateValue))"
                let names = Self.names(of: templateValue)
                #expect(Set(names).count == names.count, "\(type) declares a name twice")
                // A name and a type are what they print, and a list's items are what a
                // section over it reads; their parts are their template names.
                let printed = ["SwiftIdentifier", "SwiftType", "ParameterList", "ArgumentList"].contains(type)
                let internalParts = ["ParameterCode.names", "FieldCode.initializerName"]
                for case (let label?, _) in mirror.children where !printed && !internalParts.contains("\(type).\(label)") {
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

    /// Every name a type declares is one its values answer with what the name says it reads.
    @Test func eachDeclaredNameIsLookedUpByItsDeclaration() throws {
        let code = try Self.code(Self.numbers)
        #expect(code.child(named: "fileStem") as? String == code.fileStem)
        #expect((code.child(named: "models") as? [ModelCode])?.count == code.models.count)
        #expect(code.child(named: "namespace") as? String == "NumbersAPI")
        #expect(code.child(named: "nothing") == nil)
        let endpoint = try #require(code.client.endpoints.first)
        #expect((endpoint.child(named: "name") as? SwiftIdentifier) == endpoint.name)
        #expect(endpoint.child(named: "access") == nil, "a name another type declares is looked up around the value")
    }

    /// The templates compiled into pagegen are the files of Templates/Swift, byte for
    /// byte: Templates/BundledTemplateTexts.swift holds them as Swift, as
    /// ``bundledTextsSource(_:)`` writes them. With PAGEGEN_RECORD=1 the test writes it
    /// (and fails, so that the change is read).
    @Test func theCompiledTemplatesAreTheFilesOfTemplatesSwift() throws {
        let folder = Self.root.appendingPathComponent("Templates/Swift")
        let texts = try BundledTemplates.names.map { name in
            (name: name, text: try String(contentsOf: folder.appendingPathComponent("\(name).mustache"), encoding: .utf8))
        }
        let url = Self.root.appendingPathComponent("Templates/BundledTemplateTexts.swift")
        let source = try String(contentsOf: url, encoding: .utf8)
        let expected = Self.bundledTextsSource(texts)
        if ReferenceTests.isRecording, source != expected {
            try expected.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("wrote Templates/BundledTemplateTexts.swift from Templates/Swift; unset PAGEGEN_RECORD and run again")
            return
        }
        #expect(
            source == expected,
            "Templates/BundledTemplateTexts.swift differs from Templates/Swift (PAGEGEN_RECORD=1 writes it):\n\(UnifiedDiff.make(expected: expected, actual: source, name: "Templates/BundledTemplateTexts.swift"))"
        )
        for (name, text) in texts {
            #expect(BundledTemplates.text(named: name) == text, "pagegen was built with another \(name).mustache than Templates/Swift's")
        }
        #expect(BundledTemplates.text(named: "Nothing") == nil)
    }

    /// The Swift source of Templates/BundledTemplateTexts.swift: each template's text as
    /// a raw multi-line string literal, whose value is the text exactly.
    static func bundledTextsSource(_ texts: [(name: String, text: String)]) -> String {
        var source = """
            // The templates of Templates/Swift, compiled into pagegen. The tests write this file from
            // them (PAGEGEN_RECORD=1 swift test --filter TemplateTests): edit the templates, not this.

            enum BundledTemplateTexts {
                /// Each bundled template's text, by name.
                static let texts: [String: String] = [

            """
        for (name, text) in texts {
            source += "        \"\(name)\": #\"\"\"\n" + text + "\n\"\"\"#,\n"
        }
        return source + "    ]\n}\n"
    }

    /// docs/templates.md documents the vocabulary as the types declare it: its
    /// "The vocabulary" section ends with ``TemplateNames/markdown``. With
    /// PAGEGEN_RECORD=1 the test writes it (and fails, so that the change is read).
    @Test func docsTemplatesDocumentsTheVocabularyAsDeclared() throws {
        let url = Self.root.appendingPathComponent("docs/templates.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let marker = "<!-- The tables below are written from the code model's declarations: see TemplateNames.markdown. -->\n\n"
        let start = try #require(text.range(of: marker), "docs/templates.md has no marker before the vocabulary's tables")
        let expected = String(text[..<start.upperBound]) + TemplateNames.markdown
        if ReferenceTests.isRecording, text != expected {
            try expected.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("wrote the vocabulary into docs/templates.md; unset PAGEGEN_RECORD and run again")
            return
        }
        #expect(
            text == expected,
            "docs/templates.md differs from the declared vocabulary (PAGEGEN_RECORD=1 writes it):\n\(UnifiedDiff.make(expected: expected, actual: text, name: "docs/templates.md"))"
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
                "\(file):7:1: error: the template uses the partial 'Footer', which does not exist; the partials are Client, Enum, Header, Models, OpenAPIPaging, Paging",
            ]
        }
    }

    /// What loading checks in a user's templates, the bundled ones pass: they parse
    /// with swift-mustache and use only names of the code model.
    @Test func theBundledTemplatesParseAndUseOnlyNamesOfTheCodeModel() throws {
        for name in TemplateSet.names {
            let text = try #require(BundledTemplates.text(named: name))
            _ = try MustacheTemplate(string: text)
            #expect(TemplateCheck.problems(in: text, file: "\(name).mustache", partials: Set(TemplateSet.names)).isEmpty)
        }
        let templates = try TemplateSet.load()
        #expect(TemplateSet.names.allSatisfy { templates.library.getTemplate(named: $0) != nil })
    }

    /// A user's templates may use all of Mustache, template inheritance included: a
    /// template that extends another, overriding its blocks, renders as swift-mustache says.
    @Test func aUsersTemplatesMayExtendOneAnotherWithBlocks() throws {
        let folder = try Self.overrides([
            "Header.mustache": """
            {{% CONTENT_TYPE: TEXT}}
            // {{$banner}}Generated from {{specFile}}.{{/banner}}
            @_spi(Generated) import PagegenRuntime
            """,
            "Paging.mustache": """
            {{% CONTENT_TYPE: TEXT}}
            {{<Header}}{{$banner}}The paging of {{#client}}{{specName}}{{/client}}, {{count(models)}} models.{{/banner}}{{/Header}}
            """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = try GeneratorPipeline().generate(
            Self.numbers, file: "numbers.pagegen.yaml", templates: TemplateSet.load(overrides: folder), diagnostics: DiagnosticCollector())
        #expect(files[0].contents.hasPrefix("// Generated from numbers.pagegen.yaml.\n@_spi(Generated) import PagegenRuntime\n"))
        #expect(files[2].contents == "// The paging of Numbers, 3 models.\n@_spi(Generated) import PagegenRuntime\n")
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
