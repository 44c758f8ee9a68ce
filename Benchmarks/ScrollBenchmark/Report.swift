import Foundation

/// Plain-text tables.
enum Report {
    /// One row of a results table.
    struct Line {
        var name: String
        var metrics: Metrics
    }

    static let columns = [
        "implementation", "placeholders", "stalled", "1st content", "1st screen", "fling fill", "caught fill", "requests",
        "wasted", "dup", "peak items",
    ]

    /// A table of `lines`, one implementation per line.
    static func table(_ lines: [Line]) -> String {
        let rows = lines.map { line -> [String] in
            let m = line.metrics
            return [
                line.name,
                percent(m.placeholderShare),
                seconds(m.stalledSeconds),
                m.firstContentSeconds.map(seconds) ?? "never",
                m.startFillSeconds.map(seconds) ?? "never",
                m.flingFillSeconds.map(seconds) ?? "-",
                m.caughtFillSeconds.map(seconds) ?? "-",
                "\(m.requests)",
                "\(m.wasted)",
                "\(m.duplicates)",
                "\(m.peakItems)" + (m.timedOut ? " (timed out)" : ""),
            ]
        }
        return format([columns] + rows)
    }

    /// Columns padded to a common width: the first left-aligned, the rest right-aligned.
    static func format(_ rows: [[String]]) -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    static func percent(_ share: Double) -> String {
        String(format: "%.2f%%", share * 100)
    }

    static func seconds(_ value: Double) -> String {
        String(format: "%.2f s", value)
    }
}
