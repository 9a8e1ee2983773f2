import HarborTesting
import Testing

@testable import WordCounter

@Suite("Unicode: classification and invalid UTF-8")
struct UnicodeCountingTests {
    struct ByteExample: Sendable, CustomTestStringConvertible {
        var bytes: [UInt8]
        var words: Int
        var tokens: Int
        var testDescription: String { "\(bytes.map { String($0, radix: 16) }) → \(words) words, \(tokens) tokens" }
    }

    @Test(
        "Invalid bytes: U+FFFD to the words rules (no letter), ignored by the whitespace mode as by wc; never swallow the next character",
        arguments: [
            ByteExample(bytes: [0xFF], words: 0, tokens: 0),
            ByteExample(bytes: [0x61, 0xFF, 0x62], words: 1, tokens: 1),
            ByteExample(bytes: [0x61, 0x20, 0xFF, 0x20, 0x62], words: 2, tokens: 2),
            // FE FF starting a file would be a UTF-16 byte order mark; after a space they are invalid UTF-8.
            ByteExample(bytes: [0x20, 0xFE, 0xFF, 0x80, 0xBF], words: 0, tokens: 0),
            // Truncated sequences, at the end and before an ASCII letter or space.
            ByteExample(bytes: [0x61, 0xE6, 0x97], words: 1, tokens: 1),
            ByteExample(bytes: [0xE6, 0x97], words: 0, tokens: 0),
            ByteExample(bytes: [0xE6, 0x97, 0x61], words: 1, tokens: 1),
            ByteExample(bytes: [0xE6, 0x97, 0x20, 0x61], words: 1, tokens: 1),
            ByteExample(bytes: [0xF0, 0x9F, 0x98], words: 0, tokens: 0),
            ByteExample(bytes: [0xC3], words: 0, tokens: 0),
            ByteExample(bytes: [0xC3, 0x20, 0xA9], words: 0, tokens: 0),
            // A truncated CJK character is not a CJK character.
            ByteExample(bytes: [0xE6, 0x97, 0xE6, 0x97, 0xA5], words: 1, tokens: 1),
            // Overlong forms, surrogates and code points past U+10FFFF are invalid, even "overlong space".
            ByteExample(bytes: [0xC0, 0xAF], words: 0, tokens: 0),
            ByteExample(bytes: [0xC1, 0x81], words: 0, tokens: 0),
            ByteExample(bytes: [0x61, 0xC0, 0xA0, 0x62], words: 1, tokens: 1),
            ByteExample(bytes: [0xE0, 0x80, 0xAF], words: 0, tokens: 0),
            ByteExample(bytes: [0xED, 0xA0, 0x80], words: 0, tokens: 0),
            ByteExample(bytes: [0xF4, 0x90, 0x80, 0x80], words: 0, tokens: 0),
            ByteExample(bytes: [0xF0, 0x80, 0x80, 0x41], words: 1, tokens: 1),
            // Valid neighbours of the boundaries (U+D7FF is unassigned, so wc ignores it).
            ByteExample(bytes: [0xC3, 0xA9], words: 1, tokens: 1),
            ByteExample(bytes: [0xED, 0x9F, 0xBF, 0x20, 0xE6, 0x97, 0xA5], words: 1, tokens: 1),
            ByteExample(bytes: [0xF0, 0xA0, 0x80, 0x80], words: 1, tokens: 1),
        ])
    func invalidUTF8(example: ByteExample) {
        #expect(WordCounterStream.count(bytes: example.bytes, mode: .words) == example.words)
        #expect(WordCounterStream.count(bytes: example.bytes, mode: .whitespace) == example.tokens)
        #expect(ReferenceCounter.words(example.bytes) == example.words)
        #expect(ReferenceCounter.whitespaceTokens(example.bytes) == example.tokens)
    }

    /// The range shortcuts in `CharacterClass.ofScalar` must agree with the Unicode properties they stand for.
    @Test("Scalar classes agree with the Unicode properties for every scalar")
    func classesAgreeWithProperties() {
        var mismatches: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected: CharacterClass
            if scalar.properties.isWhitespace {
                expected = .space
            } else if [0x2013, 0x2014, 0x2015, 0x2026].contains(value) {
                expected = .separator
            } else if ReferenceCounter.isCJK(scalar) {
                expected = .ideograph
            } else if ReferenceCounter.isLetterOrNumber(scalar) {
                expected = .letterOrNumber
            } else {
                expected = .other
            }
            if CharacterClass.ofScalar(value) != expected, mismatches.count < 20 {
                mismatches.append(String(value, radix: 16))
            }
        }
        #expect(mismatches.isEmpty)
    }

    @Test("ASCII classes: only 0-9, A-Z and a-z are letters or numbers; only tab to CR and space are spaces")
    func asciiClasses() {
        for byte in UInt8(0)..<0x80 {
            let scalar = Unicode.Scalar(byte)
            let expected: CharacterClass =
                scalar.properties.isWhitespace
                ? .space
                : byte == 0x2D
                    ? .hyphen
                    : byte == 0x2E ? .dot : ReferenceCounter.isLetterOrNumber(scalar) ? .letterOrNumber : .other
            #expect(CharacterClass.ofASCII(byte) == expected, "byte \(byte)")
        }
    }

    @Test("Random mixes of valid and invalid bytes match the reference implementation")
    func randomBytesMatchReference() {
        var generator = SeededGenerator(seed: 2024)
        let fragments: [[UInt8]] = [
            Array("a".utf8), Array("Z9".utf8), [0x20], [0x0A], [0x09], Array("-".utf8), Array(".".utf8),
            Array("—".utf8), Array("…".utf8), Array("日".utf8), Array("カ".utf8), Array("é".utf8), Array("🎉".utf8),
            Array("\u{A0}".utf8), Array("\u{3000}".utf8), Array("'".utf8), Array("*".utf8), [0xFF], [0xC3],
            [0xE6, 0x97],
            [0xF0, 0x9F], [0x80], [0xC0, 0xA0], [0xED, 0xA0, 0x80], [0xE2, 0x80],
        ]
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).flatMap { _ in
                fragments[Int.random(in: 0..<fragments.count, using: &generator)]
            }
            #expect(WordCounterStream.count(bytes: bytes, mode: .words) == ReferenceCounter.words(bytes), "\(bytes)")
            #expect(
                WordCounterStream.count(bytes: bytes, mode: .whitespace) == ReferenceCounter.whitespaceTokens(bytes),
                "\(bytes)")
        }
    }
}
