import Testing
import WordCounter

/// Inputs that made the Markdown counter quadratic (issue 13, defect 14), and cmark's own pathological shapes:
/// each counts right at size n and 2n. Their growth is measured by `harbor-bench wordcounter`
/// (`markdown_worst_growth`), not timed here.
@Suite("Markdown pathological inputs")
struct MarkdownPathologicalTests {
    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        /// The document for size `n`, and its word count.
        var make: @Sendable (Int) -> (text: String, words: Int)
        var testDescription: String { name }
    }

    static func repeated(_ piece: String, _ count: Int) -> String {
        String(repeating: piece, count: count)
    }

    static let shapes: [Shape] = [
        Shape(name: "a line of list markers") { n in (repeated("- ", n) + "a\n", 1) },
        Shape(name: "blank lines in a deep list") { n in (repeated("- ", n) + "a\n" + repeated("\n", 2 * n), 1) },
        Shape(name: "indented blank lines in a deep list") { n in
            (repeated("- ", n) + "a\n" + repeated("  \n", n) + repeated(" \t\n", n) + "b", 2)
        },
        Shape(name: "a long indentation continuing a deep list") { n in
            (repeated("- ", n) + "a\n" + repeated(" ", 2 * n) + "b\n", 2)
        },
        Shape(name: "nested list items and block quotes") { n in
            (repeated("- > ", n) + "a\n" + repeated("b\n", n), n + 1)
        },
        Shape(name: "block quotes in list items, then blank lines") { n in
            (repeated("> - ", n) + "a\n" + repeated(">\n", n) + repeated("\n", n), 1)
        },
        Shape(name: "unmatched openers before links") { n in (repeated("[", n) + repeated("[a](b) ", n), n) },
        Shape(name: "image openers around links") { n in (repeated("![[]()", n) + " end", 1) },
        Shape(name: "nested brackets") { n in (repeated("[", n) + "a" + repeated("]", n), 1) },
        Shape(name: "backtick runs of distinct lengths") { n in
            let lengths = Int(Double(2 * n).squareRoot())
            return ((1...lengths).map { "e " + repeated("`", $0) + " " }.joined(), lengths)
        },
        Shape(name: "code spans closed by the same length") { n in (repeated("`a` ``b`` ", n), 2 * n) },
        Shape(name: "unclosed links") { n in (repeated("[a](<b ", n) + repeated("[a](b ", n), 2 * n) },
        Shape(name: "unclosed comments") { n in ("</" + repeated("<!-- a ", n), n) },
        Shape(name: "emphasis in a deep block quote") { n in (repeated(">", n) + repeated("a* ", n), n) },
    ]

    @Test("Counts are right at n and 2n", arguments: shapes)
    func counts(shape: Shape) {
        for n in [4_000, 8_000] {
            let (text, words) = shape.make(n)
            #expect(WordCounterStream.count(text, mode: .markdown) == words, "n = \(n)")
        }
    }
}
