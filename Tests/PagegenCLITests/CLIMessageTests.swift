import Foundation
import PagegenTestSupport
import Testing

/// What the command lines print when something goes wrong on the command line or the
/// file system: one line, the path, the reason, and the exit status the help
/// documents (1, or 64 for a bad command line), never a Foundation error dump.
@Suite struct CLIMessageTests {
    typealias Run = CLITests.Run

    @Test(arguments: ["all", "page", "cursor", "offset", "link"])
    func initWritesAStarterThatLintsAndGenerates(style: String) async throws {
        let folder = CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = try await CLITests.run(["init", "Shop", "--style", style], in: folder)
        #expect(written.status == 0, "\(written.errors)")
        #expect(written.output == "wrote shop.pagegen.yaml; check it with: pagegen lint shop.pagegen.yaml\n")
        let lint = try await CLITests.run(["lint", "shop.pagegen.yaml"], in: folder)
        #expect(lint.status == 0 && lint.errors.isEmpty, "\(lint.errors)")
        let generate = try await CLITests.run(["generate", "shop.pagegen.yaml", "--output", "Generated", "--quiet"], in: folder)
        #expect(generate.status == 0, "\(generate.errors)")
    }

    @Test func initNeverOverwritesAndRefusesANameThatIsNotOne() async throws {
        let folder = CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await CLITests.run(["init", "Shop", "--output", "specs"], in: folder).status == 0)
        let again = try await CLITests.run(["init", "Shop", "--output", "specs"], in: folder)
        #expect(again.status == 1)
        #expect(
            again.errors
                == "error: specs/shop.pagegen.yaml already exists; pagegen init does not overwrite a spec (remove it, or pass another name)\n"
        )
        let badName = try await CLITests.run(["init", "my shop"], in: folder)
        #expect(badName.status == 64)
        #expect(badName.errors.contains("'my shop' cannot name an API: write a name such as Shop or WeatherAPI"))
        let badStyle = try await CLITests.run(["init", "Shop", "--style", "pages"], in: folder)
        #expect(badStyle.status == 64)
    }

    @Test func anOutputPathThatIsAFileIsSaidInOneLine() async throws {
        let folder = CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("taken"))
        let spec = CLITests.root.appendingPathComponent("specs/numbers.pagegen.yaml").path

        let onAFile = try await CLITests.run(["generate", spec, "--output", "taken"], in: folder)
        #expect(onAFile.status == 1)
        #expect(onAFile.errors == "error: cannot create the folder taken: a file by that name is in the way; nothing was written\n")

        let underAFile = try await CLITests.run(["generate", spec, "--output", "taken/Generated"], in: folder)
        #expect(underAFile.status == 1)
        #expect(
            underAFile.errors == "error: cannot create the folder taken/Generated: taken is a file, not a folder; nothing was written\n")

        let initUnderAFile = try await CLITests.run(["init", "Shop", "--output", "taken/specs"], in: folder)
        #expect(initUnderAFile.status == 1)
        #expect(initUnderAFile.errors == "error: cannot create the folder taken/specs: taken is a file, not a folder\n")
    }

    @Test func aDocumentThatIsAFolderOrUnderAFileIsSaidInOneLine() async throws {
        let folder = CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("taken"))
        let aFolder = try await CLITests.run(["import", "docs"], in: folder)
        #expect(aFolder.status == 1)
        #expect(aFolder.errors == "docs: error: cannot read docs: it is a folder; check the path\n")
        let underAFile = try await CLITests.run(["import", "taken/openapi.json"], in: folder)
        #expect(underAFile.status == 1)
        #expect(
            underAFile.errors
                == "taken/openapi.json: error: cannot read taken/openapi.json: taken is a file, not a folder; check the path\n")
    }

    @Test func aFolderThatCannotBeWrittenIsSaidInOneLine() async throws {
        // Permission bits do not hold root back: only another user can see this refusal.
        guard getuid() != 0 else { return }
        let folder = CLITests.temporaryFolder()
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        chmod(locked.path, 0o555)
        defer {
            chmod(locked.path, 0o755)
            try? FileManager.default.removeItem(at: folder)
        }
        let spec = CLITests.root.appendingPathComponent("specs/numbers.pagegen.yaml").path
        let run = try await CLITests.run(["generate", spec, "--output", "locked"], in: folder)
        #expect(run.status == 1)
        #expect(run.errors == "error: cannot write locked/NumbersModels.swift: permission denied\n")
    }

    @Test func aFileThatIsNotTextIsSaidToBeOne() async throws {
        let folder = CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The start of an ELF executable: 0x7F, "ELF", then binary fields.
        let bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        try Data(bytes).write(to: folder.appendingPathComponent("pagegen"))
        let run = try await CLITests.run(["lint", "pagegen"], in: folder)
        #expect(run.status == 1)
        #expect(
            run.errors
                == "pagegen:1:1: error: the file is not a text file: it holds bytes that are not characters; a spec is YAML, in UTF-8 text; check the path (is this a binary or a compressed file?)\n"
        )
    }

    @Test func aTabInTheIndentationIsCalledATab() async throws {
        let folder = CLITests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let spec = "pagegen: 1\nname: Shop\nbaseURL: https://api.example.com\nmodels:\n\tItem: { id: Int }\n"
        try Data(spec.utf8).write(to: folder.appendingPathComponent("shop.pagegen.yaml"))
        let run = try await CLITests.run(["lint", "shop.pagegen.yaml"], in: folder)
        #expect(run.status == 1)
        #expect(
            run.errors == "shop.pagegen.yaml:5:1: error: a tab in the indentation: YAML indents with spaces; replace the tab with spaces\n")
    }

    @Test func aMockServerOnAPortInUseSaysToTakeAFreeOne() async throws {
        // Holds a port of loopback, as another program would.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, pointer, &length) == 0
            }
        }
        #expect(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let run = try await CLITests.run(
            ["specs/numbers.pagegen.yaml", "--port", String(port)], tool: CLITests.tool("pagegen-mock"))
        #expect(run.status == 1)
        #expect(run.errors == "error: cannot listen on 127.0.0.1:\(port): the port is in use; pass --port 0 to listen on a free port\n")
    }
}
