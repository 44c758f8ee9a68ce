import Foundation

/// A request body that is sent from where it lies rather than held in memory: bytes
/// and the contents of files, one after another, read a piece at a time as the
/// transport sends them.
///
/// A multipart upload whose files are files on disk (``FileUpload/init(contentsOf:filename:contentType:)``)
/// is sent this way, so that a large upload costs the memory of a few chunks, not of
/// the file. A middleware or an app can give any request one:
///
/// ```swift
/// var request = HTTPRequest(method: "PUT", url: uploadURL)
/// request.streamedBody = .file(URL(fileURLWithPath: "backup.tar"))
/// request.setValue("application/x-tar", forHeader: "Content-Type")
/// ```
///
/// Both of the runtime's transports honour it: ``URLSessionTransport`` uploads a body
/// of one file from the file itself (`uploadTask(with:fromFile:)`), and a body of
/// several pieces from a temporary file it writes a chunk at a time and removes after
/// the exchange; `AsyncHTTPClientTransport` (PagegenAsyncHTTPClient) streams the pieces
/// as they are read. The files are read again for every send, so a retry or a `307`
/// redirect sends the same bytes.
public struct StreamedBody: Sendable, Hashable {
    /// One piece of the body.
    public enum Piece: Sendable, Hashable {
        /// These bytes.
        case data(Data)
        /// The whole contents of this file, read when the body is sent.
        case file(URL)
    }

    /// The pieces, in the order they are sent.
    public var pieces: [Piece]

    /// A body of `pieces`, in order.
    public init(_ pieces: [Piece]) {
        self.pieces = pieces
    }

    /// A body that is the whole contents of the file at `url`.
    public static func file(_ url: URL) -> StreamedBody {
        StreamedBody([.file(url)])
    }

    /// The body's length in bytes: the bytes' and the files' sizes, as they are now.
    /// - Throws: the file system's error when a file cannot be read.
    public func length() throws -> Int64 {
        try pieces.reduce(0) { total, piece in
            switch piece {
            case .data(let data): total + Int64(data.count)
            case .file(let url): total + (try Self.size(of: url))
            }
        }
    }

    /// The size of the regular file at `url`.
    private static func size(of url: URL) throws -> Int64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        guard attributes[.type] as? FileAttributeType == .typeRegular, let size = attributes[.size] as? NSNumber else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return size.int64Value
    }

    /// The whole body in memory; for tests and small bodies only.
    /// - Throws: the file system's error when a file cannot be read.
    public func data() throws -> Data {
        var data = Data()
        try forEachChunk(size: 1 << 16) { data.append($0) }
        return data
    }

    /// Calls `body` with the body's bytes in order, in chunks of at most `size` bytes,
    /// reading each file a chunk at a time (blocking: call it off Swift concurrency's
    /// threads for large files).
    /// - Throws: the file system's error when a file cannot be read, or what `body` throws.
    public func forEachChunk(size: Int, _ body: (Data) throws -> Void) throws {
        precondition(size > 0, "a chunk holds at least one byte")
        for piece in pieces {
            switch piece {
            case .data(let data):
                var start = data.startIndex
                while start < data.endIndex {
                    let end = data.index(start, offsetBy: size, limitedBy: data.endIndex) ?? data.endIndex
                    try body(data[start..<end])
                    start = end
                }
            case .file(let url):
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                while let chunk = try handle.read(upToCount: size), !chunk.isEmpty {
                    try body(chunk)
                }
            }
        }
    }
}
