import PagegenRuntime

/// Chat traces on the real ``PagedList`` (``PagedListOptions/RowOrder/firstPageAtBottom``),
/// its requests answered by a chat's server on the virtual clock. The screen is a table
/// view's: a copy of the rows kept by applying every change, a content offset that follows
/// each change's anchor (and sticks to the bottom when the user is there), 12 rows of
/// 44 pt, 60 frames a second. Counted: an item on two rows, an item missing between the
/// oldest and the newest loaded, a change after which an item on screen is somewhere else
/// on screen (the content moved under the user), a change whose rows are not the list's,
/// the requests sent before the first screen showed, and all requests.
@MainActor
enum ChatTraces {
    /// How a chat's API gives a page's keys.
    enum API {
        /// Every page has both keys (the previous one also at the top, to ask for new
        /// messages later); the first page is the newest one, or the one around
        /// `aroundID`.
        case pairedCursors
        /// Discord's, as specs/chat.pagegen.yaml reads it: both keys from the page's
        /// items (`before=` its oldest id, `after=` its newest), an `around=` first
        /// page, and a short page ends the list in the direction it was asked for (a
        /// short page of newer messages has no previous key).
        case discord
    }

    /// A chat's API: messages newest first, ids growing with time; a page `after` a
    /// message holds the older ones, a page `before` it the newer ones closest to it.
    @MainActor final class Server {
        let pageSize: Int
        let api: API
        /// The messages' ids, newest first.
        private(set) var ids: [Int]
        var aroundID: Int?
        private(set) var answers = 0

        init(messages: Int, pageSize: Int, api: API = .pairedCursors, firstID: Int = 0) {
            self.pageSize = pageSize
            self.api = api
            ids = Array((firstID..<firstID + messages).reversed())
        }

        /// A new message, the newest.
        func post() {
            ids.insert((ids.first ?? -1) + 1, at: 0)
        }

        /// The index of the first message at or older than `id`.
        private func index(atOrOlderThan id: Int) -> Int {
            var low = 0
            var high = ids.count
            while low < high {
                let middle = (low + high) / 2
                if ids[middle] > id { low = middle + 1 } else { high = middle }
            }
            return low
        }

        func answer(_ key: PageKey) -> Page<SimItem> {
            answers += 1
            var start = 0
            var end = min(ids.count, pageSize)
            switch key {
            case .around(let cursor):
                start = max(0, index(atOrOlderThan: Int(cursor)!) - pageSize / 2)
                end = min(ids.count, start + pageSize)
            case .first:
                if let aroundID, api == .pairedCursors {
                    start = max(0, index(atOrOlderThan: aroundID) - pageSize / 2)
                    end = min(ids.count, start + pageSize)
                }
            case .after(let cursor):
                start = index(atOrOlderThan: Int(cursor)! - 1)
                end = min(ids.count, start + pageSize)
            case .before(let cursor):
                end = index(atOrOlderThan: Int(cursor)!)
                start = max(0, end - pageSize)
            default:
                break
            }
            let slice = Array(ids[start..<end])
            if api == .discord { return discordPage(slice, key: key) }
            var previous = key
            if let first = slice.first { previous = .before(String(first)) }
            let next: PageKey? = end < ids.count ? slice.last.map { .after(String($0)) } : nil
            return Page(items: slice.map { SimItem(id: $0) }, key: key, next: next, previous: previous)
        }

        /// A page as a generated client reads Discord's answer: the next key from the
        /// last item unless a short page ends the list going down, the previous key from
        /// the first unless a short page of newer messages ends it going up (the key for
        /// the next check for newer items is there all the same).
        private func discordPage(_ slice: [Int], key: PageKey) -> Page<SimItem> {
            var goingBack = false
            var opensAround = false
            switch key {
            case .before: goingBack = true
            case .around: opensAround = true
            default: break
            }
            let short = slice.count < pageSize
            let next = slice.last.flatMap { goingBack || opensAround || !short ? PageKey.after(String($0)) : nil }
            let previous = slice.first.flatMap { !goingBack || !short ? PageKey.before(String($0)) : nil }
            return Page(
                items: slice.map { SimItem(id: $0) }, key: key, next: next, previous: previous,
                newerItemsKey: slice.first.map { .before(String($0)) })
        }

        /// The loader an app builds over this API (its runner answers the requests).
        var loader: PageLoader<SimItem> {
            var loader = PageLoader<SimItem>(pageSize: pageSize, firstKey: .first, identity: { $0.id }) { _ in
                .failure(APIError(.invalidRequest("answered by the runner")))
            }
            loader.focusItem = aroundID.map { AnyHashable($0) }
            if api == .discord, let aroundID { loader.firstKey = .around(String(aroundID)) }
            return loader
        }
    }

