/// Leaf blocks: paragraphs, headings, tables, code, HTML blocks, thematic breaks and reference definitions.
extension MarkdownBlockParser {
    /// Parses what is left of the line once its containers are matched and opened.
    mutating func parseLeaf(_ cursor: MarkdownLineCursor, afterOpeningContainer: Bool) {
        guard !cursor.isBlank else {
            closeLeaf()
            return
        }
        markListItemsNonEmpty()
        let line = cursor.bytes
        let start = cursor.firstNonSpace
        let isIndented = cursor.indent >= 4
        switch leaf {
        case .paragraph:
            if isIndented {
                appendParagraphLine(cursor)
                return
            }
            if MarkdownBlockStart.isSetextUnderline(line, at: start) {
                closeLeaf()
                return
            }
            if let columns = MarkdownTable.delimiterRowColumns(line, at: start), columns == headerColumns() {
                tableColumns = columns
                startTable()
                return
            }
            guard MarkdownBlockStart.interruptsParagraph(line, at: start) else {
                appendParagraphLine(cursor)
                return
            }
            closeLeaf()
        case .table:
            guard isIndented || !MarkdownBlockStart.interruptsParagraph(line, at: start) else {
                closeLeaf()
                break
            }
            renderTableRow(line, from: start)
            lineTarget = .inline
            return
        case .definitionAwaitingDestination, .definitionAwaitingTitle:
            if !isIndented, MarkdownBlockStart.interruptsParagraph(line, at: start) {
                closeLeaf()
                break
            }
            if !isIndented, leaf == .definitionAwaitingDestination,
                MarkdownBlockStart.isSetextUnderline(line, at: start)
            {
                // The label line was a heading's text.
                closeLeaf()
                return
            }
            continueParagraphText(cursor)
            return
        default:
            break
        }
        startBlock(cursor)
    }

    /// Starts the leaf block a line opens when no paragraph is open for it to continue.
    private mutating func startBlock(_ cursor: MarkdownLineCursor) {
        guard cursor.indent < 4 else {
            leaf = .indentedCode
            return
        }
        let line = cursor.bytes
        let start = cursor.firstNonSpace
        switch line[start] {
        case UInt8(ascii: "#"):
            if let content = MarkdownBlockStart.atxHeadingContent(line, at: start) {
                if !hidesText { renderer.render(UnsafeBufferPointer(rebasing: line[content])) }
                renderer.separate()
                lineTarget = .inline
                return
            }
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            if let fence = MarkdownBlockStart.fence(line, at: start) {
                leaf = .fencedCode(fence)
                return
            }
        case UInt8(ascii: "<"):
            if let (end, _) = MarkdownHTML.blockStart(line, at: start) {
                // Kinds 1–5 may end on the line they start on.
                if !end.isFound(in: line, from: start &+ 2) { leaf = .htmlBlock(end) }
                return
            }
        case UInt8(ascii: "["):
            if startDefinition(cursor) { return }
        default:
            if MarkdownBlockStart.isThematicBreak(line, at: start) { return }
        }
        startParagraph(cursor)
    }

    /// Starts a reference definition if the rest of the line begins one; returns whether it did.
    private mutating func startDefinition(_ cursor: MarkdownLineCursor) -> Bool {
        let start = cursor.firstNonSpace
        guard start < cursor.bytes.count, cursor.bytes[start] == UInt8(ascii: "[") else { return false }
        switch MarkdownReferenceDefinition.start(cursor.bytes, at: start) {
        case .complete(let hasTitle):
            leaf = hasTitle ? .none : .definitionAwaitingTitle
        case .awaitingDestination:
            startParagraph(cursor)
            leaf = .definitionAwaitingDestination
            lineTarget = .ignored
        case nil:
            return false
        }
        return true
    }

    /// Opens a paragraph with the rest of the line.
    mutating func startParagraph(_ cursor: MarkdownLineCursor) {
        paragraph.removeAll(keepingCapacity: true)
        lastLineStart = 0
        leaf = .paragraph
        paragraph.append(contentsOf: UnsafeBufferPointer(rebasing: cursor.bytes[cursor.firstNonSpace...]))
        lineTarget = .paragraph
        flushParagraphIfLarge()
    }

