/// A small summary of a file's text that tells how much of it another text shares, without
/// keeping the text: the 16 smallest hashes of its runs of three consecutive words (a bottom-k
/// sketch of its word shingles).
///
/// Two sketches estimate the share of word runs the two texts have in common (their Jaccard
/// similarity): 1 for the same text, about 0.9 for a chapter with a few words typed into it, near
/// 0 for two different texts. ``UpdateWordCounts`` pairs a missing file with a new one whose text
/// is mostly the same (a move followed by an editor's save), as git pairs renamed files, and
/// credits only the difference in words.
///
/// Words are what white space (space, tab, line feed, carriage return) separates, as bytes: an
/// edit changes the runs that hold its words and leaves the others, wherever the lines break.
/// A text of one or two words has one run of them; an empty text has none, and is like nothing.
///
/// ```swift
/// var sketch = ContentSketch()
/// sketch.update(Array("One line.\nAnother line.\n".utf8))
/// let same = sketch.finished.similarity(to: sketch.finished)  // 1
/// ```
public struct ContentSketch: Sendable, Equatable, Hashable {
    /// How many of the smallest run hashes a sketch keeps.
    public static let capacity = 16
    /// The similarity from which two texts are taken for versions of one document: half their
    /// word runs in common, like git's default for renames.
    public static let sameDocumentThreshold = 0.5
    /// The share of one text's word runs found in the other from which the two are taken for
    /// versions of one document although they differ in length: a short chapter that grew, a long
    /// one cut down to a part of itself.
    public static let containedThreshold = 0.75

    /// The smallest distinct hashes of word runs, ascending; all of them when the text has fewer,
    /// or when the sketch ``keepsAll``.
    public private(set) var hashes: [UInt32] = []
    /// Whether every run's hash is kept, not only the smallest: for the texts a sketch is looked
    /// up in (``containment(in:)``), never stored.
    public let keepsAll: Bool
    /// The largest hash a sketch that ``keepsAll`` keeps.
    public let limit: UInt32
    /// Whether the text had hashes above ``limit``, which were not kept.
    public private(set) var keptBelowLimitOnly = false
    /// The hash of the word being read (FNV-1a over its bytes), and whether one is being read.
    private var word: UInt64 = Self.offsetBasis
    private var inWord = false
    /// The hashes of the last two words before the one being read, and how many words were read.
    private var previous: (UInt64, UInt64) = (0, 0)
    private var words = 0

    /// Bit `b` set for each white-space byte `b`: 0x09, 0x0A, 0x0D and 0x20.
    private static let whiteSpaceBits: UInt64 = 1 << 0x09 | 1 << 0x0A | 1 << 0x0D | 1 << 0x20
    private static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// An empty sketch, to be fed with `update`; `keepingAll` keeps every run's hash up to `limit`.
    ///
    /// A limit loses nothing when the sketches this one is compared with are full (``capacity``
    /// hashes) and keep none above it: their likeness to it (``likeness(to:)``) reads no hash of
    /// this one above their largest.
    public init(keepingAll: Bool = false, upTo limit: UInt32 = .max) {
        keepsAll = keepingAll
        self.limit = limit
    }

    /// Sketches are equal when their kept hashes are (compare ``finished`` sketches).
    public static func == (lhs: ContentSketch, rhs: ContentSketch) -> Bool { lhs.hashes == rhs.hashes }

    public func hash(into hasher: inout Hasher) { hasher.combine(hashes) }

    /// A sketch made of its hashes, as stored.
    public init(hashes: [UInt32]) {
        self.hashes = Array(Set(hashes).sorted().prefix(Self.capacity))
        keepsAll = false
        limit = .max
    }

