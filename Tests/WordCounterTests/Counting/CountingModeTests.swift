import Testing
import WordCounter

@Suite("Counting mode for a path")
struct CountingModeTests {
    @Test(
        "Markdown extensions, in any case, count as Markdown",
        arguments: [
            "README.md", "notes.markdown", "a/b/c.mdown", "x.mkd", "UPPER.MD", "Mixed.MarkDown", "/abs/path/doc.Mkd",
            "dir.with.dots/file.md",
        ])
    func markdownExtensions(path: String) {
        #expect(CountingMode.forPath(path) == .markdown)
    }

    @Test(
        "Everything else counts as words",
        arguments: [
            "notes.txt", "README", "file.mdx", "file.md.txt", "md", ".md", "dir.md/file", "file.", "archive.tar.gz",
            "a/.markdown", "",
        ])
    func otherPaths(path: String) {
        #expect(CountingMode.forPath(path) == .words)
    }

    @Test("Modes round-trip through their raw values")
    func rawValues() {
        #expect(CountingMode.allCases.map(\.rawValue) == ["words", "markdown", "whitespace"])
        #expect(CountingMode(rawValue: "markdown") == .markdown)
    }
}
