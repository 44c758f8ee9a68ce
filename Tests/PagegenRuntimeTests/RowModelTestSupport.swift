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

/// The row actions as the tests call them, one at a time.
extension RowModel {
    /// The rows.
    var rows: RowList<Item> { core.rows }
    /// True once the last page was loaded.
    var endReached: Bool { core.endReached }

    /// The list opens.
    mutating func open() { _ = apply(.open(total: nil)) }

    /// Places `page` into page `slot`; false when it no longer fits the rows.
    @discardableResult
    mutating func place(_ page: Page<Item>, slot: Int, key: PageKey?, isHead: Bool) -> Bool {
        apply(.place(page, slot: slot, key: key, asHead: isHead)) == .placed(true)
    }

    /// The rows of page `slot` show `error`, or nothing any more.
    mutating func showFailure(_ error: APIError?, of slot: Int) { _ = apply(.showFailure(error, slot: slot)) }

    /// Keeps under the memory bound after page `placed` arrived; true when pages went.
    mutating func keepUnderMemoryLimit(placed: Int, focus: Range<Int>, options: PagedListOptions) -> Bool {
        apply(.trimToMemory(placed: placed, focus: focus, options: options)) == .trimmed(true)
    }

    /// A refresh begins around `window`; returns the head to load, if any.
    mutating func prepareRefresh(window: Range<Int>) -> Int? {
        if case .head(let head) = apply(.prepareRefresh(window: window)) { return head }
        return nil
    }

    /// The head to check for newer items, found or made.
    mutating func headForNewerItems() -> Int? {
        if case .head(let head) = apply(.openHeadForNewerItems) { return head }
        return nil
    }

    /// Takes a page of newer items into the head `slot`; false when it no longer fits.
    mutating func takeNewer(_ page: Page<Item>, slot: Int, key: PageKey?, hold: Bool) -> Bool {
        apply(.takeNewer(page, slot: slot, key: key, hold: hold)) == .placed(true)
    }

    /// The first page holds the item it was fetched around: the head opens above it
    /// with `previous`. Returns the head's block.
    mutating func openAround(previous: PageKey?) -> Int? {
        _ = apply(.openAround(previous: previous))
        guard let first = rows.blocks.first, first.count == 0, first.hole?.key != nil else { return nil }
        return first.serial
    }

    /// The newer items held take their rows.
    mutating func showHeldNewer() { _ = apply(.showHeldNewer) }
}
