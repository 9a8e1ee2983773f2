import Testing
import WordCounter

@Suite("Binary detection")
struct BinaryDetectionTests {
    @Test("A NUL in the first 8 KiB marks the file binary, in every mode, with a count of 0")
    func nulInProbe() {
        for mode in CountingMode.allCases {
            for position in [0, 1, 100, WordCounterStream.binaryProbeLength - 1] {
                var bytes = Array(repeating: UInt8(ascii: "a"), count: 9000)
                bytes[position] = 0
                let result = WordCounterStream.result(for: bytes, mode: mode)
                #expect(result == CountResult(words: 0, isBinary: true), "\(mode) at \(position)")
            }
        }
    }

    @Test("A NUL after the first 8 KiB is just another character")
    func nulAfterProbe() {
        var bytes = Array(repeating: UInt8(ascii: " "), count: 9000)
        bytes.replaceSubrange(0..<3, with: Array("one".utf8))
        bytes[WordCounterStream.binaryProbeLength] = 0
        bytes.replaceSubrange(8500..<8503, with: Array("two".utf8))
        #expect(WordCounterStream.result(for: bytes, mode: .words) == CountResult(words: 2))
        // GNU wc ignores a NUL there, as any control character, and so does the whitespace mode.
        #expect(WordCounterStream.result(for: bytes, mode: .whitespace) == CountResult(words: 2))
        #expect(WordCounterStream.result(for: bytes, mode: .markdown) == CountResult(words: 2))
    }

    @Test("The probe spans chunks: a NUL in the second chunk but inside 8 KiB still counts")
    func probeAcrossChunks() {
        var stream = WordCounterStream(mode: .words)
        stream.feed(Array(repeating: UInt8(ascii: "x"), count: 5000))
        stream.feed(Array(repeating: UInt8(ascii: "y"), count: 3000) + [0] + Array(repeating: 0x20, count: 10))
        #expect(stream.finish().isBinary)

        var late = WordCounterStream(mode: .words)
        late.feed(Array(repeating: UInt8(ascii: "x"), count: WordCounterStream.binaryProbeLength))
        late.feed([0, 0x20, 0x61])
        #expect(late.finish() == CountResult(words: 2))
    }

    @Test("Text without NUL is not binary, and an empty file has no words")
    func plainText() {
        #expect(WordCounterStream.result(for: "hello there", mode: .words) == CountResult(words: 2))
        #expect(WordCounterStream.result(for: [], mode: .words) == CountResult(words: 0))
        #expect(WordCounterStream.result(for: [0x01, 0x7F], mode: .words) == CountResult(words: 0))
    }
}