    /// Continues paragraph text with a line that starts no block: a definition's destination or title, or text.
    mutating func continueParagraphText(_ cursor: MarkdownLineCursor, isLazy: Bool = false) {
        let start = cursor.firstNonSpace
        switch leaf {
        case .definitionAwaitingDestination:
            if let hasTitle = MarkdownReferenceDefinition.destinationAndTitle(cursor.bytes, at: start) {
                paragraph.removeAll(keepingCapacity: true)
                leaf = hasTitle ? .none : .definitionAwaitingTitle
            } else {
                // The label line was text after all.
                leaf = .paragraph
                appendParagraphLine(cursor, isLazy: isLazy)
            }
        case .definitionAwaitingTitle:
            if MarkdownReferenceDefinition.isTitle(cursor.bytes, at: start) {
                leaf = .none
            } else if !startDefinition(cursor) {
                startParagraph(cursor)
            }
        default:
            appendParagraphLine(cursor, isLazy: isLazy)
        }
    }

    /// Adds a continuation line to the open paragraph, without its indentation unless it is a lazy line, whose
    /// indentation cmark keeps (it matters only to a code span crossing the line).
    mutating func appendParagraphLine(_ cursor: MarkdownLineCursor, isLazy: Bool = false) {
        paragraph.append(0x0A)
        lastLineStart = paragraph.count
        let start = isLazy ? cursor.position : cursor.firstNonSpace
        paragraph.append(contentsOf: UnsafeBufferPointer(rebasing: cursor.bytes[start...]))
        lineTarget = .paragraph
        flushParagraphIfLarge()
    }

    /// Closes the open leaf block, rendering a paragraph's text.
    mutating func closeLeaf() {
        switch leaf {
        case .paragraph, .definitionAwaitingDestination:
            renderParagraph(upTo: paragraph.count)
            renderer.separate()
        case .table:
            renderer.separate()
        default:
            break
        }
        leaf = .none
    }

    /// The next piece of an overlong line goes where its start went.
    mutating func continueLine(_ piece: UnsafeBufferPointer<UInt8>) {
        switch lineTarget {
        case .ignored:
            break
        case .paragraph:
            paragraph.append(contentsOf: piece)
            flushParagraphIfLarge()
        case .inline:
            if !hidesText { renderer.render(piece) }
        case .htmlBlock(let end):
            if end.isFound(in: piece, from: 0) {
                leaf = .none
                lineTarget = .ignored
            }
        }
    }

    /// The number of cells in the paragraph's last line, as a table header.
    private func headerColumns() -> Int {
        paragraph.withUnsafeBufferPointer { MarkdownTable.cellCount($0, from: lastLineStart, to: $0.count) }
    }

    /// Turns the paragraph's last line into a table header; the lines before it stay a paragraph.
    private mutating func startTable() {
        if lastLineStart > 0 {
            renderParagraph(upTo: lastLineStart &- 1)
            renderer.separate()
        }
        let header = paragraph
        header.withUnsafeBufferPointer { renderTableRow($0, from: lastLineStart) }
        paragraph.removeAll(keepingCapacity: true)
        leaf = .table
    }

    /// Renders each cell of a row as its own piece of text: cells separate words, pipes are not words. Cells
    /// beyond the header's columns are not shown, so they do not count.
    private mutating func renderTableRow(_ row: UnsafeBufferPointer<UInt8>, from start: Int) {
        var remaining = tableColumns
        MarkdownTable.forEachCell(row, from: start, to: row.count) { cell in
            guard remaining > 0 else { return }
            remaining &-= 1
            if !hidesText { renderer.render(UnsafeBufferPointer(rebasing: row[cell])) }
            renderer.separate()
        }
    }

    /// Renders `paragraph[..<end]`.
    private mutating func renderParagraph(upTo end: Int) {
        guard end > 0, !hidesText else { return }
        paragraph.withUnsafeBufferPointer { renderer.render(UnsafeBufferPointer(rebasing: $0[..<end])) }
    }

    /// Renders a too-large paragraph up to its last whitespace and keeps the rest, bounding the buffer.
    private mutating func flushParagraphIfLarge() {
        guard paragraph.count > Self.paragraphLimit else { return }
        var cut = paragraph.count
        while cut > 0, !MarkdownInlineRenderer.isSpace(paragraph[cut &- 1]) { cut &-= 1 }
        if cut == 0 {
            // One huge token: cut where no UTF-8 sequence is split.
            cut = paragraph.count
            while cut > 0, paragraph[cut &- 1] & 0xC0 == 0x80 { cut &-= 1 }
            if cut > 0, paragraph[cut &- 1] >= 0xC0 { cut &-= 1 }
            if cut == 0 { cut = paragraph.count }
        }
        renderParagraph(upTo: cut)
        paragraph.removeSubrange(..<cut)
        lastLineStart = max(0, lastLineStart &- cut)
    }
}
