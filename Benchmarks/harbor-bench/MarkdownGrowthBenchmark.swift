import Foundation
import WordCounter

/// How the Markdown counter's time grows on the inputs that once made it quadratic: each shape counted at
/// 64 KB and at 128 KB, in process, best of several rounds. A linear counter takes about twice as long on twice
/// the input; a quadratic one four times.
enum MarkdownGrowthBenchmark {
    /// A document of about `bytes` bytes of one pathological shape.
    struct Shape: Sendable {
        var name: String
        var make: @Sendable (_ bytes: Int) -> [UInt8]
    }

    static func repeated(_ piece: String, toFill bytes: Int) -> String {
        String(repeating: piece, count: max(1, bytes / piece.utf8.count))
    }

    static let shapes: [Shape] = [
        Shape(name: "list_markers") { Array((repeated("- ", toFill: $0) + "a\n").utf8) },
        Shape(name: "deep_list_blank_lines") {
            Array((repeated("- ", toFill: $0 / 2) + "a\n" + repeated("\n", toFill: $0 / 2)).utf8)
        },
        Shape(name: "deep_list_indented_blank_lines") {
            Array((repeated("- ", toFill: $0 / 2) + "a\n" + repeated("  \n", toFill: $0 / 2)).utf8)
        },
        Shape(name: "deep_list_long_indentation") {
            Array((repeated("- ", toFill: $0 / 2) + "a\n" + repeated(" ", toFill: $0 / 2) + "b\n").utf8)
        },
        Shape(name: "list_quote_nesting") { Array((repeated("- > ", toFill: $0) + "a\n").utf8) },
        Shape(name: "openers_before_links") {
            Array((repeated("[", toFill: $0 / 8) + repeated("[a](b) ", toFill: $0 * 7 / 8)).utf8)
        },
        Shape(name: "image_openers_around_links") { Array(repeated("![[]()", toFill: $0).utf8) },
        Shape(name: "backtick_runs") { bytes in
            var text = ""
            var length = 1
            while text.utf8.count < bytes {
                text += "e " + String(repeating: "`", count: length) + " "
                length += 1
            }
            return Array(text.utf8)
        },
    ]

    static func run() {
        let size = 64 * 1024
        var worst = 0.0
        for shape in shapes {
            let small = shape.make(size)
            let large = shape.make(2 * size)
            var smallTimes: [Double] = []
            var largeTimes: [Double] = []
            for _ in 0..<7 {
                smallTimes.append(seconds { blackHole(WordCounterStream.count(bytes: small, mode: .markdown)) })
                largeTimes.append(seconds { blackHole(WordCounterStream.count(bytes: large, mode: .markdown)) })
            }
            // The best round: the least disturbed by other work on a shared machine.
            let growth = (largeTimes.min() ?? .nan) / (smallTimes.min() ?? .nan)
            Measure.report("markdown_growth_\(shape.name)", growth, digits: 2)
            worst = max(worst, growth)
        }
        Measure.report("markdown_worst_growth", worst, digits: 2)
    }

    private static func seconds(_ body: () -> Void) -> Double {
        Measure.nanosecondsBlocking(operations: 1, body) / 1e9
    }
}
