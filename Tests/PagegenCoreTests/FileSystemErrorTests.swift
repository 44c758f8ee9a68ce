import Foundation
import PagegenCore
import Testing

/// File system errors in a few plain words, whatever shape Foundation gives them.
@Suite struct FileSystemErrorTests {
    @Test func aReadOnlyFileSystemIsSaidSo() {
        // What Foundation throws when writing on a read-only volume.
        let error = CocoaError(
            .fileWriteVolumeReadOnly,
            userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EROFS))])
        #expect(
            FileSystemError(.write, path: "Generated/ShopModels.swift", error: error).description
                == "cannot write Generated/ShopModels.swift: read-only file system")
        #expect(FileSystemError.reason(of: CocoaError(.fileWriteVolumeReadOnly)) == "read-only file system")
    }

    @Test(arguments: [
        (EACCES, "permission denied"), (ENOSPC, "no space left on the device"), (ENOENT, "no such file or folder"),
        (ENOTDIR, "a part of the path is a file, not a folder"), (EEXIST, "a file by that name is in the way"),
    ])
    func systemErrorNumbersAreWords(number: Int32, words: String) {
        #expect(FileSystemError.reason(of: NSError(domain: NSPOSIXErrorDomain, code: Int(number))) == words)
    }

    @Test func aFileAmongTheFoldersOfThePathIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pagegen-fs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("taken")
        try Data().write(to: file)
        // Foundation's error when a folder is created under a file carries no system reason.
        let error = CocoaError(.fileWriteUnknown)
        #expect(
            FileSystemError(.createFolder, path: file.path + "/Generated", error: error).reason == "\(file.path) is a file, not a folder")
    }
}
