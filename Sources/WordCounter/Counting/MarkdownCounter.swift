/// Counts the words a reader sees in a Markdown document, streaming: the `markdown` counting mode.
///
/// Bytes are split into lines (LF, CRLF or CR) with only an unfinished line kept between chunks; a UTF-8 byte
/// order mark is skipped; front matter is recognized at the start (``MarkdownFrontMatter``); every other line
/// goes to the ``MarkdownBlockParser``, which hands visible inline text to the ``MarkdownInlineRenderer``, which
/// counts it with the `words` rules. Memory is bounded: a line longer than `lineLimit` is handled in pieces, a
/// paragraph larger than ``MarkdownBlockParser/paragraphLimit`` is rendered in parts, and a front matter candidate
/// is kept only up to ``MarkdownFrontMatter/limit``.
///
/// Exact for everything the project's counting rules list, and checked against cmark-gfm on thousands of random
/// documents. Simplified, where documents rarely go:
/// - Reference definitions are not collected (they may follow their use): `[text][label]` and `![alt]` count as
///   defined, a shortcut `[text]` as text (the same words). A definition's title must end on its line.
/// - Emphasis delimiters are dropped when they can open or close, without CommonMark's pairing; this only
///   matters for a `*` or `_` between hyphens or dots. Flanking treats non-ASCII neighbours as letters.
/// - Inline HTML: `<br>` and block-level tags (`<p>`, `<div>`, `<li>`, `<td>`…) separate words, as a browser
///   shows them, other tags join the text around them. HTML blocks count nothing, even the text inside `<div>`
///   lines, as the rules ask.
/// - Tabs inside nested containers are expanded by column, but a tab split by a container marker is only
///   approximated; a table ends at a blank line or at a line that starts another block.
/// - Entities: HTML 4's named set plus `&apos;`, and numeric references of up to 7 decimal or 6 hex digits;
///   HTML5-only names stay literal text.
/// - Cutting an overlong line or a huge paragraph may split an inline construct (a link, a code span) at the cut.
struct MarkdownCounter: Sendable {
    /// The longest piece of a line handled at once.
    static let lineLimit = 1 << 20

    private var blocks = MarkdownBlockParser()
    private var frontMatter = MarkdownFrontMatter()
    /// Removes excluded comments and deletions before the block parser sees a line.
    private var spans: MarkdownExcludedSpans
    /// The start of the line being cut in pieces was all excluded text: its next piece starts the line.
    private var lineDropped = false
    /// The start of a line whose end has not arrived yet.
    private var carry: [UInt8] = []
    /// `carry` continues a line whose earlier part was already parsed.
    private var carryContinuesLine = false
    /// The previous chunk ended with CR, so a LF starting this one belongs to the same line ending.
    private var skipsLineFeed = false

    /// Starts a document, leaving out what `exclusions` names. With `countsFromSource` false, every block's text
    /// goes through the renderer's output buffer: the plain path, which the tests compare the fast one with.
    init(excluding exclusions: MarkdownExclusions = [], countsFromSource: Bool = true) {
        spans = MarkdownExcludedSpans(exclusions)
        blocks.exclusions = exclusions
        blocks.renderer.dropsFootnoteReferences = exclusions.contains(.footnotes)
        blocks.renderer.countsFromSource = countsFromSource
    }

    /// Parses the next `count` bytes.
    mutating func feed(_ bytes: UnsafePointer<UInt8>, count: Int) {
        var start = 0
        if skipsLineFeed, count > 0 {
            skipsLineFeed = false
            if bytes[0] == 0x0A { start = 1 }
        }
        while start < count {
            let end = Self.lineEnd(bytes, from: start, count: count)
            let piece = UnsafeBufferPointer(start: bytes + start, count: end &- start)
            guard end < count else {
                appendToCarry(piece)
                return
            }
            if carry.isEmpty && !carryContinuesLine && piece.count <= Self.lineLimit {
                handleLine(piece, continuesLine: false)
            } else {
                appendToCarry(piece)
                handleCarry()
            }
            start = end &+ 1
            if bytes[end] == 0x0D {
                if start == count {
                    skipsLineFeed = true
                } else if bytes[start] == 0x0A {
                    start &+= 1
                }
            }
        }
    }

    /// Ends the document.
    mutating func finish() -> CountResult {
        if !carry.isEmpty || carryContinuesLine { handleCarry() }
        if case .collecting = frontMatter.state { abandonFrontMatter() }
        let words = blocks.finish()
        return CountResult(words: words, countingDisabled: frontMatter.disablesCounting)
    }

