import Foundation
import PagegenTestSupport
import Testing

@testable import PagegenMock

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Runs the built `pagegen-mock` binary the way a user does.
@Suite(.serialized) struct MockCLITests {
    /// The `pagegen-mock` executable next to this test bundle.
    static var executable: URL? {
        var folder = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("pagegen-mock")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return nil
    }

    /// Starts pagegen-mock with `arguments` in the package's folder, its output and
    /// errors going to pipes.
    static func process(_ arguments: [String]) throws -> (ChildProcess, Pipe, Pipe) {
        guard let executable = Self.executable else {
            Issue.record("pagegen-mock is not built next to the tests")
            throw CocoaError(.fileNoSuchFile)
        }
        let out = Pipe()
        let err = Pipe()
        let child = try ChildProcess.start(
            executable, arguments, in: Specs.root,
            output: out.fileHandleForWriting.fileDescriptor, errors: err.fileHandleForWriting.fileDescriptor)
        try out.fileHandleForWriting.close()
        try err.fileHandleForWriting.close()
        return (child, out, err)
    }

    /// Waits for the process to end and reads what it printed, off the shared threads.
    static func finish(
        _ child: ChildProcess, _ out: Pipe, _ err: Pipe
    ) async throws -> (termination: ChildProcess.Termination, output: String, errors: String) {
        try await offPool {
            let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return (child.wait(), output, errors)
        }
    }

    @Test func aBrokenSpecPrintsLintDiagnosticsAndExits1() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-mock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shop.pagegen.yaml")
        try Data(SpecDiagnosticsTests.broken.utf8).write(to: file)
        let (process, out, err) = try Self.process([file.path, "--port", "0"])
        let (termination, _, errors) = try await Self.finish(process, out, err)
        #expect(termination == .exited(1))
        #expect(errors.contains("shop.pagegen.yaml:7:11: error: "), "\(errors)")
        #expect(errors.contains("did you mean 'offset'?") || errors.contains("'offest'"), "\(errors)")
    }

    @Test func aBadOptionExits64() async throws {
        let (process, out, err) = try Self.process(["specs/articles.pagegen.yaml", "--error-rate", "2"])
        let (termination, _, errors) = try await Self.finish(process, out, err)
        #expect(termination == .exited(64))
        #expect(errors.contains("--error-rate must be between 0 and 1"))

        let (timeout, timeoutOut, timeoutErr) = try Self.process(["specs/articles.pagegen.yaml", "--read-timeout", "0s"])
        let (timeoutTermination, _, timeoutErrors) = try await Self.finish(timeout, timeoutOut, timeoutErr)
        #expect(timeoutTermination == .exited(64))
        #expect(timeoutErrors.contains("--read-timeout '0s' is not a time such as 10s or 500ms"), "\(timeoutErrors)")
    }

    @Test func timeoutsParse() {
        #expect(MockHTTPLimits.timeout(parsing: "10s") == .seconds(10))
        #expect(MockHTTPLimits.timeout(parsing: "1.5s") == .milliseconds(1500))
        #expect(MockHTTPLimits.timeout(parsing: "250ms") == .milliseconds(250))
        #expect(MockHTTPLimits.timeout(parsing: "250") == .milliseconds(250))
        for bad in ["0", "-1s", "2h", "7200s", "soon", ""] {
            #expect(MockHTTPLimits.timeout(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func itServesUntilInterrupted() async throws {
        let (process, out, err) = try Self.process(["specs/articles.pagegen.yaml", "--port", "0", "--items", "3", "--seed", "9"])
        defer { process.send(SIGTERM) }
        // The first line names the base URL.
        let handle = out.fileHandleForReading
        let banner = try await offPool {
            var firstLine = Data()
            while !firstLine.contains(UInt8(ascii: "\n")) {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                firstLine += chunk
            }
            return String(decoding: firstLine, as: UTF8.self)
        }
        let base = try #require(
            banner.split(separator: " ").first { $0.hasPrefix("http://") }.map {
                String($0.split(separator: "\n")[0])
            }, "\(banner)")
        #expect(banner.hasPrefix("Serving Articles at http://127.0.0.1:"))
        #expect(base.hasSuffix("/api"))

        let answer = try await fetch(try #require(URL(string: base + "/articles?limit=2")))
        #expect(answer.status == 200)
        #expect(values("id", in: answer.array) == [1, 2])

        process.send(SIGINT)
        let (termination, output, _) = try await Self.finish(process, out, err)
        let rest = banner + output
        #expect(termination == .exited(0))
        #expect(rest.contains("GET /api/articles?limit=2 → 200"), "\(rest)")
        #expect(rest.contains("GET /api/articles — paged by offset (offset from 0); size limit (default 25, max 100)"))
        #expect(rest.contains("Stopped."))
    }
}
