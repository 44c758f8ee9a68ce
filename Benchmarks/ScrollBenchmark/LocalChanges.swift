import Foundation
import PagegenRuntime

/// The app's changes on a long, fully loaded list: how long one local change takes,
/// applied and reported, against the cost of what an app without exact reports does
/// instead (read every row's identifier for a diffable snapshot), measured in the same
/// run on the same list.
@MainActor
enum LocalChanges {
    /// One measured kind of change.
    struct Line {
        var name: String
        /// The slowest and the median time of one change, in milliseconds.
        var slowest: Double
        var median: Double
    }

    /// Answers every request at once, outside `start` (as a runner must).
    final class InstantRunner: PageLoadRunner {
        typealias Item = SimItem

        let catalog: Catalog
        private var pending: [(PageLoadRequest, @MainActor (PageLoadResult<SimItem>) -> Void)] = []

        init(catalog: Catalog) {
            self.catalog = catalog
        }

        func start(
            _ request: PageLoadRequest, loader: PageLoader<SimItem>,
            completion: @escaping @MainActor (PageLoadResult<SimItem>) -> Void
        ) {
            pending.append((request, completion))
        }

        func cancel(_ request: PageLoadRequest) {
            pending.removeAll { $0.0.id == request.id }
        }

        /// Answers the requests in flight, and those their answers start, until none is left.
        func drain() {
            while !pending.isEmpty {
                let (request, completion) = pending.removeFirst()
                completion(.page(.success(catalog.page(request.pageIndex ?? 0))))
            }
        }
    }

    /// A list of `rows` rows, every one loaded.
    static func loadedList(rows: Int, pageSize: Int) -> PagedList<SimItem> {
        let catalog = Catalog(total: rows, pageSize: pageSize)
        let runner = InstantRunner(catalog: catalog)
        let options = PagedListOptions(maxLoadedItems: rows * 2)
        let list = PagedList(catalog.loader, options: options, runner: runner)
        list.start()
        runner.drain()
        list.prefetch(rows: stride(from: 0, to: rows, by: pageSize))
        runner.drain()
        precondition(list.loadedItemCount == rows, "the list holds \(list.loadedItemCount) of \(rows) items")
        list.setVisibleRows(rows / 2..<rows / 2 + 12)
        runner.drain()
        return list
    }

    /// Milliseconds `body` takes.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let elapsed = start.duration(to: clock.now)
        return Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
    }

    static func line(_ name: String, _ samples: [Double]) -> Line {
        let sorted = samples.sorted()
        return Line(name: name, slowest: sorted.last ?? 0, median: sorted[sorted.count / 2])
    }

    /// Measures `repeats` changes of each kind on a list of `rows` rows.
    static func measure(rows: Int, pageSize: Int, repeats: Int) throws -> [Line] {
        let list = loadedList(rows: rows, pageSize: pageSize)
        var reports = 0
        list.onChange = { change in reports += change.isEmpty ? 0 : 1 }
        var random = SplitMix(seed: 42)
        var nextID = rows * 10
        var inserts: [Double] = []
        var removals: [Double] = []
        var moves: [Double] = []
        var updates: [Double] = []
        var snapshots: [Double] = []
        for _ in 0..<repeats {
            let row = Int(random.next() % UInt64(list.count))
            let item = SimItem(id: nextID)
            nextID += 1
            inserts.append(try time { try list.insert(item, at: row) })
            let victim = list[Int(random.next() % UInt64(list.count))].item!.id
            removals.append(time { _ = list.remove(id: victim) })
            let mover = list[Int(random.next() % UInt64(list.count))].item!.id
            let target = Int(random.next() % UInt64(list.count))
            moves.append(try time { try list.move(id: mover, to: target) })
            let updated = list[Int(random.next() % UInt64(list.count))].item!
            updates.append(time { list.update(updated) })
            var ids: [ListRowID] = []
            snapshots.append(time { ids = (0..<list.count).map(list.rowID(at:)) })
            precondition(ids.count == list.count)
        }
        precondition(reports == 4 * repeats, "every change is reported: \(reports) of \(4 * repeats)")
        return [
            line("insert(_:at:)", inserts), line("remove(id:)", removals), line("move(id:to:)", moves),
            line("update(_:)", updates), line("baseline: every row's identifier", snapshots),
        ]
    }

    /// The table of `lines`.
    static func table(_ lines: [Line]) -> String {
        let baseline = lines.last?.median ?? 1
        var text = "change                            median ms  slowest ms  median / baseline\n"
        for line in lines {
            let name = line.name.padding(toLength: 32, withPad: " ", startingAt: 0)
            let median = String(format: "%9.3f", line.median)
            let slowest = String(format: "%10.3f", line.slowest)
            let ratio = String(format: "%17.4f", line.median / baseline)
            text += "\(name)  \(median)  \(slowest)  \(ratio)\n"
        }
        return text
    }
}

/// SplitMix64: reproducible choices of rows.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
