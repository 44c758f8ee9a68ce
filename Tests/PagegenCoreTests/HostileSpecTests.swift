import Foundation
import PagegenCore
import PagegenTestSupport
import Testing

/// Specs that crashed, hung or got an error without a place, each with what
/// `pagegen lint` says about it now; and YAML that is odd but valid.
@Suite struct HostileSpecTests {
    static let head = "pagegen: 1\nname: Shop\nbaseURL: https://shop.example.com\n"

    /// Writes `bytes` to a file and reads it as `pagegen lint` does: every
    /// diagnostic, printed, with the file shown as specs/shop.pagegen.yaml.
    static func lintFile(_ bytes: [UInt8]) throws -> [String] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).pagegen.yaml")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let diagnostics = DiagnosticCollector()
        do {
            let text = try GeneratorPipeline.read(url, displayName: SpecProbe.file)
            _ = GeneratorPipeline().check(text, file: SpecProbe.file, diagnostics: diagnostics)
        } catch let failure as GenerationFailed {
            failure.diagnostics.forEach(diagnostics.emit)
        }
        return diagnostics.sorted.map(\.description)
    }

    // MARK: What crashed or hung

    @Test func fiveThousandNestedBracketsAreAnErrorNotAStackOverflow() {
        let output = SpecProbe.check(
            Self.head + "models: " + String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000) + "\n")
        #expect(
            output == [
                "specs/shop.pagegen.yaml:4:72: error: the document nests mappings and lists more than 64 levels deep; a spec needs a few levels; look for a '[' or '{' that is not closed"
            ])
    }

    @Test func aDeeplyNestedTypeIsAnError() {
        let type = String(repeating: "[", count: 100_000) + "Int" + String(repeating: "]", count: 100_000)
        let output = SpecProbe.load(Self.head + "models:\n  Product:\n    tags: \"\(type)\"\nendpoints: {}\n").diagnostics
        #expect(
            output == [
                "specs/shop.pagegen.yaml:6:11: error: the type nests lists and optionals more than 32 levels deep; write a type such as [[Int]]"
            ])
    }

    @Test func anAliasBombIsAnError() {
        var text = Self.head
        var previous = "a"
        text += "x-a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i", "j"] {
            text += "x-\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
            previous = name
        }
        text += "auth: *j\n"
        #expect(
            SpecProbe.check(text) == [
                "specs/shop.pagegen.yaml:9:10: error: aliases copy more than 100000 values; aliases that copy aliases grow the document exponentially (an alias bomb); write the values out"
            ])
    }

    /// Far above the processor time the two checks below take now, far below what
    /// they took when they were quadratic (minutes). Processor time, not wall time:
    /// a busy machine stretches the one, not the other.
    static let linearBound = Duration.seconds(20)

    @Test(.timeLimit(.minutes(10)))
    func manyFieldsAndModelsAreCheckedInLinearTime() {
        // 20,000 fields in one model, and 5,000 models each pointing at the next:
        // both took minutes when every lookup walked every field or model.
        let start = threadCPUTime()
        let fields = (0..<20_000).map { "    f\($0): Int\n" }.joined()
        let chain = (0..<5_000).map { "  M\($0): { next: M\($0 + 1)? }\n" }.joined() + "  M5000: { id: Int }\n"
        let output = SpecProbe.check(Self.head + "models:\n  Wide:\n\(fields)\(chain)endpoints: {}\n")
        #expect(output == [])
        #expect(threadCPUTime() - start < Self.linearBound)
    }

    @Test(.timeLimit(.minutes(10)))
    func aPathThroughARecursiveModelIsWalkedWithoutRecursion() {
        let start = threadCPUTime()
        defer { #expect(threadCPUTime() - start < Self.linearBound) }
        // Each `[]` was a recursive call that copied the rest of the path, and added a
        // level to the type it led to: 100,000 of them took minutes, then overflowed
        // the stack.
        let path = "items[]." + Array(repeating: "children[]", count: 100_000).joined(separator: ".") + ".id"
        let output = SpecProbe.check(
            Self.head + """
                models:
                  Node: { id: Int, children: [Node] }
                  Page: { items: [Node] }
                endpoints:
                  nodes:
                    get: /nodes
                    returns: Page
                    paging:
                      page: { param: page }
                      items: \(path)

                """)
        #expect(output.count == 1)
        #expect(output.first?.hasPrefix("specs/shop.pagegen.yaml:13:14: error: the items path 'items[].children[].children[]") == true)
        #expect(
            output.first?.hasSuffix("…' is not in the response model Page: the path maps over lists more than 32 times") == true,
            "\(output.first?.suffix(200) ?? "")")
    }

    // MARK: Bytes that are not UTF-8 text

    @Test func anInvalidByteIsReportedAtItsLineAndColumn() throws {
        let bytes = Array("pagegen: 1\nname: Sh".utf8) + [0xF6] + Array("p\n".utf8)
        #expect(
            try Self.lintFile(bytes) == [
                "specs/shop.pagegen.yaml:2:9: error: the byte 0xF6 is not UTF-8; pagegen reads specs as UTF-8; save the file as UTF-8 (it may be Latin-1 or Windows-1252 text)"
            ])
    }

    @Test func aByteOrderMarkIsIgnored() throws {
        let spec = Self.head + "models:\n  Product: { id: Int }\nendpoints:\n  product: { get: /products, returns: [Product] }\n"
        #expect(try Self.lintFile([0xEF, 0xBB, 0xBF] + Array(spec.utf8)) == [])
        let withoutMark = try Self.lintFile(Array(spec.replacingOccurrences(of: "Int }\nendpoints", with: "Strng }\nendpoints").utf8))
        let withMark = try Self.lintFile(
            [0xEF, 0xBB, 0xBF] + Array(spec.replacingOccurrences(of: "Int }\nendpoints", with: "Strng }\nendpoints").utf8))
        #expect(withMark == withoutMark, "the mark must not move the columns")
        #expect(withMark.first?.hasPrefix("specs/shop.pagegen.yaml:5:18: error: unknown type 'Strng'") == true, "\(withMark)")
    }

    @Test func utf16IsNamed() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in Self.head.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        #expect(
            try Self.lintFile(bytes) == ["specs/shop.pagegen.yaml:1:1: error: the file is UTF-16 (little-endian) text; save it as UTF-8"])
    }

    @Test func aNULByteIsReportedWhereItIs() throws {
        #expect(
            try Self.lintFile(Array((Self.head + "description: a\0b\n").utf8)) == [
                "specs/shop.pagegen.yaml:4:15: error: a NUL byte (U+0000) is not allowed in YAML; is this a binary file, or UTF-16 text? pagegen reads UTF-8"
            ])
    }

    @Test func aFileThatNeverEndsIsReadUpToTheLimit() throws {
        guard FileManager.default.fileExists(atPath: "/dev/zero") else { return }
        do {
            _ = try GeneratorPipeline.read(URL(fileURLWithPath: "/dev/zero"))
            Issue.record("/dev/zero read as a spec")
        } catch let failure as GenerationFailed {
            #expect(
                failure.description
                    == "/dev/zero:1:1: error: the file is larger than 16 MB; a spec is a few thousand lines at most; check that this is the right file"
            )
        }
    }

    @Test func aMissingFileOrAFolderIsNamed() throws {
        for (path, expected) in [
            ("/nonexistent/shop.pagegen.yaml", "error: cannot read /nonexistent/shop.pagegen.yaml: no such file; check the path"),
            (
                FileManager.default.temporaryDirectory.path,
                "error: cannot read \(FileManager.default.temporaryDirectory.path): it is a folder; name a *.pagegen.yaml file"
            ),
        ] {
            do {
                _ = try GeneratorPipeline.read(URL(fileURLWithPath: path))
                Issue.record("\(path) was read")
            } catch let failure as GenerationFailed {
                #expect(failure.description == expected)
            }
        }
    }

    // MARK: Huge text

    @Test func aHugeValueIsQuotedShortInMessages() throws {
        let huge = String(repeating: "x", count: 2_000_000)
        let output = SpecProbe.check(Self.head + "models:\n  Product: { id: \(huge) }\nendpoints: {}\n")
        #expect(
            output == [
                "specs/shop.pagegen.yaml:5:18: error: unknown type '\(String(repeating: "x", count: 60))…'; declare it under 'models:' or use one of String, Int, Int64, Double, Bool, Date, URL, JSON, File"
            ])
    }

    // MARK: Odd but valid YAML

    @Test func mergeKeysShareFieldsAndBlocks() {
        let output = SpecProbe.check(
            Self.head + """
                models:
                  Base: &base
                    id: Int
                    created: Date
                  Product:
                    <<: *base
                    name: String
                  ProductPage:
                    items: [Product]
                endpoints:
                  products:
                    get: /products
                    returns: ProductPage
                    paging: &paging
                      page: { param: page }
                      items: items
                  archived:
                    get: /archived
                    returns: ProductPage
                    paging: *paging

                """)
        #expect(output == [])
    }

    @Test func aMistakeInAMergedMappingIsReportedWhereItIsWritten() {
        let output = SpecProbe.check(
            Self.head + """
                models:
                  Base: &base
                    id: Strng
                  Product:
                    <<: *base
                    name: String
                endpoints: {}

                """)
        #expect(
            output == [
                "specs/shop.pagegen.yaml:6:9: error: unknown type 'Strng'; did you mean 'String'?",
                "specs/shop.pagegen.yaml:6:9: error: unknown type 'Strng'; did you mean 'String'?",
            ])
    }

    @Test func keysThatAreNotTextAreErrors() {
        let output = SpecProbe.load(
            Self.head + """
                models:
                  ? [a, b]
                  : { x: Int }
                  Product:
                    ? { x: 1 }
                    : Int
                endpoints:
                  products:
                    get: /products
                    query:
                      ? [q]
                      : String
                    returns: [Product]

                """
        ).diagnostics
        #expect(
            output == [
                "specs/shop.pagegen.yaml:5:5: error: a model name must be text",
                "specs/shop.pagegen.yaml:8:7: error: a field name must be text",
                "specs/shop.pagegen.yaml:14:9: error: a parameter name in 'query' of endpoint 'products' must be text, not a list",
            ])
    }

    @Test func aFieldWithoutATypeSaysSo() {
        let output = SpecProbe.load(Self.head + "models:\n  Product:\n    id: Int\n    name:\n").diagnostics
        #expect(
            output == [
                "specs/shop.pagegen.yaml:1:1: warning: the spec declares no endpoints; add an 'endpoints:' mapping",
                "specs/shop.pagegen.yaml:7:10: error: field 'name' of model 'Product' has no type; write a type after the colon, such as String or [Product]",
            ])
    }

    @Test func listsWhereMappingsBelongAreErrors() {
        let output = SpecProbe.load("pagegen: 1\nname: [Shop]\nbaseURL: https://shop.example.com\nmodels:\n  - Product\nendpoints: [a]\n")
            .diagnostics
        #expect(
            output == [
                "specs/shop.pagegen.yaml:2:7: error: 'name' in the spec must be text, not a list",
                "specs/shop.pagegen.yaml:5:3: error: 'models' must be a mapping of model names to fields",
                "specs/shop.pagegen.yaml:6:12: error: 'endpoints' must be a mapping of endpoint names to endpoints",
            ])
    }
}
