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
            return .success(
                Page(
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
        let keys: [PageKey] = [
            .first, .number(3), .offset(60), .after("dXNl"), .before("b"), .url(URL(string: "https://api.example/p?page=2")!),
        ]
        let data = try JSONEncoder().encode(keys)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#"{"number":3}"#))
        #expect(text.contains(#"{"after":"dXNl"}"#))
        #expect(try JSONDecoder().decode([PageKey].self, from: data) == keys)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PageKey.self, from: Data(#"{"number":1,"offset":2}"#.utf8)) }
    }

    @Test func deliveredIdentitiesKeep64BitIDsExactly() throws {
        let identities = TypedDeliveredIdentities<Int, Int>({ $0 }, pages: 8)
        let big = Int.max - 1
        #expect(identities.insert(big))
        #expect(!identities.insert(big))
        let restored = TypedDeliveredIdentities<Int, Int>({ $0 }, pages: 8)
        try restored.restore(try #require(identities.snapshot()))
        #expect(!restored.insert(big), "restored from the snapshot, exactly")
        #expect(restored.insert(big - 1))
    }

    /// An identity type of the app's own, which the set keeps without a copy made for it.
    struct SKU: Hashable, Codable {
        var code: Int
    }

    @Test func identitiesAreKeptForTheLatestPagesOnly() {
        // Int and String have copies of the set's code made for them; other types use the generic one.
        Self.checkLatestPagesOnly { $0 }
        Self.checkLatestPagesOnly { "item-\($0)" }
        Self.checkLatestPagesOnly { SKU(code: $0) }
    }

    /// The rules of ``RecentIdentities`` for identities of type `ID`, made by `id` from 1, 2, 3.
    static func checkLatestPagesOnly<ID: Hashable>(_ id: (Int) -> ID) {
        var recent = RecentIdentities<ID>(pages: 2)
        recent.beginPage()
        let first = [recent.insert(id(1)), recent.insert(id(2))]
        recent.beginPage()
        let second = [recent.insert(id(2)), recent.insert(id(3))]
        recent.beginPage()
        let kept = recent.all
        let third = [recent.insert(id(1))]
        recent.beginPage()
        let repeated = [recent.insert(id(1))]
        recent.beginPage()
        recent.beginPage()
        let afterPagesOfRepeats = [recent.insert(id(1))]
        #expect(first == [true, true], "\(ID.self)")
        #expect(second == [false, true], "2 was seen on the page before (\(ID.self))")
        #expect(kept == [id(3)], "the first page's identities are forgotten (\(ID.self))")
        #expect(third == [true], "an item more pages back than kept is new again (\(ID.self))")
        #expect(repeated == [false], "\(ID.self)")
        #expect(afterPagesOfRepeats == [false], "pages that delivered nothing new do not push the item out (\(ID.self))")
    }

    /// An offset list whose server inserts `inserted` items at the top before every
    /// request, as a busy feed does: each page repeats the last items of the one before.
    static func driftingLoader(total: Int, pageSize: Int, inserted: Int) -> PageLoader<Int> {
        let requests = KeyLog()
        return PageLoader(pageSize: pageSize, firstKey: .offset(0), identity: { $0 }) { key in
            await requests.add(key)
            guard case .offset(let start) = key else { return .failure(APIError(.invalidRequest("\(key)"))) }
            // After n requests, item i sits at row i + n * inserted (new items are negative).
            let shift = await requests.keys.count * inserted
            let rows = start..<min(start + pageSize, total + shift)
            let items = rows.map { $0 - shift }
            return .success(Page(items: items, key: key, next: rows.upperBound < total + shift ? .offset(rows.upperBound) : nil))
        }
    }

    @Test func aLongWalkKeepsTheIdentitiesOfTheLatestPagesAndStillDeliversShiftedItemsOnce() async throws {
        var loader = Self.driftingLoader(total: 20_000, pageSize: 50, inserted: 3)
        loader.deduplicationPages = 4
        var items: [Int] = []
        var iterator = ItemSequence(loader).makeAsyncIterator()
        while let item = try await iterator.next() {
            items.append(item)
        }
        let old = items.filter { $0 >= 0 }
        #expect(old == Array(0..<20_000), "every item that was there at the start, once, in order")
        #expect(Set(items).count == items.count, "no item twice")
        let kept = try JSONDecoder().decode([Int].self, from: Data(try #require(iterator.identities?.snapshot()).utf8))
        #expect(kept.count <= 4 * 50, "the identities of 4 pages at most, not of the \(items.count) items")
    }

    /// Follows the cursor chain c0, c1, … where the cursor after `c(loopEnd - 1)` is
    /// `c(loopStart)`; returns how many keys were followed when the loop was seen.
    static func stepsUntilTheLoopIsSeen(loopStart: Int, loopEnd: Int) -> Int? {
        var followed = FollowedKeys()
        var current = 0
        for step in 1...1_000_000 {
            followed.insert(.after("c\(current)"))
            let following = current + 1 == loopEnd ? loopStart : current + 1
            if followed.contains(.after("c\(following)")) { return step }
            current = following
        }
        return nil
    }

    @Test func aShortLoopIsSeenWhenItFirstComesBack() {
        #expect(Self.stepsUntilTheLoopIsSeen(loopStart: 3, loopEnd: 8) == 8)
        #expect(Self.stepsUntilTheLoopIsSeen(loopStart: 0, loopEnd: 1) == 1, "a cursor that repeats itself")
    }

    @Test func aLoopLongerThanTheKeysKeptIsStillSeenSoon() throws {
        let steps = try #require(Self.stepsUntilTheLoopIsSeen(loopStart: 10, loopEnd: 2_510))
        #expect(steps <= 3 * 2_510, "seen within a few rounds of a 2,500-page loop, after \(steps) pages")
    }

    @Test func theKeysKeptDoNotGrowWithTheList() {
        var followed = FollowedKeys()
        for index in 0..<100_000 { followed.insert(.after("c\(index)")) }
        #expect(followed.keys.count <= FollowedKeys.recentLimit + 1)
        #expect(followed.contains(.after("c99999")))
        #expect(!followed.contains(.after("c50")))
    }
}
