import Testing
import WordCounterAdapters

/// ``Fingerprint`` is XXH64 with seed 0, whatever the chunking.
@Suite("Fingerprint")
struct FingerprintTests {
    /// Published XXH64 values (seed 0), as `xxhsum -H64` and the reference implementation give them.
    static let knownValues: [(String, UInt64)] = [
        ("", 0xEF46_DB37_51D8_E999),
        ("a", 0xD24E_C4F1_A98C_6E5B),
        ("abc", 0x44BC_2CF5_AD77_0999),
        ("The quick brown fox jumps over the lazy dog", 0x0B24_2D36_1FDA_71BC),
    ]

    @Test("matches the reference XXH64 values", arguments: knownValues)
    func referenceValues(text: String, expected: UInt64) {
        #expect(Fingerprint.of(Array(text.utf8)) == expected)
    }

    @Test("matches the reference value of a 1,029-byte input (stripes, words, half-word and bytes)")
    func longReferenceValue() {
        let bytes = Array((0..<4).flatMap { _ in (0...255).map(UInt8.init) }) + Array("tail!".utf8)
        #expect(Fingerprint.of(bytes) == 0x92FD_9DCC_CA84_E2EB)
    }

    @Test("is the same however the content is cut into chunks", arguments: [1, 3, 7, 8, 31, 32, 33, 64, 1000])
    func independentOfChunking(chunkSize: Int) {
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 3) }
        var fingerprint = Fingerprint()
        for start in stride(from: 0, to: bytes.count, by: chunkSize) {
            fingerprint.update(Array(bytes[start..<min(start + chunkSize, bytes.count)]))
        }
        #expect(fingerprint.value == Fingerprint.of(bytes))
    }

    @Test("is the same for chunks of every uneven size, empty ones included")
    func unevenChunks() {
        let bytes = (0..<777).map { UInt8(truncatingIfNeeded: $0 * 7) }
        var fingerprint = Fingerprint()
        var start = 0
        var size = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            fingerprint.update(Array(bytes[start..<end]))
            start = end
            size = (size + 1) % 41
        }
        #expect(fingerprint.value == Fingerprint.of(bytes))
    }

    @Test("equal content gives equal values; a one-bit change or a different length does not")
    func sensitivity() {
        let text = Array("Chapter one. It was a bright cold day in April.".utf8)
        var flipped = text
        flipped[20] ^= 1
        #expect(Fingerprint.of(text) == Fingerprint.of(Array(text)))
        #expect(Fingerprint.of(text) != Fingerprint.of(flipped))
        #expect(Fingerprint.of(text) != Fingerprint.of(text + [0]))
        #expect(Fingerprint.of([0]) != Fingerprint.of([0, 0]))
    }

    @Test("reading the value does not end the fingerprint: more content can follow")
    func valueIsNotFinal() {
        var fingerprint = Fingerprint()
        fingerprint.update(Array("abc".utf8))
        _ = fingerprint.value
        fingerprint.update(Array("def".utf8))
        #expect(fingerprint.value == Fingerprint.of(Array("abcdef".utf8)))
    }
}
