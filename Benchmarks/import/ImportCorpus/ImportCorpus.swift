// Imports one document of the import corpus and compares each list operation's paging
// with the document's truth file (Benchmarks/import/corpus/*.truth.yaml), then prints
// one row of Benchmarks/import/corpus.sh's table as tab-separated fields.
//
// Usage: ImportCorpus TRUTH DOCUMENTS-FOLDER [--details]
#if Importer
import Foundation
import PagegenCore
import PagegenImport
import PagegenYAML

/// What a truth file says an operation's paging is: a style, and what must match.
struct Expectation: CustomStringConvertible {
    var style: String
    var parameter: String?
    var next: String?
    var items: String?

    /// True when `paging` is this; a style `any` takes every style, and what is not
    /// given is not compared (a truth that says the style alone leaves the items unchecked).
    func matches(_ paging: ImportedOperationSummary.Paging) -> Bool {
        (style == "any" || paging.style == style) && (parameter == nil || paging.parameter == parameter)
            && (next == nil || paging.next == next) && (items == nil || paging.items == items)
    }

    var description: String {
        [style, parameter.map { "parameter \($0)" }, next.map { "next \($0)" }, items.map { "items '\($0)'" }]
            .compactMap { $0 }.joined(separator: ", ")
    }
}

/// A truth file: the lists (each operation with the pagings it accepts), and the
/// operations that must not be paged. Any operation it does not name must not be either.
struct Truth {
    var document: String
    var lists: [String: [Expectation]] = [:]
    var notPaged: Set<String> = []

    static func read(_ url: URL) throws -> Truth {
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let root = try YAMLParser.parse(text) else { throw Failure("\(url.lastPathComponent) is empty") }
        guard let document = root["document"]?.scalarText else { throw Failure("\(url.lastPathComponent) names no document") }
        var truth = Truth(document: document)
        for entry in root["lists"]?.items ?? [] {
            let names = (entry["operations"]?.items ?? []).compactMap(\.scalarText)
            let accepted = entry["accept"]?.items ?? (entry["expect"].map { [$0] } ?? [])
            let expectations = accepted.map { node in
                Expectation(
                    style: node["style"]?.scalarText ?? "", parameter: node["parameter"]?.scalarText, next: node["next"]?.scalarText,
                    items: node["items"]?.scalarText)
            }
            guard !names.isEmpty, !expectations.isEmpty else {
                throw Failure("\(url.lastPathComponent): an entry of 'lists' needs operations and expect or accept")
            }
            for name in names { truth.lists[name] = expectations }
        }
        for entry in root["not-paged"]?.items ?? [] {
            truth.notPaged.formUnion((entry["operations"]?.items ?? []).compactMap(\.scalarText))
        }
        return truth
    }
}

struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The process's peak resident memory, in MB.
func peakMemoryMB() -> Double {
    var usage = rusage()
    #if os(Linux)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
    #else
    getrusage(RUSAGE_SELF, &usage)
    return Double(usage.ru_maxrss) / 1_048_576
    #endif
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: ImportCorpus TRUTH DOCUMENTS-FOLDER [--details]\n".utf8))
    exit(64)
}
let details = arguments.contains("--details")
do {
    let truth = try Truth.read(URL(fileURLWithPath: arguments[1]))
    let documentURL = URL(fileURLWithPath: arguments[2]).appendingPathComponent(truth.document)
    let started = ContinuousClock.now
    var imported = "yes"
    var lints = "-"
    var result: ImportResult?
    do {
        result = try OpenAPIImporter.importDocument(at: documentURL, name: truth.document)
    } catch {
        imported = "no"
        if details { print("  import failed: \(error.description)") }
    }
    let seconds = (ContinuousClock.now - started) / .seconds(1)
    var (lists, right, wrong, alternatives) = (0, 0, 0, 0)
    if let result {
        let diagnostics = DiagnosticCollector()
        _ = GeneratorPipeline().check(result.spec, file: "corpus.pagegen.yaml", diagnostics: diagnostics)
        let errors = diagnostics.sorted.filter { $0.severity == .error }
        lints = errors.isEmpty ? "yes" : "no (\(errors.count) errors)"
        if details { for error in errors.prefix(5) { print("  lint: \(error.description)") } }
        lists = truth.lists.count
        var seen: Set<String> = []
        for operation in result.operations {
            let names = [operation.operationID, "\(operation.method) \(operation.path)"].compactMap { $0 }
            guard let name = names.first(where: { truth.lists[$0] != nil || truth.notPaged.contains($0) }) ?? names.first else { continue }
            seen.insert(name)
            let expected = truth.lists[name] ?? []
            switch (operation.paging, expected.isEmpty) {
            case (let paging?, false) where expected.contains(where: { $0.matches(paging) }):
                right += 1
            case (let paging?, _):
                wrong += 1
                if details {
                    let wanted = expected.isEmpty ? "not paged" : expected.map(\.description).joined(separator: " | ")
                    print(
                        "  wrong: \(name): \(paging.style) \(paging.parameter ?? "") next \(paging.next ?? "-") items '\(paging.items)'; the document: \(wanted)"
                    )
                }
            case (nil, false):
                if details { print("  missed: \(name): \(expected.map(\.description).joined(separator: " | "))") }
            case (nil, true):
                break
            }
        }
        for name in Set(truth.lists.keys).subtracting(seen).sorted() where details {
            print("  not imported: \(name)")
        }
        // Notes that say what was chosen over what: the other lists, cursors or links.
        alternatives =
            result.notes.filter { note in
                note.topic == "paging" && (note.message.contains(" over ") || note.message.contains("the others:"))
            }.count
    }
    let recall = lists == 0 ? "-" : String(format: "%.0f%%", Double(right) * 100 / Double(lists))
    let fields = [
        truth.document, imported, lints, "\(right)/\(lists)", recall, "\(wrong)", "\(alternatives)", String(format: "%.2f", seconds),
        String(format: "%.0f", peakMemoryMB()),
    ]
    print(fields.joined(separator: "\t"))
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
#else
import Foundation

FileHandle.standardError.write(Data("ImportCorpus needs the Importer trait\n".utf8))
exit(1)
#endif
