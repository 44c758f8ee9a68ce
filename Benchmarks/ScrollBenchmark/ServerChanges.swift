import Foundation
import PagegenRuntime

/// A server whose list moves while the user reads: before every answer it inserts
/// items at the top, removes items and edits items (chosen with a fixed seed), on a
/// list of 100,000 rows. The user reads down, thumbs, and refreshes mid-list. The
/// table counts what must never happen (an item on two rows, an item present
/// throughout that a stretch read skipped, an anchor item off its screen row after a
/// refresh, a change report that does not give the list's rows) and times how long
/// the list takes to take in one answer, against reading every row's identifier once
/// in the same run.
@MainActor
enum ServerChanges {
    /// An item of the changing list: its id, and how often the server edited it.
    struct Item: Sendable, Hashable {
        var id: Int
        var version: Int
    }

    /// How the API pages.
    enum Style: String, CaseIterable {
        case pageNumbers = "page numbers, total"
        case cursors = "cursors, no total"
    }

    /// The server's list: every item ever listed, newest inserted first, with the
    /// removed ones marked, so that a cursor naming a removed item finds its place.
    @MainActor final class Server {
        struct Entry {
            var id: Int
            var version: Int
            var removed: Bool
        }

        let pageSize: Int
        let inserts: Int
        let removals: Int
        let edits: Int
        private(set) var entries: [Entry]
        /// The positions in `entries` of the items present, ascending.
        private(set) var present: [Int] = []
        private var positionOfID: [Int: Int] = [:]
        private var random = SplitMix(seed: 2_024)
        private var nextID: Int
        /// Answers given.
        private(set) var answers = 0

        init(rows: Int, pageSize: Int, inserts: Int, removals: Int, edits: Int) {
            self.pageSize = pageSize
            self.inserts = inserts
            self.removals = removals
            self.edits = edits
            entries = (0..<rows).map { Entry(id: $0, version: 0, removed: false) }
            nextID = rows
            reindex()
        }

        /// The ids of the items present, in list order.
        var ids: [Int] { present.map { entries[$0].id } }

