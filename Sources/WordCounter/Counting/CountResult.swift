/// What counting one file produced.
public struct CountResult: Sendable, Equatable, Hashable {
    /// The number of words; 0 when `isBinary`, since a binary file's "words" mean nothing.
    public var words: Int
    /// A NUL byte (a NUL code unit, in UTF-16 text) occurred in the first 8 KiB, so callers report the file as
    /// `unreadable (binary)`.
    public var isBinary: Bool
    /// The Markdown front matter says `wordcount: false` (YAML) or `wordcount = false` (TOML); `words` still holds
    /// the count, and the caller decides whether to show it.
    public var countingDisabled: Bool

    /// Creates a result from its parts.
    public init(words: Int, isBinary: Bool = false, countingDisabled: Bool = false) {
        self.words = words
        self.isBinary = isBinary
        self.countingDisabled = countingDisabled
    }
}
