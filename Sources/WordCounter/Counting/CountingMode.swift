/// The rules a file's words are counted by.
public enum CountingMode: String, Sendable, CaseIterable, Codable {
    /// Writer-facing words: whitespace separates, and so do dashes and ellipses; each CJK character is a word;
    /// a piece counts only if it holds a letter or a number.
    case words
    /// The `words` count of the text a reader sees once CommonMark (with GFM tables and strikethrough) is rendered.
    case markdown
    /// Exactly what GNU `wc -w` counts under `LC_ALL=C.UTF-8`: runs of printable characters between spaces.
    ///
    /// The spaces are ASCII tab to carriage return, space, and the Unicode space separators, no-break spaces
    /// included, and U+2060 WORD JOINER; characters that are not printable (controls such as U+0007 or U+0085,
    /// U+2028, U+2029, unassigned code points, invalid UTF-8) neither start nor end a word. Matched against GNU
    /// coreutils 9.1 on glibc 2.36, whose character tables are Unicode 14.0: a character assigned later is not
    /// printable to that `wc`, and not here either.
    case whitespace

    /// The extensions, lowercased, whose files are counted as Markdown.
    static let markdownExtensions: Set<String> = ["md", "markdown", "mdown", "mkd"]

    /// The default mode for a file at `path`: `markdown` for `.md`, `.markdown`, `.mdown` and `.mkd` (any case),
    /// `words` for everything else.
    ///
    /// Only the last path component's extension is looked at, and a leading dot does not start one, so a file
    /// named `.md` is a hidden file without an extension, as Foundation's `pathExtension` sees it too.
    public static func forPath(_ path: String) -> CountingMode {
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? Substring(path)
        guard let pathExtension = PathBytes.lowercasedExtension(of: name) else { return .words }
        return markdownExtensions.contains(pathExtension) ? .markdown : .words
    }
}
