import CFuzzer
import Foundation
import PagegenCore
import PagegenMock

/// Hands the command line to libFuzzer, which calls ``fuzzOneInput(_:_:)`` with
/// every input it tries.
@main
enum SpecFuzzer {
    static func main() {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(
            LLVMFuzzerRunDriver(&argc, &argv) { data, size in
                guard let data else { return 0 }
                return fuzzOneInput(data, size)
            })
    }
}

/// One fuzz input: the bytes of a spec file. They go through what `pagegen lint`,
/// `pagegen generate` and `pagegen-mock` do with a file, and the run must end with
/// a clean pass or errors that each have a line and column. A crash, a hang
/// (libFuzzer's -timeout) or an error without a location is a finding.
func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = "fuzz.pagegen.yaml"
    let text: String
    do {
        text = try GeneratorPipeline.text(of: bytes, file: file)
    } catch let failure as GenerationFailed {
        requireLocated(failure.diagnostics, stage: "reading")
        return 0
    } catch {
        fatalError("reading threw \(error)")
    }

    let diagnostics = DiagnosticCollector()
    _ = GeneratorPipeline().check(text, file: file, diagnostics: diagnostics)
    requireLocated(diagnostics.diagnostics, stage: "lint")
    if !diagnostics.hasErrors {
        do {
            _ = try GeneratorPipeline().generate(text, file: file, templates: Templates.bundled, diagnostics: DiagnosticCollector())
        } catch let failure as GenerationFailed {
            requireLocated(failure.diagnostics, stage: "generate")
        } catch {
            fatalError("generate threw \(error)")
        }
    }

    do {
        _ = try MockSpecLoader.load(text: text, file: file)
    } catch let error as MockSpecError {
        requireLocated(error.diagnostics, stage: "pagegen-mock")
    } catch {
        fatalError("the mock loader threw \(error)")
    }
    return 0
}

/// Stops the fuzzer when an error has no place in the file.
func requireLocated(_ diagnostics: [Diagnostic], stage: String) {
    for diagnostic in diagnostics where diagnostic.severity == .error && diagnostic.location == nil {
        fatalError("\(stage) reported an error without a location: \(diagnostic)")
    }
}

/// The bundled templates, loaded once.
enum Templates {
    static let bundled: TemplateSet = {
        do {
            return try TemplateSet.load()
        } catch {
            fatalError("cannot load the bundled templates: \(error)")
        }
    }()
}
