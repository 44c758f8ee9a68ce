/// Simulated time in microseconds, and the events due at given times, run in
/// order (ties in the order they were scheduled). Nothing waits for real time.
@MainActor
final class VirtualClock {
    /// The current time, in microseconds.
    private(set) var now = 0
    private var heap: [Event] = []
    private var sequence = 0

    private struct Event {
        var time: Int
        var sequence: Int
        var action: () -> Void

        func precedes(_ other: Event) -> Bool {
            (time, sequence) < (other.time, other.sequence)
        }
    }

    /// Runs `action` `delay` microseconds from now.
    func schedule(after delay: Int, _ action: @escaping () -> Void) {
        heap.append(Event(time: now + max(0, delay), sequence: sequence, action: action))
        sequence += 1
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Runs every event due up to `time`, then sets the clock to `time`.
    func advance(to time: Int) {
        while let first = heap.first, first.time <= time {
            let event = popFirst()
            now = event.time
            event.action()
        }
        now = max(now, time)
    }

    private func popFirst() -> Event {
        let first = heap[0]
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var smallest = parent
                if left < heap.count, heap[left].precedes(heap[smallest]) { smallest = left }
                if right < heap.count, heap[right].precedes(heap[smallest]) { smallest = right }
                guard smallest != parent else { break }
                heap.swapAt(parent, smallest)
                parent = smallest
            }
        }
        return first
    }
}

extension Int {
    /// `seconds` in microseconds.
    static func seconds(_ seconds: Double) -> Int { Int((seconds * 1_000_000).rounded()) }
}
