/// Turns a Markdown block's inline source (a paragraph, a heading, a table cell) into the text a reader sees and
/// counts its words.
///
/// One left-to-right pass handles the few bytes that can start markup: backslash escapes, code spans, emphasis and
/// strikethrough delimiters, links and images, autolinks, raw HTML and character references. While no bracket is
/// open, the text between them is counted straight from the source (``WordTokenizer/scanWordsUntilMarkup(_:from:count:)``)
/// and removed markup is skipped. Behind an open `[` or `![`, runs of ordinary bytes are copied to an output buffer
/// instead, because an image's alt text is only known to be invisible once its closing `](…)` is found; the buffer
/// is counted once the last bracket closes.
struct MarkdownInlineRenderer: Sendable {
    /// An unmatched `[` or `![` that may still become a link or an image.
    struct BracketOpener: Sendable {
        /// Where the bracket landed in the output, to drop it (link) or everything from it (image).
        var outputIndex: Int
        var isImage: Bool
    }

    /// Positions from which a search for a closing marker already failed. Searching again from there or later
    /// cannot succeed, so remembering them keeps many unclosed openers linear instead of quadratic.
    struct FailedSearches: Sendable {
        var commentClose = Int.max
        var processingInstructionClose = Int.max
        var cdataClose = Int.max
        var declarationClose = Int.max
        /// Where a search for a closing backtick run began that went on to the end of the text (`Int.max` while
        /// none has): from there on, every backtick run is in `lastBacktickRun`.
        var backtickScanStart = Int.max
        /// The start of the last backtick run of each length seen by a search, so an opening run with no closer
        /// is answered without searching again, as cmark does: runs of many distinct lengths stay linear.
        var lastBacktickRun: [Int: Int] = [:]

        /// Nothing has been remembered: a new text can keep these as they are.
        var isUnused: Bool {
            commentClose == .max && processingInstructionClose == .max && cdataClose == .max
                && declarationClose == .max && backtickScanStart == .max && lastBacktickRun.isEmpty
        }
    }

    private(set) var tokenizer = WordTokenizer(appliesWordRules: true)
    var output: [UInt8] = []
    var openers: [BracketOpener] = []
    var failedSearches = FailedSearches()
    /// Openers below this index in `openers` that are links, not images, can no longer open a link: a link was
    /// formed after them, and links do not nest. One index instead of a flag per opener keeps forming a link O(1).
    var linkOpenersInactiveBelow = 0
    /// The source index the last copied run ended at, to notice when two copied runs are not adjacent.
    var copiedEnd = -1
    /// Footnote references (`[^1]`) are dropped rather than shown, when footnotes are excluded.
    var dropsFootnoteReferences = false
    /// Text outside brackets is counted straight from the source; false renders everything through `output`
    /// first, the plain way, which the tests compare the fast path with.
    var countsFromSource = true
    /// No bracket is open and `output` is not in use: what the markup handlers show goes to the tokenizer at once.
    private var isDirect = false

