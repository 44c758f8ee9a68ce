// Lists the public declarations that have no doc comment of their own, from symbol
// graphs extracted with `-skip-inherited-docs` (a conformance's member that only
// inherits its protocol's comment counts as undocumented). Symbols without a source
// location (synthesized ones, the standard library's default implementations) are not
// this package's declarations and are left out.
//
// Usage: swift Scripts/undocumented-symbols.swift MODULE.symbols.json…
// Prints a line per module with the count, then each undocumented declaration at its
// file and line; exits with status 1 when there is one.
import Foundation

struct SymbolGraph: Decodable {
    struct Module: Decodable { var name: String }
    struct Symbol: Decodable {
        struct Kind: Decodable { var displayName: String }
        struct Location: Decodable {
            struct Position: Decodable { var line: Int }
            var uri: String
            var position: Position
        }
        struct DocComment: Decodable {
            struct Line: Decodable { var text: String }
            var lines: [Line]
        }
        var kind: Kind
        var pathComponents: [String]
        var location: Location?
        var docComment: DocComment?
    }
    var module: Module
    var symbols: [Symbol]
}

var undocumentedTotal = 0
for path in CommandLine.arguments.dropFirst() {
    let graph: SymbolGraph
    do {
        graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        FileHandle.standardError.write(Data("\(path): not a symbol graph: \(error)\n".utf8))
        exit(2)
    }
    let declared = graph.symbols.filter { $0.location != nil }
    let undocumented = declared.filter { symbol in
        !(symbol.docComment?.lines.contains { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty } ?? false)
    }
    guard !declared.isEmpty else { continue }
    let file = URL(fileURLWithPath: path).lastPathComponent
    print("\(file): \(declared.count - undocumented.count) of \(declared.count) public declarations documented")
    let cwd = FileManager.default.currentDirectoryPath + "/"
    for symbol in undocumented {
        guard let location = symbol.location else { continue }
        var source = URL(string: location.uri)?.path ?? location.uri
        if source.hasPrefix(cwd) { source.removeFirst(cwd.count) }
        let name = symbol.pathComponents.joined(separator: ".")
        print("\(source):\(location.position.line + 1): error: \(symbol.kind.displayName) '\(name)' has no doc comment")
    }
    undocumentedTotal += undocumented.count
}
exit(undocumentedTotal == 0 ? 0 : 1)
