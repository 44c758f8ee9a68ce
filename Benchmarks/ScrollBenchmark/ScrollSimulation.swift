import Foundation

/// Plays a ``ScrollTrace`` against one list implementation at 60 frames per
/// second of virtual time, the way a table view would drive it, and measures what
/// the user sees.
@MainActor
final class ScrollSimulation {
    static let frame = 16_667
    static let viewportRows = 12
    /// How fast the user drags on after a fling that ran into the end of the content.
    static let dragOnRowsPerSecond = 25.0
    /// Time the simulation waits after the last step, for answers to come in.
    static let settleTime = Int.seconds(2)

    private let trace: ScrollTrace
    private let adapter: any ScrollAdapter
    private let server: SimulatedServer
    private let clock: VirtualClock
    private let timeLimit: Int

    /// What the user is doing now.
    private enum Activity {
        case starting(row: Int)
        case scrolling(target: Double, rowsPerSecond: Double)
        case flinging(from: Double, target: Double, intended: Double, since: Int, rate: Double, caughtAt: Int?, hold: Int)
        case pausing(until: Int)
        case holding(until: Int)
    }

    init(trace: ScrollTrace, adapter: any ScrollAdapter, server: SimulatedServer, clock: VirtualClock, timeLimit: Int = .seconds(1_500)) {
        self.trace = trace
        self.adapter = adapter
        self.server = server
        self.clock = clock
        self.timeLimit = timeLimit
        server.isHeld = { [unowned adapter] key in adapter.holds(key) }
    }

    func run() -> Metrics {
        var metrics = Metrics()
        var steps = trace.steps + [.pause(seconds: Double(Self.settleTime) / 1_000_000)]
        var activity: Activity?
        var offset = 0.0
        var lastOffset = 0.0
        var shown: Range<Int> = 0..<0
        var prefetcher = UIKitPrefetchModel(viewportRows: Self.viewportRows)
        var sawFirstContent = false
        var flingEnd: Int?
        var flingTarget = 0.0
        var reachedFlingTarget = false
        var firstScreen: Range<Int>?
        var caughtAt: Int?
        var time = 0
        let dt = Double(Self.frame) / 1_000_000

        while true {
            clock.advance(to: time)
            let count = adapter.count
            let maxOffset = Double(max(0, count - Self.viewportRows))

            // What the user does this frame.
            if activity == nil {
                guard !steps.isEmpty else { break }
                activity = begin(steps.removeFirst(), offset: offset, maxOffset: maxOffset, time: time)
                if case .starting(let row)? = activity { firstScreen = row..<row + Self.viewportRows }
            }
            switch activity! {
            case .starting(let row):
                offset = min(Double(row), maxOffset)
            case .scrolling(let target, let speed):
                let step = speed * dt
                var next = target > offset ? min(target, offset + step) : max(target, offset - step)
                if next > offset, next > maxOffset {
                    next = max(offset, maxOffset)
                    if sawFirstContent { metrics.stalledSeconds += dt }
                }
                offset = next
                if offset == target { activity = nil }
            case .flinging(_, _, _, _, _, let catchTime?, let hold) where time >= catchTime:
                // The finger lands: the glide stops where it is.
                adapter.willBeginDragging()
                caughtAt = time
                activity = .holding(until: time + hold)
            case .flinging(let from, let target, let intended, let since, let rate, _, _):
                let elapsed = Double(time - since) / 1_000_000
                var position = from + (target - from) * (1 - exp(-rate * elapsed))
                if abs(target - position) < 0.5 {
                    position = target
                    activity = nil
                    flingEnd = time
                    flingTarget = intended
                    reachedFlingTarget = false
                    if target != intended {
                        steps.insert(.scroll(rows: Int(intended - target), rowsPerSecond: Self.dragOnRowsPerSecond), at: 0)
                    }
                }
                offset = min(position, max(maxOffset, offset))
            case .pausing(let until):
                if time >= until { activity = nil }
            case .holding(let until):
                if time >= until {
                    // The finger lifts without moving: the scroll stays where it is.
                    let top = Int(offset.rounded(.down))
                    adapter.willEndDragging(targetRows: top..<top + Self.viewportRows)
                    activity = nil
                }
            }

            // What the table view does: lay out the visible rows, tell the delegates.
            let top = Int(offset.rounded(.down))
            let visible = top..<max(top, min(count, Int((offset + Double(Self.viewportRows)).rounded(.up))))
            for row in visible where !shown.contains(row) { adapter.willDisplay(row: row) }
            if visible != shown || offset != lastOffset { adapter.didScroll(visible: visible, offset: offset) }
            let direction = offset > lastOffset ? 1 : offset < lastOffset ? -1 : 0
            let (prefetch, cancel) = prefetcher.update(visible: visible, count: count, direction: direction)
            if !cancel.isEmpty { adapter.cancelPrefetch(rows: cancel) }
            if !prefetch.isEmpty { adapter.prefetch(rows: prefetch) }

            // What the user sees.
            var full = !visible.isEmpty
            for row in visible {
                let content = adapter.hasContent(row: row)
                if !shown.contains(row) {
                    metrics.appearances += 1
                    if !content { metrics.placeholderAppearances += 1 }
                }
                if content { server.markShown(row: row) } else { full = false }
            }
            // The rows the list was opened to show, wherever the user scrolled since.
            if let rows = firstScreen, rows.upperBound <= count, rows.allSatisfy(adapter.hasContent(row:)) {
                metrics.startFillSeconds = Double(time) / 1_000_000
                firstScreen = nil
            }
            if let caught = caughtAt, full {
                metrics.caughtFillSeconds = Double(time - caught) / 1_000_000
                caughtAt = nil
            }
            if case .starting(let row)? = activity, visible.contains(row), adapter.hasContent(row: row) {
                sawFirstContent = true
                metrics.firstContentSeconds = Double(time) / 1_000_000
                metrics.requestsBeforeFirstContent = server.requestsSent(before: server.deliveryTime(ofRow: row) ?? time)
                activity = nil
            }
            // After a fling, once the user is where it was taking them: the first
            // frame with every visible row filled.
            if offset >= flingTarget - 0.5 { reachedFlingTarget = true }
            if let end = flingEnd, reachedFlingTarget, full {
                metrics.flingFillSeconds = max(metrics.flingFillSeconds ?? 0, Double(time - end) / 1_000_000)
                flingEnd = nil
            }
            metrics.peakItems = max(metrics.peakItems, adapter.heldItems)

            shown = visible
            lastOffset = offset
            time += Self.frame
            if time > timeLimit {
                metrics.timedOut = true
                break
            }
        }
        metrics.duration = Double(time) / 1_000_000
        metrics.requests = server.requestsSent
        metrics.wasted = server.requestsWasted
        metrics.duplicates = server.duplicates
        return metrics
    }

