internal import CByteClasses

/// Counting Markdown inline text straight from its source: the renderer's fast path, which needs no output buffer
/// while no bracket is open.
///
/// The text a reader sees is the source less its markup plus a few inserted characters. These scans count the
/// source's words up to the next byte that may start markup, so the renderer can decide about that byte and then
/// skip what it removes: skipped bytes leave the word state as it was, exactly as if they were not there. Bytes are
/// decoded where they stand in the source; markup is ASCII, so a sequence that markup cuts is ill-formed either way
/// and reads as U+FFFD, as the buffered path's sealing makes it.
extension WordTokenizer {
    /// `words` rules over `bytes[start...]` up to the first byte that may start markup
    /// (``MarkdownInlineRenderer/mayStartMarkup(_:)``); returns its index, or `count` when there is none.
    ///
    /// `count` ends the block's text, and no partial sequence may be pending: a sequence cut by `count` is kept, as
    /// ``feed(_:count:)`` keeps it, for ``endContiguousInput()``.
    mutating func scanWordsUntilMarkup(_ bytes: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var words = self.words
        var pieceIsEmpty = self.pieceIsEmpty
        var hyphens = hyphenLanes
        var dots = dotLanes
        // Moved out and back rather than copied, which would retain and release it on every call.
        var table: [CharacterClass] = []
        swap(&table, &characterTable)
        defer { swap(&table, &characterTable) }
        let raw = UnsafeRawPointer(bytes)
        var index = start
        scanning: while index < count {
            // Sixteen bytes at a time with SSE2 while no byte may start markup and every character is a common one;
            // what is left from there (another character, markup, the last bytes) goes eight bytes or one
            // character at a time below.
            index = Self.scanSixteenByteBlocks(
                bytes, from: index, count: count, words: &words, pieceIsEmpty: &pieceIsEmpty, hyphens: &hyphens,
                dots: &dots)
            while index < count {
                let loaded: UInt64
                // Lanes past the end of the text, which stop the block like markup does.
                var beyond: UInt64 = 0
                if index &+ 8 <= count {
                    loaded = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                } else {
                    // The last few bytes: the eight bytes ending with them, shifted down, make one masked block.
                    guard count >= 8 else { break }
                    let remaining = count &- index
                    let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
                    loaded = (last &>> UInt64(64 &- 8 &* remaining)).littleEndian
                    beyond = ByteLanes.high &<< UInt64(8 &* remaining)
                }
                let word = UInt64(littleEndian: loaded)
                var markup = MarkdownInlineRenderer.markupLanes(loaded)
                let nonASCII = word & ByteLanes.high
                if nonASCII == 0 {
                    if markup != 0 { markup &= ~Self.neutralDelimiters(word, hyphens: hyphens, dots: dots) }
                    if markup | beyond == 0 {
                        words &+= Self.wordStarts(
                            word, lanes: ~0, pieceIsEmpty: &pieceIsEmpty, hyphens: hyphens, dots: dots)
                        hyphens = ByteLanes.equal(word, 0x2D)
                        dots = ByteLanes.equal(word, 0x2E)
                        index &+= 8
                        continue scanning
                    }
                    // The ASCII text before the first byte that may start markup, with the other lanes masked.
                    let lanes = (markup | beyond).trailingZeroBitCount >> 3
                    if lanes > 0 {
                        let mask = ByteLanes.lowLanes(lanes)
                        words &+= Self.wordStarts(
                            word, lanes: mask, pieceIsEmpty: &pieceIsEmpty, hyphens: hyphens, dots: dots)
                        let shift = UInt64(64 &- 8 &* lanes)
                        hyphens = (ByteLanes.equal(word, 0x2D) & mask) &<< shift
                        dots = (ByteLanes.equal(word, 0x2E) & mask) &<< shift | dots &>> UInt64(8 &* lanes)
                        index &+= lanes
                    }
                    break
                }
                // Common non-ASCII characters whose bytes all lie in the block are classified in their lanes; the
                // others, and markup, stop the block as before.
                let block = MixedBlock(word)
                if markup != 0 { markup &= ~block.neutralDelimiters(hyphens: hyphens, dots: dots) }
                let special = nonASCII & ~block.recognized | markup | beyond
                if special == 0 {
                    words &+= block.wordStarts(lanes: ~0, pieceIsEmpty: &pieceIsEmpty, hyphens: hyphens, dots: dots)
                    hyphens = block.hyphens
                    dots = block.dots
                    index &+= 8
                    continue
                }
                let lanes = special.trailingZeroBitCount >> 3
                if lanes > 0 {
                    let mask = ByteLanes.lowLanes(lanes)
                    words &+= block.wordStarts(lanes: mask, pieceIsEmpty: &pieceIsEmpty, hyphens: hyphens, dots: dots)
                    let shift = UInt64(64 &- 8 &* lanes)
                    hyphens = (block.hyphens & mask) &<< shift
                    dots = (block.dots & mask) &<< shift | dots &>> UInt64(8 &* lanes)
                    index &+= lanes
                    // A character cut by the end of the block is read whole by the next one.
                    if special & (0 &- special) & markup == 0 { continue }
                }
                break
            }
            guard index < count else { break }
            let byte = bytes[index]
            if byte < 0x80 {
                if MarkdownInlineRenderer.mayStartMarkup(byte) { break }
                index &+= 1
                Self.applyWordRules(
                    .ofASCII(byte), words: &words, pieceIsEmpty: &pieceIsEmpty, hyphens: &hyphens, dots: &dots)
                continue
            }
            guard let characterClass = nextCharacterClass(bytes, at: &index, count: count, table: &table) else {
                index = count
                break
            }
            Self.applyWordRules(
                characterClass, words: &words, pieceIsEmpty: &pieceIsEmpty, hyphens: &hyphens, dots: &dots)
        }
        self.words = words
        self.pieceIsEmpty = pieceIsEmpty
        hyphenLanes = hyphens
        dotLanes = dots
        return index
    }