    /// Answers the list's requests from the server after `latency` microseconds on
    /// the virtual clock, as the server's list is then.
    @MainActor final class Runner: PageLoadRunner {
        typealias Item = SimItem
        let server: Server
        let clock: VirtualClock
        let latency: Int
        private var cancelled: Set<Int> = []
        private(set) var requests = 0
        /// The ids of every message an answer brought.
        private var delivered: Set<Int> = []
        /// The keys in flight, and how many requests ask with each.
        private var inFlight: [PageKey: Int] = [:]
        /// Requests whose answer held only messages an earlier answer brought, or
        /// nothing, and requests sent with a key already in flight.
        private(set) var nothingNew: [String] = []
        /// The messages answers brought again (an earlier answer brought them).
        private(set) var itemsAgain = 0
        /// The requests sent before the answer given last (those its answer starts come
        /// after it).
        private(set) var requestsBeforeLastAnswer = 0

        init(server: Server, clock: VirtualClock, latency: Int) {
            self.server = server
            self.clock = clock
            self.latency = latency
        }

        func start(
            _ request: PageLoadRequest, loader: PageLoader<SimItem>, completion: @escaping @MainActor (PageLoadResult<SimItem>) -> Void
        ) {
            requests += 1
            guard case .page(let key) = request.target else { return }
            if inFlight[key, default: 0] > 0 { nothingNew.append("\(key) again while in flight") }
            inFlight[key, default: 0] += 1
            clock.schedule(after: latency) { [self] in
                guard !cancelled.contains(request.id) else { return }
                inFlight[key, default: 1] -= 1
                requestsBeforeLastAnswer = requests
                let page = server.answer(key)
                let ids = page.items.map(\.id)
                itemsAgain += ids.count(where: delivered.contains)
                if ids.allSatisfy(delivered.contains) { nothingNew.append("\(key): \(ids.isEmpty ? "empty" : "\(ids.count) known")") }
                delivered.formUnion(ids)
                completion(.page(.success(page)))
            }
        }

        func cancel(_ request: PageLoadRequest) {
            cancelled.insert(request.id)
            if case .page(let key) = request.target { inFlight[key, default: 1] -= 1 }
        }
    }

    /// What one trace counted.
    struct Line {
        var trace: String
        var latency: Int
        var duplicates = 0
        var missed = 0
        var contentMoves = 0
        var wrongReports = 0
        var requestsBeforeFirstScreen: Int?
        var firstScreenSeconds: Double?
        var requests = 0
        /// The requests that brought nothing new (see ``Runner/nothingNew``).
        var nothingNew: [String] = []
        /// Messages that answers brought again.
        var itemsAgain = 0
        /// ``PagedList/focusRow`` when the first rows showed, and whether it is the row
        /// the list was opened at (the message opened around; none when opened with
        /// `start()`).
        var focusRowRight = true
        var newerShown = 0
    }

    /// The table view: its copy of the rows, its content offset in rows, and what the
    /// reports did to the content on screen.
    @MainActor final class Screen {
        static let rows = 12
        let list: PagedList<SimItem>
        /// The content offset, in rows from the top.
        var offset = 0.0
        /// The rows as the reports say: an item's id, or -1.
        var copy: [Int] = []
        var line: Line

        init(list: PagedList<SimItem>, line: Line) {
            self.list = list
            self.line = line
            list.onChange = { [unowned self] change in apply(change) }
        }

        var visible: Range<Int> {
            let count = list.count
            guard count > 0 else { return 0..<0 }
            let lower = max(0, min(Int(offset.rounded(.down)), count - 1))
            return lower..<min(count, Int((offset + Double(Self.rows)).rounded(.up)))
        }

        var isAtBottom: Bool { offset >= Double(list.count - Self.rows) - 0.5 }

        func scroll(by rows: Double) {
            offset = min(max(0, offset + rows), max(0, Double(list.count - Self.rows)))
        }

        /// Tells the list what is on screen, as `scrollViewDidScroll` does.
        func report() {
            let rows = visible
            guard !rows.isEmpty else { return }
            let anchor = min(Int(offset.rounded(.up)), rows.upperBound - 1)
            if rows != list.visibleRows || anchor != list.anchorRow { list.setVisibleRows(rows, firstFullyVisible: anchor) }
        }

