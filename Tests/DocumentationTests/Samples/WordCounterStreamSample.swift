import Testing
import WordCounter

/// The sample of `WordCounterStream`'s doc comment.
@Suite("Sample: WordCounterStream")
struct WordCounterStreamSample {
    static func count(_ chunks: [[UInt8]], path: String) -> CountResult {
        var stream = WordCounterStream(mode: .forPath(path))
        for chunk in chunks { stream.feed(chunk) }
        let result = stream.finish()
        return result
    }

    @Test("a word cut between two chunks counts once")
    func sample() {
        let result = Self.count([Array("It was a bright co".utf8), Array("ld day.".utf8)], path: "a.md")
        #expect(result.words == 6)
    }
}
