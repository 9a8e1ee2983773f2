import Testing
import WordCounter

@Suite("Markdown blocks")
struct MarkdownBlockTests {
    @Test(
        "Fenced code blocks count nothing, closed or not",
        arguments: [
            MarkdownExample("Before\n\n```swift\nlet x = 1\n```\n\nAfter", 2),
            MarkdownExample("~~~\ncode here\n~~~\nAfter", 1),
            MarkdownExample("```\nunclosed code\nmore code", 0),
            MarkdownExample("````\ncode\n```\nstill code\n````\nText", 1),
            MarkdownExample("~~~ info `with` backticks\ncode\n~~~\nDone", 1),
            MarkdownExample("``` a`b\ntext", 2),
            MarkdownExample("   ```\ncode\n   ```\nText", 1),
            MarkdownExample("> ```\n> code\nnot code", 2),
            MarkdownExample("- item\n\n  ```\n  code words\n  ```\n- next", 2),
            MarkdownExample("Para\n```\ncode\n```", 1),
        ])
    func fencedCode(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "Indented code blocks count nothing, but indented lines continue a paragraph",
        arguments: [
            MarkdownExample("    indented code line\n\nParagraph", 1),
            MarkdownExample("Paragraph line\n    continuation stays", 4),
            MarkdownExample("\tTabbed code\n\nText", 1),
            MarkdownExample("Para\n\n    code\n\n    more code\nText", 2),
            MarkdownExample("- item\n\n      code in item\n", 1),
            MarkdownExample(">     code in quote\n> text", 1),
        ])
    func indentedCode(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "HTML blocks count nothing, up to their end condition",
        arguments: [
            MarkdownExample("<div>\nInside div\n</div>\n\nAfter", 1),
            MarkdownExample("<!-- comment -->\nText", 1),
            MarkdownExample("<!--\nmulti\nline comment\n-->\nAfter comment", 2),
            MarkdownExample("<script>\nvar x = 1;\n\nstill script\n</script>\nAfter", 1),
            MarkdownExample("<custom-tag>\nhidden text\n\nShown", 1),
            MarkdownExample("<table><tr><td>cell</td></tr></table>\n\nAfter", 1),
            MarkdownExample("<DIV class=\"a\">\nUpper\n</DIV>\n\nx", 1),
            MarkdownExample("<?php echo 1; ?>\nText", 1),
            MarkdownExample("<!DOCTYPE html>\nText", 1),
            MarkdownExample("<![CDATA[\nraw\n]]>\nText", 1),
            MarkdownExample("Para\n<div>\nhidden", 1),
            MarkdownExample("Para\n<span>not a block</span>", 4),
            MarkdownExample("<span class=\"x\">alone</span> more", 2),
        ])
    func htmlBlocks(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "Heading marks and setext underlines do not count; heading text does",
        arguments: [
            MarkdownExample("# Heading", 1), MarkdownExample("## Two Words ##", 2),
            MarkdownExample("### Closing #s ###   ", 2), MarkdownExample("#hashtag", 1), MarkdownExample("#", 0),
            MarkdownExample("####### seven", 1), MarkdownExample("# Heading #not-closing", 2),
            MarkdownExample("Title\n=====", 1), MarkdownExample("Sub title\n---", 2),
            MarkdownExample("Multi line\nheading\n===", 3), MarkdownExample("Setext\n===\nnext para", 3),
            MarkdownExample("# a\nb", 2), MarkdownExample("  ## Indented heading", 2),
        ])
    func headings(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "List markers do not count; list item text does",
        arguments: [
            MarkdownExample("- one\n- two\n- three", 3), MarkdownExample("* a\n+ b", 2),
            MarkdownExample("1. first\n2. second", 2), MarkdownExample("1) one\n2) two", 2),
            MarkdownExample("- item\n  continued", 2), MarkdownExample("-not a list", 3), MarkdownExample("- ", 0),
            MarkdownExample("10. ten", 1), MarkdownExample("1234567890. too long", 3),
            MarkdownExample("- a\n  - b\n    - c", 3), MarkdownExample("Para\n2. not a list", 5),
            MarkdownExample("Para\n1. is a list", 4), MarkdownExample("- [ ] task", 1), MarkdownExample("- 1", 1),
            MarkdownExample("-\tTabbed item", 2), MarkdownExample("1.  spaced item\n\n    second paragraph", 4),
        ])
    func lists(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "Block quote markers do not count, at any depth",
        arguments: [
            MarkdownExample("> quoted text", 2), MarkdownExample("> a\n> b", 2),
            MarkdownExample(">> nested deeper", 2), MarkdownExample("> > nested", 1),
            MarkdownExample("> quote\nlazy line", 3), MarkdownExample(">no space", 2),
            MarkdownExample("> # Heading in quote", 3), MarkdownExample("> - list in quote\n> - second", 4),
            MarkdownExample("> 1. item\n>    continued\n> - other", 3), MarkdownExample("> a\n>\n> > b\n> c", 3),
        ])
    func blockQuotes(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "Table cells count (up to the header's columns); pipes and the delimiter row do not",
        arguments: [
            MarkdownExample("| a | b |\n|---|---|\n| c | d |", 4), MarkdownExample("a|b\n-|-\nc|d", 4),
            MarkdownExample("x|y", 1),
            MarkdownExample("| Header one | Header two |\n| :--- | ---: |\n| cell\\|pipe | `code` |", 6),
            MarkdownExample("Intro line\n| a | b |\n| - | - |\n| c | d |", 6),
            MarkdownExample("| a | b |\n| --- |\n", 2), MarkdownExample("| a |\n| - |\n| b |\n\nAfter", 3),
            MarkdownExample("a|b\n---|---\nrow|with|extra|cells", 4),
            MarkdownExample("| *emph*asis | [link](http://x) |\n|:-:|:-:|", 2),
            MarkdownExample("| a |\n| - |\n# Heading", 2),
        ])
    func tables(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "Thematic breaks count nothing",
        arguments: [
            MarkdownExample("***", 0), MarkdownExample("---", 0), MarkdownExample("___", 0),
            MarkdownExample("* * *", 0), MarkdownExample(" - - -", 0), MarkdownExample("Text\n\n***\n\nMore", 2),
            MarkdownExample("_____________", 0),
        ])
    func thematicBreaks(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "Reference definitions count nothing; text that only looks like one does",
        arguments: [
            MarkdownExample("[id]: http://example.com \"Title\"\n\nText", 1),
            MarkdownExample("[id]: http://example.com\n\"Title on next line\"\nText", 1),
            MarkdownExample("[id]:\n  http://example.com\nText", 1),
            MarkdownExample("[id]: <http://example.com/with space> 'title'\nText", 1),
            MarkdownExample("[id]:\n\nText", 2), MarkdownExample("Para\n[id]: http://x", 3),
            MarkdownExample("[foo]: /url bar", 3), MarkdownExample("> [id]: http://x\n> Quote", 1),
            MarkdownExample("[a]: /1\n[b]: /2 (two)\nText", 1),
        ])
    func referenceDefinitions(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    /// Cases where an approximation once disagreed with cmark-gfm; each expectation was checked against it.
    @Test(
        "Container edge cases agree with cmark-gfm",
        arguments: [
            MarkdownExample("*\n\n    code after empty item", 0), MarkdownExample("- >\n\n    text", 1),
            MarkdownExample("10.\n     \n     a|b", 1), MarkdownExample("> [id]:\nhttp://x", 0),
            MarkdownExample("[a]: /u\n    indented", 1), MarkdownExample("[a]: /u\n10.", 1),
            MarkdownExample("</script>\nhidden\n\nShown", 1), MarkdownExample("- a\n-\n- b", 2),
            MarkdownExample("1. a\n\n   b\n2. c", 3), MarkdownExample("> - a\nb", 2),
            MarkdownExample("* a\n*\n\n* b", 2),
            MarkdownExample("1. first\n2. second", 2), MarkdownExample("> quote\n- list", 2),
        ])
    func cmarkEdgeCases(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test("Block boundaries separate words that touch in the source")
    func blockBoundaries() {
        #expect(WordCounterStream.count("a\n\nb", mode: .markdown) == 2)
        #expect(WordCounterStream.count("> a\n\nb", mode: .markdown) == 2)
        #expect(WordCounterStream.count("| a |\n| - |\n| b |", mode: .markdown) == 2)
        #expect(WordCounterStream.count("line one\r\nline two\rline three", mode: .markdown) == 6)
    }
}
