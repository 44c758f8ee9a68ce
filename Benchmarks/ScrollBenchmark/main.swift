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

print(
    """
    Scroll benchmark: \(totalRows) rows, \(pageSize) items a page, a 12-row viewport (44 pt rows), 60 frames/s of virtual time.
    UIKit's prefetching is modelled as one screen ahead in the scroll direction. PagedList runs with default options
    (prefetch distance 1 page, drop hysteresis 1 page, 3 concurrent loads, maxLoadedItems \(options.maxLoadedItems)).
    placeholders: share of row appearances without their item. stalled: seconds the user waited at the end of the content.
    1st content: seconds until the start row shows its item. 1st screen: seconds until every row of the first screen does.
    fling fill: seconds from the end of the fling until the viewport at its target is full. caught fill: seconds from catching
    a fling until every row on screen shows its item. wasted: requests cancelled, or answered and never shown. dup: requests
    for a page in flight or held.
    """)

var targets: [(String, Bool)] = []
let serverChangeRows = 100_000

if CommandLine.arguments.contains("--changing-server") {
    ServerChanges.report(rows: serverChangeRows, targets: &targets)
    ServerChanges.finish(targets)
}
if CommandLine.arguments.contains("--chat") {
    ChatTraces.report(targets: &targets)
    ServerChanges.finish(targets)
}
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
                let runName = "\(trace.name), \(latency) ms"
                if trace.name.hasPrefix("steady") || trace.name.hasPrefix("thumbing") {
                    targets.append(
                        ("placeholders under 1% (\(runName)): \(Report.percent(metrics.placeholderShare))", metrics.placeholderShare < 0.01)
                    )
                }
                if trace.name.hasPrefix("start in the middle") || trace.name.hasPrefix("cold start") {
                    let roundTrip = Double(latency) / 1_000 + 0.02
                    let first = metrics.firstContentSeconds ?? .infinity
                    let screen = metrics.startFillSeconds ?? .infinity
                    targets.append(
                        (
                            "first content and a full first screen one round trip after a cold start (\(runName)): "
                                + "\(Report.seconds(first)), \(Report.seconds(screen)), \(metrics.requestsBeforeFirstContent) request(s) before",
                            first <= roundTrip && screen <= roundTrip && metrics.requestsBeforeFirstContent <= 2
                        ))
                }
            }
        }
        if trace.name.hasPrefix("fling") {
            let fill = lines[0].metrics.flingFillSeconds ?? .infinity
            let fillWithout = lines[1].metrics.flingFillSeconds ?? .infinity
            let roundTrip = Double(latency) / 1_000
            targets.append(
                (
                    "viewport full within one round trip after the fling (\(trace.name), \(latency) ms): "
                        + "\(Report.seconds(fill)) with willSettle, \(Report.seconds(fillWithout)) without",
                    fill <= roundTrip && fillWithout <= roundTrip && fill <= fillWithout
                ))
        }
        if trace.name.contains("caught") {
            let with = lines[0].metrics
            let without = lines[1].metrics
            let fill = with.caughtFillSeconds ?? .infinity
            let fillWithout = without.caughtFillSeconds ?? .infinity
            targets.append(
                (
                    "placeholders under a caught fling no worse than without willSettle (\(latency) ms): "
                        + "\(Report.seconds(fill)) until the screen is full with willSettle, \(Report.seconds(fillWithout)) without; "
                        + "\(Report.percent(with.placeholderShare)) against \(Report.percent(without.placeholderShare)) placeholders",
                    fill <= fillWithout + 0.02 && with.placeholderShare <= without.placeholderShare + 0.0001
                ))
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
targets.append(
    (
        "1,000,000 rows end to end within the bound: \(million.peakItems) items held, finished: \(!million.timedOut)",
        million.peakItems <= bound && !million.timedOut
    ))

// The app's changes on a 100,000-row list, every row loaded: wall-clock time (the only
// measurement here not on the virtual clock), against a baseline in the same run.
let changeRows = 100_000
let changeLines = try LocalChanges.measure(rows: changeRows, pageSize: 1_000, repeats: 200)
print(
    "\nLocal changes on a \(changeRows)-row list, every row loaded, 200 of each (wall clock; baseline: reading every row's identifier, as a diffable snapshot does)"
)
print(LocalChanges.table(changeLines))
let slowestMedian = changeLines.dropLast().map(\.median).max() ?? .infinity
targets.append(
    (
        "a local change on \(changeRows) rows applied and reported within a frame (16 ms): median of the slowest kind "
            + String(format: "%.3f ms", slowestMedian),
        slowestMedian < 16
    ))

// A server whose list moves while the user reads, thumbs and refreshes.
ServerChanges.report(rows: serverChangeRows, targets: &targets)

// Chats: the first page at the bottom, newer messages, a list opened around a message.
ChatTraces.report(targets: &targets)

print("\nTargets")
for (description, met) in targets {
    print("\(met ? "met   " : "MISSED") \(description)")
}
if targets.contains(where: { !$0.1 }) {
    exit(1)
}
