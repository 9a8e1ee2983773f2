/// CommonMark's block structure, one line at a time: container blocks (block quotes, list items) and the leaf
/// blocks inside them. Visible text goes to a ``MarkdownInlineRenderer``; code, HTML blocks, front matter,
/// reference definitions and the markers of containers, headings and tables go nowhere.
///
/// Lists are tracked as their items only: tightness, start numbers and list boundaries change nothing a reader
/// counts.
struct MarkdownBlockParser: Sendable {
    /// A paragraph's inline text is buffered to render links and code spans that cross lines; past this size the
    /// part up to the last whitespace is rendered early, so memory stays bounded.
    static let paragraphLimit = 1 << 20

    /// An open container block.
    enum Container: Sendable, Equatable {
        case blockQuote
        /// Continuation lines must be indented this many columns (from the enclosing container's content). An
        /// item that is still empty ends at a blank line: it may begin with one blank line, not two.
        case listItem(contentIndent: Int, isEmpty: Bool)
        /// A footnote definition (`[^1]: text`), opened only when footnotes are excluded: its continuation
        /// lines are indented four columns, and nothing inside it is counted.
        case footnote
    }

    /// The open leaf block, innermost in the containers.
    enum Leaf: Sendable, Equatable {
        case none
        case paragraph
        case table
        case indentedCode
        case fencedCode(MarkdownBlockStart.Fence)
        case htmlBlock(MarkdownHTML.BlockEnd)
        /// `[label]:` was alone on its line; the label line waits in the paragraph buffer in case the next line
        /// is no destination and the two are a paragraph after all.
        case definitionAwaitingDestination
        /// A definition without a title; the next line may be its title.
        case definitionAwaitingTitle

        /// Paragraph text as far as the block structure goes: CommonMark finds reference definitions in a
        /// paragraph once it closes, so until then they interrupt and continue like any paragraph.
        var isParagraphText: Bool {
            self == .paragraph || self == .definitionAwaitingDestination || self == .definitionAwaitingTitle
        }
    }

    /// Where the rest of a line goes when it arrives in pieces (a line longer than the line limit).
    enum LineTarget: Sendable, Equatable {
        case ignored
        case paragraph
        case inline
        case htmlBlock(MarkdownHTML.BlockEnd)
    }

    var containers: [Container] = []
    var leaf = Leaf.none
    /// The open paragraph's text, its lines joined by newlines and stripped of indentation.
    var paragraph: [UInt8] = []
    /// Where the paragraph's last line starts: it becomes a table's header if a delimiter row follows.
    var lastLineStart = 0
    var lineTarget = LineTarget.ignored
    /// The open table's columns.
    var tableColumns = 0
    /// The list items that have no content yet are all at this index or later in `containers` (`Int.max` when
    /// there are none): marking them once content arrives looks only at the containers opened since the last
    /// time, so a line of thousands of list markers stays linear.
    var firstEmptyListItem = Int.max
    var renderer = MarkdownInlineRenderer()
    /// The last line was blank and left the state such that another blank line would change nothing.
    var blankLineChangesNothing = false
    /// Block quotes and footnotes are left uncounted when these say so.
    var exclusions: MarkdownExclusions = []
    /// How many of `containers` hide their text (block quotes or footnotes, when excluded).
    var hidingContainers = 0

    /// Whether text in the current containers is left uncounted.
    var hidesText: Bool { hidingContainers > 0 }

    /// Parses one line (without its line ending), or, with `continuesLine`, the next piece of an overlong line.
    mutating func parse(_ line: UnsafeBufferPointer<UInt8>, continuesLine: Bool) {
        if continuesLine {
            continueLine(line)
            return
        }
        lineTarget = .ignored
        let cursor = MarkdownLineCursor(line)
        guard cursor.isBlank else {
            blankLineChangesNothing = false
            parseLine(cursor)
            return
        }
        // A blank line after a blank line that left no leaf open and no empty list item: it continues every open
        // container (all of them list items, since a blank line ends block quotes) and closes nothing, so it is
        // skipped rather than walking a deep list once per blank line, as cmark does.
        guard !blankLineChangesNothing else { return }
        parseLine(cursor)
        blankLineChangesNothing = leaf == .none && firstEmptyListItem >= containers.count
    }