    /// Adds the next bytes of the text.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds the next bytes of the text.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        // Locals, so that the loop keeps them in registers.
        var word = self.word
        var inWord = self.inWord
        for byte in bytes {
            // Space, line feed, tab or carriage return: one comparison for the bytes of words.
            if byte <= 0x20 && (UInt64(1) << UInt64(byte)) & Self.whiteSpaceBits != 0 {
                if inWord {
                    endWord(word)
                    word = Self.offsetBasis
                    inWord = false
                }
            } else {
                word = (word ^ UInt64(byte)) &* Self.prime
                inWord = true
            }
        }
        self.word = word
        self.inWord = inWord
    }

    /// The sketch of everything fed so far, its last word included.
    public var finished: ContentSketch {
        var copy = self
        if copy.inWord {
            copy.endWord(copy.word)
            copy.inWord = false
            copy.word = Self.offsetBasis
        }
        // One or two words make one run of their own.
        if copy.words > 0, copy.words < 3 { copy.insert(Self.mix(copy.previous.0, copy.previous.1, 0)) }
        if copy.keepsAll {
            // Sorted, then each run of equal hashes kept once: no set of thousands of hashes built.
            copy.hashes.sort()
            var kept = 0
            for index in copy.hashes.indices where kept == 0 || copy.hashes[index] != copy.hashes[kept - 1] {
                copy.hashes[kept] = copy.hashes[index]
                kept += 1
            }
            copy.hashes.removeSubrange(kept...)
        }
        return copy
    }

    private mutating func endWord(_ hash: UInt64) {
        words += 1
        if words >= 3 { insert(Self.mix(previous.0, previous.1, hash)) }
        previous = (previous.1, hash)
    }

    /// One run's hash from its three words' (a finalizer from SplitMix64 over their combination).
    private static func mix(_ first: UInt64, _ second: UInt64, _ third: UInt64) -> UInt32 {
        var value = first &* 0x9E37_79B9_7F4A_7C15 ^ (second &+ 0x632B_E59B_D9B4_E019) &* 0xBF58_476D_1CE4_E5B9 ^ third
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt32(truncatingIfNeeded: value ^ (value >> 31))
    }

    private mutating func insert(_ hash: UInt32) {
        if keepsAll {
            if hash <= limit { hashes.append(hash) } else { keptBelowLimitOnly = true }  // sorted once, when finished
            return
        }
        if hashes.count == Self.capacity, let largest = hashes.last, hash >= largest { return }
        var low = 0
        var high = hashes.count
        while low < high {
            let middle = (low + high) / 2
            if hashes[middle] < hash { low = middle + 1 } else { high = middle }
        }
        if low < hashes.count, hashes[low] == hash { return }
        hashes.insert(hash, at: low)
        if hashes.count > Self.capacity { hashes.removeLast() }
    }

    /// Whether the two texts are versions of one document: alike (``similarity(to:)`` at least
    /// ``sameDocumentThreshold``), or one mostly found in the other (``containment(in:)`` either
    /// way at least ``containedThreshold``). The measure that decided it is returned, or nil.
    public func likeness(to other: ContentSketch) -> Double? {
        let similarity = similarity(to: other)
        if similarity >= Self.sameDocumentThreshold { return similarity }
        let contained = max(
            containment(in: other, reaching: Self.containedThreshold) ?? 0,
            other.containment(in: self, reaching: Self.containedThreshold) ?? 0)
        return contained >= Self.containedThreshold ? contained : nil
    }

    /// The estimated share of this text's distinct word runs that `other` holds, or nil when the
    /// sketches cannot tell (a short text beside a long one whose kept hashes are all smaller
    /// than this one's).
    public func containment(in other: ContentSketch) -> Double? {
        containment(in: other, reaching: 0)
    }

    /// ``containment(in:)``, given up as 0 as soon as it cannot reach `share`: two texts that
    /// share nothing are told apart after a handful of look-ups, not all of them.
    func containment(in other: ContentSketch, reaching share: Double) -> Double? {
        guard !hashes.isEmpty, !other.hashes.isEmpty else { return nil }
        // Only hashes up to the other's largest kept one can be looked up in it, when it keeps
        // only the smallest and is full. Kept hashes are sorted: those are a prefix of these.
        var end = hashes.count
        if !other.keepsAll, other.hashes.count == Self.capacity, let limit = other.hashes.last {
            end = upperBound(of: limit)
            // All of this text's runs are up to the other's largest only when none was left out.
            guard (end == hashes.count && !keptBelowLimitOnly) || end >= 4 else { return nil }
        }
        let allowedMisses = end - Int((share * Double(end)).rounded(.up))
        var found = 0
        for index in 0..<end {
            if other.holds(hashes[index]) {
                found += 1
            } else if index + 1 - found > allowedMisses {
                return 0
            }
        }
        return Double(found) / Double(end)
    }

    /// Whether `hash` is among the kept ones (a binary search: they are sorted).
    private func holds(_ hash: UInt32) -> Bool {
        let index = lowerBound(of: hash)
        return index < hashes.count && hashes[index] == hash
    }

    /// The index of the first kept hash not below `hash`.
    private func lowerBound(of hash: UInt32) -> Int {
        var low = 0
        var high = hashes.count
        while low < high {
            let middle = (low + high) / 2
            if hashes[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The index of the first kept hash above `hash`.
    private func upperBound(of hash: UInt32) -> Int {
        hash == .max ? hashes.count : lowerBound(of: hash + 1)
    }

    /// The estimated share of distinct word runs the two texts have in common, from 0 to 1; 0
    /// when either has no word.
    public func similarity(to other: ContentSketch) -> Double {
        guard !hashes.isEmpty, !other.hashes.isEmpty else { return 0 }
        // The smallest `capacity` hashes of the union, and how many of them both sketches hold.
        var left = 0
        var right = 0
        var taken = 0
        var shared = 0
        // A sketch that keeps all is compared by its smallest `capacity`, as a stored one is.
        let mine = min(hashes.count, Self.capacity)
        let theirs = min(other.hashes.count, Self.capacity)
        while taken < Self.capacity, left < mine || right < theirs {
            let a = left < mine ? hashes[left] : .max
            let b = right < theirs ? other.hashes[right] : .max
            if a == b, left < mine, right < theirs {
                shared += 1
                left += 1
                right += 1
            } else if a < b {
                left += 1
            } else {
                right += 1
            }
            taken += 1
        }
        return Double(shared) / Double(taken)
    }
}
