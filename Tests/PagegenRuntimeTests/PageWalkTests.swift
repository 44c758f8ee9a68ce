import Foundation
import Testing
@testable import PagegenRuntime

/// How a walk guesses the pages after the next one, and what happens when a guess
/// is wrong, on an in-memory list (the HTTP side is in the consumer tests).
@Suite struct PageWalkTests {
    /// The keys a loader was asked for, in order.
    actor KeyLog {
        private(set) var keys: [PageKey] = []
        func add(_ key: PageKey) { keys.append(key) }
    }

    /// An offset list of `total` items whose server serves `sizes[n]` items on the
    /// n-th request it answers for an offset (the last size for every later one).
    static func offsetLoader(total: Int, pageSize: Int, short: [Int: Int], log: KeyLog) -> PageLoader<Int> {
        PageLoader(pageSize: pageSize, firstKey: .offset(0), identity: { $0 }) { key in
            await log.add(key)
            guard case .offset(let start) = key else { return .failure(APIError(.invalidRequest("\(key)"))) }
            let count = short[start] ?? pageSize
            let end = min(total, start + count)
            let items = start < end ? Array(start..<end) : []
            return .success(Page(
                items: items, key: key, next: !items.isEmpty && end < total ? .offset(end) : nil,
                total: total, firstRow: start))
        }
    }

    @Test func aShortPageProvesTheGuessesAfterItWrongAndTheRightPagesAreFetched() async throws {
        let log = KeyLog()
        // Offset 20 serves 5 items instead of 10: the pages guessed at 30 and 40 do not exist as such.
        let loader = Self.offsetLoader(total: 60, pageSize: 10, short: [20: 5], log: log)
        var items: [Int] = []
        for try await item in ItemSequence(loader) { items.append(item) }
        #expect(items == Array(0..<60), "every item once, in order")
        let keys = await log.keys
        let offsets = keys.compactMap { if case .offset(let offset) = $0 { offset } else { nil } }
        #expect(offsets.contains(25), "the page after the short one is fetched by its real key")
        #expect(offsets.allSatisfy { $0 < 60 }, "nothing past the total")
    }

    @Test func guessesStopAtTheTotal() async throws {
        let log = KeyLog()
        let loader = Self.offsetLoader(total: 45, pageSize: 10, short: [:], log: log)
        var pages = 0
        for try await _ in PageSequence(loader) { pages += 1 }
        #expect(pages == 5)
        let offsets = Set(await log.keys.compactMap { if case .offset(let offset) = $0 { offset } else { nil } })
        #expect(offsets == [0, 10, 20, 30, 40])
    }

    @Test func aPageKeyIsWrittenAsAOneFieldObject() throws {
        let keys: [PageKey] = [.first, .number(3), .offset(60), .after("dXNl"), .before("b"), .url(URL(string: "https://api.example/p?page=2")!)]
        let data = try JSONEncoder().encode(keys)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#"{"number":3}"#))
        #expect(text.contains(#"{"after":"dXNl"}"#))
        #expect(try JSONDecoder().decode([PageKey].self, from: data) == keys)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PageKey.self, from: Data(#"{"number":1,"offset":2}"#.utf8)) }
    }

    @Test func deliveredIdentitiesKeep64BitIDsExactly() throws {
        let identities = TypedDeliveredIdentities<Int, Int> { $0 }
        let big = Int.max - 1
        #expect(identities.insert(big))
        #expect(!identities.insert(big))
        let restored = TypedDeliveredIdentities<Int, Int> { $0 }
        try restored.restore(try #require(identities.snapshot()))
        #expect(!restored.insert(big), "restored from the snapshot, exactly")
        #expect(restored.insert(big - 1))
    }
}
