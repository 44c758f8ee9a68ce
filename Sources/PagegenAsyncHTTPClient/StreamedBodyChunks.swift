import Foundation
import NIOCore
import NIOFoundationCompat
import NIOPosix
import PagegenRuntime

/// A `StreamedBody` as AsyncHTTPClient sends a streamed body: buffers of its bytes in
/// order, each file read a chunk at a time on SwiftNIO's thread pool for blocking work
/// (`NIOThreadPool.singleton`), so that neither a thread of Swift concurrency's pool
/// nor an event loop waits for the disk. Every iteration reads the files anew.
struct StreamedBodyChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    /// The bytes read from a file at a time.
    static let chunkSize = 256 << 10

    let body: StreamedBody

    func makeAsyncIterator() -> Iterator {
        Iterator(pieces: body.pieces.makeIterator())
    }

    struct Iterator: AsyncIteratorProtocol {
        var pieces: IndexingIterator<[StreamedBody.Piece]>
        var file: FileChunks?

        mutating func next() async throws -> ByteBuffer? {
            while true {
                if let file {
                    if let chunk = try await file.next() { return chunk }
                    self.file = nil
                }
                switch pieces.next() {
                case nil:
                    return nil
                case .data(let data)?:
                    if !data.isEmpty { return ByteBuffer(data: data) }
                case .file(let url)?:
                    file = try await FileChunks(url)
                }
            }
        }
    }
}

/// An open file, read a chunk at a time on the thread pool, closed once read to its
/// end or dropped.
///
/// `@unchecked Sendable`: the handle is used by one reader at a time, the iterator
/// that owns it, which awaits each read before the next.
final class FileChunks: @unchecked Sendable {
    private let handle: FileHandle

    init(_ url: URL) async throws {
        handle = try await NIOThreadPool.singleton.runIfActive { try FileHandle(forReadingFrom: url) }
    }

    /// The next chunk, or nil at the end of the file.
    func next() async throws -> ByteBuffer? {
        let handle = handle
        let chunk = try await NIOThreadPool.singleton.runIfActive { try handle.read(upToCount: StreamedBodyChunks.chunkSize) }
        guard let chunk, !chunk.isEmpty else { return nil }
        return ByteBuffer(data: chunk)
    }

    deinit {
        try? handle.close()
    }
}
