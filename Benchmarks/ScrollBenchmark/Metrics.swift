/// What one run of a trace measured.
struct Metrics {
    /// Rows that came on screen.
    var appearances = 0
    /// Of those, rows that came on screen without their item.
    var placeholderAppearances = 0
    /// Seconds the user wanted to scroll on but the content had ended.
    var stalledSeconds = 0.0
    /// Seconds from opening the list to its start row showing content.
    var firstContentSeconds: Double?
    /// Requests sent before the start row showed content.
    var requestsBeforeFirstContent = 0
    /// Seconds from opening the list to every row of the first screen showing content.
    var startFillSeconds: Double?
    /// Seconds from catching a fling until every row on screen shows content.
    var caughtFillSeconds: Double?
    /// Seconds from the end of the fling until the viewport at its target is full.
    var flingFillSeconds: Double?
    /// Requests sent.
    var requests = 0
    /// Requests cancelled, or answered and never shown.
    var wasted = 0
    /// Requests for something in flight or held already.
    var duplicates = 0
    /// The most items held at once.
    var peakItems = 0
    /// Seconds of simulated time.
    var duration = 0.0
    /// True when the trace did not finish within the time limit.
    var timedOut = false

    /// The share of row appearances that showed a placeholder.
    var placeholderShare: Double {
        appearances == 0 ? 0 : Double(placeholderAppearances) / Double(appearances)
    }
}