    /// Parses one whole line.
    private mutating func parseLine(_ start: MarkdownLineCursor) {
        var cursor = start
        let matched = matchContainers(&cursor)
        let allMatched = matched == containers.count
        if allMatched, leaf == .paragraph || leaf == .none, startsPlainText(cursor) {
            // Most lines of prose: nothing else to check, since no block starts with a letter.
            if leaf == .paragraph {
                appendParagraphLine(cursor)
            } else {
                startParagraph(cursor)
            }
            return
        }
        if allMatched, continueVerbatimLeaf(cursor) { return }
        if !allMatched {
            if leaf.isParagraphText, isLazyContinuation(cursor) {
                continueParagraphText(cursor, isLazy: true)
                return
            }
            closeLeaf()
            closeContainers(from: matched)
        }
        let openedContainer = openContainers(&cursor)
        parseLeaf(cursor, afterOpeningContainer: openedContainer)
    }

    /// Ends the document and returns its word count.
    mutating func finish() -> Int {
        closeLeaf()
        closeContainers(from: 0)
        return renderer.finish()
    }

    /// Content arrived: every open list item now has some.
    mutating func markListItemsNonEmpty() {
        guard firstEmptyListItem < containers.count else {
            firstEmptyListItem = Int.max
            return
        }
        for index in firstEmptyListItem..<containers.count {
            if case .listItem(let contentIndent, true) = containers[index] {
                containers[index] = .listItem(contentIndent: contentIndent, isEmpty: false)
            }
        }
        firstEmptyListItem = Int.max
    }

    /// Whether the rest of the line starts, unindented, with a letter or a non-ASCII character, which no block
    /// marker is.
    private func startsPlainText(_ cursor: MarkdownLineCursor) -> Bool {
        guard cursor.leftoverTabColumns == 0, cursor.position < cursor.bytes.count else { return false }
        let byte = cursor.bytes[cursor.position]
        return byte >= 0x80 || MarkdownHTML.isLetter(byte)
    }

    /// Walks the open containers, consuming each one's marker or indentation; returns how many the line continues.
    private func matchContainers(_ cursor: inout MarkdownLineCursor) -> Int {
        var matched = 0
        for container in containers {
            switch container {
            case .blockQuote:
                guard cursor.indent < 4, cursor.firstByte == UInt8(ascii: ">") else { return matched }
                cursor.skipIndent()
                cursor.advance(1)
                cursor.consumeOptionalSpace()
            case .listItem(let contentIndent, let isEmpty):
                if cursor.indent >= contentIndent {
                    cursor.consumeIndent(contentIndent)
                } else if !cursor.isBlank || isEmpty {
                    return matched
                }
            case .footnote:
                if cursor.indent >= 4 {
                    cursor.consumeIndent(4)
                } else if !cursor.isBlank {
                    return matched
                }
            }
            matched &+= 1
        }
        return matched
    }

    /// Lines inside code and HTML blocks are taken verbatim, up to the block's end condition. Returns whether the
    /// line was taken.
    private mutating func continueVerbatimLeaf(_ cursor: MarkdownLineCursor) -> Bool {
        switch leaf {
        case .fencedCode(let fence):
            if cursor.indent < 4, MarkdownBlockStart.closes(fence, cursor.bytes, at: cursor.firstNonSpace) {
                leaf = .none
            }
            return true
        case .htmlBlock(let end):
            if end == .blankLine {
                if cursor.isBlank { leaf = .none }
            } else if end.isFound(in: cursor.bytes, from: cursor.position) {
                leaf = .none
            } else {
                lineTarget = .htmlBlock(end)
            }
            return true
        case .indentedCode:
            if cursor.isBlank || cursor.indent >= 4 { return true }
            leaf = .none
            return false
        default:
            return false
        }
    }

