import Foundation
import Testing

@_spi(Generated) @testable import PagegenRuntime

/// A row model driven by hand, one input at a time, as ``PagedList`` drives it: each
/// input is a transaction whose edits the change recorder turns into one
/// ``ListChange``, applied to a mirror of the rows. After every input the mirror must
/// be the model's rows: the reports are exact.
struct RowModelHarness {
    var model: RowModel<TestItem>
    var recorder = ChangeRecorder()
    /// The rows as the changes so far say they are.
    private(set) var mirror: [RowSummary] = []
    /// Inputs after which the mirror differed from the rows, with what differed.
    private(set) var mismatches: [String] = []
    /// The changes of the inputs so far.
    private(set) var changes: [ListChange] = []

    /// A model over `loader`, opened as a list opens it.
    init(_ loader: PageLoader<TestItem>) {
        model = RowModel(loader: loader)
        model.open()
        _ = model.takeJournal()
        mirror = rows
    }

    /// What every row shows, the loading row included.
    var rows: [RowSummary] { (0..<model.count).map { RowSummary(model.row(at: $0)) } }

    /// The ids of the loaded rows, in row order (read from the mirror, which every
    /// input checks against the rows).
    var loadedIDs: [Int] { mirror.compactMap { if case .item(let id, _) = $0 { id } else { nil } } }

    /// Runs `input` on the model as one transaction, and checks the change it reports.
    @discardableResult
    mutating func step<Result>(_ what: String, _ input: (inout RowModel<TestItem>) throws -> Result) rethrows -> Result {
        RowTransaction.begin(&recorder, model, count: model.count, trailingRow: model.hasTrailingRow)
        let result = try input(&model)
        let change = RowTransaction.end(&recorder, &model, count: model.count, trailingRow: model.hasTrailingRow)
        let after = model
        if let change {
            changes.append(change)
            if mirror.count == change.countBefore {
                change.apply(to: &mirror) { RowSummary(after.row(at: $0)) }
            } else {
                mismatches.append("after \(what): the change starts from \(change.countBefore) rows, the mirror holds \(mirror.count)")
            }
        }
        let actual = rows
        if mirror != actual {
            let first = zip(mirror, actual).enumerated().first { $0.element.0 != $0.element.1 }
            let difference = first.map { "row \($0.offset): \($0.element.0) reported, \($0.element.1) shown" } ?? "counts differ"
            mismatches.append("after \(what): \(difference)")
            mirror = actual
        }
        return result
    }

    /// The user reads `row` (as the rows are now).
    mutating func setAnchor(_ row: Int) {
        recorder.setAnchor(row, item: model.identity(at: row))
    }
}

extension RowSummary {
    /// What a row that shows `row` reads as.
    init(_ row: ListRow<TestItem>) {
        switch row {
        case .item(let item): self = .item(id: item.id, version: item.version)
        case .placeholder: self = .placeholder
        case .loading: self = .loading
        case .failed: self = .failed
        }
    }
}
