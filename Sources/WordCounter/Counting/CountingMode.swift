/// The rules a file's words are counted by.
public enum CountingMode: String, Sendable, CaseIterable, Codable {
    /// Writer-facing words: whitespace separates, and so do dashes and ellipses; each CJK character is a word;
    /// a piece counts only if it holds a letter or a number.
    case words
    /// The `words` count of the text a reader sees once CommonMark (with GFM tables and strikethrough) is rendered.
    case markdown
    /// Runs of non-`White_Space` characters, the same as `wc -w` on valid UTF-8 text.
    ///
    /// GNU `wc` differs only on rarities: it ignores a token made only of control characters or invalid bytes,
    /// separates at U+2007 and U+2060 (not `White_Space`) and joins at U+0085 (which is).
    case whitespace

    /// The extensions, lowercased, whose files are counted as Markdown.
    static let markdownExtensions: Set<String> = ["md", "markdown", "mdown", "mkd"]

    /// The default mode for a file at `path`: `markdown` for `.md`, `.markdown`, `.mdown` and `.mkd` (any case),
    /// `words` for everything else.
    ///
    /// Only the last path component's extension is looked at, and a leading dot does not start one, so a file
    /// named `.md` is a hidden file without an extension, as Foundation's `pathExtension` sees it too.
    public static func forPath(_ path: String) -> CountingMode {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return .words }
        let pathExtension = name[name.index(after: dot)...].lowercased()
        return markdownExtensions.contains(pathExtension) ? .markdown : .words
    }
}
