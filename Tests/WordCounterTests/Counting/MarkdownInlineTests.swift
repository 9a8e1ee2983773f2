import HarborTesting
import Testing
import WordCounter

@Suite("Markdown inlines")
struct MarkdownInlineTests {
    @Test(
        "Inline HTML vanishes and its inner text counts; block-level tags and <br> separate",
        arguments: [
            MarkdownExample("Text with <span class=\"x\">inner</span> words", 4),
            MarkdownExample("a<span>b</span>c", 1), MarkdownExample("before <!-- inline comment --> after", 2),
            MarkdownExample("multi <!-- a\ncomment --> line", 2), MarkdownExample("a<br>b", 2),
            MarkdownExample("a<br/>b", 2), MarkdownExample("one<p>two", 2), MarkdownExample("x <notatag y", 3),
            MarkdownExample("5 < 6 and 7 > 3", 5), MarkdownExample("<a href=\"http://x\">link text</a>", 2),
            MarkdownExample("a<em\nclass='y'>b</em>", 1), MarkdownExample("a<?pi x?>b", 1),
            MarkdownExample("a<![CDATA[ x ]]>b", 1), MarkdownExample("x<!-->y", 1),
        ])
    func inlineHTML(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "Images count nothing, alt text included",
        arguments: [
            MarkdownExample("![alt text](image.png)", 0),
            MarkdownExample("See ![alt text](image.png \"Title\") here", 2), MarkdownExample("![alt][ref]", 0),
            MarkdownExample("![alt]", 0), MarkdownExample("[![badge](b.svg)](http://x)", 0),
            MarkdownExample("Text![alt](x)more", 1), MarkdownExample("![unfinished image(x.png)", 2),
        ])
    func images(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "Links count their text only; autolinks count their address",
        arguments: [
            MarkdownExample("[link text](http://example.com \"Title here\")", 2),
            MarkdownExample("[link](<url with spaces> 'title')", 1), MarkdownExample("[text][id]", 1),
            MarkdownExample("[two words][some id]", 2), MarkdownExample("[collapsed][]", 1),
            MarkdownExample("[shortcut]", 1), MarkdownExample("<http://example.com/path>", 1),
            MarkdownExample("<mailto:me@example.com>", 1), MarkdownExample("<me@example.com>", 1),
            MarkdownExample("[a](b) [c](d)", 2), MarkdownExample("[link](url(with)parens) after", 2),
            MarkdownExample("[not a link] (x)", 4), MarkdownExample("[nested [brackets]](url)", 2),
            MarkdownExample("[unclosed link](url \"title", 3), MarkdownExample("**[bold link](x)**", 2),
            MarkdownExample("[a `]` b](x)", 2), MarkdownExample("[link](http://x (paren title))", 1),
            MarkdownExample("[multi\nline](http://x\n\"title\nmore\")", 2), MarkdownExample("[outer [inner](a)](b)", 2),
        ])
    func links(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "Emphasis and strikethrough join the text they mark up",
        arguments: [
            MarkdownExample("**bold**text", 1), MarkdownExample("*a*b", 1), MarkdownExample("~~gone~~", 1),
            MarkdownExample("__under__score", 1), MarkdownExample("snake_case_name", 1),
            MarkdownExample("***strong emph***", 2), MarkdownExample("a * b", 2), MarkdownExample("2 * 3 = 6", 3),
            MarkdownExample("~~strike~~through", 1), MarkdownExample("*", 0), MarkdownExample("* * text", 1),
        ])
    func emphasis(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "Character references are decoded before counting",
        arguments: [
            MarkdownExample("caf&eacute;", 1), MarkdownExample("a&nbsp;b", 2), MarkdownExample("x&#8212;y", 2),
            MarkdownExample("a&#x2014;b", 2), MarkdownExample("&amp;", 0), MarkdownExample("AT&amp;T", 1),
            MarkdownExample("&copy; 2024", 1), MarkdownExample("&hellip;", 0), MarkdownExample("wait&hellip;what", 2),
            MarkdownExample("&ldquo;quoted&rdquo;", 1), MarkdownExample("&notanentity;", 1), MarkdownExample("&#0;", 0),
            MarkdownExample("a&#32;b", 2), MarkdownExample("&#x1F600;", 0), MarkdownExample("&Eacute;t&eacute;", 1),
            MarkdownExample("&lt;div&gt;", 1), MarkdownExample("&mdash;", 0), MarkdownExample("a&ndash;b", 2),
            MarkdownExample("x&thinsp;y", 2), MarkdownExample("&#x4E2D;&#25991;", 2), MarkdownExample("&yuml;", 1),
            MarkdownExample("a&#45;&#45;b", 2), MarkdownExample("&#12345678;", 1), MarkdownExample("&amp", 1),
        ])
    func entities(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "Backslash escapes show the escaped character; hard line breaks separate",
        arguments: [
            MarkdownExample("\\*not emphasis\\*", 2), MarkdownExample("a\\-\\-b", 2),
            MarkdownExample("\\# not heading", 2),
            MarkdownExample("foo\\\nbar", 2), MarkdownExample("foo  \nbar", 2), MarkdownExample("\\\\", 0),
            MarkdownExample("C\\+\\+", 1), MarkdownExample("\\[not a link\\](x)", 3), MarkdownExample("a\\b", 1),
            MarkdownExample("\\`not code\\`", 2),
        ])
    func escapes(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "Inline code counts its content",
        arguments: [
            MarkdownExample("`x y`", 2), MarkdownExample("``code with ` backtick``", 3),
            MarkdownExample("`unclosed code", 2), MarkdownExample("`a--b`", 2), MarkdownExample("a`b`c", 1),
            MarkdownExample("`<span>`", 1), MarkdownExample("`[not](link)`", 1), MarkdownExample("`*a* b`", 2),
            MarkdownExample("``` `` ```", 0), MarkdownExample("`code\nspan`", 2),
            // One space is stripped from both ends, which can join the code to its neighbours.
            MarkdownExample("a` b `c", 1), MarkdownExample("a`\nb\n`c", 1), MarkdownExample("a`  b  `c", 3),
            MarkdownExample("a`\n x `b", 1), MarkdownExample("> a`\n x `b", 2),
        ])
    func inlineCode(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test("Plain prose counts the same in Markdown and words mode")
    func plainProse() {
        var generator = SeededGenerator(seed: 11)
        let fragments = [
            "word", "Other", "don't", "3.14", "café", "—", "...", "日本", "a", " ", " ", "\n", "\n\n", ",",
            "1,000", "well-known",
        ]
        for _ in 0..<200 {
            var text = "x "
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                let fragment = fragments[Int.random(in: 0..<fragments.count, using: &generator)]
                // Four spaces at a line start would make indented code, which is not prose.
                if fragment == " ", text.hasSuffix(" ") { continue }
                text += fragment
            }
            #expect(
                WordCounterStream.count(text, mode: .markdown) == WordCounterStream.count(text, mode: .words),
                "\(text.debugDescription)")
        }
    }
}
