import Testing
import WordCounter

/// A Markdown snippet and the words a reader sees in it.
struct MarkdownExample: Sendable, CustomTestStringConvertible {
    var source: String
    var words: Int

    init(_ source: String, _ words: Int) {
        self.source = source
        self.words = words
    }

    var testDescription: String { "\(source.debugDescription) → \(words)" }

    var counted: Int { WordCounterStream.count(source, mode: .markdown) }
}
