extension Substring {
    /// The first range of `needle` in the text, compared byte by byte: for the ASCII
    /// delimiters the generator looks for, without reading the text as characters.
    func firstRange(ofBytes needle: StaticString) -> Range<Index>? {
        let utf8 = self.utf8
        let count = needle.utf8CodeUnitCount
        guard count > 0 else { return nil }
        let first = needle.utf8Start[0]
        var start = utf8.startIndex
        while let candidate = utf8[start...].firstIndex(of: first) {
            var end = candidate
            var matched = 0
            while matched < count, end < utf8.endIndex, utf8[end] == needle.utf8Start[matched] {
                matched += 1
                end = utf8.index(after: end)
            }
            if matched == count { return candidate..<end }
            start = utf8.index(after: candidate)
        }
        return nil
    }
}
