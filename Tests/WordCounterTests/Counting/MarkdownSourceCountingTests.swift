import HarborTesting
import Testing

@testable import WordCounter

/// The renderer's fast path counts text outside brackets straight from the source; these compare it with the
/// plain path, which renders every block through the output buffer first, on random Markdown-ish documents.
@Suite("Markdown counted from the source")
struct MarkdownSourceCountingTests {
    /// Pieces that start, end or break markup, with words, hyphens and dots around them, non-ASCII letters,
    /// separators, CJK, emoji, ill-formed UTF-8 and line breaks.
    static let fragments: [[UInt8]] =
        [
            "word", "x1", " ", "  ", "\t", "\n", "\n\n", "-", "--", ".", "..", "...", "*", "**", "_", "__", "~", "~~",
            "~~~", "[", "]", "(", ")", "![", "](", "](u)", "][", "[a](b)", "[a][b]", "![i](j)", "[^1]", "[^1]: n", "!",
            "<", ">", "<br>", "<b>", "</p>", "<!-- c -->", "<http://a.b>", "`", "``", "`code`", "#", "# ", "> ", "- ",
            "1. ", "&", "&amp;", "&#42;", "&#x2014;", "&nbsp;", "\\", "\\*", "\\\n", "%", "%%", "{", "}", "{--", "--}",
            "{++", "++}", "|", "^", "é", "naïve", "—", "日本", "語", "🎉", "’", "×", "÷", "あ", "カ", "\u{2000}", "\u{2028}",
            "…", "―", "‖", "\u{4DC0}", "一", "\u{9FFF}", "\u{3040}", "\u{3100}", "Ā", "ȿ", "ɀ", "\u{A0}", "“", "–",
            "abcdefg", "abcdefghijklm",
        ].map { Array($0.utf8) } + [[0xFF], [0xE6, 0x97], [0xC3], [0xA9], [0x80], [0xE2, 0x80]]

    /// A random document of up to `length` fragments, drawn from ``fragments`` and `extra`.
    static func document(_ generator: inout SeededGenerator, length: Int, extra: [[UInt8]] = []) -> [UInt8] {
        let pieces = fragments + extra
        return (0..<Int.random(in: 0...length, using: &generator)).flatMap { _ in
            pieces[Int.random(in: 0..<pieces.count, using: &generator)]
        }
    }

    /// Counts `bytes` fed in pieces cut at `cuts`, from the source or through the buffer.
    static func count(
        _ bytes: [UInt8], excluding exclusions: MarkdownExclusions, cuts: [Int], fromSource: Bool
    ) -> CountResult {
        var counter = MarkdownCounter(excluding: exclusions, countsFromSource: fromSource)
        var start = 0
        for cut in cuts.sorted() + [bytes.count] where cut >= start {
            bytes[start..<cut].withUnsafeBufferPointer { piece in
                if let base = piece.baseAddress { counter.feed(base, count: piece.count) }
            }
            start = cut
        }
        return counter.finish()
    }

