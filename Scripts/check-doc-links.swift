// Checks that every relative link of the given Markdown files points to something
// that exists: a file or a folder of the repository, and, for a link with `#anchor`
// into a Markdown file, one of that file's headings (as GitHub names it: lower case,
// punctuation dropped, spaces as hyphens, `-1`, `-2`… for repeated headings).
// Links with a scheme (https:, mailto:) are not followed; links inside code are not
// links.
//
// Usage: swift Scripts/check-doc-links.swift FILE.md…   (run from the repository's root)
// Prints each broken link as `file:line: error: …` and exits with 1 when there is one.

import Foundation

/// A link written in a document: where it is, and what it points to.
struct Link {
    let line: Int
    let target: String
}

/// The text of a Markdown file, outside its fenced code blocks, line by line.
func proseLines(of text: String) -> [(number: Int, text: String)] {
    var lines: [(Int, String)] = []
    var fence: String?
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if let open = fence {
            if trimmed.hasPrefix(open) && trimmed.allSatisfy({ $0 == open.first }) { fence = nil }
            continue
        }
        if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
            fence = String(trimmed.prefix { $0 == trimmed.first })
            continue
        }
        lines.append((index + 1, line))
    }
    return lines
}

/// The line with its inline code spans blanked out.
func withoutCodeSpans(_ line: String) -> String {
    var result = ""
    var inCode = false
    for character in line {
        if character == "`" {
            inCode.toggle()
            result.append(" ")
        } else {
            result.append(inCode ? " " : character)
        }
    }
    return result
}

/// The links of a document: inline `[text](target)` and `![alt](target)`, and
/// reference definitions `[name]: target`.
func links(in text: String) -> [Link] {
    var found: [Link] = []
    let inline = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)"#)
    let reference = try! NSRegularExpression(pattern: #"^\s{0,3}\[[^\]]+\]:\s+(\S+)"#)
    for (number, line) in proseLines(of: text) {
        let prose = withoutCodeSpans(line)
        let range = NSRange(prose.startIndex..., in: prose)
        for match in inline.matches(in: prose, range: range) + reference.matches(in: prose, range: range) {
            if let target = Range(match.range(at: 1), in: prose) {
                found.append(Link(line: number, target: String(prose[target])))
            }
        }
    }
    return found
}

/// The anchor GitHub gives a heading's text.
func anchor(of heading: String) -> String {
    var text = heading
    // [text](target) → text
    text = text.replacingOccurrences(of: #"\[([^\]]*)\]\([^)]*\)"#, with: "$1", options: .regularExpression)
    text = text.replacingOccurrences(of: "`", with: "").replacingOccurrences(of: "*", with: "")
    let kept = text.lowercased().unicodeScalars.filter { scalar in
        scalar == " " || scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar)
    }
    return String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-")
}

/// The anchors of a Markdown file's headings, and of its `<a id=…>`/`<a name=…>` tags.
func anchors(of text: String) -> Set<String> {
    var result: Set<String> = []
    var seen: [String: Int] = [:]
    for (_, line) in proseLines(of: text) {
        guard line.hasPrefix("#") else { continue }
        let marks = line.prefix { $0 == "#" }
        guard marks.count <= 6, line.dropFirst(marks.count).first == " " else { continue }
        let base = anchor(of: line.dropFirst(marks.count).trimmingCharacters(in: .whitespaces))
        let count = seen[base, default: 0]
        seen[base] = count + 1
        result.insert(count == 0 ? base : "\(base)-\(count)")
    }
    let tag = try! NSRegularExpression(pattern: #"<a\s+(?:id|name)="([^"]+)""#)
    for match in tag.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        if let name = Range(match.range(at: 1), in: text) { result.insert(String(text[name])) }
    }
    return result
}

let files = CommandLine.arguments.dropFirst()
guard !files.isEmpty else {
    FileHandle.standardError.write(Data("usage: swift Scripts/check-doc-links.swift FILE.md…\n".utf8))
    exit(64)
}

let manager = FileManager.default
var anchorCache: [String: Set<String>] = [:]
func anchors(ofFile path: String) -> Set<String>? {
    if let cached = anchorCache[path] { return cached }
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    let found = anchors(of: text)
    anchorCache[path] = found
    return found
}

var checked = 0
var broken = 0
func report(_ file: String, _ line: Int, _ message: String) {
    print("\(file):\(line): error: \(message)")
    broken += 1
}

for file in files {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
        report(file, 1, "cannot read \(file)")
        continue
    }
    let folder = (file as NSString).deletingLastPathComponent
    for link in links(in: text) {
        let target = link.target.trimmingCharacters(in: CharacterSet(charactersIn: "<>"))
        if target.range(of: #"^[a-zA-Z][a-zA-Z0-9+.-]*:"#, options: .regularExpression) != nil { continue }
        checked += 1
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let pathPart = String(parts[0]).removingPercentEncoding ?? String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        let path = pathPart.isEmpty ? file : (folder.isEmpty ? pathPart : "\(folder)/\(pathPart)")
        let standardized = (path as NSString).standardizingPath
        guard manager.fileExists(atPath: standardized) else {
            report(file, link.line, "the link '\(link.target)' points to \(standardized), which does not exist")
            continue
        }
        if let fragment, !fragment.isEmpty, standardized.hasSuffix(".md") {
            let known = anchors(ofFile: standardized) ?? []
            if !known.contains(fragment) {
                report(file, link.line, "the link '\(link.target)' names a heading '#\(fragment)' that \(standardized) does not have")
            }
        }
    }
}

if broken > 0 {
    print("\(broken) broken links of \(checked) checked")
    exit(1)
}
print("Doc links: \(checked) checked, each to a file or heading that exists.")
