import HarborTesting
import Testing

@testable import WordCounter

/// The `whitespace` mode against the real GNU `wc -w` (`LC_ALL=C.UTF-8`) of this machine.
@Suite("Whitespace mode equals GNU wc -w", .enabled(if: GNUWordCount.isAvailable, "needs /usr/bin/wc"))
struct WhitespaceModeGNUTests {
    @Test(
        "The cases of the issue count as wc counts them",
        arguments: [
            ("a-\u{2060}>b c", 3), ("a \u{7} b", 2), ("a\u{85}b", 1), ("a\u{2028}b", 1), ("a\u{2029}b", 1),
            ("\u{7}", 0), ("a\u{A0}b", 2), ("a\u{2007}b", 2), ("a\u{202F}b", 2), ("a\u{200B}b", 1), ("\u{200B}", 1),
            ("a\u{80}b", 1), ("\u{FFFD}", 1), ("\u{378}", 0), ("\u{FFFE}", 0), ("\u{E000}", 1), ("\u{1FAE8}", 0),
        ] as [(String, Int)])
    func issueCases(text: String, expected: Int) async throws {
        #expect(WordCounterStream.count(text, mode: .whitespace) == expected)
        #expect(try await GNUWordCount.count(Array(text.utf8)) == expected)
    }

