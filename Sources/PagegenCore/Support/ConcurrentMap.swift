import Dispatch
import Foundation

extension Array {
    /// The elements transformed by `transform`, in order, worked out on every core
    /// when there are enough of them to pay for the threads.
    ///
    /// For work on each element that reads only what no other element's work changes:
    /// `transform` runs on several threads at once.
    /// - Parameter minimumPerThread: the fewest elements worth a thread of their own:
    ///   32 small pieces of work, or 1 where each element is a large one.
    func concurrentMap<Transformed>(minimumPerThread: Int = 32, _ transform: (Element) -> Transformed) -> [Transformed] {
        let count = self.count
        let pieces = Range.pieces(of: count, minimumPerPiece: minimumPerThread)
        guard pieces.count > 1 else { return map(transform) }
        return withoutActuallyEscaping(transform) { transform in
            [Transformed](unsafeUninitializedCapacity: count) { buffer, initializedCount in
                let results = UncheckedSendable(buffer.baseAddress!)
                let elements = UncheckedSendable(self)
                let work = UncheckedSendable(transform)
                DispatchQueue.concurrentPerform(iterations: pieces.count) { piece in
                    for index in pieces[piece] {
                        (results.value + index).initialize(to: work.value(elements.value[index]))
                    }
                }
                initializedCount = count
            }
        }
    }
}

extension Range<Int> {
    /// `0..<count` split into ranges of at least `minimumPerPiece` elements, a few for
    /// each core (or one range, when there are fewer): what a thread works on at a time.
    static func pieces(of count: Int, minimumPerPiece: Int) -> [Range<Int>] {
        let pieces = Swift.max(1, Swift.min(count / minimumPerPiece, ProcessInfo.processInfo.activeProcessorCount * 4))
        return (0..<pieces).map { piece in (piece * count / pieces)..<((piece + 1) * count / pieces) }
    }
}

/// A value handed to the threads of one `concurrentMap`, which use it as that
/// function's documentation says: each writes its own results, and reads only
/// what no thread writes.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
