import HarborTesting
import Testing
import WordCounter

@Suite("Whitespace mode")
struct WhitespaceModeTests {
    @Test(
        "Tokens are runs of printable non-space characters, nothing else",
        arguments: [
            ("", 0), ("one", 1), ("a--b", 1), ("paused—then", 1), ("日本語のテキスト", 1), ("— * #", 3), ("🎉", 1),
            ("  a  b  ", 2), ("a\u{A0}b", 2), ("a\u{3000}b", 2), ("a\u{2028}b", 1), ("a\u{200B}b", 1),
            ("wait...what", 1), ("one\ntwo\r\nthree", 3),
        ] as [(String, Int)])
    func tokens(text: String, expected: Int) {
        #expect(WordCounterStream.count(text, mode: .whitespace) == expected)
    }

    @Test("Whitespace mode equals a plain reference implementation on random text")
    func matchesReference() {
        var generator = SeededGenerator(seed: 7)
        let fragments = [
            "a", "Z", "9", " ", "  ", "\n", "\t", "\u{A0}", "\u{3000}", "\u{2003}", "—", "-", ".", "é", "日",
            "🎉", "\u{85}", "\u{2029}", "*",
        ]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...60, using: &generator)).map { _ in
                fragments[Int.random(in: 0..<fragments.count, using: &generator)]
            }.joined()
            #expect(
                WordCounterStream.count(text, mode: .whitespace) == ReferenceCounter.whitespaceTokens(Array(text.utf8)),
                "\(text.debugDescription)")
        }
    }

    @Test("Long ASCII runs cross the eight-byte blocks at every offset")
    func blockBoundaries() {
        for prefix in 0..<16 {
            let text = String(repeating: " ", count: prefix) + "ab cd  ef\tgh\n" + String(repeating: "x", count: prefix)
            let expected = prefix > 0 ? 5 : 4
            #expect(WordCounterStream.count(text, mode: .whitespace) == expected, "prefix \(prefix)")
        }
    }
}
