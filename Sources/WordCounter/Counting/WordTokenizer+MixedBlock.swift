/// Eight bytes holding non-ASCII text, for the Markdown scan: the common characters whose UTF-8 bytes all lie in
/// the block are classified in their lanes, so that they do not stop the eight-byte path.
///
/// Recognized, with the classes ``CharacterClass/computed(_:)`` gives them: U+00C0–U+023F (letters, but for `×`
/// and `÷`), U+2000–U+203F (spaces and dashes, which separate, and other punctuation such as quotes), kana
/// U+3040–U+30FF and the ideographs U+4E00–U+9FFF. A character's first lane carries its class; its other lanes
/// are neither letters nor separators, so they pass the word state on unchanged. Every predicate works on the
/// bytes with their high bits cleared, where no lane carries into the next, so all eight lanes are exact.
extension WordTokenizer {
    struct MixedBlock {
        /// The block's bytes with the high bit of each cleared.
        let low: UInt64
        /// Lanes holding an ASCII byte.
        let ascii: UInt64
        /// Lanes holding `-` and `.`.
        let hyphens: UInt64
        let dots: UInt64
        /// First lanes of recognized characters that are letters, that separate words, that are ideographs.
        let letters: UInt64
        let separators: UInt64
        let ideographs: UInt64
        /// Every lane of every recognized character.
        let recognized: UInt64

        @inline(__always)
        init(_ word: UInt64) {
            let high = ByteLanes.high
            let low = word & ~high
            let nonASCII = word & high
            self.low = low
            ascii = ~word & high
            hyphens = ByteLanes.equal(low, 0x2D) & ascii
            dots = ByteLanes.equal(low, 0x2E) & ascii
            // 10xxxxxx: the high bit set, the next one clear (shifted up into the high bit's place).
            let continuation = nonASCII & ~(word << 1)
            let nextContinues = continuation >> 8
            let nextTwoContinue = nextContinues & continuation >> 16
            @inline(__always) func range(_ first: UInt8, _ last: UInt8) -> UInt64 {
                ByteLanes.atLeast(low, first) & ~ByteLanes.atLeast(low, last &+ 1)
            }
            // C3–C8 xx: U+00C0–U+023F. C3 97 and C3 B7 are × and ÷.
            let latin = nonASCII & range(0x43, 0x48) & nextContinues
            let operators =
                latin & ByteLanes.equal(low, 0x43) & (ByteLanes.equal(low & (ByteLanes.ones &* 0xDF), 0x17) >> 8)
            // E2 80 xx: U+2000–U+203F; spaces U+2000–U+200A, U+2028, U+2029, U+202F, and the dashes U+2013–U+2015
            // and U+2026 separate, the rest is punctuation.
            let punctuation =
                nonASCII & ByteLanes.equal(low, 0x62) & ((ByteLanes.equal(low, 0x00) & nonASCII) >> 8)
                & nextTwoContinue
            let separatingThird =
                (~ByteLanes.atLeast(low, 0x0B) | range(0x13, 0x15) | ByteLanes.equal(low, 0x26) | range(0x28, 0x29)
                    | ByteLanes.equal(low, 0x2F)) & high
            // E3 81–83 xx: kana U+3040–U+30FF; E4 B8–BF xx and E5–E9 xx xx: U+4E00–U+9FFF.
            let kana = ByteLanes.equal(low, 0x63) & ((range(0x01, 0x03) & nonASCII) >> 8)
            let han = range(0x65, 0x69) | ByteLanes.equal(low, 0x64) & ((range(0x38, 0x3F) & nonASCII) >> 8)
            let ideographs = nonASCII & (kana | han) & nextTwoContinue
            letters = latin & ~operators
            separators = punctuation & (separatingThird >> 16) | ideographs
            self.ideographs = ideographs
            let threeByte = punctuation | ideographs
            recognized = latin | latin << 8 | threeByte | threeByte << 8 | threeByte << 16
        }

        /// See ``WordTokenizer/neutralDelimiters(_:hyphens:dots:)``; `*`, `_` and `~` lanes of the block.
        @inline(__always)
        func neutralDelimiters(hyphens incomingHyphens: UInt64, dots incomingDots: UInt64) -> UInt64 {
            guard hyphens | dots == 0, (incomingHyphens | incomingDots) & ByteLanes.lastLane == 0 else { return 0 }
            return (ByteLanes.equal(low, 0x2A) | ByteLanes.equal(low, 0x5F) | ByteLanes.equal(low, 0x7E)) & ascii
        }

        /// The words starting in `lanes`, as ``WordTokenizer/wordStarts(_:lanes:pieceIsEmpty:hyphens:dots:)``
        /// counts them in an ASCII block; an ideograph is a word by itself and separates like a space.
        @inline(__always)
        func wordStarts(
            lanes: UInt64, pieceIsEmpty: inout UInt64, hyphens incomingHyphens: UInt64, dots incomingDots: UInt64
        ) -> Int {
            let letters = (ByteLanes.lettersAndDigits(low) & ascii | self.letters) & lanes
            let hyphen = hyphens & lanes
            let dot = dots & lanes
            let hyphenPairs = hyphen & (hyphen << 8 | incomingHyphens >> 56)
            let dotTriples = dot & (dot << 8 | incomingDots >> 56) & (dot << 16 | incomingDots >> 48)
            let separators = (ByteLanes.spaces(low) & ascii | self.separators) & lanes | hyphenPairs | dotTriples
            let carrying = ((ByteLanes.high & ~letters) >> 7) &* 0xFF
            let (withSeparators, carriedOut) = carrying.addingReportingOverflow(separators >> 7)
            let (sum, carriedIn) = withSeparators.addingReportingOverflow(pieceIsEmpty)
            pieceIsEmpty = carriedOut || carriedIn ? 1 : 0
            return ByteLanes.count((sum & letters >> 7) << 7) &+ ByteLanes.count(ideographs & lanes)
        }
    }
}