    /// Each scalar value `c` goes into two texts per batch: " c " counts 1 only if `c` is printable and not a
    /// space, and "ac b " counts 2 only if `c` is a space. Comparing the batch totals with `wc` checks every
    /// scalar in a few hundred files; a batch that disagrees is checked one scalar at a time to name them.
    @Test("Every scalar value is a space, ignored or printable exactly as wc has it")
    func everyScalar() async throws {
        let batchSize = 8192
        var batches: [[UInt32]] = []
        var batch: [UInt32] = []
        for value in UInt32(0)...0x10FFFF where Unicode.Scalar(value) != nil {
            batch.append(value)
            if batch.count == batchSize {
                batches.append(batch)
                batch = []
            }
        }
        if !batch.isEmpty { batches.append(batch) }
        let texts = batches.flatMap { [Self.printableProbe($0), Self.spaceProbe($0)] }
        let counts = try await GNUWordCount.counts(texts)
        var mismatches: [String] = []
        for (index, batch) in batches.enumerated() {
            let classes = batch.map { WhitespaceClass.ofScalar($0) }
            let printable = classes.filter { $0 == .printable }.count
            let spaces = classes.filter { $0 == .space }.count
            guard counts[2 * index] != printable || counts[2 * index + 1] != batch.count + spaces else { continue }
            let single = try await GNUWordCount.counts(
                batch.flatMap { [Self.printableProbe([$0]), Self.spaceProbe([$0])] })
            for (offset, value) in batch.enumerated() {
                let expected: WhitespaceClass =
                    single[2 * offset + 1] == 2 ? .space : single[2 * offset] == 1 ? .printable : .ignored
                if classes[offset] != expected, mismatches.count < 20 {
                    mismatches.append("U+\(String(value, radix: 16)): wc \(expected), here \(classes[offset])")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// Characters of every kind: ASCII letters, punctuation and controls, every Unicode space and separator,
    /// format characters, C1 controls, combining marks, CJK, Hangul, emoji with modifiers and joiners, private
    /// use, noncharacters, unassigned code points and characters newer than wc's Unicode 14.0.
    static let fragments: [String] = {
        var fragments = ["a", "Z", "9", "word", "-", ".", "*", "'", "~", "\u{7F}"]
        fragments += (UInt32(1)...0x1F).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
        let whiteSpace: [UInt32] = [
            0x20, 0x85, 0xA0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008,
            0x2009, 0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000,
        ]
        let format: [UInt32] = [
            0xAD, 0x600, 0x61C, 0x180E, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202E, 0x2060, 0x2061,
            0x2066, 0xFEFF, 0xFFF9, 0x110BD, 0xE0001, 0xE0041,
        ]
        let others: [UInt32] = [
            0x80, 0x9F, 0x301, 0x20DD, 0x93F, 0xE9, 0x3B1, 0x416, 0x5D0, 0x627, 0x915, 0x65E5, 0x3042, 0x30AB,
            0xFF76, 0xAC00, 0x20000, 0x2A700, 0x1F389, 0x1F44B, 0x1F3FD, 0x1FAE8, 0x1FAF8, 0xE000, 0xF0000,
            0x10FFFD, 0xFFFE, 0xFFFF, 0x1FFFE, 0x378, 0x0860 + 0x30, 0xE0080, 0xFFFD, 0x2014, 0x2026, 0x3002,
        ]
        fragments += (whiteSpace + format + others).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
        fragments += ["👋🏽", "👩‍💻", "🇫🇷", "e\u{301}", " ", "\n", "\t", "\r\n"]
        return fragments
    }()

    @Test("Random text with every kind of character counts what wc counts, whole and in chunks")
    func randomText() async throws {
        var generator = SeededGenerator(seed: 0x00C0_FFEE)
        var texts: [[UInt8]] = []
        for _ in 0..<600 {
            let length = Int.random(in: 0...50, using: &generator)
            let text = (0..<length).map { _ in
                Self.fragments[Int.random(in: 0..<Self.fragments.count, using: &generator)]
            }.joined()
            texts.append(Array(text.utf8))
        }
        let expected = try await GNUWordCount.counts(texts)
        for (text, count) in zip(texts, expected) {
            #expect(WordCounterStream.count(bytes: text, mode: .whitespace) == count, "\(text)")
            let cuts = ChunkedCounting.randomCuts(count: text.count, using: &generator)
            #expect(ChunkedCounting.result(text, mode: .whitespace, cuts: cuts).words == count, "\(text) \(cuts)")
            #expect(ReferenceCounter.whitespaceTokens(text) == count, "\(text)")
        }
    }

    @Test("Invalid UTF-8 is ignored, as wc ignores it")
    func invalidBytes() async throws {
        var generator = SeededGenerator(seed: 0xBAD)
        let fragments: [[UInt8]] = [
            [0xFF], [0xC3], [0xE6, 0x97], [0xF0, 0x9F, 0x98], [0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80],
            [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE0, 0x80, 0x80], Array("a".utf8),
            Array(" ".utf8), Array("é".utf8), Array("\u{A0}".utf8), Array("日".utf8), [0x07], [0x0A],
        ]
        var texts: [[UInt8]] = []
        for _ in 0..<300 {
            texts.append(
                (0..<Int.random(in: 0...30, using: &generator)).flatMap { _ in
                    fragments[Int.random(in: 0..<fragments.count, using: &generator)]
                })
        }
        let expected = try await GNUWordCount.counts(texts)
        for (text, count) in zip(texts, expected) {
            #expect(WordCounterStream.count(bytes: text, mode: .whitespace) == count, "\(text)")
            let cuts = ChunkedCounting.randomCuts(count: text.count, using: &generator)
            #expect(ChunkedCounting.result(text, mode: .whitespace, cuts: cuts).words == count, "\(text) \(cuts)")
        }
    }

    /// " c " for each value: one word per printable non-space.
    private static func printableProbe(_ values: [UInt32]) -> [UInt8] {
        var bytes: [UInt8] = []
        for value in values {
            bytes.append(0x20)
            UTF8Decoding.append(value, to: &bytes)
            bytes.append(0x20)
        }
        return bytes
    }

    /// "ac b " for each value: two words where `c` is a space, one otherwise.
    private static func spaceProbe(_ values: [UInt32]) -> [UInt8] {
        var bytes: [UInt8] = []
        for value in values {
            bytes.append(UInt8(ascii: "a"))
            UTF8Decoding.append(value, to: &bytes)
            bytes.append(contentsOf: [UInt8(ascii: "b"), 0x20])
        }
        return bytes
    }
}
