/// Recognizers for the lines that start (or close) a Markdown block. Each looks at `line` from `start`, the first
/// byte after the indentation, and the caller has already checked that the indentation is at most 3 columns.
enum MarkdownBlockStart {
    /// A fenced code block's opening fence.
    struct Fence: Sendable, Equatable {
        /// The fence character, `` ` `` or `~`.
        var byte: UInt8
        /// How many of them opened the block; the closing fence needs at least as many.
        var length: Int
    }

    /// A list item's marker.
    struct ListMarker: Sendable, Equatable {
        /// Bytes of the marker itself (`-` is 1, `10.` is 3).
        var width: Int
        /// An ordered marker (`1.` or `1)`).
        var isOrdered: Bool
        /// An ordered marker whose number is 1; only those may interrupt a paragraph.
        var startsAtOne: Bool
        /// Nothing but spaces follows the marker; an empty item may not interrupt a paragraph.
        var isEmpty: Bool
    }

    /// `***`, `---` or `___`, possibly spaced out, and nothing else.
    static func isThematicBreak(_ line: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        thematicBreakScan(line, at: start).isBreak
    }

    /// Whether `line[start...]` is a thematic break, and where the scan stopped: at the first byte that is not
    /// the mark, a space or a tab, or at the end. A scan from a later start with the same mark, up to that stop,
    /// cannot succeed either, which keeps a line of thousands of `- ` markers linear.
    static func thematicBreakScan(
        _ line: UnsafeBufferPointer<UInt8>, at start: Int
    ) -> (isBreak: Bool, mark: UInt8, stop: Int) {
        guard start < line.count else { return (false, 0, start) }
        let mark = line[start]
        guard mark == UInt8(ascii: "*") || mark == UInt8(ascii: "-") || mark == UInt8(ascii: "_") else {
            return (false, mark, start)
        }
        var marks = 0
        for index in start..<line.count {
            switch line[index] {
            case mark: marks &+= 1
            case 0x20, 0x09: continue
            default: return (false, mark, index)
            }
        }
        return (marks >= 3, mark, line.count)
    }

    /// The content of an ATX heading (`## Title ##`): without the opening marks, the closing sequence and the
    /// surrounding spaces.
    static func atxHeadingContent(_ line: UnsafeBufferPointer<UInt8>, at start: Int) -> Range<Int>? {
        var index = start
        while index < line.count, line[index] == UInt8(ascii: "#") { index &+= 1 }
        guard (1...6).contains(index &- start) else { return nil }
        guard index == line.count || isSpaceOrTab(line[index]) else { return nil }
        while index < line.count, isSpaceOrTab(line[index]) { index &+= 1 }
        var end = trimmedEnd(line, from: index)
        var closing = end
        while closing > index, line[closing &- 1] == UInt8(ascii: "#") { closing &-= 1 }
        if closing == index {
            end = index
        } else if closing < end, isSpaceOrTab(line[closing &- 1]) {
            end = trimmedEnd(line, from: index, to: closing)
        }
        return index..<end
    }

    /// An opening code fence: three or more backticks or tildes; a backtick fence's info string has no backtick.
    static func fence(_ line: UnsafeBufferPointer<UInt8>, at start: Int) -> Fence? {
        guard start < line.count else { return nil }
        let mark = line[start]
        guard mark == UInt8(ascii: "`") || mark == UInt8(ascii: "~") else { return nil }
        var index = start
        while index < line.count, line[index] == mark { index &+= 1 }
        guard index &- start >= 3 else { return nil }
        if mark == UInt8(ascii: "`") {
            for infoIndex in index..<line.count where line[infoIndex] == mark { return nil }
        }
        return Fence(byte: mark, length: index &- start)
    }

    /// Whether the line closes `fence`: at least as many of the same character, then only spaces.
    static func closes(_ fence: Fence, _ line: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var index = start
        while index < line.count, line[index] == fence.byte { index &+= 1 }
        return index &- start >= fence.length && trimmedEnd(line, from: index) == index
    }

    /// A setext heading underline: a run of `=` or of `-`, then only spaces.
    static func isSetextUnderline(_ line: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start < line.count else { return false }
        let mark = line[start]
        guard mark == UInt8(ascii: "=") || mark == UInt8(ascii: "-") else { return false }
        var index = start
        while index < line.count, line[index] == mark { index &+= 1 }
        return trimmedEnd(line, from: index) == index
    }

    /// A bullet (`-`, `+`, `*`) or ordered (`1.`, `1)`, up to nine digits) list marker followed by a space, a tab
    /// or the end of the line.
    ///
    /// - Parameter contentEnd: `trimmedEnd(line, from: 0)` if the caller has it, which saves scanning trailing
    ///   spaces once per marker.
    static func listMarker(
        _ line: UnsafeBufferPointer<UInt8>, at start: Int, contentEnd: Int? = nil
    ) -> ListMarker? {
        guard start < line.count else { return nil }
        var index = start
        var isOrdered = false
        var number = 0
        switch line[start] {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"):
            index &+= 1
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            while index < line.count, index &- start < 10, isDigit(line[index]) {
                number = number &* 10 &+ Int(line[index] &- UInt8(ascii: "0"))
                index &+= 1
            }
            guard index &- start <= 9, index < line.count else { return nil }
            guard line[index] == UInt8(ascii: ".") || line[index] == UInt8(ascii: ")") else { return nil }
            isOrdered = true
            index &+= 1
        default:
            return nil
        }
        guard index == line.count || isSpaceOrTab(line[index]) else { return nil }
        let isEmpty = contentEnd.map { $0 <= index } ?? (trimmedEnd(line, from: index) == index)
        return ListMarker(width: index &- start, isOrdered: isOrdered, startsAtOne: number == 1, isEmpty: isEmpty)
    }

    /// Whether a line starting at `start` (after at most 3 columns of indentation) ends an open paragraph by
    /// starting another block. Setext underlines and table delimiter rows are decided by the caller, since they
    /// turn the paragraph into something else rather than interrupt it.
    ///
    /// With `isLazy`, the line did not continue all of the paragraph's containers, so it is not interrupting the
    /// paragraph itself: then any list item and any HTML block start count, as in CommonMark.
    static func interruptsParagraph(_ line: UnsafeBufferPointer<UInt8>, at start: Int, isLazy: Bool = false) -> Bool {
        guard start < line.count else { return false }
        switch line[start] {
        case UInt8(ascii: ">"):
            return true
        case UInt8(ascii: "#"):
            return atxHeadingContent(line, at: start) != nil
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            return fence(line, at: start) != nil
        case UInt8(ascii: "<"):
            guard let html = MarkdownHTML.blockStart(line, at: start) else { return false }
            return html.canInterruptParagraph || isLazy
        default:
            if isThematicBreak(line, at: start) { return true }
            guard let marker = listMarker(line, at: start) else { return false }
            return isLazy || (!marker.isEmpty && (!marker.isOrdered || marker.startsAtOne))
        }
    }

    /// The end of `line[start..<end]` without trailing spaces and tabs.
    static func trimmedEnd(_ line: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int? = nil) -> Int {
        var end = end ?? line.count
        while end > start, isSpaceOrTab(line[end &- 1]) { end &-= 1 }
        return end
    }

    @inline(__always)
    static func isSpaceOrTab(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
