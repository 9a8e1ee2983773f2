/// Byte-lane arithmetic on eight bytes at once ("SIMD within a register").
///
/// A per-byte predicate's result is the high bit of each lane. Every helper assumes all eight bytes are ASCII
/// (< 0x80), which callers check first: then no lane can carry into its neighbour and the tricks are exact.
enum ByteLanes {
    /// 0x01 in every lane.
    @inline(__always) static var ones: UInt64 { 0x0101_0101_0101_0101 }
    /// 0x80 in every lane: where the predicates put their answers.
    @inline(__always) static var high: UInt64 { 0x8080_8080_8080_8080 }
    /// The answer bit of the last (highest-addressed) byte.
    @inline(__always) static var lastLane: UInt64 { 0x80 << 56 }
    /// The answer bit of the byte before the last one.
    @inline(__always) static var secondToLastLane: UInt64 { 0x80 << 48 }

    /// Lanes whose byte is ≥ `threshold` (1...0x80).
    @inline(__always)
    static func atLeast(_ word: UInt64, _ threshold: UInt8) -> UInt64 {
        (word &+ ones &* UInt64(0x80 &- threshold)) & high
    }

    /// Lanes whose byte equals `byte` (< 0x80).
    @inline(__always)
    static func equal(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        ~((word ^ ones &* UInt64(byte)) &+ ones &* 0x7F) & high
    }

    /// Lanes holding ASCII `White_Space`: tab, LF, VT, FF, CR, space.
    @inline(__always)
    static func spaces(_ word: UInt64) -> UInt64 {
        equal(word, 0x20) | (atLeast(word, 0x09) & ~atLeast(word, 0x0E))
    }

    /// Lanes holding an ASCII control that is not a space (0x00–0x08, 0x0E–0x1F, 0x7F), given the lanes of
    /// ``spaces(_:)``.
    @inline(__always)
    static func ignoredControls(_ word: UInt64, spaces: UInt64) -> UInt64 {
        (~atLeast(word, 0x20) & ~spaces | equal(word, 0x7F)) & high
    }

    /// Lanes holding `0-9`, `A-Z` or `a-z`.
    @inline(__always)
    static func lettersAndDigits(_ word: UInt64) -> UInt64 {
        // Setting bit 5 folds upper case onto lower case, and moves nothing else into `a-z`.
        let folded = word | ones &* 0x20
        let digits = atLeast(word, 0x30) & ~atLeast(word, 0x3A)
        return digits | (atLeast(folded, 0x61) & ~atLeast(folded, 0x7B))
    }

    /// How many lanes have their answer bit set; a multiply adds all lanes into the top one, and needs no
    /// `popcnt` instruction, which the baseline x86-64 target does not have.
    @inline(__always)
    static func count(_ answers: UInt64) -> Int {
        Int(truncatingIfNeeded: ((answers >> 7) &* ones) >> 56)
    }

    /// The sum of the eight lanes read as bytes (each below 256).
    @inline(__always)
    static func sumOfLanes(_ lanes: UInt64) -> Int {
        let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ (lanes >> 8 & 0x00FF_00FF_00FF_00FF)
        return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    }

    /// Lanes `0..<lanes` (1...7) all set, the rest clear: the bytes before the first non-ASCII one.
    @inline(__always)
    static func lowLanes(_ lanes: Int) -> UInt64 {
        (1 &<< UInt64(8 &* lanes)) &- 1
    }

    /// Whether any of the eight bytes is ≥ 0x80.
    @inline(__always)
    static func hasNonASCII(_ word: UInt64) -> Bool {
        word & high != 0
    }
}