        private func reindex() {
            present = entries.indices.filter { !entries[$0].removed }
            positionOfID = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.id, $0) })
        }

        /// What the server does before answering: inserts at the top, removes and edits.
        func change() {
            let new = (0..<inserts).map { Entry(id: nextID + $0, version: 0, removed: false) }
            nextID += inserts
            entries.insert(contentsOf: new.reversed(), at: 0)
            reindex()
            for _ in 0..<removals where !present.isEmpty {
                let victim = Int(random.next() % UInt64(present.count))
                entries[present.remove(at: victim)].removed = true
            }
            for _ in 0..<edits where !present.isEmpty {
                entries[present[Int(random.next() % UInt64(present.count))]].version += 1
            }
        }

        private func item(at presentIndex: Int) -> Item {
            let entry = entries[present[presentIndex]]
            return Item(id: entry.id, version: entry.version)
        }

        /// The first place in `present` at or after position `position` of `entries`.
        private func presentIndex(from position: Int) -> Int {
            var low = 0
            var high = present.count
            while low < high {
                let middle = (low + high) / 2
                if present[middle] < position { low = middle + 1 } else { high = middle }
            }
            return low
        }

        /// Answers `key`, after changing the list.
        func answer(_ key: PageKey) -> Result<Page<Item>, APIError> {
            change()
            answers += 1
            switch key {
            case .number(let number):
                let start = min(present.count, number * pageSize)
                let end = min(present.count, start + pageSize)
                return .success(
                    Page(
                        items: (start..<end).map(item(at:)), key: key, next: end < present.count ? .number(number + 1) : nil,
                        previous: number > 0 ? .number(number - 1) : nil, total: present.count, firstRow: start))
            case .first, .after, .before:
                var start = 0
                var end = min(present.count, pageSize)
                if case .after(let text) = key, let id = Int(text), let position = positionOfID[id] {
                    // After an item: from the next present item after its place, removed or not.
                    start = presentIndex(from: position + 1)
                    end = min(present.count, start + pageSize)
                } else if case .before(let text) = key, let id = Int(text), let position = positionOfID[id] {
                    end = presentIndex(from: position)
                    start = max(0, end - pageSize)
                }
                let items = (start..<end).map(item(at:))
                return .success(
                    Page(
                        items: items, key: key,
                        next: end < present.count ? items.last.map { .after(String($0.id)) } : nil,
                        previous: start > 0 ? items.first.map { .before(String($0.id)) } : nil))
            default:
                return .failure(APIError(.invalidRequest("\(key)")))
            }
        }

        /// The loader an app would build over this API (the runner answers its requests).
        func loader(_ style: Style) -> PageLoader<Item> {
            let unused: @Sendable (PageKey) async -> Result<Page<Item>, APIError> = { _ in
                .failure(APIError(.invalidRequest("answered by the runner")))
            }
            return switch style {
            case .pageNumbers:
                PageLoader(pageSize: pageSize, firstKey: .number(0), keyForPageIndex: { .number($0) }, identity: { $0.id }, load: unused)
            case .cursors:
                PageLoader(pageSize: pageSize, firstKey: .first, identity: { $0.id }, load: unused)
            }
        }
    }

    /// Answers the list's requests from the server when told, timing how long the list
    /// takes to take in each answer; checks the reports after the timing.
    @MainActor final class Runner: PageLoadRunner {
        let server: Server
        private var pending: [(PageLoadRequest, @MainActor (PageLoadResult<Item>) -> Void)] = []
        /// Milliseconds the list took to take in each answer, its reports included.
        var answerTimes: [Double] = []
        /// Runs after each answer, outside the timing.
        var afterAnswer: () -> Void = {}

        init(server: Server) {
            self.server = server
        }

        func start(
            _ request: PageLoadRequest, loader: PageLoader<Item>, completion: @escaping @MainActor (PageLoadResult<Item>) -> Void
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
                guard case .page(let key) = request.target else { continue }
                let answer = server.answer(key)
                answerTimes.append(LocalChanges.time { completion(.page(answer)) })
                afterAnswer()
            }
        }
    }

    /// What one trace found.
    struct Line {
        var trace: String
        var style: Style
        var answers: Int
        var reports: Int
        var duplicateSteps: Int
        var wrongReports: Int
        var missed: Int
        var seen: Int
        var refreshes: Int
        var anchorMoves: Int
        var median: Double
        var slowest: Double
        var baseline: Double
    }

    /// The user: a screen whose top row follows the reports' anchors, and a copy of the
    /// rows kept by applying every report.
    @MainActor final class User {
        let list: PagedList<Item>
        let runner: Runner
        var top = 0
        var copy: [Int] = []
        var changes: [ListChange] = []
        var reports = 0
        var wrongReports = 0
        var duplicateSteps = 0
        var stretches: [[Int]] = [[]]
        var refreshes = 0
        var anchorMoves = 0
        static let screen = 12

        init(list: PagedList<Item>, runner: Runner) {
            self.list = list
            self.runner = runner
            list.onChange = { [unowned self] change in changes.append(change) }
            runner.afterAnswer = { [unowned self] in check() }
        }

        /// Every row: its item's id, or -1 for a row without its item (those rows are
        /// identified by position, so their identifiers are not compared).
        func rows() -> [Int] { (0..<list.count).map { list[$0].item?.id ?? -1 } }

        /// Applies the reports of the last answer to the copy and compares it with the rows;
        /// looks for an item on two rows.
        func check() {
            guard !changes.isEmpty else { return }
            for change in changes {
                reports += 1
                if let anchor = change.anchor { top += anchor.after - anchor.before }
                guard copy.count == change.countBefore else {
                    wrongReports += 1
                    copy = rows()
                    continue
                }
                change.apply(to: &copy) { list[$0].item?.id ?? -1 }
            }
            changes = []
            let actual = rows()
            if actual != copy {
                wrongReports += 1
                copy = actual
            }
            var ids = Set<Int>()
            for row in 0..<list.count {
                if let item = list[row].item, !ids.insert(item.id).inserted {
                    duplicateSteps += 1
                    break
                }
            }
        }

        var screenRows: Range<Int> { max(0, min(top, list.count - 1))..<max(0, min(top + Self.screen, list.count)) }

        /// Shows row `row` at the top of the screen, lets the server answer, and notes what is on screen.
        func show(_ row: Int) {
            top = row
            for _ in 0..<20 {
                let rows = screenRows
                list.setVisibleRows(rows)
                runner.drain()
                if screenRows == rows, rows.allSatisfy({ list[$0].item != nil }) { break }
            }
            for row in screenRows { if let item = list[row].item { stretches[stretches.count - 1].append(item.id) } }
        }

        /// Refreshes mid-list: the anchor item stays on its screen row unless the server removed it.
        func refresh(server: Server) {
            guard let anchorRow = list.anchorRow, let anchor = list[anchorRow].item?.id else { return }
            let offset = anchorRow - top
            list.refresh()
            runner.drain()
            show(top)
            refreshes += 1
            let row = top + offset
            if row >= list.count || list[row].item?.id != anchor, server.ids.contains(anchor) { anchorMoves += 1 }
        }
    }

    /// Runs one trace: `read` drives the user.
    static func run(_ trace: String, _ style: Style, rows: Int, _ read: (User, Server) -> Void) -> Line {
        let server = Server(rows: rows, pageSize: 30, inserts: 2, removals: 2, edits: 3)
        let initial = Set(server.ids)
        let runner = Runner(server: server)
        let list = PagedList(server.loader(style), options: PagedListOptions(), runner: runner)
        let user = User(list: list, runner: runner)
        list.start()
        runner.drain()
        read(user, server)

        // Items present throughout, in the server's order, between the first and the last
        // seen in a stretch, were all seen.
        let throughout = server.ids.filter { initial.contains($0) }
        let place = Dictionary(uniqueKeysWithValues: throughout.enumerated().map { ($1, $0) })
        var missed = 0
        for stretch in user.stretches {
            let places = stretch.compactMap { place[$0] }
            guard let first = places.min(), let last = places.max() else { continue }
            let seen = Set(stretch)
            missed += throughout[first...last].count { !seen.contains($0) }
        }
        var baselines: [Double] = []
        for _ in 0..<9 {
            var ids: [ListRowID] = []
            baselines.append(LocalChanges.time { ids = (0..<list.count).map(list.rowID(at:)) })
            precondition(ids.count == list.count)
        }
        let times = runner.answerTimes.sorted()
        return Line(
            trace: trace, style: style, answers: server.answers, reports: user.reports, duplicateSteps: user.duplicateSteps,
            wrongReports: user.wrongReports, missed: missed, seen: Set(user.stretches.joined()).count, refreshes: user.refreshes,
            anchorMoves: user.anchorMoves, median: times[times.count / 2], slowest: times.last ?? 0,
            baseline: baselines.sorted()[baselines.count / 2])
    }

    /// Every trace, with both styles.
    static func measure(rows: Int) -> [Line] {
        var lines: [Line] = []
        for style in Style.allCases {
            lines.append(
                run("read down, refresh mid-list", style, rows: rows) { user, server in
                    for step in 0..<120 {
                        user.show(user.top + User.screen)
                        if step == 60 || step == 119 { user.refresh(server: server) }
                    }
                })
            lines.append(
                run("thumb, read, refresh", style, rows: rows) { user, server in
                    var random = SplitMix(seed: 7)
                    for _ in 0..<8 {
                        // Thumbing: a jump far down (as far as a cursor list has rows).
                        user.stretches.append([])
                        let jump = Int(random.next() % UInt64(rows / 10)) + 500
                        user.show(min(user.top + jump, max(0, user.list.count - User.screen)))
                        for _ in 0..<10 { user.show(user.top + User.screen) }
                        user.refresh(server: server)
                    }
                })
        }
        return lines
    }

    /// The table of `lines`.
    static func table(_ lines: [Line]) -> String {
        var text = "trace                        API                  answers  seen  dup rows  missed  anchor moves  wrong reports"
        text += "  median ms  slowest ms  median/base  slowest/base\n"
        for line in lines {
            text += line.trace.padding(toLength: 29, withPad: " ", startingAt: 0)
            text += line.style.rawValue.padding(toLength: 20, withPad: " ", startingAt: 0)
            text += String(
                format: "%8d  %4d  %8d  %6d  %5d of %-4d  %13d", line.answers, line.seen, line.duplicateSteps, line.missed,
                line.anchorMoves, line.refreshes, line.wrongReports)
            text += String(
                format: "  %9.3f  %10.3f  %11.3f  %12.3f\n", line.median, line.slowest, line.median / line.baseline,
                line.slowest / line.baseline)
        }
        return text
    }
}

