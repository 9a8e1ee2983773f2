import HarborTesting
import Testing
import WordCounter

@Suite("Markdown exclusions: comments, deletions, footnotes and block quotes left uncounted")
struct MarkdownExclusionsTests {
    private func count(_ text: String, _ exclusions: MarkdownExclusions = []) -> Int {
        WordCounterStream.count(text, mode: .markdown, excluding: exclusions)
    }

    @Test("the documented example")
    func documented() {
        let text = "Draft %%note to self%% with {--cut words--} kept.\n\n> A quoted line.\n"
        #expect(WordCounterStream.count(text, mode: .markdown) == 11)
        #expect(WordCounterStream.count(text, mode: .markdown, excluding: [.comments, .criticDeletions]) == 6)
        #expect(WordCounterStream.count(text, mode: .markdown, excluding: .all) == 3)
    }

    @Test("comments: inline, across lines and blank lines, unclosed to the end; the paragraph stays one")
    func comments() {
        #expect(count("one %%two three%% four", .comments) == 2)
        #expect(count("one%%two%%four", .comments) == 1)  // the sides join
        #expect(count("one %%two\n\nthree\n%% four five", .comments) == 3)
        #expect(count("one %%two three", .comments) == 1)  // unclosed: to the end
        // A line of nothing but a comment is dropped: `b` continues the paragraph, so `a` and `b`
        // stay a paragraph (a setext underline after it still makes one heading of both).
        #expect(count("a\n%%note%%\nb\n===", .comments) == 2)
        #expect(count("%%%%word", .comments) == 1)  // an empty comment
        #expect(count("50% off, 20% more", .comments) == 4)  // single percent signs are text
        #expect(count("one %%two%% three") == 3)  // off: counted as text
        // Deletions are not comments.
        #expect(count("one {--two--} three", .comments) == 3)
    }

    @Test("CriticMarkup: deletions and a substitution's old side go, its new side counts")
    func criticMarkup() {
        #expect(count("one {--two three--} four", .criticDeletions) == 2)
        #expect(count("one {--two\nthree\n\nfour--} five", .criticDeletions) == 2)
        #expect(count("one {~~two three~>four~~} five", .criticDeletions) == 3)
        #expect(count("one {~~two\nthree~>four\nsix~~} five", .criticDeletions) == 4)
        #expect(count("one {++added++} two", .criticDeletions) == 3)  // additions count
        #expect(count("a { b } c {-d-}", .criticDeletions) == 4)  // lone braces are text
        #expect(count("one {--two--} three") == 3)  // off: markers are not words, the text counts
    }

    @Test("footnotes: definitions with their continuation lines, and the references")
    func footnotes() {
        let text = """
            Text with a note[^1] and another[^long-note].

            [^1]: The first note.
            [^long-note]: A long note
                with a second paragraph line,

                and an indented paragraph.

            After the notes.
            """
        #expect(count(text) == 22)  // "[^1]:" and "[^long-note]:" are words as text; the indented paragraph is code
        #expect(count(text, .footnotes) == 9)
        // A lazy continuation line belongs to the note.
        #expect(count("[^a]: note words\nlazy line\n\nafter", .footnotes) == 1)
        // Not a footnote: no label, whitespace in it, or inside a paragraph.
        #expect(count("[^]: x", .footnotes) == count("[^]: x"))
        #expect(count("[^a b]: x y", .footnotes) == count("[^a b]: x y"))
        // Inside a paragraph a definition cannot start; its reference still goes (and the colon is no word).
        #expect(count("text\n[^a]: note", .footnotes) == 2)
        // A reference in a list item, and a definition inside a list item.
        #expect(count("- item[^1] words\n- [^1]: note text", .footnotes) == 2)
    }

    @Test("block quotes: nested, in lists, with lazy lines; the text around them counts")
    func blockQuotes() {
        #expect(count("before\n\n> quoted words\n> more\n\nafter", .blockQuotes) == 2)
        #expect(count("> quoted\nlazy continuation\n\nafter", .blockQuotes) == 1)
        #expect(count("> outer\n> > inner\n\nafter", .blockQuotes) == 1)
        #expect(count("- item one\n  > quoted in item\n- item two", .blockQuotes) == 4)
        #expect(count("> - a list\n> - in a quote\n\n# Heading words", .blockQuotes) == 2)
        #expect(count("> # quoted heading\n> | a | b |\n> |---|---|\n> | c | d |\n\nend", .blockQuotes) == 1)
        #expect(count("before\n\n> quoted words\n\nafter") == 4)
    }

    @Test("every exclusion together: whole and in random chunks agree")
    func chunkedAgreesWithWhole() {
        let document = """
            # Title %%hidden title note%%

            Prose with {--deleted--} and {~~old~>new~~} words[^n] and %%a comment
            over two lines%% then more.

            > A quote %%with a comment%% in it.

            [^n]: The note, {--cut--} with words.
                continued.

            - item %%x%% one
            - item {--y--} two

            ```
            code %%not parsed as code here%%
            ```
            %%
            a whole paragraph commented out
            %%
            The end.
            """
        let bytes = Array(document.utf8)
        var generator = SeededGenerator(seed: 13)
        for exclusions in [MarkdownExclusions(), .comments, .criticDeletions, .footnotes, .blockQuotes, .all] {
            let whole = WordCounterStream.result(for: bytes, mode: .markdown, excluding: exclusions)
            for _ in 0..<200 {
                let cuts = ChunkedCounting.randomCuts(count: bytes.count, using: &generator)
                let chunked = ChunkedCounting.result(bytes, mode: .markdown, excluding: exclusions, cuts: cuts)
                #expect(chunked == whole, "\(exclusions.names) \(cuts.sorted())")
            }
        }
        #expect(count(document, .all) < count(document))
    }

    @Test("exclusions apply to Markdown only, and names round-trip")
    func namesAndModes() throws {
        #expect(WordCounterStream.count("a %%b%% c", mode: .words, excluding: .all) == 3)
        #expect(MarkdownExclusions.all.names == ["comments", "deletions", "footnotes", "quotes"])
        for (name, exclusion) in MarkdownExclusions.named { #expect(MarkdownExclusions(name: name) == exclusion) }
        #expect(MarkdownExclusions(name: "nothing") == nil)
        #expect(MarkdownExclusions(rawValue: 0xFF) == .all)
    }
}
