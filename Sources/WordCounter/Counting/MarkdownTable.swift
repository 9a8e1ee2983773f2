/// GFM table rows: splitting a row into cells and recognizing the delimiter row under the header.
enum MarkdownTable {
    /// The number of columns of a delimiter row (`| --- | :---: |`, `---|---`), or nil if the line is not one.
    /// A pipe is required, so that a lone `---` stays a setext underline or a thematic break.
    static func delimiterRowColumns(_ line: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let end = MarkdownBlockStart.trimmedEnd(line, from: start)
        var index = start
        var columns = 0
        var sawPipe = false
        if index < end, line[index] == UInt8(ascii: "|") {
            sawPipe = true
            index &+= 1
        }
        while true {
            index = skipSpacesAndTabs(line, from: index, to: end)
            guard index < end else { break }
            if line[index] == UInt8(ascii: ":") { index &+= 1 }
            let dashesStart = index
            while index < end, line[index] == UInt8(ascii: "-") { index &+= 1 }
            guard index > dashesStart else { return nil }
            if index < end, line[index] == UInt8(ascii: ":") { index &+= 1 }
            index = skipSpacesAndTabs(line, from: index, to: end)
            columns &+= 1
            guard index < end else { break }
            guard line[index] == UInt8(ascii: "|") else { return nil }
            sawPipe = true
            index &+= 1
        }
        return sawPipe && columns > 0 ? columns : nil
    }

    /// Calls `body` with the range of each cell of the row `text[start..<end]`: split at pipes that are not
    /// escaped, without the optional leading and trailing pipe. Cell text keeps its `\|` escapes, which inline
    /// rendering turns into `|`.
    static func forEachCell(
        _ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, _ body: (Range<Int>) -> Void
    ) {
        var rowStart = skipSpacesAndTabs(text, from: start, to: end)
        var rowEnd = MarkdownBlockStart.trimmedEnd(text, from: rowStart, to: end)
        if rowStart < rowEnd, text[rowStart] == UInt8(ascii: "|") { rowStart &+= 1 }
        if rowEnd > rowStart, text[rowEnd &- 1] == UInt8(ascii: "|"),
            rowEnd &- 2 < rowStart || text[rowEnd &- 2] != UInt8(ascii: "\\")
        {
            rowEnd &-= 1
        }
        var cellStart = rowStart
        var index = rowStart
        while index < rowEnd {
            switch text[index] {
            case UInt8(ascii: "\\"):
                index &+= 2
            case UInt8(ascii: "|"):
                body(cellStart..<index)
                index &+= 1
                cellStart = index
            default:
                index &+= 1
            }
        }
        body(cellStart..<max(cellStart, rowEnd))
    }

    /// The number of cells in the row `text[start..<end]`.
    static func cellCount(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        forEachCell(text, from: start, to: end) { _ in count &+= 1 }
        return count
    }

    private static func skipSpacesAndTabs(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while index < end, MarkdownBlockStart.isSpaceOrTab(text[index]) { index &+= 1 }
        return index
    }
}