        /// `performBatchUpdates` with the change, the anchor's content kept still, or
        /// the bottom row kept in view when the user was at the bottom.
        func apply(_ change: ListChange) {
            let wasAtBottom = change.countBefore > 0 && offset >= Double(change.countBefore - Self.rows) - 0.5
            // Where each item on screen is, from the top of the viewport.
            var before: [Int: Double] = [:]
            if copy.count == change.countBefore {
                let lower = max(0, Int(offset.rounded(.down)))
                for row in lower..<min(copy.count, lower + Self.rows + 1) where copy[row] >= 0 { before[copy[row]] = Double(row) - offset }
                change.apply(to: &copy) { self.list[$0].item?.id ?? -1 }
            } else {
                line.wrongReports += 1
                copy = (0..<list.count).map { list[$0].item?.id ?? -1 }
            }
            if let anchor = change.anchor { offset += Double(anchor.after - anchor.before) }
            if wasAtBottom {
                offset = max(0, Double(change.countAfter - Self.rows))
            } else if !before.isEmpty {
                var rowOf: [Int: Int] = [:]
                for (row, id) in copy.enumerated() where id >= 0 { rowOf[id] = row }
                if before.contains(where: { id, position in rowOf[id].map { abs(Double($0) - offset - position) > 0.001 } ?? false }) {
                    line.contentMoves += 1
                }
            }
            let actual = (0..<list.count).map { list[$0].item?.id ?? -1 }
            if actual != copy {
                line.wrongReports += 1
                copy = actual
            }
            let ids = copy.filter { $0 >= 0 }
            if Set(ids).count != ids.count { line.duplicates += 1 }
        }

        /// True when every row on screen shows its message.
        var isFull: Bool {
            let rows = visible
            return !rows.isEmpty && rows.allSatisfy { list[$0].isItem }
        }
    }

    /// Runs a trace: the list opens (around `aroundID`, or at the newest), the screen
    /// goes to the focus or the bottom, then `scroll(second)` says how many rows a second
    /// the user scrolls (negative: up), and a message is posted every second (the app
    /// then calls `loadNewerItems()`) when `posts`.
    static func run(
        _ trace: String, latency: Int, server: Server, aroundID: Int?, posts: Bool, seconds: Int, scroll: (Double) -> Double
    ) -> Line {
        let clock = VirtualClock()
        server.aroundID = aroundID
        let runner = Runner(server: server, clock: clock, latency: latency * 1_000)
        let list = PagedList(server.loader, options: PagedListOptions(order: .firstPageAtBottom), runner: runner)
        let screen = Screen(list: list, line: Line(trace: trace, latency: latency))
        list.start()
        let frame = 1_000_000 / 60
        var time = 0
        var placed = false
        var newerShown = 0
        while time < .seconds(Double(seconds)) + .seconds(5) {
            time += frame
            clock.advance(to: time)
            if !placed, list.count > 0 {
                // The first screen: the focus in the middle, or the bottom row at the bottom.
                placed = true
                let expected = aroundID.flatMap { id in (0..<list.count).first { list[$0].item?.id == id } }
                screen.line.focusRowRight = list.focusRow == expected
                screen.offset = list.focusRow.map { Double($0 - Screen.rows / 2) } ?? Double(list.count - Screen.rows)
                screen.scroll(by: 0)
            }
            guard placed else { continue }
            if screen.line.firstScreenSeconds == nil, screen.isFull {
                screen.line.firstScreenSeconds = Double(time) / 1_000_000
                screen.line.requestsBeforeFirstScreen = runner.requestsBeforeLastAnswer
            }
            let second = Double(time) / 1_000_000
            if second < Double(seconds) {
                screen.scroll(by: scroll(second) / 60)
                if posts, time % 1_000_000 < frame {
                    server.post()
                    let waiting = list.newerItemCount
                    list.loadNewerItems()
                    newerShown += max(0, waiting - list.newerItemCount)
                }
            }
            screen.report()
        }
        // The end: the messages that wait show, and everything in flight lands.
        newerShown += list.newerItemCount
        list.showNewerItems()
        clock.advance(to: time + .seconds(5))
        var line = screen.line
        line.requests = runner.requests
        line.nothingNew = runner.nothingNew
        line.itemsAgain = runner.itemsAgain
        line.newerShown = newerShown
        let loaded = Set(screen.copy.filter { $0 >= 0 })
        if let oldest = loaded.min(), let newest = loaded.max() {
            // Every message from the oldest loaded on: up to the newest the server has,
            // when the list reaches the newest end.
            let upper = aroundID == nil ? (server.ids.first ?? newest) : newest
            line.missed = server.ids.count { $0 >= oldest && $0 <= upper && !loaded.contains($0) }
        }
        return line
    }

