import FlyingFox
import FlyingSocks
import Foundation

/// Response bodies that are sent slowly (a few bytes at a time) or cut short
/// (the connection closes before the announced `Content-Length` is reached).
enum FaultBodies {
    /// The body, sent as `drip` says, and stopped after `cutAt` bytes when given.
    static func body(_ data: Data, drip: MockFaults.Drip?, cutAt: Int?) -> HTTPBodySequence {
        let bytes = PacedBytes(data: data, chunkSize: drip?.chunkSize ?? 4096, delay: drip?.delay, cutAt: cutAt)
        return HTTPBodySequence(from: bytes, count: data.count, suggestedBufferSize: drip?.chunkSize ?? 4096)
    }
}

/// The bytes of a body, handed out a chunk at a time with a pause before each,
/// failing after `cutAt` bytes (which makes the server close the connection).
struct PacedBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8

    let data: Data
    let chunkSize: Int
    let delay: Duration?
    let cutAt: Int?

    func makeAsyncIterator() -> Iterator {
        Iterator(data: data, chunkSize: Swift.max(1, chunkSize), delay: delay, cutAt: cutAt)
    }

    /// Hands out the chunks.
    struct Iterator: AsyncBufferedIteratorProtocol {
        let data: Data
        let chunkSize: Int
        let delay: Duration?
        let cutAt: Int?
        var offset = 0

        mutating func next() async throws -> UInt8? {
            try await nextBuffer(suggested: 1)?.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> Data? {
            if let cutAt, offset >= cutAt { throw CutShort() }
            guard offset < data.count else { return nil }
            if let delay, offset > 0 { try await Task.sleep(for: delay) }
            var end = Swift.min(data.count, offset + Swift.max(1, Swift.min(count, chunkSize)))
            if let cutAt { end = Swift.min(end, cutAt) }
            let chunk = data.subdata(in: data.startIndex + offset..<data.startIndex + end)
            offset = end
            return chunk
        }
    }

    /// Stops a body short.
    struct CutShort: Error {}
}
