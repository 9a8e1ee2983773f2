/// Counts words in UTF-8 bytes that arrive in chunks cut anywhere, by the `words` rules or by GNU `wc -w`'s
/// (the `whitespace` mode).
///
/// Both rule sets are one pass that counts where words *start*, so nothing is buffered: the whole state is a few
/// integers plus at most three bytes of a multi-byte sequence cut off by the end of a chunk. ASCII runs go eight
/// bytes at a time through ``ByteLanes``; other bytes are decoded one scalar at a time and classified by
/// ``CharacterClass`` or ``WhitespaceClass``. The state is kept in the lane form the eight-byte path uses, so the two paths hand over at
/// any byte.
struct WordTokenizer: Sendable {
    /// `words` rules (dashes, ellipses, CJK, letters or numbers) rather than plain whitespace tokens.
    let appliesWordRules: Bool
    /// The words counted so far.
    var words = 0
    /// `words` rules: 1 while the current piece has no letter or number yet, so the next one starts a word. It is
    /// the carry into the lane addition that finds word starts, hence an integer.
    var pieceIsEmpty: UInt64 = 1
    /// `words` rules: lane masks of the most recent hyphens and dots; the last lane (and, for dots, the one before)
    /// tell whether a `--` or `...` run is straddling two blocks.
    var hyphenLanes: UInt64 = 0
    var dotLanes: UInt64 = 0
    /// Whitespace rules: the last lane is set while the previous character that was not ignored was a space.
    var spaceLanes: UInt64 = ByteLanes.lastLane
    /// An unfinished multi-byte sequence from the end of the previous input, little-endian.
    var partial: UInt32 = 0
    var partialCount = 0
    /// `words` rules: ``CharacterClass/basicMultilingualPlane``, fetched at the first non-ASCII character and kept,
    /// so that counting many short texts (Markdown blocks) fetches it once.
    var characterTable: [CharacterClass] = []

    /// Creates a tokenizer at the start of a text.
    init(appliesWordRules: Bool) {
        self.appliesWordRules = appliesWordRules
    }

    /// Counts `count` more bytes; the bytes continue whatever was fed before.
    mutating func feed(_ bytes: UnsafePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        var start = 0
        if partialCount > 0 {
            start = resumePartial(bytes, count: count)
        }
        guard start < count else { return }
        if appliesWordRules {
            scanWords(bytes, from: start, count: count)
        } else {
            scanTokens(bytes, from: start, count: count)
        }
    }

    /// Counts the bytes of `buffer`.
    mutating func feed(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress else { return }
        feed(base, count: buffer.count)
    }

    /// Ends the current word as whitespace would; Markdown calls this between blocks.
    mutating func separate() {
        endContiguousInput()
        if appliesWordRules {
            apply(.space)
        } else {
            Self.applyTokenRules(.space, words: &words, spaces: &spaceLanes)
        }
    }

    /// Reads an unfinished multi-byte sequence as invalid (U+FFFD to the `words` rules, ignored by the `whitespace`
    /// ones), so that bytes fed next, which do not follow it in the source, cannot complete it.
    mutating func endContiguousInput() {
        guard partialCount > 0 else { return }
        partial = 0
        partialCount = 0
        if appliesWordRules { apply(.other) }
    }

    /// The final count, once all input is fed.
    mutating func finish() -> Int {
        endContiguousInput()
        return words
    }

    /// Updates the `words` state for one character that did not go through the eight-byte path.
    @inline(__always)
    mutating func apply(_ characterClass: CharacterClass) {
        Self.applyWordRules(
            characterClass, words: &words, pieceIsEmpty: &pieceIsEmpty, hyphens: &hyphenLanes, dots: &dotLanes)
    }

    /// Completes a sequence cut off by the previous chunk with the first bytes of this one.
    ///
    /// - Returns: how many bytes of `bytes` that used; all of them when the sequence is still unfinished.
    private mutating func resumePartial(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        let kept = partialCount
        let taken = min(4 &- kept, count)
        var staged = UInt64(partial)
        for offset in 0..<taken {
            staged |= UInt64(bytes[offset]) << (8 &* (kept &+ offset))
        }
        let available = kept &+ taken
        let decoded = withUnsafeBytes(of: staged.littleEndian) { raw -> (value: UInt32, length: Int) in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return (UTF8Decoding.invalid, 1) }
            return UTF8Decoding.decode(base, at: 0, end: available)
        }
        if decoded.length == 0 {
            partial = UInt32(truncatingIfNeeded: staged)
            partialCount = available
            return count
        }
        partial = 0
        partialCount = 0
        if appliesWordRules {
            apply(CharacterClass.ofScalar(decoded.value))
        } else {
            Self.applyTokenRules(WhitespaceClass.ofScalar(decoded.value), words: &words, spaces: &spaceLanes)
        }
        // The kept bytes were a valid prefix, so the decoder used at least all of them.
        return decoded.length &- kept
    }
}