    static func measure() -> [Line] {
        var lines: [Line] = []
        func paired() -> Server { Server(messages: 5_000, pageSize: 30) }
        func discord() -> Server { Server(messages: 3_000, pageSize: 50, api: .discord, firstID: 1) }
        for latency in [150, 600] {
            lines.append(
                run("newest, up 20 s, a message a second", latency: latency, server: paired(), aroundID: nil, posts: true, seconds: 20) {
                    _ in -30
                })
            lines.append(
                run(
                    "newest, reading there, a message a second", latency: latency, server: paired(), aroundID: nil, posts: true, seconds: 20
                ) {
                    _ in 0
                })
            lines.append(
                run(
                    "around the middle, up 10 s then down 20 s", latency: latency, server: paired(), aroundID: 2_500, posts: false,
                    seconds: 30
                ) {
                    $0 < 10 ? -20 : 20
                })
            lines.append(
                run(
                    "Discord: newest, up 20 s, a message a second", latency: latency, server: discord(), aroundID: nil, posts: true,
                    seconds: 20
                ) {
                    _ in -30
                })
            lines.append(
                run(
                    "Discord: around 1,500, up 10 s then down 20 s", latency: latency, server: discord(), aroundID: 1_500, posts: false,
                    seconds: 30
                ) {
                    $0 < 10 ? -20 : 20
                })
        }
        return lines
    }

    /// Prints the table, and adds the goals to `targets`.
    static func report(targets: inout [(String, Bool)]) {
        let lines = measure()
        print(
            """

            Chat traces (PagedList, first page at the bottom; 5,000 messages, 30 a page, newest first, cursors both ways; \
            Discord: 3,000 messages, 50 a page, cursors from the items, a short page ends the list): \
            open at the newest and scroll up 30 rows/s for 20 s while the server posts a message a second (the app calls \
            loadNewerItems each second), or stay at the newest while it does, or open around a message and scroll up 20 rows/s for 10 s, then down for 20 s. \
            The screen applies every change, keeps the anchor's content still, and sticks to the bottom when there. dup rows: \
            changes after which a message was on two rows. missed: messages between the oldest loaded and the newest, not on \
            a row at the end (after showNewerItems). content moves: changes after which a message on screen was elsewhere on \
            screen. req. before 1st screen: requests sent before every row of the first screen showed its message. \
            nothing new: requests whose answer held only messages an earlier answer brought (or none), or sent with a key \
            already in flight (--details lists them). items again: messages answers brought a second time. focusRow: right \
            when it is the row of the message opened around, or nil for a list opened at the newest.
            """)
        var rows = [
            [
                "trace", "latency", "dup rows", "missed", "content moves", "wrong reports", "req. before 1st screen", "1st screen",
                "requests", "nothing new", "items again", "focusRow", "new shown",
            ]
        ]
        for line in lines {
            rows.append([
                line.trace, "\(line.latency) ms", "\(line.duplicates)", "\(line.missed)", "\(line.contentMoves)", "\(line.wrongReports)",
                line.requestsBeforeFirstScreen.map(String.init) ?? "never", line.firstScreenSeconds.map(Report.seconds) ?? "never",
                "\(line.requests)", "\(line.nothingNew.count)", "\(line.itemsAgain)", line.focusRowRight ? "right" : "wrong",
                "\(line.newerShown)",
            ])
        }
        print(Report.format(rows))
        if CommandLine.arguments.contains("--details") {
            for line in lines where !line.nothingNew.isEmpty {
                print("\(line.trace), \(line.latency) ms: nothing new from \(line.nothingNew.joined(separator: "; "))")
            }
        }
        let failures = lines.reduce(0) { $0 + $1.duplicates + $1.missed + $1.contentMoves + $1.wrongReports }
        targets.append(
            (
                "chat traces: no duplicate row, no missed message, no content move, no wrong report in \(lines.count) runs: \(failures)",
                failures == 0
            ))
        let wasted = lines.reduce(0) { $0 + $1.nothingNew.count }
        let again = lines.reduce(0) { $0 + $1.itemsAgain }
        targets.append(
            (
                "chat traces: requests that brought nothing new in \(lines.count) runs: \(wasted); messages brought again: \(again)",
                wasted == 0 && again == 0
            ))
        let wrongFocus = lines.count { !$0.focusRowRight }
        targets.append(("chat traces: focusRow the row opened at in \(lines.count - wrongFocus) of \(lines.count) runs", wrongFocus == 0))
        let firstScreens = lines.map { $0.requestsBeforeFirstScreen ?? .max }
        targets.append(
            (
                "chat traces: the first screen after one request: \(firstScreens.map { $0 == .max ? "never" : "\($0)" }.joined(separator: ", "))",
                firstScreens.allSatisfy { $0 == 1 }
            ))
    }
}
