import Foundation

/// A fixed scroll trace: what the user does, step by step.
struct ScrollTrace {
    /// One thing the user does.
    enum Step {
        /// Open the list at `row` and wait until it shows content.
        case start(row: Int)
        /// Scroll `rows` rows (negative: up) at `rowsPerSecond`, waiting at the end
        /// of the content when it runs out.
        case scroll(rows: Int, rowsPerSecond: Double)
        /// Flick: the content glides `rows` rows, slowing down as UIScrollView
        /// does. If the content ends first, the user drags on at 25 rows/s.
        case fling(rows: Int, deceleration: Deceleration = .normal)
        /// Flick as ``fling(rows:deceleration:)``, then catch it after
        /// `caughtAfter` seconds (the finger stops the glide where it is), hold the
        /// finger still for `hold` seconds, and lift it without moving.
        case caughtFling(rows: Int, caughtAfter: Double, hold: Double)
        /// Stay still.
        case pause(seconds: Double)
    }

    /// UIScrollView's deceleration rates: the velocity is multiplied by this
    /// factor every millisecond.
    enum Deceleration {
        /// `UIScrollView.DecelerationRate.normal`: 0.998 per ms (a glide of about 4 s).
        case normal
        /// `UIScrollView.DecelerationRate.fast`: 0.99 per ms (under a second).
        case fast

        /// The exponential decay rate of the velocity, per second.
        var ratePerSecond: Double {
            switch self {
            case .normal: -log(0.998) * 1_000
            case .fast: -log(0.99) * 1_000
            }
        }
    }

    var name: String
    var steps: [Step]

    /// Every trace of the benchmark, over a list of 10,000 rows.
    static let all: [ScrollTrace] = [
        ScrollTrace(
            name: "steady reading, 8 rows/s",
            steps: [
                .start(row: 0), .scroll(rows: 960, rowsPerSecond: 8),
            ]),
        ScrollTrace(
            name: "thumbing through, 25 rows/s",
            steps: [
                .start(row: 0), .scroll(rows: 3_000, rowsPerSecond: 25),
            ]),
        ScrollTrace(
            name: "fling of 2,000 rows",
            steps: [
                .start(row: 0), .scroll(rows: 40, rowsPerSecond: 8), .fling(rows: 2_000), .scroll(rows: 60, rowsPerSecond: 8),
            ]),
        ScrollTrace(
            name: "fling of 2,000 rows, fast deceleration",
            steps: [
                .start(row: 0), .scroll(rows: 40, rowsPerSecond: 8), .fling(rows: 2_000, deceleration: .fast),
                .scroll(rows: 60, rowsPerSecond: 8),
            ]),
        ScrollTrace(
            name: "scroll back up",
            steps: [
                .start(row: 0), .scroll(rows: 1_500, rowsPerSecond: 25), .scroll(rows: -1_500, rowsPerSecond: 25),
            ]),
        ScrollTrace(
            name: "start in the middle at row 5,000",
            steps: [
                .start(row: 5_000), .scroll(rows: 120, rowsPerSecond: 8), .scroll(rows: -240, rowsPerSecond: 8),
            ]),
        ScrollTrace(
            name: "caught fling: 2,000 rows, caught after 0.5 s, held 2 s",
            steps: [
                .start(row: 0), .scroll(rows: 40, rowsPerSecond: 8), .caughtFling(rows: 2_000, caughtAfter: 0.5, hold: 2),
                .scroll(rows: 60, rowsPerSecond: 8),
            ]),
        ScrollTrace(
            name: "cold start at row 5,035, the viewport across two pages",
            steps: [
                .start(row: 5_035), .pause(seconds: 1), .scroll(rows: 60, rowsPerSecond: 8),
            ]),
    ]

    /// A list scrolled from top to bottom at `rowsPerSecond`.
    static func endToEnd(rows: Int, rowsPerSecond: Double) -> ScrollTrace {
        ScrollTrace(
            name: "end to end, \(rows) rows",
            steps: [
                .start(row: 0), .scroll(rows: rows, rowsPerSecond: rowsPerSecond),
            ])
    }
}