    /// Renders `text` and counts the words of the result; words do not continue across calls unless `text` is
    /// cut at whitespace.
    mutating func render(_ text: UnsafeBufferPointer<UInt8>) {
        guard !text.isEmpty else { return }
        // Usually empty already: the checks save a call each per block.
        if !output.isEmpty { output.removeAll(keepingCapacity: true) }
        if !openers.isEmpty { openers.removeAll(keepingCapacity: true) }
        linkOpenersInactiveBelow = 0
        if !failedSearches.isUnused { failedSearches = FailedSearches() }
        copiedEnd = -1
        guard let base = text.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        var index = 0
        var literalStart = 0
        let count = text.count
        isDirect = countsFromSource
        while index < count {
            if isDirect {
                index = tokenizer.scanWordsUntilMarkup(base, from: index, count: count)
                guard index < count else { break }
                if text[index] == UInt8(ascii: "["), !dropsFootnoteReferences,
                    let link = Self.plainBracket(in: text, at: index)
                {
                    // `[text]` with no markup inside: a link shows its text, anything else shows the brackets too,
                    // and the next scan meets the `]`, which closes nothing, as literal text.
                    guard let end = link.end else {
                        tokenizer.apply(.other)
                        index &+= 1
                        continue
                    }
                    _ = tokenizer.scanWordsUntilMarkup(base, from: index &+ 1, count: link.close)
                    tokenizer.endContiguousInput()
                    index = end
                    continue
                }
                // Everything before `index` is counted: the handler's copy of the literal run is empty.
                literalStart = index
                let next = renderMarkup(text[index], in: text, at: index, literalStart: &literalStart)
                guard openers.isEmpty else {
                    // A bracket opened (at `literalStart`): buffer until it closes.
                    isDirect = false
                    copiedEnd = -1
                    index = next
                    continue
                }
                // The handler removed `index..<literalStart` when it moved `literalStart` on; what is left up to
                // `next` is literal text.
                let literalFrom = max(index, literalStart)
                index =
                    literalFrom < next
                    ? tokenizer.scanLiteralSource(base, from: literalFrom, to: next, count: count) : next
                continue
            }
            // Ordinary text is skipped eight bytes at a time; the lowest flagged lane is exact.
            while index &+ 8 <= count {
                let found = Self.markupLanes(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if found != 0 {
                    index &+= found.trailingZeroBitCount >> 3
                    break
                }
                index &+= 8
            }
            guard index < count else { break }
            let byte = text[index]
            guard Self.mayStartMarkup(byte) else {
                index &+= 1
                continue
            }
            index = renderMarkup(byte, in: text, at: index, literalStart: &literalStart)
            if openers.isEmpty, countsFromSource { countBufferedOutput(text, upTo: index, literalStart: &literalStart) }
        }
        if !isDirect {
            copy(text, literalStart..<count)
            output.withUnsafeBufferPointer { tokenizer.feed($0) }
        }
        isDirect = false
        tokenizer.endContiguousInput()
    }

    /// For a `[` at `index` whose text holds no byte that may start markup: where its `]` is, and where the link it
    /// opens ends (nil when none follows: a shortcut reference is text). Nil when markup comes first, which the
    /// buffered path handles.
    static func plainBracket(in text: UnsafeBufferPointer<UInt8>, at index: Int) -> (close: Int, end: Int?)? {
        guard let base = text.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let count = text.count
        var close = index &+ 1
        while true {
            while close &+ 8 <= count {
                let found = markupLanes(raw.loadUnaligned(fromByteOffset: close, as: UInt64.self))
                if found != 0 {
                    close &+= found.trailingZeroBitCount >> 3
                    break
                }
                close &+= 8
            }
            guard close < count else { return nil }
            if mayStartMarkup(text[close]) { break }
            close &+= 1
        }
        guard text[close] == UInt8(ascii: "]") else { return nil }
        let next: UInt8? = close &+ 1 < count ? text[close &+ 1] : nil
        if next == UInt8(ascii: "("), let end = inlineLinkTailEnd(in: text, at: close &+ 1) {
            return (close, end)
        }
        if next == UInt8(ascii: "["), let end = referenceLabelEnd(in: text, at: close &+ 1) {
            return (close, end)
        }
        return (close, nil)
    }

    /// The last bracket closed: counts the output up to `end` and goes back to counting from the source, unless
    /// the output ends inside a UTF-8 sequence, which the next copy may still seal or complete.
    private mutating func countBufferedOutput(
        _ text: UnsafeBufferPointer<UInt8>, upTo end: Int, literalStart: inout Int
    ) {
        copy(text, literalStart..<end)
        literalStart = end
        if let last = output.last, last >= 0x80,
            output.withUnsafeBufferPointer({ UTF8Decoding.endsWithUnfinishedSequence($0) })
        {
            return
        }
        output.withUnsafeBufferPointer { tokenizer.feed($0) }
        output.removeAll(keepingCapacity: true)
        copiedEnd = -1
        isDirect = true
    }

    /// Ends the current block: what follows starts a new word.
    mutating func separate() {
        tokenizer.separate()
    }

    /// The words counted so far.
    mutating func finish() -> Int {
        tokenizer.finish()
    }

    /// Handles the byte at `index`, which may start markup; returns where scanning continues.
    private mutating func renderMarkup(
        _ byte: UInt8, in text: UnsafeBufferPointer<UInt8>, at index: Int, literalStart: inout Int
    ) -> Int {
        switch byte {
        case UInt8(ascii: "\\"):
            guard index &+ 1 < text.count else { return index &+ 1 }
            let next = text[index &+ 1]
            if Self.isASCIIPunctuation(next) {
                // The escaped character is copied as literal text and never read as markup.
                copy(text, literalStart..<index)
                literalStart = index &+ 1
                return index &+ 2
            }
            if next == 0x0A {
                // A hard line break; the newline itself already separates.
                copy(text, literalStart..<index)
                literalStart = index &+ 1
            }
            return index &+ 1
        case UInt8(ascii: "`"):
            return renderCodeSpan(in: text, at: index, literalStart: &literalStart)
        case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return renderDelimiterRun(byte, in: text, at: index, literalStart: &literalStart)
        case UInt8(ascii: "!"):
            guard index &+ 1 < text.count, text[index &+ 1] == UInt8(ascii: "[") else { return index &+ 1 }
            copy(text, literalStart..<index)
            literalStart = index
            openers.append(BracketOpener(outputIndex: output.count, isImage: true))
            return index &+ 2
        case UInt8(ascii: "["):
            if dropsFootnoteReferences, let end = MarkdownFootnote.referenceEnd(text, at: index) {
                copy(text, literalStart..<index)
                literalStart = end
                return end
            }
            copy(text, literalStart..<index)
            literalStart = index
            openers.append(BracketOpener(outputIndex: output.count, isImage: false))
            return index &+ 1
        case UInt8(ascii: "]"):
            return renderClosingBracket(in: text, at: index, literalStart: &literalStart)
        case UInt8(ascii: "<"):
            return renderAngleBracket(in: text, at: index, literalStart: &literalStart)
        case UInt8(ascii: "&"):
            guard let reference = HTMLEntities.reference(text, at: index) else { return index &+ 1 }
            copy(text, literalStart..<index)
            append(scalar: reference.value)
            literalStart = reference.end
            return reference.end
        default:
            return index &+ 1
        }
    }

    /// Copies `text[range]` to the output.
    ///
    /// When the previous copy did not end right before `range`, the bytes in between were markup; if the output
    /// ends in an unfinished UTF-8 sequence (invalid in the source, since markup is ASCII) a U+FFFD is added so
    /// that the next bytes cannot complete it into a character the source does not have.
    ///
    /// Counting from the source, the range is counted at once as a text of its own (its bytes are not adjacent to
    /// what was counted before it, nor to what comes after).
    mutating func copy(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if isDirect {
            if let base = text.baseAddress { tokenizer.feed(base + range.lowerBound, count: range.count) }
            tokenizer.endContiguousInput()
            return
        }
        if range.lowerBound != copiedEnd, let last = output.last, last >= 0x80 { sealUnfinishedSequence() }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[range]))
        copiedEnd = range.upperBound
    }

    /// Appends a decoded character (from a reference) to the output.
    mutating func append(scalar value: UInt32) {
        sealUnfinishedSequence()
        UTF8Decoding.append(value, to: &output)
        copiedEnd = -1
        if isDirect {
            // The output is not in use: it holds just this character, counted at once.
            output.withUnsafeBufferPointer { tokenizer.feed($0) }
            tokenizer.endContiguousInput()
            output.removeAll(keepingCapacity: true)
        }
    }

    /// Appends a line break, for inline tags that a browser puts on lines of their own.
    mutating func appendSeparator() {
        if isDirect {
            tokenizer.separate()
            return
        }
        sealUnfinishedSequence()
        output.append(0x0A)
        copiedEnd = -1
    }

    private mutating func sealUnfinishedSequence() {
        guard let last = output.last, last >= 0x80 else { return }
        if output.withUnsafeBufferPointer({ UTF8Decoding.endsWithUnfinishedSequence($0) }) {
            output.append(contentsOf: [0xEF, 0xBF, 0xBD])
        }
    }

    /// Whether `byte` can start markup; everything else is copied as it is.
    @inline(__always)
    static func mayStartMarkup(_ byte: UInt8) -> Bool {
        // ! & * < in the low half, [ \ ] _ ` ~ in the high half.
        let low: UInt64 = 1 << 0x21 | 1 << 0x26 | 1 << 0x2A | 1 << 0x3C
        let high: UInt64 =
            1 << (0x5B - 64) | 1 << (0x5C - 64) | 1 << (0x5D - 64) | 1 << (0x5F - 64)
            | 1 << (0x60 - 64) | 1 << (0x7E - 64)
        if byte < 64 { return low &>> UInt64(byte) & 1 != 0 }
        if byte < 128 { return high &>> UInt64(byte &- 64) & 1 != 0 }
        return false
    }

    /// Lanes of `word` (little-endian) holding a byte that may start markup, and `^` (callers check the byte with
    /// ``mayStartMarkup(_:)``). Never misses one: with the high bits cleared no lane carries into the next, so the
    /// tests are exact for every ASCII lane, and non-ASCII lanes are dropped at the end.
    @inline(__always)
    static func markupLanes(_ word: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: word)
        let ascii = word & ~ByteLanes.high
        // A lane's high bit is set in `ascii ^ pattern + 0x7F` unless the byte equals the pattern.
        @inline(__always) func differs(_ byte: UInt64) -> UInt64 {
            (ascii ^ (ByteLanes.ones &* byte)) &+ ByteLanes.ones &* 0x7F
        }
        let noneEqual = differs(0x21) & differs(0x26) & differs(0x2A) & differs(0x3C) & differs(0x7E)
        // `[` `\` `]` `^` `_` `` ` ``: 0x5B through 0x60.
        let inRange = (ascii &+ ByteLanes.ones &* (0x80 - 0x5B)) & ~(ascii &+ ByteLanes.ones &* (0x80 - 0x61))
        return (~noneEqual | inRange) & ~word & ByteLanes.high
    }

    /// ASCII punctuation: the characters a backslash escapes.
    @inline(__always)
    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: true
        default: false
        }
    }
}