    /// `words` rules over sixteen-byte blocks of text from `start` up to the first byte that may start markup, with
    /// the C kernel (`cbyteclasses_scan_words`, the same rules one bit per byte, ``MixedBlock``'s characters);
    /// returns where it stopped (`start` where SSE2 is missing).
    @inline(__always)
    static func scanSixteenByteBlocks(
        _ bytes: UnsafePointer<UInt8>, from start: Int, count: Int, words: inout Int, pieceIsEmpty: inout UInt64,
        hyphens: inout UInt64, dots: inout UInt64
    ) -> Int {
        guard count &- start >= 16 else { return start }
        var state = cbyteclasses_word_state(
            words: Int64(words), piece_is_empty: pieceIsEmpty, hyphens: hyphens, dots: dots)
        let end = cbyteclasses_scan_words(bytes, start, count, &state)
        guard end != start else { return start }
        words = Int(state.words)
        pieceIsEmpty = state.piece_is_empty
        hyphens = state.hyphens
        dots = state.dots
        return end
    }

    /// Lanes of `*`, `_` and `~` that need not stop the scan: when no `-` or `.` is in the block or ends the one
    /// before it, no delimiter run here follows a hyphen or a dot, so removing it (emphasis) or keeping it (text)
    /// counts the same: either way it is neither a letter nor a separator. Exact below the lowest non-ASCII lane.
    @inline(__always)
    static func neutralDelimiters(_ word: UInt64, hyphens: UInt64, dots: UInt64) -> UInt64 {
        let hyphensAndDots = ByteLanes.equal(word, 0x2D) | ByteLanes.equal(word, 0x2E)
        guard hyphensAndDots == 0, (hyphens | dots) & ByteLanes.lastLane == 0 else { return 0 }
        return ByteLanes.equal(word, 0x2A) | ByteLanes.equal(word, 0x5F) | ByteLanes.equal(word, 0x7E)
    }

    /// `words` rules over the source bytes `bytes[start..<end]`, which the renderer left as literal text (markup
    /// bytes that start nothing), one character at a time; a character that begins before `end` is read whole, up
    /// to `count`. Returns where the next character starts (`count` when the text ended inside one, which is kept).
    mutating func scanLiteralSource(_ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, count: Int) -> Int {
        var index = start
        var table: [CharacterClass] = []
        swap(&table, &characterTable)
        defer { swap(&table, &characterTable) }
        while index < end {
            guard let characterClass = nextCharacterClass(bytes, at: &index, count: count, table: &table) else {
                return count
            }
            apply(characterClass)
        }
        return index
    }
}
