import HarborTesting
import WordCounter

/// Counting helpers shared by the test files.
enum ChunkedCounting {
    /// Feeds `bytes` in pieces cut at the given offsets.
    static func result(
        _ bytes: [UInt8], mode: CountingMode, excluding exclusions: MarkdownExclusions = [], cuts: [Int]
    ) -> CountResult {
        var stream = WordCounterStream(mode: mode, excluding: exclusions)
        var start = 0
        for cut in cuts.sorted() + [bytes.count] where cut >= start {
            stream.feed(Array(bytes[start..<cut]))
            start = cut
        }
        return stream.finish()
    }

    /// Random cut offsets for `count` bytes; many small pieces so that every kind of straddling happens.
    static func randomCuts(count: Int, using generator: inout SeededGenerator) -> [Int] {
        guard count > 1 else { return [] }
        let pieces = Int.random(in: 1...max(1, min(count, 64)), using: &generator)
        return (0..<pieces).map { _ in Int.random(in: 0...count, using: &generator) }
    }
}
