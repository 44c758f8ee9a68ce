import Foundation
import PagegenRuntime

// A deterministic scroll benchmark: fixed traces, a simulated server with a fixed
// latency, a virtual clock. The same traces run through PagedList (the real one,
// with its requests on the virtual clock) and through the approaches it replaces.

let totalRows = 10_000
let pageSize = 30
let latencies = [150, 600]
let options = PagedListOptions()

/// Runs `trace` through `implementation` with pages answering after `latency` ms.
@MainActor
func run(
    _ trace: ScrollTrace, _ implementation: Implementation, latency: Int, rows: Int = totalRows,
    timeLimit: Int = .seconds(1_500)
) -> Metrics {
    let clock = VirtualClock()
    let server = SimulatedServer(catalog: Catalog(total: rows, pageSize: pageSize), latency: latency * 1_000, clock: clock)
    let adapter = implementation.make(server: server)
    return ScrollSimulation(trace: trace, adapter: adapter, server: server, clock: clock, timeLimit: timeLimit).run()
}

print("""
Scroll benchmark: \(totalRows) rows, \(pageSize) items a page, a 12-row viewport (44 pt rows), 60 frames/s of virtual time.
UIKit's prefetching is modelled as one screen ahead in the scroll direction. PagedList runs with default options
(prefetch distance 1 page, drop hysteresis 1 page, 3 concurrent loads, maxLoadedItems \(options.maxLoadedItems)).
placeholders: share of row appearances without their item. stalled: seconds the user waited at the end of the content.
1st content: seconds until the start row shows its item. fling fill: seconds from the end of the fling until the viewport
at its target is full. wasted: requests cancelled, or answered and never shown. dup: requests for a page in flight or held.
""")

var targets: [(String, Bool)] = []
var pagedListRuns: [(trace: String, latency: Int, metrics: Metrics)] = []

for trace in ScrollTrace.all {
    for latency in latencies {
        var lines: [Report.Line] = []
        for implementation in Implementation.allCases {
            let metrics = run(trace, implementation, latency: latency)
            lines.append(Report.Line(name: implementation.name, metrics: metrics))
            if implementation.isPagedList {
                pagedListRuns.append((trace.name, latency, metrics))
            }
            if implementation == .pagedList {
                let where_ = "\(trace.name), \(latency) ms"
                if trace.name.hasPrefix("steady") || trace.name.hasPrefix("thumbing") {
                    targets.append(("placeholders under 1% (\(where_)): \(Report.percent(metrics.placeholderShare))", metrics.placeholderShare < 0.01))
                }
                if trace.name.hasPrefix("start in the middle") {
                    targets.append(("first content at row 5,000 after one request (\(latency) ms): \(metrics.requestsBeforeFirstContent) request(s), \(Report.seconds(metrics.firstContentSeconds ?? -1))", metrics.requestsBeforeFirstContent == 1))
                }
            }
        }
        if trace.name.hasPrefix("fling") {
            let fill = lines[0].metrics.flingFillSeconds ?? .infinity
            let fillWithout = lines[1].metrics.flingFillSeconds ?? .infinity
            let roundTrip = Double(latency) / 1_000
            targets.append((
                "viewport full within one round trip after the fling (\(trace.name), \(latency) ms): "
                    + "\(Report.seconds(fill)) with willSettle, \(Report.seconds(fillWithout)) without",
                fill <= roundTrip && fillWithout <= roundTrip && fill <= fillWithout))
        }
        print("\n\(trace.name): \(latency) ms a page")
        print(Report.table(lines))
    }
}

let bound = options.maxLoadedItems + pageSize

// A million rows, scrolled from top to bottom.
let millionRows = 1_000_000
let speed = 100.0
let endToEnd = ScrollTrace.endToEnd(rows: millionRows - 12, rowsPerSecond: speed)
let million = run(endToEnd, .pagedList, latency: 150, rows: millionRows, timeLimit: .seconds(20_000))
print("\n1,000,000 rows scrolled end to end at \(Int(speed)) rows/s, 150 ms a page")
print(Report.table([Report.Line(name: "PagedList", metrics: million)]))
pagedListRuns.append(("1,000,000 rows end to end", 150, million))

let duplicates = pagedListRuns.reduce(0) { $0 + $1.metrics.duplicates }
let mostHeld = pagedListRuns.map(\.metrics.peakItems).max() ?? 0
targets.append(("no duplicate request in any of the \(pagedListRuns.count) PagedList runs: \(duplicates)", duplicates == 0))
targets.append(("at most maxLoadedItems + one page (\(bound)) held in any PagedList run: \(mostHeld)", mostHeld <= bound))
targets.append(("1,000,000 rows end to end within the bound: \(million.peakItems) items held, finished: \(!million.timedOut)", million.peakItems <= bound && !million.timedOut))

print("\nTargets")
for (description, met) in targets {
    print("\(met ? "met   " : "MISSED") \(description)")
}
if targets.contains(where: { !$0.1 }) {
    exit(1)
}
