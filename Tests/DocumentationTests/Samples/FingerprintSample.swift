import Testing
import WordCounterAdapters

/// The sample of `Fingerprint`'s doc comment.
@Suite("Sample: Fingerprint")
struct FingerprintSample {
    @Test("fed in chunks, the fingerprint is that of the whole")
    func sample() {
        let firstChunk = Array("It was a bright ".utf8)
        let secondChunk = Array("cold day in April.".utf8)
        var fingerprint = Fingerprint()
        fingerprint.update(firstChunk)
        fingerprint.update(secondChunk)
        let value = fingerprint.value  // == Fingerprint.of(firstChunk + secondChunk)
        #expect(value == Fingerprint.of(firstChunk + secondChunk))
    }
}
