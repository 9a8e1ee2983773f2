import HarborTesting
import Testing
import WordCounter

/// UTF-16 text with a byte order mark is decoded and counted as its UTF-8 form, never called binary.
@Suite("UTF-16 text")
struct UTF16CountingTests {
    /// `text` in UTF-16 with a byte order mark.
    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
        for unit in text.utf16 {
            let high = UInt8(unit >> 8)
            let low = UInt8(unit & 0xFF)
            bytes += bigEndian ? [high, low] : [low, high]
        }
        return bytes
    }

    static let samples = [
        "Hello wörld, 日本語 and 🎉 emoji—dashes... a--b \u{A0}nbsp\u{2060}joined",
        """
        ---
        title: A draft
        ---
        # Chapter *one*

        Some **bold** text with a [link](http://example.com) and `code`.

        > quoted 𝐦𝐚𝐭𝐡 letters
        - item\r\n- another\r
        ```
        not counted
        ```
        """,
        "",
        "one",
    ]

    @Test("Little- and big-endian text counts as its UTF-8 form in every mode", arguments: CountingMode.allCases)
    func countsAsUTF8(mode: CountingMode) {
        for text in Self.samples {
            let expected = WordCounterStream.result(for: text, mode: mode)
            for bigEndian in [false, true] {
                let result = WordCounterStream.result(for: Self.utf16(text, bigEndian: bigEndian), mode: mode)
                #expect(result == expected, "\(text.debugDescription), big-endian \(bigEndian)")
                #expect(!result.isBinary)
            }
        }
        #expect(WordCounterStream.count(bytes: Self.utf16(Self.samples[0], bigEndian: false), mode: mode) > 5)
    }

    @Test(
        "Chunks cut anywhere, in the mark, a code unit or a surrogate pair, count the same",
        arguments: CountingMode.allCases)
    func chunked(mode: CountingMode) {
        var generator = SeededGenerator(seed: 16)
        for text in Self.samples {
            for bigEndian in [false, true] {
                let bytes = Self.utf16(text, bigEndian: bigEndian)
                let whole = WordCounterStream.result(for: bytes, mode: mode)
                #expect(ChunkedCounting.result(bytes, mode: mode, cuts: Array(0...bytes.count)) == whole)
                for _ in 0..<50 {
                    let cuts = ChunkedCounting.randomCuts(count: bytes.count, using: &generator)
                    #expect(ChunkedCounting.result(bytes, mode: mode, cuts: cuts) == whole, "cuts \(cuts.sorted())")
                }
            }
        }
    }

    @Test("An odd last byte and unpaired surrogates count as invalid text, whole and byte by byte")
    func malformed() {
        let cases: [(bytes: [UInt8], words: Int, tokens: Int)] = [
            // "ab cd" and one more byte.
            ([0xFF, 0xFE, 0x61, 0, 0x62, 0, 0x20, 0, 0x63, 0, 0x64, 0, 0x65], 2, 2),
            // A high surrogate at the end, before a letter, and a lone low surrogate between spaces.
            ([0xFF, 0xFE, 0x61, 0, 0x3D, 0xD8], 1, 1),
            ([0xFF, 0xFE, 0x3D, 0xD8, 0x61, 0], 1, 1),
            ([0xFF, 0xFE, 0x61, 0, 0x20, 0, 0x00, 0xDC, 0x20, 0, 0x62, 0], 2, 2),
            ([0xFE, 0xFF, 0xDC, 0x00], 0, 0),
            // A mark and nothing else, a mark and one byte, half a mark.
            ([0xFF, 0xFE], 0, 0), ([0xFE, 0xFF, 0x61], 0, 0), ([0xFF], 0, 0), ([0xFE], 0, 0),
        ]
        for example in cases {
            let cuts = Array(0...example.bytes.count)
            for mode in CountingMode.allCases {
                let whole = WordCounterStream.result(for: example.bytes, mode: mode)
                let expected = mode == .whitespace ? example.tokens : example.words
                #expect(whole == CountResult(words: expected), "\(example.bytes) in \(mode)")
                #expect(ChunkedCounting.result(example.bytes, mode: mode, cuts: cuts) == whole)
            }
        }
    }

    @Test("Only a mark at the very start makes text UTF-16; U+FEFF later is a character")
    func markOnlyAtStart() {
        // A zero width no-break space inside a word joins it; in UTF-8 the same.
        let text = "a\u{FEFF}b c"
        #expect(WordCounterStream.count(bytes: Self.utf16(text, bigEndian: false), mode: .words) == 2)
        #expect(WordCounterStream.count(text, mode: .words) == 2)
        // FF FE after the first byte is invalid UTF-8, not a mark.
        let late: [UInt8] = Array("x ".utf8) + [0xFF, 0xFE] + Array(" y".utf8)
        #expect(WordCounterStream.result(for: late, mode: .words) == CountResult(words: 2))
    }

    @Test("A NUL code unit in the first 8 KiB is binary, as a NUL byte is in UTF-8; UTF-32 is binary too")
    func binary() {
        var early = Self.utf16("some text", bigEndian: false)
        early += [0, 0] + Self.utf16("more", bigEndian: false).dropFirst(2)
        #expect(WordCounterStream.result(for: early, mode: .words) == CountResult(words: 0, isBinary: true))
        let utf32: [UInt8] = [0xFF, 0xFE, 0, 0, 0x61, 0, 0, 0]
        #expect(WordCounterStream.result(for: utf32, mode: .markdown).isBinary)
        let long = Self.utf16(String(repeating: "word ", count: 1000), bigEndian: true) + [0, 0]
        #expect(long.count > WordCounterStream.binaryProbeLength)
        #expect(WordCounterStream.result(for: long, mode: .words) == CountResult(words: 1000))
        var stream = WordCounterStream(mode: .whitespace)
        stream.feed(Array(early.prefix(22)))
        #expect(stream.isBinary)
    }
}