    /// Starts a step.
    private func begin(_ step: ScrollTrace.Step, offset: Double, maxOffset: Double, time: Int) -> Activity {
        switch step {
        case .start(let row):
            adapter.start(atRows: row..<row + Self.viewportRows)
            return .starting(row: row)
        case .scroll(let rows, let speed):
            return .scrolling(target: max(0, offset + Double(rows)), rowsPerSecond: speed)
        case .fling(let rows, let deceleration):
            return fling(rows: rows, rate: deceleration.ratePerSecond, offset: offset, maxOffset: maxOffset, time: time)
        case .caughtFling(let rows, let caughtAfter, let hold):
            return fling(
                rows: rows, rate: ScrollTrace.Deceleration.normal.ratePerSecond, offset: offset, maxOffset: maxOffset,
                time: time, caughtAt: time + .seconds(caughtAfter), hold: .seconds(hold))
        case .pause(let seconds):
            return .pausing(until: time + .seconds(seconds))
        }
    }

    /// Starts a fling of `rows` rows: UIKit announces where it will stop.
    private func fling(
        rows: Int, rate: Double, offset: Double, maxOffset: Double, time: Int, caughtAt: Int? = nil, hold: Int = 0
    ) -> Activity {
        let intended = max(0, offset + Double(rows))
        let target = min(intended, max(offset, maxOffset))
        let top = Int(target.rounded(.down))
        adapter.willEndDragging(targetRows: top..<top + Self.viewportRows)
        return .flinging(from: offset, target: target, intended: intended, since: time, rate: rate, caughtAt: caughtAt, hold: hold)
    }
}
