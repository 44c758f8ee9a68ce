import Foundation

/// A file or folder that could not be read, written or created, said the way a
/// command line says it: `cannot write Sources/Generated/ShopModels.swift: read-only
/// file system`.
///
/// The reason comes from the system's error number, in a few plain words, so that
/// a user never sees a Foundation error dump.
public struct FileSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was tried.
    public enum Action: String, Sendable, Hashable {
        /// Reading a file.
        case read
        /// Writing a file.
        case write
        /// Creating a folder.
        case createFolder = "create the folder"
        /// Removing a file.
        case remove
    }

    /// What was tried.
    public var action: Action
    /// The path, as the user named it or as it was derived from what they named.
    public var path: String
    /// Why, in a few words: "read-only file system", "permission denied".
    public var reason: String
    /// What the failure left, when the command says so: "nothing was written; out is
    /// as it was".
    public var consequence: String?

    /// Creates an error with a reason already in words.
    public init(_ action: Action, path: String, reason: String, consequence: String? = nil) {
        self.action = action
        self.path = path
        self.reason = reason
        self.consequence = consequence
    }

    /// This error, saying what the failure left.
    public func noting(_ consequence: String) -> FileSystemError {
        var error = self
        if error.consequence == nil { error.consequence = consequence }
        return error
    }

    /// Creates an error from what Foundation or the system threw.
    public init(_ action: Action, path: String, error: any Error) {
        var reason = Self.reason(of: error)
        // Foundation does not always keep the system's reason when a part of the
        // path is a file (`out/x` where `out` is one); the path itself shows it.
        if reason.hasPrefix(Self.unknownReason) {
            var isFolder: ObjCBool = false
            if let file = Self.fileAmongFolders(of: path) {
                reason = "\(file) is a file, not a folder"
            } else if action != .createFolder, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                reason = "it is a folder"
            }
        }
        self.init(action, path: path, reason: reason)
    }

    /// The start of the reason of an error this type cannot put in words.
    static let unknownReason = "the system refused"

    /// The first of the folders leading to `path` that exists as a file.
    private static func fileAmongFolders(of path: String) -> String? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let root = path.hasPrefix("/") ? "/" : ""
        // `a`, `a/b`, … up to the path's folder, without the empty part of a leading `/`.
        let names = parts.dropLast().drop { $0.isEmpty }
        let folders = names.indices.map { end in root + names[names.startIndex...end].joined(separator: "/") }
        return folders.first { folder in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    /// `cannot write PATH: REASON`, then what the failure left, if it says.
    public var description: String {
        "cannot \(action.rawValue) \(path): \(reason)" + (consequence.map { "; " + $0 } ?? "")
    }

    /// Runs `body`, turning whatever it throws into a ``FileSystemError`` for `path`,
    /// which says `consequence` when one is given.
    public static func attempt<Result>(
        _ action: Action, path: String, consequence: String? = nil, _ body: () throws -> Result
    ) throws(FileSystemError)
        -> Result
    {
        do {
            return try body()
        } catch let error as FileSystemError {
            throw consequence.map(error.noting) ?? error
        } catch {
            let failure = FileSystemError(action, path: path, error: error)
            throw consequence.map(failure.noting) ?? failure
        }
    }

    /// The reason of `error` in a few words: from its system error number when it has
    /// one (Foundation keeps it as the underlying error), else from its Cocoa code.
    public static func reason(of error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain {
            return reason(ofErrorNumber: Int32(error.code))
        }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return reason(ofErrorNumber: Int32(underlying.code))
        }
        if error.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: error.code) {
            case .fileWriteVolumeReadOnly: return "read-only file system"
            case .fileWriteNoPermission, .fileReadNoPermission: return "permission denied"
            case .fileWriteOutOfSpace: return "no space left on the device"
            case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
            case .fileWriteFileExists: return "a file by that name is in the way"
            case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: return "the file is not UTF-8 text"
            default: break
            }
        }
        return "\(unknownReason) (\(error.domain) \(error.code))"
    }

    /// The reason of a system error number, lower-case, as a sentence part.
    public static func reason(ofErrorNumber number: Int32) -> String {
        switch number {
        case EROFS: "read-only file system"
        case EACCES, EPERM: "permission denied"
        case ENOSPC: "no space left on the device"
        case EDQUOT: "disk quota exceeded"
        case ENOENT: "no such file or folder"
        case ENOTDIR: "a part of the path is a file, not a folder"
        case EISDIR: "it is a folder"
        case EEXIST: "a file by that name is in the way"
        case ENAMETOOLONG: "the name is too long"
        case EIO: "input/output error"
        default:
            String(cString: strerror(number)).lowercased()
        }
    }
}
