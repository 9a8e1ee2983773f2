/// What the `markdown` counting mode leaves out besides what a reader never sees: text a writer
/// keeps in a manuscript but does not count as written. Each is off by default (counted), and
/// chosen with `wordcounter config` (kept with the settings, so it follows the history).
///
/// ```swift
/// let text = "Draft %%note to self%% with {--cut words--} kept.\n\n> A quoted line.\n"
/// #expect(WordCounterStream.count(text, mode: .markdown) == 11)
/// #expect(WordCounterStream.count(text, mode: .markdown, excluding: [.comments, .criticDeletions]) == 6)
/// #expect(WordCounterStream.count(text, mode: .markdown, excluding: .all) == 3)
/// ```
///
/// - ``comments``: Obsidian-style `%%comments%%`, on one line or across lines.
/// - ``criticDeletions``: CriticMarkup deletions `{--…--}` and the old side of a substitution
///   `{~~old~>new~~}` (the new side counts), on one line or across lines.
/// - ``footnotes``: footnote definitions (`[^1]: text`, with their indented continuation lines)
///   and the references `[^1]` in the text.
/// - ``blockQuotes``: everything inside `>` block quotes (epigraphs, quoted sources).
///
/// Comments and deletions are removed before the Markdown is parsed, so markers inside code are
/// removed too; a line that held nothing but a comment or a deletion is dropped, not left blank,
/// so it does not split the paragraph around it.
public struct MarkdownExclusions: OptionSet, Sendable, Hashable, Codable {
    public let rawValue: UInt8

    /// Creates the set with these bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue & Self.all.rawValue
    }

    /// `%%comments%%`.
    public static let comments = MarkdownExclusions(bits: 1)
    /// CriticMarkup `{--deletions--}` and the old side of `{~~old~>new~~}`.
    public static let criticDeletions = MarkdownExclusions(bits: 2)
    /// Footnote definitions and references.
    public static let footnotes = MarkdownExclusions(bits: 4)
    /// Block quotes.
    public static let blockQuotes = MarkdownExclusions(bits: 8)
    /// Every exclusion.
    public static let all = MarkdownExclusions(bits: 15)

    private init(bits: UInt8) {
        rawValue = bits
    }

    /// Each exclusion with the name `wordcounter config` and the JSON reports use, in a fixed order.
    public static let named: [(name: String, exclusion: MarkdownExclusions)] = [
        ("comments", .comments), ("deletions", .criticDeletions), ("footnotes", .footnotes),
        ("quotes", .blockQuotes),
    ]

    /// The names of the exclusions in this set, in ``named`` order.
    public var names: [String] {
        Self.named.filter { contains($0.exclusion) }.map(\.name)
    }

    /// The exclusion called `name` (one of ``named``), if any.
    public init?(name: String) {
        guard let found = Self.named.first(where: { $0.name == name }) else { return nil }
        self = found.exclusion
    }

    /// Stored as the list of names, so a stored set stays readable and an unknown name (from a
    /// newer version) is ignored rather than failing the whole settings document.
    public init(from decoder: any Decoder) throws {
        let names = try decoder.singleValueContainer().decode([String].self)
        self = names.reduce(into: []) { set, name in set.formUnion(MarkdownExclusions(name: name) ?? []) }
    }

    /// Encodes ``names``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(names)
    }
}
