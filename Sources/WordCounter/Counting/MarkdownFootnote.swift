/// Footnotes as GitHub-flavoured Markdown writes them: a reference `[^label]` in the text, and a
/// definition `[^label]: text` starting a block. Recognized only when footnotes are excluded from
/// the count (``MarkdownExclusions/footnotes``); otherwise both are text, as CommonMark has them.
enum MarkdownFootnote {
    /// The longest label looked for; a longer bracket is text.
    static let labelLimit = 999

    /// Where a reference `[^label]` starting at `start` ends (the index after `]`), or nil when none
    /// starts there. A label is at least one byte, with no whitespace and no brackets, so a scan
    /// stops at the next `[` and many openers stay linear.
    static func referenceEnd(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        guard start &+ 2 < text.count, text[start] == UInt8(ascii: "["), text[start &+ 1] == UInt8(ascii: "^")
        else { return nil }
        var index = start &+ 2
        let limit = min(text.count, index &+ labelLimit &+ 1)
        while index < limit {
            switch text[index] {
            case UInt8(ascii: "]"): return index > start &+ 2 ? index &+ 1 : nil
            case UInt8(ascii: "["), UInt8(ascii: " "), 0x09, 0x0A, 0x0D: return nil
            default: index &+= 1
            }
        }
        return nil
    }

    /// Where the marker of a definition `[^label]:` starting at `start` ends (the index after `:`),
    /// or nil when the line does not start one there.
    static func definitionMarkerEnd(_ line: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        guard let end = referenceEnd(line, at: start), end < line.count, line[end] == UInt8(ascii: ":") else {
            return nil
        }
        return end &+ 1
    }
}
