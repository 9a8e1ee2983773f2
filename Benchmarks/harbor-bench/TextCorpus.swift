import Foundation

/// Generated English-like text (and Markdown) for counting benchmarks: words, punctuation, dashes,
/// accented words and some CJK, deterministic for a seed.
enum TextCorpus {
    static let words = [
        "the", "writer", "sat", "by", "window", "and", "watched", "rain", "fall", "on", "quiet", "street",
        "café", "naïve", "well-known", "don't", "3.14", "1,000", "paused—then", "wait...what", "a", "of", "to",
        "in", "that", "it", "was", "her", "letters", "never", "arrived", "日本語", "story", "chapter", "night",
    ]

    /// `bytes` bytes (roughly) of text.
    static func text(bytes: Int, markdown: Bool, seed: UInt64) -> String {
        var state = seed &+ 0x9E37_79B9_7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var out = ""
        out.reserveCapacity(bytes + 200)
        var lineLength = 0
        while out.utf8.count < bytes {
            if markdown && lineLength == 0 && next() % 12 == 0 {
                out += ["# ", "## ", "- ", "> ", "1. "][next() % 5]
            }
            var word = words[next() % words.count]
            if markdown && next() % 17 == 0 { word = "**\(word)**" }
            if markdown && next() % 29 == 0 { word = "[\(word)](https://example.com/\(word))" }
            out += word
            lineLength += word.utf8.count + 1
            if lineLength > 70 {
                out += next() % 6 == 0 ? "\n\n" : "\n"
                lineLength = 0
            } else {
                out += next() % 9 == 0 ? ", " : " "
            }
        }
        return out
    }

    /// Writes about `bytes` bytes to `url` in 8 MiB pieces, so a 1 GiB file never sits in memory.
    static func write(to url: URL, bytes: Int, markdown: Bool) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let piece = Data(text(bytes: 8 << 20, markdown: markdown, seed: 7).utf8)
        var written = 0
        while written < bytes {
            handle.write(piece)
            written += piece.count
        }
    }
}
