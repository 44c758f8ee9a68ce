import Foundation
import PagegenSpecMutations
import PagegenTestSupport
import Testing

/// A sample of broken specs through the built `pagegen` binary, end to end: the
/// process must exit by itself with status 0 or 1, print nothing on standard
/// error but diagnostics located in the file, and never be killed by a signal.
@Suite struct CLIMutationTests {
    static let seed: UInt64 = 0xC11
    /// Two cases of every kind of mutation.
    static let caseCount = 2 * MutationKind.allCases.count
    /// Far above what a run takes, on a machine as busy as any: a run that passes it
    /// is stuck, not slow.
    static let hangBound: TimeInterval = 300

    struct Run {
        var status: Int32
        var exited: Bool
        var output: String
        var errors: String
    }

    /// Runs pagegen with its output in files (a pipe that nobody reads would block
    /// a process that prints much), killing it after ``hangBound``. It waits with
    /// `Task.sleep`, not by blocking a thread: the tests that serve HTTP run on the
    /// same few threads of Swift concurrency.
    static func run(_ arguments: [String], in folder: URL) async throws -> Run? {
        let outURL = folder.appendingPathComponent("stdout.txt")
        let errURL = folder.appendingPathComponent("stderr.txt")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        defer {
            try? out.close()
            try? err.close()
        }
        let child = try ChildProcess.start(
            CLITests.executable, arguments, in: folder, output: out.fileDescriptor, errors: err.fileDescriptor)
        let deadline = Date().addingTimeInterval(hangBound)
        while child.isRunning, Date() < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        if child.isRunning {
            child.send(SIGKILL)
            _ = try await offPool { child.wait() }
            return nil
        }
        let termination = try await offPool { child.wait() }
        return Run(
            status: termination.status, exited: termination.exitedByItself,
            output: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            errors: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    @Test func brokenSpecsExitWithZeroOrOneAndLocatedErrors() async throws {
        let specs = BundledSpecs.all
        try #require(specs.count >= 10, "the bundled specs are missing from \(BundledSpecs.root.path)/specs")
        var mutator = SpecMutator(seed: Self.seed)
        let folder = CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var passed = 0
        var failed = 0
        var generated = 0

        for (index, mutant) in mutator.mutants(count: Self.caseCount, of: specs).enumerated() {
            let file = "\(mutant.name).pagegen.yaml"
            try Data(mutant.bytes).write(to: folder.appendingPathComponent(file))
            // Every third case is generated instead of linted.
            let generating = index % 3 == 0
            let arguments = generating ? ["generate", file, "--output", "out-\(index)"] : ["lint", file]
            guard let run = try await Self.run(arguments, in: folder) else {
                Issue.record("\(mutant): pagegen \(arguments[0]) did not end within \(Self.hangBound) seconds")
                continue
            }
            #expect(run.exited, "\(mutant): pagegen \(arguments[0]) was killed by signal \(run.status)\n\(run.errors.prefix(2_000))")
            #expect(run.status == 0 || run.status == 1, "\(mutant): exit status \(run.status)\n\(run.errors.prefix(2_000))")
            let lines = run.errors.split(separator: "\n")
            for line in lines {
                #expect(DiagnosticLine(line, file: file) != nil, "\(mutant): not a located diagnostic: \(line.prefix(300))")
            }
            let errorCount = lines.compactMap { DiagnosticLine($0, file: file) }.filter { $0.severity == "error" }.count
            if run.status == 0 {
                passed += 1
                #expect(errorCount == 0, "\(mutant): exit status 0 with errors")
                if generating {
                    generated += 1
                    #expect(run.output.contains("Client.swift"), "\(mutant): generate succeeded without writing the client")
                } else {
                    #expect(run.output.contains("the spec has no errors"), "\(mutant): \(run.output)")
                }
            } else {
                failed += 1
                #expect(errorCount > 0, "\(mutant): exit status 1 without an error\n\(run.errors.prefix(2_000))")
            }
        }
        #expect(passed + failed == Self.caseCount)
        print(
            "pagegen binary on broken specs (seed \(Self.seed)): \(Self.caseCount) runs, \(passed) exited 0 (\(generated) generated), \(failed) exited 1 with located errors"
        )
    }
}
