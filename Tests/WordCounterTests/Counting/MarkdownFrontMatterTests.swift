import Testing
import WordCounter

@Suite("Markdown front matter")
struct MarkdownFrontMatterTests {
    @Test(
        "Front matter at the very start counts nothing",
        arguments: [
            MarkdownExample("---\ntitle: Hello World\ntags: [a, b]\n---\nBody text here.", 3),
            MarkdownExample("+++\ntitle = \"Hello\"\n+++\nBody text.", 2),
            MarkdownExample("---\na: b\n...\nBody.", 1), MarkdownExample("---\n---\nOnly body", 2),
            MarkdownExample("\u{FEFF}---\na: b\n---\nText", 1),
            MarkdownExample("+++\na = 1\n---\nstill front matter\n+++\nText", 1),
            MarkdownExample("---  \r\ntitle: crlf\r\n---\r\nText", 1),
        ])
    func skipped(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "Without a closing line, or not at the start, it is Markdown",
        arguments: [
            MarkdownExample("---\ntitle: x\nmore words", 4), MarkdownExample("Intro\n---\ntitle: x\n---", 3),
            MarkdownExample("\n---\na: b\n---\nText", 3), MarkdownExample("--- \nnot: closed", 2),
            MarkdownExample("----\na: b\n----\nText", 3),
        ])
    func notFrontMatter(example: MarkdownExample) {
        #expect(example.counted == example.words)
    }

    @Test(
        "wordcount: false (YAML) or wordcount = false (TOML) disables counting",
        arguments: [
            "---\nwordcount: false\n---\nOne two.", "+++\nwordcount = false\n+++\nOne two.",
            "---\ntitle: x\nWordCount:   FALSE   # not today\n---\nOne two.", "---\n  wordcount : false\n---\nOne two.",
        ])
    func disabled(source: String) {
        #expect(WordCounterStream.result(for: source, mode: .markdown) == CountResult(words: 2, countingDisabled: true))
    }

    @Test(
        "Anything else leaves counting on",
        arguments: [
            "---\nwordcount: true\n---\nOne two.", "One two.\n\nwordcount: false",
            "---\nwordcount: false\nbody", "---\nwordcount: falsely\n---\nOne two.",
            "---\nnotwordcount: false\n---\nOne two.",
        ])
    func enabled(source: String) {
        #expect(!WordCounterStream.result(for: source, mode: .markdown).countingDisabled)
    }

    @Test("Front matter only applies to Markdown")
    func onlyMarkdown() {
        let source = "---\nwordcount: false\n---\nOne two."
        #expect(WordCounterStream.result(for: source, mode: .words) == CountResult(words: 4))
    }
}
