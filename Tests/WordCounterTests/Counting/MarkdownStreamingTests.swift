import HarborTesting
import Testing
import WordCounter

@Suite("Markdown streaming limits")
struct MarkdownStreamingTests {
    /// `count` copies of "word " on one line: several times the line and paragraph limits.
    static func longLine(_ count: Int) -> [UInt8] {
        Array(repeating: Array("word ".utf8), count: count).flatMap { $0 }
    }

    @Test("A line longer than the line limit counts every word")
    func overlongLine() {
        let words = 600_000  // 3 MB
        #expect(WordCounterStream.count(bytes: Self.longLine(words), mode: .markdown) == words)
        let heading = Array("# ".utf8) + Self.longLine(words)
        #expect(WordCounterStream.count(bytes: heading, mode: .markdown) == words)
    }

    @Test("An overlong line inside code or an HTML block stays uncounted")
    func overlongVerbatimLine() {
        let code = Array("```\n".utf8) + Self.longLine(300_000) + Array("\n```\nafter".utf8)
        #expect(WordCounterStream.count(bytes: code, mode: .markdown) == 1)
        let html = Array("<div>\n".utf8) + Self.longLine(300_000) + Array("\n\nafter".utf8)
        #expect(WordCounterStream.count(bytes: html, mode: .markdown) == 1)
    }

    @Test("A paragraph larger than the paragraph limit counts every word")
    func hugeParagraph() {
        let line = Array("some words on a line\n".utf8)
        let lines = 80_000  // 1.7 MB in one paragraph
        let document = Array(repeating: line, count: lines).flatMap { $0 }
        #expect(WordCounterStream.count(bytes: document, mode: .markdown) == lines * 5)
    }

    @Test("One huge token without whitespace is still one word")
    func hugeToken() {
        let token = Array(repeating: UInt8(ascii: "x"), count: 3 << 20)
        #expect(WordCounterStream.count(bytes: token, mode: .markdown) == 1)
        #expect(WordCounterStream.count(bytes: token + Array(" and\nmore".utf8), mode: .markdown) == 3)
        #expect(WordCounterStream.count(bytes: token, mode: .words) == 1)
    }

    @Test("Splitting long lines and paragraphs at random gives the same count")
    func randomSplitsOfLongInput() {
        let document = Array("Intro *text*\n\n".utf8) + Self.longLine(250_000) + Array("\n\n[end](x)".utf8)
        let whole = WordCounterStream.result(for: document, mode: .markdown)
        #expect(whole.words == 250_003)
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<4 {
            let cuts = ChunkedCounting.randomCuts(count: document.count, using: &generator)
            #expect(ChunkedCounting.result(document, mode: .markdown, cuts: cuts) == whole)
        }
    }

    @Test("An unclosed front matter candidate longer than its limit is parsed as Markdown")
    func longFrontMatterCandidate() {
        let body = Array(repeating: Array("key: value\n".utf8), count: 120_000).flatMap { $0 }
        let document = Array("---\n".utf8) + body
        #expect(WordCounterStream.count(bytes: document, mode: .markdown) == 240_000)
    }
}