    @Test(
        "Random documents count the same from the source as through the buffer, however they are cut",
        arguments: [MarkdownExclusions(), .all, .footnotes, [.comments, .criticDeletions]])
    func randomDocuments(exclusions: MarkdownExclusions) {
        var generator = SeededGenerator(seed: 13)
        for round in 0..<3000 {
            let bytes = Self.document(&generator, length: round % 10 == 0 ? 200 : 40)
            let plain = Self.count(bytes, excluding: exclusions, cuts: [], fromSource: false)
            let cuts = ChunkedCounting.randomCuts(count: bytes.count, using: &generator)
            let fast = Self.count(bytes, excluding: exclusions, cuts: cuts, fromSource: true)
            #expect(fast == plain, "\(String(decoding: bytes, as: UTF8.self).debugDescription) cut at \(cuts)")
            #expect(
                ChunkedCounting.result(bytes, mode: .markdown, excluding: exclusions, cuts: cuts) == plain)
        }
    }

    @Test("CRLF and CR line endings count as LF, with tabs and other controls inside lines, however they are cut")
    func lineEndings() {
        var generator = SeededGenerator(seed: 17)
        let controls = ["\t", "\u{0B}", "\u{0C}", "a\tb", "\t\tcode"].map { Array($0.utf8) }
        for round in 0..<2000 {
            let bytes = Self.document(&generator, length: round % 10 == 0 ? 200 : 40, extra: controls)
            let lineFeeds = Self.count(bytes, excluding: [], cuts: [], fromSource: true)
            let returns = bytes.map { $0 == 0x0A ? 0x0D : $0 }
            let both = bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
            let cuts = ChunkedCounting.randomCuts(count: returns.count, using: &generator)
            #expect(Self.count(returns, excluding: [], cuts: cuts, fromSource: true) == lineFeeds)
            #expect(Self.count(both, excluding: [], cuts: cuts, fromSource: true) == lineFeeds)
        }
    }

    @Test("Emphasis between hyphens and dots, and links after non-ASCII text, count as rendered")
    func delimitersNextToHyphensAndDots() {
        let examples: [(String, Int)] = [
            ("a-**-b", 2), ("a-*x*-b", 1), ("a.**..b", 2), ("a..**.b", 2), ("a**b", 1), ("well-**known**", 1),
            ("a-[-b](u)", 2), ("a-[-b]", 1), ("é[a](u)", 1), ("日本[語](u)", 3), ("x[a b](u)y", 2),
            ("[a]: u\n\n[b][a]", 1),
        ]
        for (text, words) in examples {
            let bytes = Array(text.utf8)
            #expect(Self.count(bytes, excluding: [], cuts: [], fromSource: false).words == words, "\(text)")
            #expect(Self.count(bytes, excluding: [], cuts: [], fromSource: true).words == words, "\(text)")
        }
    }

    @Test("Long runs of prose (the SSE2 block scan's ground) count the same from the source, however they are cut")
    func prose() {
        // Text that seldom stops the block scan: letters, spaces, hyphens, dots, emphasis delimiters, the non-ASCII
        // characters it recognizes (and a few it does not), so that blocks stop anywhere, or nowhere.
        let pieces =
            [
                "word", "letters", "a", "Z9", " ", " ", " ", "-", "--", ".", "...", "*", "**", "_", "~", "'", ",",
                "é", "naïve", "Ȁ", "×", "÷", "—", "–", "…", "’", "\u{2000}", "\u{2029}", "\u{202F}", "日本", "語",
                "あ", "カ", "\u{4E00}", "\u{9FFF}", "\u{4DFF}", "ɀ", "🎉", "Ω", "한",
            ].map { Array($0.utf8) } + [[0xE2, 0x80], [0xC3], [0x80], [0xFF]]
        var generator = SeededGenerator(seed: 19)
        for _ in 0..<3000 {
            let length = Int.random(in: 1...120, using: &generator)
            // A letter first, so that no line starts a list, a heading or a thematic break.
            let bytes =
                Array("x".utf8)
                + (0..<length).flatMap { _ in
                    pieces[Int.random(in: 0..<pieces.count, using: &generator)]
                }
            let plain = Self.count(bytes, excluding: [], cuts: [], fromSource: false)
            let cuts = ChunkedCounting.randomCuts(count: bytes.count, using: &generator)
            let fast = Self.count(bytes, excluding: [], cuts: cuts, fromSource: true)
            #expect(fast == plain, "\(String(decoding: bytes, as: UTF8.self).debugDescription) cut at \(cuts)")
            // Without delimiters it is plain text: the `words` rules' count.
            let text = bytes.filter { $0 != 0x2A && $0 != 0x5F && $0 != 0x7E }
            let textCuts = ChunkedCounting.randomCuts(count: text.count, using: &generator)
            #expect(
                Self.count(text, excluding: [], cuts: textCuts, fromSource: true).words
                    == WordCounterStream.count(bytes: text, mode: .words),
                "\(String(decoding: text, as: UTF8.self).debugDescription)")
        }
    }
}
