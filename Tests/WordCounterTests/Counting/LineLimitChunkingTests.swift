import HarborTesting
import Testing
import WordCounter

/// Lines around the Markdown counter's line limit (1 MiB), where a line stops being parsed in one piece: fed
/// whole or in chunks cut anywhere, every mode must count the same.
@Suite("Lines at the line limit")
struct LineLimitChunkingTests {
    /// The Markdown counter's line limit: lines up to this many bytes are parsed in one piece.
    static let lineLimit = 1 << 20

    /// A line (without its line ending) of exactly `length` bytes whose end holds a construct that a cut would
    /// break: an HTML comment, a code span, a link, or a character sequence without any whitespace.
    static func line(_ shape: Int, length: Int) -> [UInt8] {
        switch shape {
        case 0:
            // The line of the issue at `lineLimit`: a heading whose comment hides two words.
            let tail = Array(" <!-- a b -->".utf8)
            return Array("# ".utf8) + Array(repeating: UInt8(ascii: "y"), count: length - 2 - tail.count) + tail
        case 1:
            let tail = Array(" `code span` [a link](http://example.com/x) end".utf8)
            let words = Array(repeating: Array("word ".utf8), count: (length - tail.count) / 5).flatMap { $0 }
            let padding = Array(repeating: UInt8(ascii: "z"), count: length - tail.count - words.count)
            return padding + words + tail
        default:
            // No whitespace at all: the cut falls between characters; "é" is two bytes, so some cuts would split
            // one unless the counter takes care.
            var bytes = Array(repeating: Array("é".utf8), count: length / 2).flatMap { $0 }
            if bytes.count < length { bytes.insert(UInt8(ascii: "x"), at: 0) }
            return bytes
        }
    }

    /// Documents made of one line of each length around the limit (and around twice the limit, where a second
    /// cut falls), in three shapes, with LF or CRLF endings.
    static let documents: [(name: String, bytes: [UInt8])] = {
        var documents: [(name: String, bytes: [UInt8])] = []
        let lengths = [lineLimit - 1, lineLimit, lineLimit + 1, 2 * lineLimit]
        for shape in 0..<3 {
            for length in lengths {
                let ending = Array((shape == 1 && length == lineLimit ? "\r\n" : "\n").utf8)
                let bytes = Array("Before it.\n".utf8) + line(shape, length: length) + ending + Array("after it\n".utf8)
                documents.append(("shape \(shape), line of \(length) bytes", bytes))
            }
        }
        return documents
    }()

    @Test("The line of the issue counts 1 word whole, in chunks and byte ranges cut at the limit")
    func issueLine() {
        let document = Self.line(0, length: Self.lineLimit) + Array("\n".utf8)
        #expect(document.count == 1_048_577)
        #expect(WordCounterStream.result(for: document, mode: .markdown).words == 1)
        for cut in [1, Self.lineLimit - 1, Self.lineLimit, Self.lineLimit + 1] {
            #expect(ChunkedCounting.result(document, mode: .markdown, cuts: [cut]).words == 1, "cut at \(cut)")
        }
        // 64 KiB chunks, as a reader with a small buffer would feed it.
        let chunks = Array(stride(from: 0, to: document.count, by: 64 << 10))
        #expect(ChunkedCounting.result(document, mode: .markdown, cuts: chunks).words == 1)
    }

    @Test("Whole and randomly chunked agree on lines around the limit", arguments: CountingMode.allCases)
    func randomChunkings(mode: CountingMode) {
        var generator = SeededGenerator(seed: 0x11_4E11 &+ UInt64(mode.rawValue.count))
        for (name, bytes) in Self.documents {
            let whole = WordCounterStream.result(for: bytes, mode: mode)
            let lineStart = "Before it.\n".utf8.count
            var chunkings: [[Int]] = [
                [lineStart + Self.lineLimit - 1], [lineStart + Self.lineLimit], [lineStart + Self.lineLimit + 1],
                [Self.lineLimit], Array(stride(from: 0, to: bytes.count, by: 1 << 20)),
            ]
            let randomChunkings = mode == .markdown ? 3 : 1
            for _ in 0..<randomChunkings {
                chunkings.append(ChunkedCounting.randomCuts(count: bytes.count, using: &generator))
            }
            for cuts in chunkings {
                #expect(
                    ChunkedCounting.result(bytes, mode: mode, cuts: cuts) == whole, "\(name), cuts \(cuts.sorted())")
            }
        }
    }

    @Test("Lines around the limit count what their words are")
    func counts() {
        for length in [Self.lineLimit - 1, Self.lineLimit, Self.lineLimit + 1] {
            // Up to the limit a line is parsed whole; a longer one is cut at its last whitespace before the limit,
            // here inside the comment, which then shows (a documented simplification of overlong lines).
            let heading = Self.line(0, length: length) + Array("\n".utf8)
            let shown = length <= Self.lineLimit ? 1 : 3
            #expect(WordCounterStream.count(bytes: heading, mode: .markdown) == shown, "heading of \(length) bytes")
            let prose = Self.line(1, length: length)
            let words = (length - 47) / 5 + 5
            #expect(WordCounterStream.count(bytes: prose, mode: .markdown) == words, "prose of \(length) bytes")
        }
    }
}
