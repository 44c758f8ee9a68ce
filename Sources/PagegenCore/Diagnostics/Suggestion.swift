/// "Did you mean …?" hints: the closest candidate by edit distance, or else the one
/// candidate that shares a word with what was written (`totalCount` for `total`,
/// `total_count` for `total_hits`).
public enum Suggestion {
    /// `did you mean 'offset'?` when a candidate is close enough to `word`, else nil.
    public static func didYouMean(_ word: String, in candidates: some Sequence<String>) -> String? {
        closest(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// Words longer than this get no suggestion: a typo is in a name, not in a paragraph,
    /// and comparing long texts would take time in proportion to the product of their lengths.
    static let maxWordLength = 100

    /// The candidate closest to `word`: the same when case and separators are set
    /// aside, else within a third of its length in edits (at least 2), else the one
    /// candidate that shares the most words with it.
    static func closest(to word: String, in candidates: some Sequence<String>) -> String? {
        let candidates = Array(candidates)
        return closestBySpelling(to: word, in: candidates) ?? closestByWords(to: word, in: candidates)
    }

    /// The candidate within a third of the length of `word` in edits (at least 2).
    static func closestBySpelling(to word: String, in candidates: [String]) -> String? {
        let length = word.count
        guard length <= maxWordLength else { return nil }
        let limit = max(2, length / 3)
        let lowered = word.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let candidateLength = candidate.count
            // The distance is at least the difference in length.
            guard candidateLength <= maxWordLength, abs(candidateLength - length) <= limit else { continue }
            let distance = editDistance(lowered, candidate.lowercased())
            if distance <= limit, distance < best?.distance ?? .max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The candidate that shares more words with `word` than any other does (words of
    /// three letters or more, in any case, split as names are: `total_count` is total,
    /// count); nil when none shares one, or two share as many.
    static func closestByWords(to word: String, in candidates: [String]) -> String? {
        guard word.count <= maxWordLength else { return nil }
        func words(_ name: String) -> Set<String> {
            Set(NameConversion.words(name).map { $0.lowercased() }.filter { $0.count >= 3 })
        }
        let written = words(word)
        guard !written.isEmpty else { return nil }
        var best: (candidate: String, shared: Int)?
        var tied = false
        for candidate in candidates where candidate.count <= maxWordLength {
            let shared = words(candidate).intersection(written).count
            guard shared > 0 else { continue }
            if shared > best?.shared ?? 0 {
                best = (candidate, shared)
                tied = false
            } else if shared == best?.shared {
                tied = true
            }
        }
        return tied ? nil : best?.candidate
    }

    /// Levenshtein distance, with a swap of two neighbours counted as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