extension ServerChanges {
    /// Measures every trace on `rows` rows, prints the table, and adds the goals to `targets`.
    static func report(rows: Int, targets: inout [(String, Bool)]) {
        let lines = measure(rows: rows)
        print(
            """

            A server whose list moves: before every answer it inserts 2 items at the top, removes 2 and edits 3 (fixed seed), \
            on a \(rows)-row list, 30 items a page. The user reads down a screen at a time, or thumbs far ahead and reads there, \
            and refreshes mid-list. dup rows: answers after which an item was on two rows. missed: items present throughout, \
            between the first and the last seen in a stretch read, never seen. anchor moves: refreshes after which the anchor \
            item (still on the server) was not on its screen row. wrong reports: answers whose reports, applied to an array, \
            did not give the list's rows. Times (wall clock): one answer taken in and reported; baseline: reading every row's \
            identifier once, in the same run.
            """)
        print(table(lines))
        let failures = lines.reduce(0) { $0 + $1.duplicateSteps + $1.missed + $1.anchorMoves + $1.wrongReports }
        targets.append(
            (
                "a moving server on \(rows) rows: no duplicate row, no missed item, no anchor move, no wrong report in "
                    + "\(lines.count) traces: \(failures)",
                failures == 0
            ))
    }

    /// Prints `targets` and exits with 1 when one is missed.
    static func finish(_ targets: [(String, Bool)]) -> Never {
        print("\nTargets")
        for (description, met) in targets {
            print("\(met ? "met   " : "MISSED") \(description)")
        }
        exit(targets.contains { !$0.1 } ? 1 : 0)
    }
}
