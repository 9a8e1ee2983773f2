/// Code spans, emphasis delimiters, autolinks and raw HTML.
extension MarkdownInlineRenderer {
    /// A code span shows its content verbatim; a backtick run without a closing run of the same length is
    /// literal text.
    mutating func renderCodeSpan(in text: UnsafeBufferPointer<UInt8>, at index: Int, literalStart: inout Int) -> Int {
        let contentStart = Self.runEnd(of: UInt8(ascii: "`"), in: text, from: index)
        let length = contentStart &- index
        // `contentStart` ends a maximal run, so the runs after it are the same maximal runs a search saw.
        if failedSearches.backtickScanStart <= contentStart,
            failedSearches.lastBacktickRun[length, default: -1] < contentStart
        {
            return contentStart
        }
        var search = contentStart
        while search < text.count {
            guard text[search] == UInt8(ascii: "`") else {
                search &+= 1
                continue
            }
            let runEnd = Self.runEnd(of: UInt8(ascii: "`"), in: text, from: search)
            let runLength = runEnd &- search
            failedSearches.lastBacktickRun[runLength] = max(
                failedSearches.lastBacktickRun[runLength, default: -1], search)
            if runLength == length {
                copy(text, literalStart..<index)
                copy(text, Self.strippedCodeSpanContent(text, contentStart..<search))
                literalStart = runEnd
                return runEnd
            }
            search = runEnd
        }
        failedSearches.backtickScanStart = min(failedSearches.backtickScanStart, contentStart)
        return contentStart
    }

    /// A code span drops one space (a line ending counts as one) from each end when both ends have one and the
    /// content is not all spaces, which can join it to the text around it: `` a` b `c `` shows `abc`.
    private static func strippedCodeSpanContent(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        guard range.count >= 2 else { return range }
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x0A }
        guard isSpace(text[range.lowerBound]), isSpace(text[range.upperBound &- 1]) else { return range }
        guard range.contains(where: { !isSpace(text[$0]) }) else { return range }
        return (range.lowerBound &+ 1)..<(range.upperBound &- 1)
    }

    /// Drops a run of `*`, `_` or `~` that can open or close emphasis (or strikethrough, for one or two `~`).
    ///
    /// Runs are not paired: they are neither letters nor separators, so whether a run is shown changes no count
    /// unless it sits between hyphens or dots (`a-*-b`), where CommonMark's full pairing rules are not applied.
    mutating func renderDelimiterRun(
        _ byte: UInt8, in text: UnsafeBufferPointer<UInt8>, at index: Int, literalStart: inout Int
    ) -> Int {
        let end = Self.runEnd(of: byte, in: text, from: index)
        let before: UInt8? = index > 0 ? text[index &- 1] : nil
        let after: UInt8? = end < text.count ? text[end] : nil
        let spaceBefore = before.map(Self.isSpace) ?? true
        let spaceAfter = after.map(Self.isSpace) ?? true
        let punctuationBefore = before.map(Self.isASCIIPunctuation) ?? false
        let punctuationAfter = after.map(Self.isASCIIPunctuation) ?? false
        let leftFlanking = !spaceAfter && (!punctuationAfter || spaceBefore || punctuationBefore)
        let rightFlanking = !spaceBefore && (!punctuationBefore || spaceAfter || punctuationAfter)
        if (leftFlanking || rightFlanking) && (byte != UInt8(ascii: "~") || end &- index <= 2) {
            copy(text, literalStart..<index)
            literalStart = end
        }
        return end
    }

    /// An autolink shows its address; raw HTML (tags, comments, processing instructions, declarations, CDATA)
    /// vanishes, while the text between tags stays.
    mutating func renderAngleBracket(
        in text: UnsafeBufferPointer<UInt8>, at index: Int, literalStart: inout Int
    ) -> Int {
        if let address = MarkdownHTML.autolink(text, at: index) {
            copy(text, literalStart..<index)
            copy(text, address)
            literalStart = address.upperBound &+ 1
            return literalStart
        }
        guard let end = rawHTMLEnd(in: text, at: index) else { return index &+ 1 }
        copy(text, literalStart..<index)
        if Self.tagSeparatesWords(text, at: index) { appendSeparator() }
        literalStart = end
        return end
    }

    private mutating func rawHTMLEnd(in text: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        if MarkdownHTML.hasPrefix("<!--", text, at: index) {
            if MarkdownHTML.hasPrefix("<!-->", text, at: index) { return index &+ 5 }
            if MarkdownHTML.hasPrefix("<!--->", text, at: index) { return index &+ 6 }
            return searchEnd(
                MarkdownHTML.commentCloser, in: text, from: index &+ 4, failed: &failedSearches.commentClose)
        }
        if MarkdownHTML.hasPrefix("<?", text, at: index) {
            return searchEnd(
                MarkdownHTML.processingInstructionCloser, in: text, from: index &+ 2,
                failed: &failedSearches.processingInstructionClose)
        }
        if MarkdownHTML.hasPrefix("<![CDATA[", text, at: index) {
            return searchEnd(MarkdownHTML.cdataCloser, in: text, from: index &+ 9, failed: &failedSearches.cdataClose)
        }
        if index &+ 2 < text.count, text[index &+ 1] == UInt8(ascii: "!"), MarkdownHTML.isLetter(text[index &+ 2]) {
            return searchEnd(
                MarkdownHTML.declarationCloser, in: text, from: index &+ 2, failed: &failedSearches.declarationClose)
        }
        return MarkdownHTML.tagEnd(text, at: index)
    }

    /// The index just past `closer` at or after `start`, remembering a failure so it is not searched again.
    private func searchEnd(
        _ closer: [UInt8], in text: UnsafeBufferPointer<UInt8>, from start: Int, failed: inout Int
    ) -> Int? {
        guard start < failed else { return nil }
        guard let found = MarkdownHTML.find(closer, in: text, from: start) else {
            failed = start
            return nil
        }
        return found &+ closer.count
    }

    /// Whether the tag at `text[index]` is one a browser breaks lines around (`<br>`, `<p>`, `<div>`, `<li>`…).
    private static func tagSeparatesWords(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var nameStart = index &+ 1
        if nameStart < text.count, text[nameStart] == UInt8(ascii: "/") { nameStart &+= 1 }
        var nameEnd = nameStart
        while nameEnd < text.count, MarkdownHTML.isLetter(text[nameEnd]) || MarkdownHTML.isDigit(text[nameEnd]) {
            nameEnd &+= 1
        }
        guard let key = MarkdownHTML.tagNameKey(text, nameStart..<nameEnd) else { return false }
        return key == MarkdownHTML.lineBreakKey || MarkdownHTML.blockTagKeys.contains(key)
    }

    static func runEnd(of byte: UInt8, in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var end = start
        while end < text.count, text[end] == byte { end &+= 1 }
        return end
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte &- 0x09 < 5
    }
}