    /// A line that continues a paragraph although it does not continue all of the paragraph's containers
    /// (`> quoted` then `more text`): anything that would not start a block of its own.
    private func isLazyContinuation(_ cursor: MarkdownLineCursor) -> Bool {
        guard !cursor.isBlank else { return false }
        guard cursor.indent < 4 else { return true }
        return !MarkdownBlockStart.interruptsParagraph(cursor.bytes, at: cursor.firstNonSpace, isLazy: true)
    }

    /// Opens the block quotes and list items that start on this line; returns whether any did.
    private mutating func openContainers(_ cursor: inout MarkdownLineCursor) -> Bool {
        var opened = false
        let contentEnd = MarkdownBlockStart.trimmedEnd(cursor.bytes, from: 0)
        // Where a thematic break scan failed, and for which mark: later starts up to there fail too.
        var failedBreak: (mark: UInt8, stop: Int) = (0, -1)
        while cursor.indent < 4, let first = cursor.firstByte {
            let start = cursor.firstNonSpace
            if first == UInt8(ascii: ">") {
                closeLeaf()
                cursor.skipIndent()
                cursor.advance(1)
                cursor.consumeOptionalSpace()
                markListItemsNonEmpty()
                open(.blockQuote)
                opened = true
                continue
            }
            if exclusions.contains(.footnotes), first == UInt8(ascii: "["), opened || !leaf.isParagraphText,
                let end = MarkdownFootnote.definitionMarkerEnd(cursor.bytes, at: start)
            {
                closeLeaf()
                cursor.skipIndent()
                cursor.advance(end &- start)
                cursor.skipIndent()
                markListItemsNonEmpty()
                open(.footnote)
                opened = true
                continue
            }
            let paragraphIsOpen = !opened && leaf.isParagraphText
            if paragraphIsOpen, MarkdownBlockStart.isSetextUnderline(cursor.bytes, at: start) { break }
            if first != failedBreak.mark || start > failedBreak.stop {
                let scan = MarkdownBlockStart.thematicBreakScan(cursor.bytes, at: start)
                if scan.isBreak { break }
                failedBreak = (scan.mark, scan.stop)
            }
            guard let marker = MarkdownBlockStart.listMarker(cursor.bytes, at: start, contentEnd: contentEnd) else {
                break
            }
            if paragraphIsOpen, marker.isEmpty || (marker.isOrdered && !marker.startsAtOne) { break }
            closeLeaf()
            let indentBefore = cursor.indent
            cursor.skipIndent()
            cursor.advance(marker.width)
            var spacing = 1
            if !cursor.isBlank {
                let spaces = cursor.indent
                // Five or more spaces: the item's content is indented code one space after the marker.
                spacing = spaces >= 5 ? 1 : spaces
                cursor.consumeIndent(spacing)
            }
            markListItemsNonEmpty()
            firstEmptyListItem = min(firstEmptyListItem, containers.count)
            open(.listItem(contentIndent: indentBefore &+ marker.width &+ spacing, isEmpty: true))
            opened = true
        }
        return opened
    }

    /// Opens a container, counting it when it hides its text.
    private mutating func open(_ container: Container) {
        if hides(container) { hidingContainers &+= 1 }
        containers.append(container)
    }

    /// Closes the containers at `index` and after.
    private mutating func closeContainers(from index: Int) {
        guard index < containers.count else { return }
        if hidingContainers > 0 {
            for container in containers[index...] where hides(container) { hidingContainers &-= 1 }
        }
        containers.removeLast(containers.count &- index)
    }

    /// Whether `container` hides its text under the exclusions.
    private func hides(_ container: Container) -> Bool {
        switch container {
        case .blockQuote: exclusions.contains(.blockQuotes)
        case .footnote: true
        case .listItem: false
        }
    }
}
