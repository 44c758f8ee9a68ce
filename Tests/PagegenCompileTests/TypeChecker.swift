import Foundation
import PagegenTestSupport

/// Type-checks generated Swift against the PagegenRuntime module this test run was
/// built with, the way a package that imports it compiles: Swift 6, `any` spelled
/// out, warnings as errors. The whole module is checked in one frontend job
/// (`-wmo`): checked file by file, every job would parse every other file too.
struct TypeChecker: Sendable {
    /// The folder holding `PagegenRuntime.swiftmodule`.
    let modules: URL
    /// The compiler and the arguments that come before the file list.
    let command: [String]

    /// Finds the runtime module next to the test bundle (SwiftPM keeps modules in
    /// `<build folder>/Modules`, and older versions in the build folder itself), and
    /// the compiler: `SWIFT_EXEC`, or `xcrun swiftc` on Apple platforms, or `swiftc`
    /// on the path.
    static func find() throws -> TypeChecker {
        var starts = [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])]
        starts += Bundle.allBundles.map(\.bundleURL)
        var modules: URL?
        search: for start in starts {
            var folder = start.standardizedFileURL
            for _ in 0..<6 {
                for candidate in [folder.appendingPathComponent("Modules"), folder] {
                    if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("PagegenRuntime.swiftmodule").path) {
                        modules = candidate
                        break search
                    }
                }
                folder.deleteLastPathComponent()
            }
        }
        guard let modules else {
            throw Failure("cannot find PagegenRuntime.swiftmodule near the test bundle \(Bundle.main.bundleURL.path)")
        }
        let environment = ProcessInfo.processInfo.environment
        if let swiftc = environment["SWIFT_EXEC"] { return TypeChecker(modules: modules, command: [swiftc]) }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/xcrun") {
            return TypeChecker(modules: modules, command: ["/usr/bin/xcrun", "--sdk", "macosx", "swiftc"])
        }
        let path = (environment["PATH"] ?? "").split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("swiftc")
        }
        guard let swiftc = path.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw Failure("cannot find swiftc on the PATH; set SWIFT_EXEC")
        }
        return TypeChecker(modules: modules, command: [swiftc.path])
    }

    /// Type-checks `files` as one module, at a low priority (`nice`), so that the
    /// tests running meanwhile keep the processor they need.
    /// - Returns: the compiler's diagnostics, empty when the files type-check cleanly.
    func check(_ files: [URL], module: String, in folder: URL) throws -> String {
        let nice = "/usr/bin/nice"
        let command = FileManager.default.isExecutableFile(atPath: nice) ? [nice, "-n", "10"] + self.command : self.command
        let arguments =
            Array(command.dropFirst()) + [
                "-typecheck", "-wmo", "-swift-version", "6", "-enable-upcoming-feature", "ExistentialAny", "-warnings-as-errors",
                "-module-name", module, "-I", modules.path,
            ] + files.map(\.path)
        let run = try ChildProcess.run(URL(fileURLWithPath: command[0]), arguments, in: folder)
        if run.termination == .exited(0) { return "" }
        let log = run.output + run.errors
        return log.isEmpty ? "swiftc ended with \(run.termination)" : log
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