    /// The index of the next LF or CR at or after `start`, or `count`.
    private static func lineEnd(_ bytes: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        let raw = UnsafeRawPointer(bytes)
        var index = start
        while index &+ 8 <= count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            // Lanes below 0x0E, which LF and CR are: the lowest flagged lane is exact even for non-ASCII (a borrow
            // only moves upwards). Tabs and other controls are found too, and stepped over.
            let found = (word &- ByteLanes.ones &* 0x0E) & ~word & ByteLanes.high
            if found != 0 {
                let candidate = index &+ found.trailingZeroBitCount / 8
                if bytes[candidate] == 0x0A || bytes[candidate] == 0x0D { return candidate }
                index = candidate &+ 1
                continue
            }
            index &+= 8
        }
        while index < count, bytes[index] != 0x0A, bytes[index] != 0x0D { index &+= 1 }
        return index
    }

    /// Adds part of a line to `carry`, parsing it in pieces whenever it grows past the line limit, so a huge line
    /// never needs more than the limit in memory, whatever the chunk size.
    ///
    /// A full carry is cut only once more bytes of the same line arrive: a line of exactly `lineLimit` bytes is
    /// then parsed whole, as `feed` parses it when it arrives in one chunk, and the cuts of a longer line fall at
    /// the same bytes however the chunks were cut.
    private mutating func appendToCarry(_ piece: UnsafeBufferPointer<UInt8>) {
        var start = 0
        while start < piece.count {
            if carry.count >= Self.lineLimit { handleLongCarry() }
            let taken = min(piece.count &- start, max(1, Self.lineLimit &- carry.count))
            carry.append(contentsOf: UnsafeBufferPointer(rebasing: piece[start..<(start &+ taken)]))
            start &+= taken
        }
    }

    /// Parses the completed line in `carry`.
    private mutating func handleCarry() {
        var line: [UInt8] = []
        swap(&line, &carry)
        line.withUnsafeBufferPointer { handleLine($0, continuesLine: carryContinuesLine) }
        carryContinuesLine = false
        line.removeAll(keepingCapacity: true)
        swap(&line, &carry)
    }

    /// Parses the start of an overlong line, up to its last whitespace, and keeps the rest.
    private mutating func handleLongCarry() {
        var cut = carry.count
        while cut > 0, !MarkdownInlineRenderer.isSpace(carry[cut &- 1]) { cut &-= 1 }
        if cut == 0 {
            cut = carry.count
            while cut > 0, carry[cut &- 1] & 0xC0 == 0x80 { cut &-= 1 }
            if cut > 0, carry[cut &- 1] >= 0xC0 { cut &-= 1 }
            if cut == 0 { cut = carry.count }
        }
        var line: [UInt8] = []
        swap(&line, &carry)
        line.withUnsafeBufferPointer {
            handleLine(UnsafeBufferPointer(rebasing: $0[..<cut]), continuesLine: carryContinuesLine)
        }
        carryContinuesLine = true
        line.removeSubrange(..<cut)
        swap(&line, &carry)
    }

    /// Routes a line to front matter or to the block parser.
    private mutating func handleLine(_ line: UnsafeBufferPointer<UInt8>, continuesLine: Bool) {
        switch frontMatter.state {
        case .done:
            parseBlocks(line, continuesLine: continuesLine)
        case .atStart:
            let line = Self.droppingByteOrderMark(line)
            if !continuesLine, let syntax = MarkdownFrontMatter.opening(line) {
                frontMatter.state = .collecting(syntax)
                frontMatter.pendingLines.append(contentsOf: line)
                frontMatter.pendingLines.append(0x0A)
            } else {
                frontMatter.state = .done
                parseBlocks(line, continuesLine: continuesLine)
            }
        case .collecting(let syntax):
            if continuesLine || frontMatter.pendingLines.count > MarkdownFrontMatter.limit {
                abandonFrontMatter()
                parseBlocks(line, continuesLine: continuesLine)
            } else if MarkdownFrontMatter.closes(syntax, line) {
                frontMatter.state = .done
                frontMatter.disablesCounting = frontMatter.pendingDisablesCounting
                frontMatter.pendingLines = []
            } else {
                if MarkdownFrontMatter.disablesCounting(line) { frontMatter.pendingDisablesCounting = true }
                frontMatter.pendingLines.append(contentsOf: line)
                frontMatter.pendingLines.append(0x0A)
            }
        }
    }

    /// The candidate front matter never closed: its lines are Markdown after all.
    private mutating func abandonFrontMatter() {
        frontMatter.state = .done
        let pending = frontMatter.pendingLines
        frontMatter.pendingLines = []
        pending.withUnsafeBufferPointer { buffer in
            var start = 0
            for index in buffer.indices where buffer[index] == 0x0A {
                parseBlocks(UnsafeBufferPointer(rebasing: buffer[start..<index]), continuesLine: false)
                start = index &+ 1
            }
        }
    }

    /// Hands a line (or a piece of one) to the block parser, once excluded spans are removed.
    private mutating func parseBlocks(_ line: UnsafeBufferPointer<UInt8>, continuesLine: Bool) {
        guard spans.isActive else {
            blocks.parse(line, continuesLine: continuesLine)
            return
        }
        // Moved out while it runs, so that the closure may change `blocks`.
        var filter = MarkdownExcludedSpans([])
        swap(&filter, &spans)
        var delivered = false
        filter.filter(line) { kept in
            delivered = true
            blocks.parse(kept, continuesLine: continuesLine && !lineDropped)
        }
        swap(&filter, &spans)
        if delivered {
            lineDropped = false
        } else if !continuesLine {
            lineDropped = true
        }
    }

    private static func droppingByteOrderMark(_ line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF else { return line }
        return UnsafeBufferPointer(rebasing: line[3...])
    }
}
