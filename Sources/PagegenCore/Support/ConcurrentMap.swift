import Dispatch

extension Array where Element: Sendable {
    /// The elements transformed by `transform`, in order, each on a thread of its
    /// own: for a few large pieces of work (the files a spec generates) that read
    /// only what no other piece changes.
    func concurrentMap<Transformed: Sendable>(_ transform: @Sendable (Element) -> Transformed) -> [Transformed] {
        let results = Results<Transformed>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.store(transform(self[index]), at: index)
        }
        return results.values
    }
}

/// The results of one `concurrentMap`: each slot is written by one thread, and read
/// once every thread is done.
private final class Results<Value: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Value?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func store(_ value: Value, at index: Int) { slots[index] = value }

    var values: [Value] { (0..<count).map { slots[$0]! } }
}
