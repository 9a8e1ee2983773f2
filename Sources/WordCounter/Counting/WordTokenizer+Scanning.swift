/// The hot loops: sixteen or eight ASCII bytes per step, one scalar per step elsewhere.
///
/// State lives in locals for the length of a chunk so it stays in registers; the loops make no calls that do not
/// inline except for classifying a non-ASCII scalar.
extension WordTokenizer {
    /// `words` rules over `bytes[start..<count]`.
    ///
    /// A word starts at a letter or number whose piece had none before it. Per block: separators (whitespace, the
    /// second hyphen of a run, the third dot of a run) *generate* "piece is empty", letters and numbers *kill* it,
    /// anything else *propagates* it. Adding 0x01 at separator lanes to 0xFF at non-letter lanes ripples a carry
    /// through exactly the propagating lanes, so a letter lane ends up holding 1 when it starts a word.
    mutating func scanWords(_ bytes: UnsafePointer<UInt8>, from start: Int, count: Int) {
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
        while index < count {
            Self.scanASCIIPairs(
                raw, index: &index, count: count, words: &words, pieceIsEmpty: &pieceIsEmpty, hyphens: &hyphens,
                dots: &dots)
            while index &+ 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let nonASCII = word & ByteLanes.high
                if nonASCII == 0 {
                    words &+= Self.wordStarts(
                        word, lanes: ~0, pieceIsEmpty: &pieceIsEmpty, hyphens: hyphens, dots: dots)
                    hyphens = ByteLanes.equal(word, 0x2D)
                    dots = ByteLanes.equal(word, 0x2E)
                    index &+= 8
                    continue
                }
                // The ASCII bytes before the first non-ASCII one still go eight-wide, with the other lanes masked:
                // comparisons only carry upwards, so lanes below a non-ASCII byte are exact.
                let lanes = nonASCII.trailingZeroBitCount >> 3
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
            let remaining = count &- index
            if remaining > 0, remaining < 8, count >= 8 {
                // The last few bytes: the eight bytes ending with them, shifted down, make one masked block.
                let shift = UInt64(64 &- 8 &* remaining)
                let word =
                    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)) &>> shift
                if word & ByteLanes.high == 0 {
                    let mask = ByteLanes.lowLanes(remaining)
                    words &+= Self.wordStarts(
                        word, lanes: mask, pieceIsEmpty: &pieceIsEmpty, hyphens: hyphens, dots: dots)
                    hyphens = (ByteLanes.equal(word, 0x2D) & mask) &<< shift
                    dots = (ByteLanes.equal(word, 0x2E) & mask) &<< shift | dots &>> UInt64(8 &* remaining)
                    index = count
                    break
                }
            }
            guard index < count,
                let characterClass = nextCharacterClass(bytes, at: &index, count: count, table: &table)
            else { break }
            Self.applyWordRules(
                characterClass, words: &words, pieceIsEmpty: &pieceIsEmpty, hyphens: &hyphens, dots: &dots)
        }
        self.words = words
        self.pieceIsEmpty = pieceIsEmpty
        hyphenLanes = hyphens
        dotLanes = dots
    }

    /// Runs of pure-ASCII text, sixteen bytes a step while at least sixteen remain: the two blocks of a step share
    /// one loop test, and word starts are summed per lane, to be added up once every few hundred blocks rather than
    /// once a block. Stops at the first step holding a non-ASCII byte.
    @inline(__always)
    static func scanASCIIPairs(
        _ raw: UnsafeRawPointer, index: inout Int, count: Int, words: inout Int, pieceIsEmpty: inout UInt64,
        hyphens: inout UInt64, dots: inout UInt64
    ) {
        var starts: UInt64 = 0
        var steps = 0
        while index &+ 16 <= count {
            let first = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self))
            guard (first | second) & ByteLanes.high == 0 else { break }
            starts &+= laneStarts(first, pieceIsEmpty: &pieceIsEmpty, hyphens: &hyphens, dots: &dots)
            starts &+= laneStarts(second, pieceIsEmpty: &pieceIsEmpty, hyphens: &hyphens, dots: &dots)
            index &+= 16
            steps &+= 1
            // Each lane gains at most 2 a step: 127 steps keep every lane below 256.
            if steps == 127 {
                words &+= ByteLanes.sumOfLanes(starts)
                starts = 0
                steps = 0
            }
        }
        words &+= ByteLanes.sumOfLanes(starts)
    }

    /// 1 in the low bit of each lane of an ASCII block where a word starts, 0 elsewhere; moves the state past the
    /// block.
    @inline(__always)
    static func laneStarts(
        _ word: UInt64, pieceIsEmpty: inout UInt64, hyphens: inout UInt64, dots: inout UInt64
    ) -> UInt64 {
        let letters = ByteLanes.lettersAndDigits(word)
        let hyphen = ByteLanes.equal(word, 0x2D)
        let dot = ByteLanes.equal(word, 0x2E)
        let hyphenPairs = hyphen & (hyphen << 8 | hyphens >> 56)
        let dotTriples = dot & (dot << 8 | dots >> 56) & (dot << 16 | dots >> 48)
        let separators = ByteLanes.spaces(word) | hyphenPairs | dotTriples
        let carrying = ((ByteLanes.high & ~letters) >> 7) &* 0xFF
        let (withSeparators, carriedOut) = carrying.addingReportingOverflow(separators >> 7)
        let (sum, carriedIn) = withSeparators.addingReportingOverflow(pieceIsEmpty)
        pieceIsEmpty = carriedOut || carriedIn ? 1 : 0
        hyphens = hyphen
        dots = dot
        return sum & letters >> 7
    }

    /// The words starting in the `lanes` of one block of ASCII bytes; updates `pieceIsEmpty` to the state after
    /// the last of those lanes (the lanes above propagate the carry unchanged).
    @inline(__always)
    static func wordStarts(
        _ word: UInt64, lanes: UInt64, pieceIsEmpty: inout UInt64, hyphens: UInt64, dots: UInt64
    ) -> Int {
        let letters = ByteLanes.lettersAndDigits(word) & lanes
        let hyphen = ByteLanes.equal(word, 0x2D) & lanes
        let dot = ByteLanes.equal(word, 0x2E) & lanes
        let hyphenPairs = hyphen & (hyphen << 8 | hyphens >> 56)
        let dotTriples = dot & (dot << 8 | dots >> 56) & (dot << 16 | dots >> 48)
        let separators = ByteLanes.spaces(word) & lanes | hyphenPairs | dotTriples
        let carrying = ((ByteLanes.high & ~letters) >> 7) &* 0xFF
        let (withSeparators, carriedOut) = carrying.addingReportingOverflow(separators >> 7)
        let (sum, carriedIn) = withSeparators.addingReportingOverflow(pieceIsEmpty)
        pieceIsEmpty = carriedOut || carriedIn ? 1 : 0
        return ByteLanes.count((sum & letters >> 7) << 7)
    }

    /// Whitespace rules over `bytes[start..<count]`: a token starts at a printable non-space after a space, with
    /// ignored characters (controls, invalid bytes) in between changing nothing.
    mutating func scanTokens(_ bytes: UnsafePointer<UInt8>, from start: Int, count: Int) {
        var words = self.words
        var spaces = spaceLanes
        var table: [WhitespaceClass] = []
        let raw = UnsafeRawPointer(bytes)
        var index = start
        while index < count {
            while index &+ 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let space = ByteLanes.spaces(word)
                // Non-ASCII bytes and ASCII controls other than the spaces go one at a time. The lane tests are
                // exact below the lowest non-ASCII byte, which is all the lowest flagged lane needs.
                let special = word & ByteLanes.high | ByteLanes.ignoredControls(word, spaces: space)
                let starts = ~space & ByteLanes.high & (space << 8 | spaces >> 56)
                if special == 0 {
                    words &+= ByteLanes.count(starts)
                    spaces = space
                    index &+= 8
                    continue
                }
                let lanes = special.trailingZeroBitCount >> 3
                if lanes > 0 {
                    let mask = ByteLanes.lowLanes(lanes)
                    words &+= ByteLanes.count(starts & mask)
                    spaces = (space & mask) &<< UInt64(64 &- 8 &* lanes)
                    index &+= lanes
                }
                break
            }
            guard index < count else { break }
            let byte = bytes[index]
            let characterClass: WhitespaceClass
            if byte < 0x80 {
                index &+= 1
                characterClass = .ofASCII(byte)
            } else {
                let (value, length) = UTF8Decoding.decode(bytes, at: index, end: count)
                if length == 0 {
                    keepPartial(bytes, from: index, count: count)
                    break
                }
                if table.isEmpty { table = WhitespaceClass.basicMultilingualPlane }
                index &+= length
                characterClass = .ofScalar(value, table: table)
            }
            Self.applyTokenRules(characterClass, words: &words, spaces: &spaces)
        }
        self.words = words
        spaceLanes = spaces
    }

    /// The class of the character at `index`, moving `index` past it; nil when the chunk ends inside
    /// its UTF-8 sequence, which is then kept for the next chunk. `table` is filled on first need.
    @inline(__always)
    mutating func nextCharacterClass(
        _ bytes: UnsafePointer<UInt8>, at index: inout Int, count: Int, table: inout [CharacterClass]
    ) -> CharacterClass? {
        let byte = bytes[index]
        if byte < 0x80 {
            index &+= 1
            return .ofASCII(byte)
        }
        let (value, length) = UTF8Decoding.decode(bytes, at: index, end: count)
        if length == 0 {
            keepPartial(bytes, from: index, count: count)
            return nil
        }
        if table.isEmpty { table = CharacterClass.basicMultilingualPlane }
        index &+= length
        return .ofScalar(value, table: table)
    }

    /// Keeps the unfinished sequence `bytes[index..<count]` (at most three bytes) for the next chunk.
    mutating func keepPartial(_ bytes: UnsafePointer<UInt8>, from index: Int, count: Int) {
        var packed: UInt32 = 0
        for offset in 0..<(count &- index) {
            packed |= UInt32(bytes[index &+ offset]) << (8 &* offset)
        }
        partial = packed
        partialCount = count &- index
    }

    /// One character under the `words` rules, in the same lane form the eight-byte path keeps.
    @inline(__always)
    static func applyWordRules(
        _ characterClass: CharacterClass, words: inout Int, pieceIsEmpty: inout UInt64,
        hyphens: inout UInt64, dots: inout UInt64
    ) {
        switch characterClass {
        case .space, .separator:
            pieceIsEmpty = 1
            hyphens = 0
            dots = 0
        case .letterOrNumber:
            words &+= Int(truncatingIfNeeded: pieceIsEmpty)
            pieceIsEmpty = 0
            hyphens = 0
            dots = 0
        case .ideograph:
            words &+= 1
            pieceIsEmpty = 1
            hyphens = 0
            dots = 0
        case .hyphen:
            if hyphens & ByteLanes.lastLane != 0 { pieceIsEmpty = 1 }
            hyphens = ByteLanes.lastLane
            dots = 0
        case .dot:
            let lastTwo = ByteLanes.lastLane | ByteLanes.secondToLastLane
            if dots & lastTwo == lastTwo { pieceIsEmpty = 1 }
            dots = (dots >> 8 & ByteLanes.secondToLastLane) | ByteLanes.lastLane
            hyphens = 0
        case .other:
            hyphens = 0
            dots = 0
        }
    }

    /// One character under the whitespace rules.
    @inline(__always)
    static func applyTokenRules(_ characterClass: WhitespaceClass, words: inout Int, spaces: inout UInt64) {
        switch characterClass {
        case .space:
            spaces = ByteLanes.lastLane
        case .printable:
            if spaces & ByteLanes.lastLane != 0 { words &+= 1 }
            spaces = 0
        case .ignored:
            break
        }
    }
}
