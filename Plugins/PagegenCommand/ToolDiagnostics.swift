import Foundation
import PackagePlugin

/// Hands pagegen's compiler-style diagnostics (`file:line:column: error: message`)
/// to SwiftPM as plugin diagnostics, so that they print in order with the plugin's
/// own messages and name the file and line to fix.
enum ToolDiagnostics {
    /// Forwards every line of `output`, pagegen's standard error; other lines are
    /// errors when pagegen failed, warnings when it did not.
    static func forward(_ output: String, failed: Bool) {
        for line in output.split(separator: "\n") where !line.isEmpty {
            guard let parsed = parse(line) else {
                if failed { Diagnostics.error(String(line)) } else { Diagnostics.warning(String(line)) }
                continue
            }
            switch parsed.severity {
            case "warning": Diagnostics.warning(parsed.message, file: parsed.file, line: parsed.line)
            case "note": Diagnostics.remark(parsed.message, file: parsed.file, line: parsed.line)
            default: Diagnostics.error(parsed.message, file: parsed.file, line: parsed.line)
            }
        }
    }

    /// Splits `file:line:column: severity: message`. The message keeps the whole
    /// location in front, since SwiftPM prints a command plugin's diagnostics without
    /// their file and line.
    static func parse(_ line: Substring) -> (file: String, line: Int, severity: String, message: String)? {
        for severity in ["error", "warning", "note"] {
            guard let marker = line.range(of: ": \(severity): ") else { continue }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let number = Int(location[location.count - 2]), let column = Int(location[location.count - 1]) else {
                continue
            }
            let file = location.dropLast(2).joined(separator: ":")
            return (file, number, severity, "\(file):\(number):\(column): \(line[marker.upperBound...])")
        }
        return nil
    }
}
