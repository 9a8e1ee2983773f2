import HarborTesting
import Testing
import WordCounter

@Suite("Words mode")
struct WordsModeTests {
    struct Example: Sendable, CustomTestStringConvertible {
        var text: String
        var words: Int
        var testDescription: String { "\(text.debugDescription) → \(words)" }

        init(_ text: String, _ words: Int) {
            self.text = text
            self.words = words
        }
    }

    @Test(
        "Tokens are runs without White_Space",
        arguments: [
            Example("", 0), Example("   ", 0), Example("one", 1), Example("one two", 2), Example("  one   two  ", 2),
            Example("a\tb\nc\u{0B}d\u{0C}e\rf", 6), Example("a\u{85}b", 2), Example("a\u{A0}b", 2),
            Example("a\u{1680}b", 2), Example("a\u{2000}b\u{2005}c\u{200A}d", 4), Example("a\u{2028}b\u{2029}c", 3),
            Example("a\u{202F}b\u{205F}c\u{3000}d", 4), Example("a\u{200B}b", 1), Example("a\u{2060}b", 1),
        ])
    func whitespaceSeparates(example: Example) {
        #expect(WordCounterStream.count(example.text, mode: .words) == example.words)
    }

    @Test(
        "Apostrophes, single hyphens, decimal points, thousands separators and URLs stay inside a word",
        arguments: [
            Example("don't", 1), Example("don’t", 1), Example("well-known", 1), Example("3.14", 1), Example("1,000", 1),
            Example("https://example.com", 1), Example("e.g.", 1), Example("a..b", 1), Example("a.-.b", 1),
            Example("state-of-the-art", 1), Example("U.S.A.", 1), Example("C++", 1), Example("#hashtag", 1),
        ])
    func joinedWords(example: Example) {
        #expect(WordCounterStream.count(example.text, mode: .words) == example.words)
    }

    @Test(
        "Dashes, ellipses, and runs of two hyphens or three dots separate",
        arguments: [
            Example("paused—then", 2), Example("1990–1995", 2), Example("a―b", 2), Example("wait…what", 2),
            Example("wait...what", 2), Example("a--b", 2), Example("a---b", 2), Example("a....b", 2),
            Example("a-- b", 2), Example("--a", 1), Example("a--", 1), Example("a-b--c-d", 2),
            Example("a..b...c", 2), Example("x-—-y", 2), Example("a.-b", 1),
        ])
    func separators(example: Example) {
        #expect(WordCounterStream.count(example.text, mode: .words) == example.words)
    }

    @Test(
        "A piece without a letter or number is not a word",
        arguments: [
            Example("—", 0), Example("*", 0), Example("#", 0), Example("- * # ...", 0), Example("-- — …", 0),
            Example("(a)", 1), Example("“quoted”", 1), Example("$5", 1), Example("§", 0), Example("½", 1),
            Example("Ⅻ", 1), Example("²", 1), Example("&", 0), Example("🎉", 0), Example("hi👋", 1), Example("👋 hi", 1),
            Example("👨‍👩‍👧", 0), Example("e\u{301}", 1), Example("\u{301}", 0),
        ])
    func piecesWithoutLettersOrNumbers(example: Example) {
        #expect(WordCounterStream.count(example.text, mode: .words) == example.words)
    }

    @Test(
        "Every CJK character is a word; runs between them count once if they hold a letter or number",
        arguments: [
            Example("日本語のテキスト", 8), Example("我爱北京天安门", 7), Example("漢字とかなと、カタカナ。", 10),
            Example("東京Tower", 3), Example("Tower東京", 3), Example("日本-語", 3), Example("日本—語", 3),
            Example("日本、", 2), Example("ﾃｽﾄ", 3), Example("ｱｲｳ abc", 4), Example("ㇰㇱ", 2), Example("〇", 1),
            Example("한국어 텍스트", 2), Example("안녕하세요, 세계!", 2), Example("日本語 と English", 5),
            Example("𠀀𠀁", 2), Example("「引用」", 2),
        ])
    func cjk(example: Example) {
        #expect(WordCounterStream.count(example.text, mode: .words) == example.words)
    }

    @Test(
        "Letters and numbers of every script count",
        arguments: [
            Example("café", 1), Example("naïve façade", 2), Example("Ελληνικά λέξεις", 2), Example("Привет мир", 2),
            Example("שלום עולם", 2), Example("مرحبا بالعالم", 2), Example("नमस्ते दुनिया", 2), Example("١٢٣", 1),
            Example("ﬁnance", 1), Example("Straße", 1), Example("ŁÓDŹ", 1), Example("ǅ", 1), Example("a×b", 1),
            Example("×", 0), Example("÷", 0),
        ])
    func scripts(example: Example) {
        #expect(WordCounterStream.count(example.text, mode: .words) == example.words)
    }

    @Test("Long ASCII runs, counted sixteen bytes a step, match the reference whole and cut anywhere")
    func longASCIIRunsMatchReference() {
        var generator = SeededGenerator(seed: 16)
        let fragments = ["a", "word", " ", "  ", "-", "--", ".", "...", "x1", "\n", "(", "don't", "\t", "_"].map {
            Array($0.utf8)
        }
        // Single letters between spaces start a word in every other lane, the most the per-lane sums must hold.
        var texts = [
            Array(String(repeating: "a ", count: 20_000).utf8), Array(String(repeating: "ab", count: 9_000).utf8),
        ]
        for _ in 0..<20 {
            texts.append(
                (0..<Int.random(in: 500...6_000, using: &generator)).flatMap { _ in
                    fragments[Int.random(in: 0..<fragments.count, using: &generator)]
                })
        }
        for bytes in texts {
            let expected = ReferenceCounter.words(bytes)
            #expect(WordCounterStream.count(bytes: bytes, mode: .words) == expected)
            let cuts = ChunkedCounting.randomCuts(count: bytes.count, using: &generator)
            #expect(ChunkedCounting.result(bytes, mode: .words, cuts: cuts).words == expected)
            // A non-ASCII character now and then ends the sixteen-byte steps and starts them again.
            var mixed = bytes
            for _ in 0..<10 {
                mixed.insert(contentsOf: Array("é".utf8), at: Int.random(in: 0...mixed.count, using: &generator))
            }
            #expect(WordCounterStream.count(bytes: mixed, mode: .words) == ReferenceCounter.words(mixed))
        }
    }

    @Test("Words mode matches the reference implementation on the examples")
    func matchesReference() {
        let texts = [
            "The quick—brown fox... jumped; don't stop!", "日本語のテキスト and more", "a--b---c....d", "ｱｲｳｴｵ 한국어",
            "1,000.50 $ — … 🎉 hi👋", "tab\tseparated\u{3000}ideographic space",
        ]
        for text in texts {
            #expect(
                WordCounterStream.count(text, mode: .words) == ReferenceCounter.words(Array(text.utf8)),
                "\(text.debugDescription)")
        }
    }
}
