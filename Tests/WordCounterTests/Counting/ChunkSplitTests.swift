import HarborTesting
import Testing
import WordCounter

@Suite("Chunk splits")
struct ChunkSplitTests {
    /// Text mixing everything that can straddle a chunk boundary: multi-byte characters, dash and dot runs,
    /// invalid sequences, CRLF, and Markdown constructs that span lines.
    static let corpus: [UInt8] = {
        let text = """
            ---
            title: Chunks
            ---
            # Heading with *emphasis* and `code span` #

            Plain words, don't stop—then wait...what? a--b a..b 3.14 1,000 https://example.com
            日本語のテキスト ﾃｽﾄ 한국어 텍스트 café naïve 🎉 hi👋\u{A0}nbsp\u{3000}wide

            > Quoted **bold**text and [a link](http://example.com "title") with ![an image](x.png)
            lazy continuation line

            1. First item
            2) Second item with <span class="x">inline</span> HTML<br>and a break
               - nested *bullet*

            | Column A | Column B |
            |:---------|---------:|
            | cell one | cell\\|two |

            ```swift
            let ignored = "code block"
            ```

            <div>
            html block text
            </div>

            <!-- a comment
            across lines -->
            Entities: caf&eacute; a&nbsp;b x&#8212;y &amp; &#x41;&#66;
            [ref]: http://example.com "Title"
            Setext heading
            ==============
            ~~struck~~ text\\*escaped\\* and a hard\\
            break.

                indented code
            Final paragraph.
            """
        var bytes = Array(text.utf8)
        // Invalid bytes, and CRLF and CR line endings.
        bytes += [0x0D, 0x0A, 0x61, 0xFF, 0x62, 0x20, 0xE6, 0x97, 0x20, 0xC0, 0xAF, 0x0D, 0x63, 0x0D, 0x0A]
        bytes += Array("last line without newline — ok".utf8)
        return bytes
    }()

    @Test("Any split gives the same result as counting the whole buffer", arguments: CountingMode.allCases)
    func randomSplits(mode: CountingMode) {
        let whole = WordCounterStream.result(for: Self.corpus, mode: mode)
        #expect(whole.words > 50)
        var generator = SeededGenerator(seed: 0x5EED &+ UInt64(mode.rawValue.count))
        for _ in 0..<300 {
            let cuts = ChunkedCounting.randomCuts(count: Self.corpus.count, using: &generator)
            #expect(ChunkedCounting.result(Self.corpus, mode: mode, cuts: cuts) == whole, "cuts: \(cuts.sorted())")
        }
    }

    @Test("Byte-by-byte feeding gives the same result", arguments: CountingMode.allCases)
    func byteByByte(mode: CountingMode) {
        let whole = WordCounterStream.result(for: Self.corpus, mode: mode)
        #expect(ChunkedCounting.result(Self.corpus, mode: mode, cuts: Array(0...Self.corpus.count)) == whole)
    }

    @Test("Random texts split randomly match the reference implementation")
    func randomTextsMatchReference() {
        var generator = SeededGenerator(seed: 99)
        let fragments: [[UInt8]] = [
            Array("word".utf8), Array(" ".utf8), Array("-".utf8), Array("--".utf8), Array(".".utf8), Array("..".utf8),
            Array("—".utf8), Array("日本".utf8), Array("🎉".utf8), Array("é".utf8), [0xFF], [0xE6, 0x97], [0x0A],
            Array("x1".utf8),
        ]
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...30, using: &generator)).flatMap { _ in
                fragments[Int.random(in: 0..<fragments.count, using: &generator)]
            }
            let cuts = ChunkedCounting.randomCuts(count: bytes.count, using: &generator)
            #expect(ChunkedCounting.result(bytes, mode: .words, cuts: cuts).words == ReferenceCounter.words(bytes))
            #expect(
                ChunkedCounting.result(bytes, mode: .whitespace, cuts: cuts).words
                    == ReferenceCounter.whitespaceTokens(bytes))
        }
    }

    @Test("The corpus counts what the rules say")
    func corpusCounts() {
        #expect(WordCounterStream.result(for: Self.corpus, mode: .markdown).countingDisabled == false)
        #expect(WordCounterStream.count(bytes: Self.corpus, mode: .words) == ReferenceCounter.words(Self.corpus))
        #expect(
            WordCounterStream.count(bytes: Self.corpus, mode: .whitespace)
                == ReferenceCounter.whitespaceTokens(Self.corpus))
    }
}
