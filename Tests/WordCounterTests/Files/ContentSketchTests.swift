import Testing
import WordCounter

/// Sketches of texts: how alike they say two texts are, and that the limit on a full sketch's
/// hashes changes no likeness (the pairing of moved files relies on it).
@Suite("ContentSketch")
struct ContentSketchTests {
    /// A text of `count` words drawn from a vocabulary of `vocabulary` words by `generator`.
    static func text(_ count: Int, vocabulary: Int = 3_000, using generator: inout SplitMix) -> [String] {
        (0..<count).map { _ in "w\(generator.next() % UInt64(vocabulary))" }
    }

    static func sketch(_ words: [String], keepingAll: Bool = false, upTo limit: UInt32 = .max) -> ContentSketch {
        var sketch = ContentSketch(keepingAll: keepingAll, upTo: limit)
        sketch.update(Array(words.joined(separator: " ").utf8))
        return sketch.finished
    }

    @Test("the same text is alike; a few words typed in stay alike; another text is not; a grown one is contained")
    func likeness() {
        var generator = SplitMix(seed: 7)
        let chapter = Self.text(2_000, using: &generator)
        let stored = Self.sketch(chapter)
        #expect(stored.hashes.count == ContentSketch.capacity)
        #expect(stored.similarity(to: Self.sketch(chapter)) == 1)
        var edited = chapter
        edited.insert(contentsOf: ["three", "more", "words"], at: 700)
        #expect((stored.likeness(to: Self.sketch(edited, keepingAll: true)) ?? 0) >= 0.5)
        #expect(stored.likeness(to: Self.sketch(Self.text(2_000, using: &generator), keepingAll: true)) == nil)
        let short = Array(chapter.prefix(30))
        let grown = short + Self.text(300, using: &generator)
        #expect((Self.sketch(short).likeness(to: Self.sketch(grown, keepingAll: true)) ?? 0) >= 0.75)
    }

    @Test("a full sketch is sorted and keeps each hash once, only up to its limit")
    func fullSketch() {
        var generator = SplitMix(seed: 11)
        let words = Self.text(500, vocabulary: 20, using: &generator)  // many repeated runs
        let all = Self.sketch(words, keepingAll: true)
        #expect(all.hashes == Array(Set(all.hashes)).sorted())
        let limit = all.hashes[all.hashes.count / 2]
        let limited = Self.sketch(words, keepingAll: true, upTo: limit)
        #expect(limited.hashes == all.hashes.filter { $0 <= limit })
    }

    /// The pairing keeps of a candidate's hashes only those up to the largest any gone file's
    /// full sketch keeps: every likeness must come out the same as with all of them.
    @Test(
        "a full sketch limited to the largest hash of full stored sketches gives every likeness unchanged, alike ones sharing three runs"
    )
    func limitChangesNoLikeness() {
        var generator = SplitMix(seed: 2026)
        for round in 0..<1_000 {
            let base = Self.text(Int(generator.next() % 400) + 20, vocabulary: 200 + round * 10, using: &generator)
            var other = base
            switch generator.next() % 4 {
            case 0: other = Self.text(Int(generator.next() % 400) + 1, vocabulary: 200, using: &generator)
            case 1:
                other.insert(contentsOf: Self.text(Int(generator.next() % 50), using: &generator), at: base.count / 2)
            case 2: other = Array(base.prefix(Int(generator.next() % UInt64(base.count)) + 1))
            default: other += Self.text(Int(generator.next() % 2_000), using: &generator)
            }
            let stored = Self.sketch(base)
            guard stored.hashes.count == ContentSketch.capacity, let largest = stored.hashes.last else { continue }
            let full = Self.sketch(other, keepingAll: true)
            let limited = Self.sketch(other, keepingAll: true, upTo: largest)
            #expect(stored.likeness(to: full) == stored.likeness(to: limited), "round \(round)")
            // What the pairing skips on: texts alike share three kept runs, or the other has fewer than four.
            if stored.likeness(to: limited) != nil {
                let shared = Set(stored.hashes).intersection(limited.hashes).count
                #expect(shared >= 3 || limited.hashes.count < 4, "round \(round): \(shared) shared")
            }
        }
    }
}

/// A seeded generator (SplitMix64): the same rounds every run.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
