import Foundation

/// Drains one list with every contender, in alternating order, several times,
/// and reports medians and ratios to the hand-written loop measured in the same
/// rounds.
struct Comparison {
    /// A list on the server: a name for the report, its base URL, its length.
    struct List {
        var name: String
        var url: URL
        var pages: Int

        /// `NAME=URL,PAGES`
        init?(parsing text: String) {
            guard let equals = text.firstIndex(of: "="), let comma = text.lastIndex(of: ","), equals < comma,
                let url = URL(string: String(text[text.index(after: equals)..<comma])),
                let pages = Int(text[text.index(after: comma)...]), pages > 0
            else { return nil }
            name = String(text[..<equals])
            self.url = url
            self.pages = pages
        }
    }

    struct Result {
        var list: List
        var runs: Int
        /// Seconds per drain, by contender, in round order.
        var seconds: [Contender: [Double]]
        /// CPU seconds per drain (every thread of the process), by contender.
        var cpu: [Contender: [Double]]
        /// The load average before and after.
        var load: (before: String?, after: String?)
        var allCorrect: Bool

        func print() {
            let items = Double(list.pages * PageFiles.itemsPerPage)
            Swift.print(
                "\n\(list.name): \(list.pages) pages × \(PageFiles.itemsPerPage) items, median of \(runs) alternated runs"
                    + " (load average \(load.before ?? "?") before, \(load.after ?? "?") after)")
            Swift.print(
                pad("contender", 48) + pad("items/s", 12, right: true) + pad("× its loop", 12, right: true)
                    + pad("range × loop", 16, right: true) + pad("CPU ms/1k items", 17, right: true))
            for contender in Contender.allCases {
                guard let times = seconds[contender], !times.isEmpty else { continue }
                // A server check ran once: against the median loop of its library.
                let loop = seconds[contender.baseline] ?? []
                let ratios = contender.isServerCheck ? [median(loop) / times[0]] : zip(loop, times).map { $0 / $1 }
                let rate = items / median(times)
                let ratio = median(ratios)
                let range = String(format: "%.2f–%.2f", ratios.min() ?? 0, ratios.max() ?? 0)
                let cpuPerThousand = median(cpu[contender] ?? []) / items * 1_000_000
                Swift.print(
                    pad(contender.label, 48) + pad(Self.format(rate), 12, right: true)
                        + pad(String(format: "%.2f×", ratio), 12, right: true) + pad(range, 16, right: true)
                        + pad(String(format: "%.1f", cpuPerThousand), 17, right: true))
            }
            for (library, pagesRow, allRow) in [
                ("URLSession", Contender.pages, Contender.all), ("AsyncHTTPClient", .serverPages, .serverAll),
            ] {
                if let pages = seconds[pagesRow], let all = seconds[allRow], let pagesCPU = cpu[pagesRow], let allCPU = cpu[allRow] {
                    let overhead = median(zip(all, pages).map { $0 / $1 - 1 })
                    let cpuOverhead = median(allCPU) / median(pagesCPU) - 1
                    Swift.print(
                        String(
                            format: "\(library): per-item overhead of all… over …Pages: %+.1f%% in time, %+.1f%% in CPU", overhead * 100,
                            cpuOverhead * 100))
                }
            }
            // The two libraries side by side, in the same rounds: > 1 when AsyncHTTPClient drains faster.
            var sideBySide: [String] = []
            for (name, urlSession, server) in [
                ("hand-written loops", Contender.loop, Contender.serverLoop), ("itemsPages", .pages, .serverPages),
                ("allItems", .all, .serverAll), ("transports, 4 at a time", .transportConcurrent, .serverTransportConcurrent),
            ] {
                guard let first = seconds[urlSession], let second = seconds[server], !first.isEmpty, !second.isEmpty else { continue }
                let ratio = urlSession.isServerCheck ? first[0] / second[0] : median(zip(first, second).map { $0 / $1 })
                sideBySide.append(String(format: "%@ %.2f×", name, ratio))
            }
            if !sideBySide.isEmpty {
                Swift.print("AsyncHTTPClient's throughput over URLSession's (same rounds): " + sideBySide.joined(separator: ", "))
            }
            if !allCorrect { Swift.print("ERROR: a drain lost or repeated items (see above)") }
        }

        static func format(_ rate: Double) -> String {
            let formatter = NumberFormatter()
            formatter.numberStyle = .decimal
            formatter.maximumFractionDigits = 0
            return formatter.string(from: NSNumber(value: rate.rounded())) ?? "\(Int(rate))"
        }

        private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            let space = String(repeating: " ", count: max(1, width - text.count))
            return right ? space + text : text + space
        }
    }

    let list: List
    let runs: Int

    /// One warm-up drain per contender (the server checks are measured then, once),
    /// then `runs` rounds of the others; round `r` starts with the `r`-th contender,
    /// so that none always runs first or last.
    @MainActor
    func run() async throws -> Result {
        var seconds: [Contender: [Double]] = [:]
        var cpu: [Contender: [Double]] = [:]
        var correct = true
        let loadBefore = MaxRSS.loadAverage()
        for contender in Contender.allCases {
            guard let (time, cpuTime) = try await check(contender) else {
                correct = false
                continue
            }
            if contender.isServerCheck {
                seconds[contender] = [time]
                cpu[contender] = [cpuTime]
            }
        }
        let contenders = Contender.allCases.filter { !$0.isServerCheck }
        for round in 0..<runs {
            for offset in 0..<contenders.count {
                let contender = contenders[(round + offset) % contenders.count]
                guard let (time, cpuTime) = try await check(contender) else {
                    correct = false
                    continue
                }
                seconds[contender, default: []].append(time)
                cpu[contender, default: []].append(cpuTime)
            }
        }
        return Result(
            list: list, runs: runs, seconds: seconds, cpu: cpu,
            load: (loadBefore, MaxRSS.loadAverage()), allCorrect: correct)
    }

    /// One drain, timed (seconds, CPU seconds); nil (and a message) when it lost or
    /// repeated items.
    @MainActor
    private func check(_ contender: Contender) async throws -> (Double, Double)? {
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = MaxRSS.cpuSeconds()
        let outcome = try await contender.drain(list.url, pages: list.pages)
        let elapsed = clock.now - start
        let cpuTime = MaxRSS.cpuSeconds() - cpuStart
        let expectedItems = list.pages * PageFiles.itemsPerPage
        guard outcome.items == expectedItems, outcome.idSum == PageFiles.idSum(pages: list.pages) else {
            Swift.print(
                "ERROR: \(contender.label) delivered \(outcome.items) items (id sum \(outcome.idSum)); "
                    + "expected \(expectedItems) (id sum \(PageFiles.idSum(pages: list.pages)))")
            return nil
        }
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, cpuTime)
    }
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
