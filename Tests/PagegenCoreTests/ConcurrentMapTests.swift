import Testing

@testable import PagegenCore

/// The stages that work on every core give what they would give on one.
@Suite struct ConcurrentMapTests {
    @Test(arguments: [0, 1, 31, 32, 63, 64, 65, 1_000, 1_001, 10_007])
    func elementsComeBackTransformedAndInOrder(_ count: Int) {
        let numbers = Array(0..<count)
        #expect(numbers.concurrentMap { "\($0 * 3)" } == numbers.map { "\($0 * 3)" })
    }
}
