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
        let chunks = Swift.min(count / minimumPerThread, ProcessInfo.processInfo.activeProcessorCount * 4)
        guard chunks > 1 else { return map(transform) }
        return withoutActuallyEscaping(transform) { transform in
            [Transformed](unsafeUninitializedCapacity: count) { buffer, initializedCount in
                let results = UncheckedSendable(buffer.baseAddress!)
                let elements = UncheckedSendable(self)
                let work = UncheckedSendable(transform)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    for index in (chunk * count / chunks)..<((chunk + 1) * count / chunks) {
                        (results.value + index).initialize(to: work.value(elements.value[index]))
                    }
                }
                initializedCount = count
            }
        }
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
