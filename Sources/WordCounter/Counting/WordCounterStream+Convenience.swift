/// One-call counting for tests and small inputs that are already in memory.
extension WordCounterStream {
    /// The number of words in `text` under `mode`, leaving out what `exclusions` names (Markdown only).
    public static func count(_ text: String, mode: CountingMode, excluding exclusions: MarkdownExclusions = []) -> Int {
        result(for: text, mode: mode, excluding: exclusions).words
    }

    /// The number of words in the UTF-8 `bytes` under `mode`; 0 for binary input.
    public static func count(
        bytes: [UInt8], mode: CountingMode, excluding exclusions: MarkdownExclusions = []
    ) -> Int {
        result(for: bytes, mode: mode, excluding: exclusions).words
    }

    /// The full result of counting `text` under `mode`.
    public static func result(
        for text: String, mode: CountingMode, excluding exclusions: MarkdownExclusions = []
    ) -> CountResult {
        var stream = WordCounterStream(mode: mode, excluding: exclusions)
        var text = text
        text.withUTF8 { stream.feed(UnsafeRawBufferPointer($0)) }
        return stream.finish()
    }

    /// The full result of counting the UTF-8 `bytes` under `mode`.
    public static func result(
        for bytes: [UInt8], mode: CountingMode, excluding exclusions: MarkdownExclusions = []
    ) -> CountResult {
        var stream = WordCounterStream(mode: mode, excluding: exclusions)
        stream.feed(bytes)
        return stream.finish()
    }
}
